// The Codex adapter: what remit's CLI and replay use to speak Codex's hook protocol.
import type { HostAdapter, NativeCall, NativeResponse, ResponseReading } from '../../src/core/host/adapter.js';
import type { Runtime } from '../../src/core/host/runtime.js';
import { readCommandHookResponse } from '../command-hook/reading.js';
import { runCommandHook, type CommandHookHost, type RunOptions } from '../command-hook/run.js';
import { codexCapability } from './capability.js';
import { CODEX_EVENTS, codexEvent } from './events.js';
import { renderCodex } from './render.js';
import { renderCodexStep } from './steps.js';
import { codexToolRequest } from './tools.js';

export const codexHookHost: CommandHookHost = {
  name: 'codex',
  events: CODEX_EVENTS,
  turnField: 'turn_id',
  toEvent: codexEvent,
  render: renderCodex,
};

/** One Codex hook invocation: the stdin text → what the hook writes and its exit code. */
export function runCodexHook(eventArg: string | undefined, stdinText: string, runtime: Runtime, opts?: RunOptions): Promise<NativeResponse> {
  return runCommandHook(codexHookHost, eventArg, stdinText, runtime, opts);
}

export const codexAdapter: HostAdapter = {
  name: 'codex',
  capability: codexCapability,
  renderStep: renderCodexStep,
  invoke(call: NativeCall, runtime: Runtime): Promise<NativeResponse> {
    const text = typeof call.payload === 'string' ? call.payload : JSON.stringify(call.payload);
    return runCodexHook(call.event, text, runtime);
  },
  readResponse(call: NativeCall, response: NativeResponse): ResponseReading {
    return readCommandHookResponse(call, response, { askAsDeny: true });
  },
  toolRequest: codexToolRequest,
};

export { codexCapability, CODEX_EVENTS, codexToolRequest, renderCodex };
