// Gemini CLI, for the rest of remit: its capability, where its configuration lives, and its
// parts, each loaded only where it is used (adapters/host-module.ts).
import type { HostModule } from '../host-module.js';
import { GEMINI_CAPABILITY } from './capability.js';
import { GEMINI_SCOPES, geminiConfigPaths } from './paths.js';

export const geminiHost: HostModule = {
  name: 'gemini',
  binary: 'gemini',
  capability: GEMINI_CAPABILITY,
  configPaths: geminiConfigPaths,
  install: { scopes: GEMINI_SCOPES },
  adapter: () => import('./adapter.js').then((m) => m.geminiAdapter),
  hook: () => import('./hook.js').then((m) => m.runGeminiHook),
  setup: () => import('./setup.js').then((m) => m.geminiSetup),
};
