// Codex, for the rest of remit: its capability, where its configuration lives, and its parts,
// each loaded only where it is used (adapters/host-module.ts).
import type { HostModule } from '../host-module.js';
import { CODEX_CAPABILITY } from './capability.js';
import { CODEX_SCOPES, codexConfigPaths } from './paths.js';

export const codexHost: HostModule = {
  name: 'codex',
  capability: CODEX_CAPABILITY,
  binary: 'codex',
  configPaths: codexConfigPaths,
  // --trust records Codex's own trust for remit's hooks ([hooks.state] in config.toml).
  install: { scopes: CODEX_SCOPES, trust: true },
  adapter: () => import('./adapter.js').then((m) => m.codexAdapter),
  hook: () => import('./hook.js').then((m) => m.runCodexHook),
  setup: () => import('./setup.js').then((m) => m.codexSetup),
};
