// Oh My Pi, for the rest of remit: its capability, and its parts, each loaded only where it is
// used (adapters/host-module.ts). omp loads remit's extension file (index.ts, built whole).
import type { HostModule } from '../host-module.js';
import { OMP_CAPABILITY } from './capability.js';

export const ompHost: HostModule = {
  name: 'omp',
  capability: OMP_CAPABILITY,
  binary: 'omp',
  configPaths: () => OMP_CAPABILITY.configPaths ?? [],
  install: { scopes: ['user', 'project'] },
  adapter: () => import('./adapter.js').then((m) => m.ompAdapter),
  plugin: { module: 'adapters/omp/index.ts' },
  setup: () => import('./setup.js').then((m) => m.ompSetup),
};
