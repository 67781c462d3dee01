// OpenCode, for the rest of remit: its capability, and its parts, each loaded only where it is
// used (adapters/host-module.ts). OpenCode loads remit's plugin file (index.ts, built whole; 2.x
// index.v2.ts): two version lines with plugin APIs of their own, one install.
import type { HostModule } from '../host-module.js';
import { OPENCODE1_CAPABILITY, OPENCODE2_CAPABILITY, OPENCODE_CAPABILITY } from './capability.js';

const adapter1 = () => import('./adapter.js').then((m) => m.opencodeAdapter);

export const opencodeHost: HostModule = {
  name: 'opencode',
  capability: OPENCODE_CAPABILITY,
  binary: 'opencode',
  configPaths: () => OPENCODE_CAPABILITY.configPaths ?? [],
  install: { scopes: ['user', 'project'], majors: [1, 2] },
  adapter: adapter1,
  lines: [
    { name: 'opencode', capability: OPENCODE1_CAPABILITY, majors: [1], adapter: adapter1 },
    { name: 'opencode2', capability: OPENCODE2_CAPABILITY, majors: [2], adapter: () => import('./adapter2.js').then((m) => m.opencode2Adapter) },
  ],
  plugin: { module: 'adapters/opencode/index.ts', forms: { v2: 'adapters/opencode/index.v2.ts' } },
  setup: () => import('./setup.js').then((m) => m.opencodeSetup),
};
