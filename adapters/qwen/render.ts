// The controller's answer → exactly what Qwen Code 0.24.4 reads on stdout (exit 0): Claude
// Code's shape. A deny's `permissionDecisionReason` reaches the model as the tool's error; an
// `ask` opens Qwen Code's own confirmation in its terminal UI, and headless runs and background
// subagents take it as a deny (the reason then reaches the model, so an ask carries the
// controller's message, which names the line that authorises the call).
import { hookRenderer } from '../command-hook/render-hook.js';

// Qwen Code cuts hook context to 10,000 characters; stay under it.
const QWEN_TEXT_LIMIT = 9_000;

export const renderQwen = hookRenderer({
  textLimit: QWEN_TEXT_LIMIT,
  contextEvents: new Set(['SessionStart', 'UserPromptSubmit', 'SubagentStart', 'PreToolUse', 'PostToolUse', 'PostToolUseFailure']),
  userLineEvents: new Set(['SessionStart', 'UserPromptSubmit', 'SubagentStart']),
  blockablePrompts: new Set(['UserPromptSubmit']),
  nativeAsk: true,
});
