// Claude Code, for the rest of remit: its capability, where its configuration lives, and its
// parts, each loaded only where it is used (adapters/host-module.ts).
import type { HostModule } from '../host-module.js';
import { CLAUDE_CAPABILITY } from './capability.js';
import { CLAUDE_SCOPES, claudeConfigPaths } from './paths.js';

export const claudeHost: HostModule = {
  name: 'claude',
  capability: CLAUDE_CAPABILITY,
  binary: 'claude',
  configPaths: claudeConfigPaths,
  install: { scopes: CLAUDE_SCOPES },
  adapter: () => import('./adapter.js').then((m) => m.claudeAdapter),
  hook: () => import('./hook.js').then((m) => m.runClaudeHook),
  setup: () => import('./setup.js').then((m) => m.claudeSetup),
};
