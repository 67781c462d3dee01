// GitHub Copilot CLI, for the rest of remit: its capability, where its configuration lives, and
// its parts, each loaded only where it is used (adapters/host-module.ts).
import type { HostModule } from '../host-module.js';
import { COPILOT_CAPABILITY } from './capability.js';
import { COPILOT_SCOPES, copilotConfigPaths } from './paths.js';

export const copilotHost: HostModule = {
  name: 'copilot',
  binary: 'copilot',
  capability: COPILOT_CAPABILITY,
  configPaths: copilotConfigPaths,
  install: { scopes: COPILOT_SCOPES },
  adapter: () => import('./adapter.js').then((m) => m.copilotAdapter),
  hook: () => import('./hook.js').then((m) => m.runCopilotHook),
  setup: () => import('./setup.js').then((m) => m.copilotSetup),
};
