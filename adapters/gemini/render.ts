// The controller's answer → exactly what Gemini CLI 0.61.0 reads on stdout (exit 0). A tool is
// refused with a top-level `{"decision": "deny", "reason"}` (the model gets "Tool execution
// blocked: <reason>" as the call's error); a prompt is blocked the same way at BeforeAgent;
// context goes in `hookSpecificOutput.additionalContext`. Gemini CLI's own `ask` forces its
// confirmation, which a headless run cannot show: remit's ask travels as a deny naming the line
// that authorises the call, as for Codex.
import type { ControllerResult } from '../../src/core/controller/result.js';
import { hostText, oneLine } from '../command-hook/host-text.js';
import type { HookOutput } from '../command-hook/run.js';

const GEMINI_TEXT_LIMIT = 9_000;
const USER_LINE_LIMIT = 300;
// Not SessionStart: a headless run prepends that context to the user's prompt (0.61.0), where it
// would stand before a `$remit` line and hide it; BeforeAgent carries the contract instead.
const CONTEXT_EVENTS = new Set(['BeforeAgent', 'AfterTool']);

function context(event: string, text: string, userLine?: string): HookOutput | null {
  if (!CONTEXT_EVENTS.has(event)) return null;
  const out: HookOutput = { hookSpecificOutput: { hookEventName: event, additionalContext: hostText(text, GEMINI_TEXT_LIMIT) } };
  if (userLine && event !== 'AfterTool') out.systemMessage = oneLine(userLine, USER_LINE_LIMIT);
  return out;
}

export function renderGemini(event: string, result: ControllerResult): HookOutput | null {
  switch (result.kind) {
    case 'none':
      return null;
    case 'context':
      return context(event, result.text, result.userLine);
    case 'prompt-block':
      if (event === 'BeforeAgent') return { decision: 'deny', reason: hostText(result.text, GEMINI_TEXT_LIMIT) };
      return context(event, result.text);
    case 'decision': {
      if (event !== 'BeforeTool') return null;
      const { outcome } = result.decision;
      const text = hostText(result.message, GEMINI_TEXT_LIMIT);
      // The reason goes to the model; the terminal UI shows a refused call only with ui.errorVerbosity
      // "full" (0.61.0 hides failed tool calls by default), so the person gets the headline too.
      if (outcome === 'deny' || outcome === 'ask') return { decision: 'deny', reason: text, systemMessage: oneLine(text, USER_LINE_LIMIT) };
      // A report rides to the user: BeforeTool takes no context for the model.
      if (outcome === 'report') return { systemMessage: oneLine(text, USER_LINE_LIMIT) };
      return null;
    }
  }
}
