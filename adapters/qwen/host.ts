// Qwen Code, for the rest of remit: its capability, where its configuration lives, and its
// parts, each loaded only where it is used (adapters/host-module.ts).
import type { HostModule } from '../host-module.js';
import { QWEN_CAPABILITY } from './capability.js';
import { QWEN_SCOPES, qwenConfigPaths } from './paths.js';

export const qwenHost: HostModule = {
  name: 'qwen',
  binary: 'qwen',
  capability: QWEN_CAPABILITY,
  configPaths: qwenConfigPaths,
  install: { scopes: QWEN_SCOPES },
  adapter: () => import('./adapter.js').then((m) => m.qwenAdapter),
  hook: () => import('./hook.js').then((m) => m.runQwenHook),
  setup: () => import('./setup.js').then((m) => m.qwenSetup),
};
