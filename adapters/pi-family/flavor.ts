// What differs between Pi and omp for remit: names, the tool table, result shapes and the
// events each version has. Everything else is one extension (extension.ts).
import type { ToolRequest } from '../../src/generated/types.js';
import type { HostName } from '../host-module.js';

/** The hosts of the Pi family, by their names in the host list. */
export type PiFamilyHost = Extract<HostName, 'pi' | 'omp'>;

export interface PiFlavor {
  host: PiFamilyHost;
  toolRequest(toolName: string, input: unknown): ToolRequest;
  /** The `input` result that stops a prompt: Pi `{action: "handled"}`, omp `{handled: true}`. */
  handled: () => unknown;
  /** Session start reasons → ControlEvent source (omp's session_start has no reason). */
  startSource(event: unknown): 'startup' | 'resume' | 'clear' | 'compact' | 'fork';
  /** Pi: every session_start after the first in a process is a new root (children are processes). omp: task children start sessions in-process, so only a session switch moves the root. */
  startMovesRoot: boolean;
  /** omp: `tool_call` results may carry `additionalContext` (18.3+; older versions ignore it). */
  toolCallContext: boolean;
  /** omp: the prompt also arrives as a user `message_start` where `input` does not fire (`-p`). */
  promptFromMessageStart: boolean;
  /** omp ≥18.3: `before_subagent_spawn`. */
  subagentSpawn: boolean;
}
