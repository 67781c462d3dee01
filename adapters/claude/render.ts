// The controller's answer → exactly what Claude Code 2.1.x accepts on stdout (exit 0).
// Deny and ask travel as `hookSpecificOutput.permissionDecision` (honoured on 2.1.197);
// `allow` is never sent: it would skip the user's own permission prompts.
import type { ControllerResult } from '../../src/core/controller/result.js';
import { hostText, oneLine } from '../command-hook/host-text.js';
import type { HookOutput } from '../command-hook/run.js';

// Claude Code spills hook strings over 10,000 characters to a file; stay under it.
export const CLAUDE_TEXT_LIMIT = 9_000;
const USER_LINE_LIMIT = 300;

const CONTEXT_EVENTS = new Set(['SessionStart', 'UserPromptSubmit', 'UserPromptExpansion', 'SubagentStart', 'PreToolUse', 'PostToolUse', 'PostToolUseFailure']);
const USER_LINE_EVENTS = new Set(['SessionStart', 'UserPromptSubmit', 'UserPromptExpansion', 'SubagentStart']);
const BLOCKABLE_PROMPT = new Set(['UserPromptSubmit', 'UserPromptExpansion']);

function context(event: string, text: string, userLine?: string): HookOutput | null {
  if (!CONTEXT_EVENTS.has(event)) return null;
  const out: HookOutput = { hookSpecificOutput: { hookEventName: event, additionalContext: hostText(text, CLAUDE_TEXT_LIMIT) } };
  if (userLine && USER_LINE_EVENTS.has(event)) out.systemMessage = oneLine(userLine, USER_LINE_LIMIT);
  return out;
}

export function renderClaude(event: string, result: ControllerResult): HookOutput | null {
  switch (result.kind) {
    case 'none':
      return null;
    case 'context':
      return context(event, result.text, result.userLine);
    case 'prompt-block':
      if (BLOCKABLE_PROMPT.has(event)) return { decision: 'block', reason: hostText(result.text, CLAUDE_TEXT_LIMIT) };
      return context(event, result.text);
    case 'decision': {
      if (event !== 'PreToolUse') return null;
      const { outcome } = result.decision;
      const text = hostText(result.message, CLAUDE_TEXT_LIMIT);
      if (outcome === 'deny' || outcome === 'ask') {
        return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: outcome, permissionDecisionReason: text } };
      }
      if (outcome === 'report') return { hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: text } };
      return null;
    }
  }
}
