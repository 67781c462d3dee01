// The GitHub Copilot CLI adapter for replay, `check` and the conformance of its hook: case steps
// rendered into Copilot's payloads, run through the real hook path, and the answer read the way
// Copilot 1.0.102 reads it.
import type { HostAdapter, NativeCall, NativeResponse, ResponseReading } from '../../src/core/host/adapter.js';
import { DIRECTIVE_ERROR_CODES } from '../command-hook/directive-codes.js';
import { COPILOT_CAPABILITY } from './capability.js';
import { runCopilotHook } from './hook.js';
import { renderCopilotStep } from './steps.js';
import { copilotToolRequest } from './tools.js';

const REASON = /\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b/;
const firstCode = (text: string) => REASON.exec(text.split('\n', 1)[0] ?? '')?.[1];

function readCopilotResponse(call: NativeCall, response: NativeResponse): ResponseReading {
  const isTool = call.event === 'preToolUse';
  let out: Record<string, unknown> | null = null;
  try {
    const v = JSON.parse((response.stdout ?? '').trim()) as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v)) out = v as Record<string, unknown>;
  } catch {
    out = null;
  }
  // Copilot refuses a tool call whose hook exits non-zero.
  if (isTool && response.exitCode !== 0) return { outcome: 'deny', channel: 'exit-code' };
  if (!out) return { outcome: isTool ? 'allow' : 'none', channel: 'none' };
  const reason = typeof out.permissionDecisionReason === 'string' ? out.permissionDecisionReason : '';
  const code = (text: string) => {
    const c = firstCode(text);
    return c ? { reasonCode: c } : {};
  };
  if (isTool && out.permissionDecision === 'ask') return { outcome: 'ask', channel: 'native-ask', ...code(reason) };
  if (isTool && out.permissionDecision === 'deny') return { outcome: 'deny', channel: 'json-deny', ...code(reason) };
  if (out.handled === true && typeof out.responseContent === 'string') {
    const c = firstCode(out.responseContent);
    if (c && DIRECTIVE_ERROR_CODES.has(c)) return { outcome: 'block', channel: 'prompt-block', reasonCode: c };
    return { outcome: 'answer', channel: 'prompt-block' };
  }
  if (typeof out.additionalContext === 'string')
    return isTool ? { outcome: 'report', channel: 'context', ...code(out.additionalContext) } : { outcome: 'none', channel: 'context' };
  return { outcome: isTool ? 'allow' : 'none', channel: 'none' };
}

export const copilotAdapter: HostAdapter = {
  name: COPILOT_CAPABILITY.host,
  capability: COPILOT_CAPABILITY,
  renderStep: renderCopilotStep,
  invoke: (call, runtime) => runCopilotHook(call.event, typeof call.payload === 'string' ? call.payload : JSON.stringify(call.payload), runtime),
  readResponse: readCopilotResponse,
  toolRequest: copilotToolRequest,
};
