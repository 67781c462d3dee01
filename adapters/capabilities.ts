// Every host's capability record, as data. Rule 4 protects every host's hook and plugin
// configuration from any host's agent (an OpenCode session must not rewrite Claude Code's
// settings either), so the protected list is the union of all six records. Only the records
// are shared here: no adapter imports another adapter's code.
import type { HostCapability } from '../src/generated/types.js';
import { claudeCapability } from './claude/capability.js';
import { codexCapability } from './codex/capability.js';
import { HERMES_CAPABILITY } from './hermes/capability.js';
import { OMP_CAPABILITY } from './omp/capability.js';
import { OPENCODE_CAPABILITY } from './opencode/capability.js';
import { PI_CAPABILITY } from './pi/capability.js';

export const HOST_CAPABILITIES: readonly HostCapability[] = [codexCapability, claudeCapability, OPENCODE_CAPABILITY, HERMES_CAPABILITY, PI_CAPABILITY, OMP_CAPABILITY];

/** The union of every host's `configPaths` (with `~` for the home folder, expanded by the runtime). */
export function allHostConfigPaths(): string[] {
  return [...new Set(HOST_CAPABILITIES.flatMap((c) => c.configPaths ?? []))];
}
