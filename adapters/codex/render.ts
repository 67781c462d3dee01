// The controller's answer → exactly what Codex accepts on stdout (exit 0). Codex parses
// hook output with unknown fields refused: one field too many marks the hook failed and the
// tool RUNS. So each event gets only the fields its output schema lists, `hookEventName`
// equal to the event. Codex has no `ask`: an ask is a deny whose text names the line that
// authorises it. JSON deny verified on 0.171.0.
import type { ControllerResult } from '../../src/core/controller/result.js';
import { hostText, oneLine } from '../command-hook/host-text.js';
import type { HookOutput } from '../command-hook/run.js';

// Codex shows the model about 2,500 tokens of a hook's context (`additionalContextLimit`)
// and spills the rest to a file; 8,000 characters stays under that for English text.
export const CODEX_TEXT_LIMIT = 8_000;
const USER_LINE_LIMIT = 300;

const CONTEXT_EVENTS = new Set(['SessionStart', 'UserPromptSubmit', 'SubagentStart', 'PreToolUse', 'PostToolUse']);
const USER_LINE_EVENTS = new Set(['SessionStart', 'UserPromptSubmit', 'SubagentStart']);

function context(event: string, text: string, userLine?: string): HookOutput | null {
  if (!CONTEXT_EVENTS.has(event)) return null;
  const out: HookOutput = { hookSpecificOutput: { hookEventName: event, additionalContext: hostText(text, CODEX_TEXT_LIMIT) } };
  if (userLine && USER_LINE_EVENTS.has(event)) out.systemMessage = oneLine(userLine, USER_LINE_LIMIT);
  return out;
}

export function renderCodex(event: string, result: ControllerResult): HookOutput | null {
  switch (result.kind) {
    case 'none':
      return null;
    case 'context':
      return context(event, result.text, result.userLine);
    case 'prompt-block':
      if (event === 'UserPromptSubmit') return { decision: 'block', reason: hostText(result.text, CODEX_TEXT_LIMIT) };
      return context(event, result.text);
    case 'decision': {
      if (event !== 'PreToolUse') return null;
      const { outcome } = result.decision;
      const text = hostText(result.message, CODEX_TEXT_LIMIT);
      if (outcome === 'deny' || outcome === 'ask') {
        return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: text } };
      }
      if (outcome === 'report') return { hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: text } };
      return null;
    }
  }
}
