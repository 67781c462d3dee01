// OpenCode, for the rest of remit: its capability, and its parts, each loaded only where it is
// used (adapters/host-module.ts). OpenCode loads remit's plugin file (index.ts, built whole).
import type { HostModule } from '../host-module.js';
import { OPENCODE_CAPABILITY } from './capability.js';

export const opencodeHost: HostModule = {
  name: 'opencode',
  capability: OPENCODE_CAPABILITY,
  binary: 'opencode',
  configPaths: () => OPENCODE_CAPABILITY.configPaths ?? [],
  install: { scopes: ['user', 'project'], majors: [1, 2] },
  adapter: () => import('./adapter.js').then((m) => m.opencodeAdapter),
  plugin: { module: 'adapters/opencode/index.ts', forms: { v2: 'adapters/opencode/index.v2.ts' } },
  setup: () => import('./setup.js').then((m) => m.opencodeSetup),
};
