// The Qwen Code adapter for replay, `check` and the conformance suites: case steps rendered
// into Qwen Code's payloads and run through the real hook path.
import { commandHookAdapter } from '../command-hook/adapter.js';
import { QWEN_CAPABILITY } from './capability.js';
import { runQwenHook } from './hook.js';
import { renderQwenStep } from './steps.js';
import { qwenToolRequest } from './tools.js';

export const qwenAdapter = commandHookAdapter({
  capability: QWEN_CAPABILITY,
  renderStep: renderQwenStep,
  hook: runQwenHook,
  toolRequest: qwenToolRequest,
  askAsDeny: false,
});
