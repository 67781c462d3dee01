// Hermes Agent, for the rest of remit: its capability, and its parts, each loaded only where it
// is used (adapters/host-module.ts). Hermes loads remit's Python plugin folder (plugin/), which
// runs `remit hook hermes <event>` for every hook.
import type { HostModule } from '../host-module.js';
import { HERMES_CAPABILITY } from './capability.js';

export const hermesHost: HostModule = {
  name: 'hermes',
  capability: HERMES_CAPABILITY,
  binary: 'hermes',
  configPaths: () => HERMES_CAPABILITY.configPaths ?? [],
  install: { scopes: ['user', 'project'] },
  adapter: () => import('./adapter.js').then((m) => m.hermesAdapter),
  hook: () => import('./hook.js').then((m) => m.runHermesHook),
  plugin: { folder: 'adapters/hermes/plugin' },
  setup: () => import('./setup.js').then((m) => m.hermesSetup),
};
