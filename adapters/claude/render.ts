// The controller's answer → exactly what Claude Code 2.1.x accepts on stdout (exit 0).
// Deny and ask travel as `hookSpecificOutput.permissionDecision` (honoured on 2.1.197);
// `allow` is never sent: it would skip the user's own permission prompts. Claude Code shows a
// deny's reason to the model and an ask's to the user beside its own Yes/No, so an ask carries
// the controller's question for a person, not the model-directed message.
import { hookRenderer } from '../command-hook/render-hook.js';

// Claude Code spills hook strings over 10,000 characters to a file; stay under it.
const CLAUDE_TEXT_LIMIT = 9_000;

export const renderClaude = hookRenderer({
  textLimit: CLAUDE_TEXT_LIMIT,
  contextEvents: new Set(['SessionStart', 'UserPromptSubmit', 'UserPromptExpansion', 'SubagentStart', 'PreToolUse', 'PostToolUse', 'PostToolUseFailure']),
  userLineEvents: new Set(['SessionStart', 'UserPromptSubmit', 'UserPromptExpansion', 'SubagentStart', 'PostToolUse', 'PostToolUseFailure']),
  blockablePrompts: new Set(['UserPromptSubmit', 'UserPromptExpansion']),
  nativeAsk: true,
});
