// The contract every host adapter fulfils (HOST-ADAPTER-CONTRACT.md). It names no host: the
// composition root (src/cli) holds the registry of adapters.
import type { HostCapability, Step, ToolRequest } from '../../generated/types.js';
import type { Runtime } from './runtime.js';

/** One native hook invocation as the host would make it. */
export interface NativeCall {
  /** The host's event name (PreToolUse, tool.execute.before, tool_call, pre_tool_call …). */
  event: string;
  /** The payload exactly as the host sends it (stdin JSON text for spawned hooks, an object for in-process ones). */
  payload: unknown;
}

/** What the host got back. */
export interface NativeResponse {
  /** Spawned hooks: stdout text, exit code, stderr. */
  stdout?: string;
  stderr?: string;
  exitCode?: number;
  /** In-process hooks: the value returned, or the error thrown (message only). */
  returned?: unknown;
  thrown?: string;
  /** In-process hooks: mutations made to the host's output object (OpenCode `output`). */
  output?: unknown;
}

/** The adapter's own reading of its response: what the host will do. */
export interface ResponseReading {
  outcome: 'allow' | 'report' | 'ask' | 'deny' | 'block' | 'answer' | 'none';
  reasonCode?: string;
  /** How the verdict travels: 'json-deny', 'exit-2', 'throw', 'block', 'native-ask', 'deny-for-ask', 'context', 'prompt-block', 'none' … */
  channel: string;
}

/** Everything replay needs to render a case step for this host. */
export interface StepRenderContext {
  sessionId: string;
  cwd: string;
  /** The call id to use for an action step (cases may fix it to test duplicates). */
  callId: string;
  /** The subagent making the call, if any. */
  agentId?: string;
  /** Host tool name to use for a `delegate` step (adapters pick their own). */
  turn: number;
}

export interface CaseRendering {
  calls: NativeCall[];
  /** Set when this host cannot express the step; replay reports 'n/a' with this reason. */
  notApplicable?: string;
}

export interface HostAdapter {
  name: HostCapability['host'];
  /**
   * The replay column and `remit check --host` name of a host version line with a plugin form
   * of its own (adapters/host-module.ts HostLine); absent: `name`. The audit and the session
   * keys still say `name`.
   */
  column?: string;
  capability: HostCapability;
  /** Renders one case step (prompt, abstract action, lifecycle fact) into the host's native calls. */
  renderStep(step: Step, ctx: StepRenderContext): CaseRendering;
  /** Runs one native call through the adapter exactly as the host would (the real hook path). */
  invoke(call: NativeCall, runtime: Runtime): Promise<NativeResponse>;
  /** Reads the response as the host does. */
  readResponse(call: NativeCall, response: NativeResponse): ResponseReading;
  /** Maps a host tool name + input to remit's host-neutral ToolRequest (the tool table). */
  toolRequest(toolName: string, input: unknown): ToolRequest;
}
