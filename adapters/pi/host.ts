// Pi, for the rest of remit: its capability, and its parts, each loaded only where it is used
// (adapters/host-module.ts). Pi loads remit's extension file (index.ts, built whole).
import type { HostModule } from '../host-module.js';
import { PI_CAPABILITY } from './capability.js';

export const piHost: HostModule = {
  name: 'pi',
  capability: PI_CAPABILITY,
  binary: 'pi',
  configPaths: () => PI_CAPABILITY.configPaths ?? [],
  install: { scopes: ['user', 'project'] },
  adapter: () => import('./adapter.js').then((m) => m.piAdapter),
  plugin: { module: 'adapters/pi/index.ts' },
  setup: () => import('./setup.js').then((m) => m.piSetup),
};
