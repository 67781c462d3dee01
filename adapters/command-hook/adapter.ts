// The HostAdapter of a command-hook host (Codex, Claude Code): replay, `check` and the
// conformance suites hand it the payload text the host would write, it runs the host's real
// hook path, and it reads the answer the way the host does.
import type { HostCapability, Step, ToolRequest } from '../../src/generated/types.js';
import type { CaseRendering, HostAdapter, StepRenderContext } from '../../src/core/host/adapter.js';
import type { HookRun } from '../host-module.js';
import { readCommandHookResponse } from './reading.js';

export interface CommandHookAdapterSpec {
  capability: HostCapability;
  renderStep(step: Step, ctx: StepRenderContext): CaseRendering;
  hook: HookRun;
  toolRequest(toolName: string, input: unknown): ToolRequest;
  /** The host has no ask: remit's ask arrives as a deny naming how to authorise it (Codex). */
  askAsDeny: boolean;
  /** The host's event before a tool call, when not PreToolUse (Gemini CLI BeforeTool). */
  toolEvent?: string;
}

export function commandHookAdapter(spec: CommandHookAdapterSpec): HostAdapter {
  return {
    name: spec.capability.host,
    capability: spec.capability,
    renderStep: spec.renderStep,
    invoke: (call, runtime) => spec.hook(call.event, typeof call.payload === 'string' ? call.payload : JSON.stringify(call.payload), runtime),
    readResponse: (call, response) =>
      readCommandHookResponse(call, response, { askAsDeny: spec.askAsDeny, ...(spec.toolEvent ? { toolEvent: spec.toolEvent } : {}) }),
    toolRequest: spec.toolRequest,
  };
}
