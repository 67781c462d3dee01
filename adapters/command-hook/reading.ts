// How Codex and Claude Code read a hook's stdout, for replay: what the host will do with the
// answer. The reason code is read back from the text's first line, where remit puts it.
import type { NativeCall, NativeResponse, ResponseReading } from '../../src/core/host/adapter.js';
import { DIRECTIVE_ERROR_CODES } from './directive-codes.js';

const REASON = /\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b/;

function firstCode(text: string): string | undefined {
  const first = text.split('\n', 1)[0] ?? '';
  return REASON.exec(first)?.[1];
}

function readObject(stdout: string | undefined): Record<string, unknown> | null {
  const t = (stdout ?? '').trim();
  if (!t.startsWith('{')) return null;
  try {
    const v = JSON.parse(t) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export interface ReadingOptions {
  /** The host turns ask into deny (Codex): a deny whose text asks for approval reads as ask. */
  askAsDeny: boolean;
  /** The host's event before a tool call (default PreToolUse; Gemini CLI BeforeTool). */
  toolEvent?: string;
}

export function readCommandHookResponse(call: NativeCall, response: NativeResponse, opts: ReadingOptions): ResponseReading {
  const out = readObject(response.stdout);
  const isTool = call.event === (opts.toolEvent ?? 'PreToolUse');
  const code = (text: string) => {
    const c = firstCode(text);
    return c ? { reasonCode: c } : {};
  };
  if (!out) return { outcome: isTool ? 'allow' : 'none', channel: 'none' };
  const hso = (out.hookSpecificOutput && typeof out.hookSpecificOutput === 'object' ? out.hookSpecificOutput : {}) as Record<string, unknown>;
  const decision = hso.permissionDecision;
  const reason = typeof hso.permissionDecisionReason === 'string' ? hso.permissionDecisionReason : '';
  if (decision === 'ask') return { outcome: 'ask', channel: 'native-ask', ...code(reason) };
  if (decision === 'deny') {
    const asks = /^remit needs the user to approve/.test(reason);
    if (asks && opts.askAsDeny) return { outcome: 'ask', channel: 'deny-for-ask', ...code(reason) };
    return { outcome: 'deny', channel: 'json-deny', ...code(reason) };
  }
  // Gemini CLI's tool refusal: a top-level decision "deny" and its reason.
  if (isTool && out.decision === 'deny') {
    const text = typeof out.reason === 'string' ? out.reason : '';
    if (/^remit needs the user to approve/.test(text) && opts.askAsDeny) return { outcome: 'ask', channel: 'deny-for-ask', ...code(text) };
    return { outcome: 'deny', channel: 'json-deny', ...code(text) };
  }
  if (out.decision === 'block' || out.decision === 'deny') {
    const text = typeof out.reason === 'string' ? out.reason : '';
    const c = firstCode(text);
    // A malformed directive names its error code first; any other block answers an inspection command.
    if (c && DIRECTIVE_ERROR_CODES.has(c)) return { outcome: 'block', channel: 'prompt-block', reasonCode: c };
    return { outcome: 'answer', channel: 'prompt-block' };
  }
  if (typeof hso.additionalContext === 'string') {
    if (isTool) return { outcome: 'report', channel: 'context', ...code(hso.additionalContext) };
    return { outcome: 'none', channel: 'context' };
  }
  // Gemini CLI's BeforeTool takes no context for the model: a report is shown to the user and the tool runs.
  if (isTool && typeof out.systemMessage === 'string' && /^remit noted this action/.test(out.systemMessage))
    return { outcome: 'report', channel: 'user-message', ...code(out.systemMessage) };
  return { outcome: isTool ? 'allow' : 'none', channel: 'none' };
}
