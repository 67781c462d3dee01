// The Gemini CLI adapter for replay, `check` and the conformance suites: case steps rendered
// into Gemini CLI's payloads and run through the real hook path.
import { commandHookAdapter } from '../command-hook/adapter.js';
import { GEMINI_CAPABILITY } from './capability.js';
import { runGeminiHook } from './hook.js';
import { renderGeminiStep } from './steps.js';
import { geminiToolRequest } from './tools.js';

// remit's ask reaches Gemini CLI as a deny (its capability's askDetail).
export const geminiAdapter = commandHookAdapter({
  capability: GEMINI_CAPABILITY,
  renderStep: renderGeminiStep,
  hook: runGeminiHook,
  toolRequest: geminiToolRequest,
  askAsDeny: true,
  toolEvent: 'BeforeTool',
});
