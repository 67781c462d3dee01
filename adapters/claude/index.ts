// The Claude Code adapter: what remit's CLI and replay use to speak Claude Code's hook protocol.
import type { HostAdapter, NativeCall, NativeResponse, ResponseReading } from '../../src/core/host/adapter.js';
import type { Runtime } from '../../src/core/host/runtime.js';
import { readCommandHookResponse } from '../command-hook/reading.js';
import { runCommandHook, type CommandHookHost, type RunOptions } from '../command-hook/run.js';
import { claudeCapability } from './capability.js';
import { CLAUDE_EVENTS, claudeEvent } from './events.js';
import { renderClaude } from './render.js';
import { renderClaudeStep } from './steps.js';
import { claudeToolRequest } from './tools.js';

export const claudeHookHost: CommandHookHost = {
  name: 'claude',
  events: CLAUDE_EVENTS,
  turnField: 'prompt_id',
  toEvent: claudeEvent,
  render: renderClaude,
};

/** One Claude Code hook invocation: the stdin text → what the hook writes and its exit code. */
export function runClaudeHook(eventArg: string | undefined, stdinText: string, runtime: Runtime, opts?: RunOptions): Promise<NativeResponse> {
  return runCommandHook(claudeHookHost, eventArg, stdinText, runtime, opts);
}

export const claudeAdapter: HostAdapter = {
  name: 'claude',
  capability: claudeCapability,
  renderStep: renderClaudeStep,
  invoke(call: NativeCall, runtime: Runtime): Promise<NativeResponse> {
    const text = typeof call.payload === 'string' ? call.payload : JSON.stringify(call.payload);
    return runClaudeHook(call.event, text, runtime);
  },
  readResponse(call: NativeCall, response: NativeResponse): ResponseReading {
    return readCommandHookResponse(call, response, { askAsDeny: false });
  },
  toolRequest: claudeToolRequest,
};

export { claudeCapability, CLAUDE_EVENTS, claudeToolRequest, renderClaude };
