// The Claude Code adapter for replay, `check` and the conformance suite: case steps rendered
// into Claude Code's payloads and run through the real hook path.
import { commandHookAdapter } from '../command-hook/adapter.js';
import { CLAUDE_CAPABILITY } from './capability.js';
import { runClaudeHook } from './hook.js';
import { renderClaudeStep } from './steps.js';
import { claudeToolRequest } from './tools.js';

export const claudeAdapter = commandHookAdapter({
  capability: CLAUDE_CAPABILITY,
  renderStep: renderClaudeStep,
  hook: runClaudeHook,
  toolRequest: claudeToolRequest,
  askAsDeny: false,
});
