// Every command but the read-back ones (readback-table.ts). The build puts this table and what it loads into its own file
// (dist/remit-cli.cjs), so a host's hook never parses installer, doctor or replay code (a hook
// runs from dist/remit-hook.cjs; `hook` is here for the CLI bundle run directly).
import type { CliIO } from './io.js';

export interface CommandModule {
  run(argv: string[], io: CliIO): Promise<number>;
}

export const COMMAND_LOADERS: Record<string, () => Promise<CommandModule>> = {
  hook: () => import('./commands/hook.js'),
  install: () => import('./commands/install.js'),
  uninstall: () => import('./commands/uninstall.js'),
  doctor: () => import('./commands/doctor.js'),
  label: () => import('./commands/label.js'),
  check: () => import('./commands/check.js'),
  replay: () => import('./commands/replay.js'),
  audit: () => import('./commands/audit.js'),
  ledger: () => import('./commands/ledger.js'),
  state: () => import('./commands/state.js'),
  prune: () => import('./commands/prune.js'),
  case: () => import('./commands/case.js'),
  reads: () => import('./commands/reads.js'),
};
