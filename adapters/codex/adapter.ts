// The Codex adapter for replay, `check` and the conformance suite: case steps rendered into
// Codex's payloads and run through the real hook path.
import { commandHookAdapter } from '../command-hook/adapter.js';
import { CODEX_CAPABILITY } from './capability.js';
import { runCodexHook } from './hook.js';
import { renderCodexStep } from './steps.js';
import { codexToolRequest } from './tools.js';

// Codex rejects permissionDecision "ask": remit's ask reaches it as a deny (its capability's askDetail).
export const codexAdapter = commandHookAdapter({
  capability: CODEX_CAPABILITY,
  renderStep: renderCodexStep,
  hook: runCodexHook,
  toolRequest: codexToolRequest,
  askAsDeny: true,
});
