// The read-back commands (status, runtime, explain). The build puts this table and what it
// loads into its own small file (dist/remit-readback.cjs): a person's `remit status` should
// not load installers, doctor and replay to read a state file and an audit tail.
import type { CommandModule } from './command-table.js';

export const READBACK_LOADERS: Record<string, () => Promise<CommandModule>> = {
  status: () => import('./commands/status.js'),
  runtime: () => import('./commands/runtime.js'),
  explain: () => import('./commands/explain.js'),
};
