// Placeholder until its owner lands the command; keeps the bundle buildable.
import type { CliIO } from '../io.js';

export async function run(_argv: string[], io: CliIO): Promise<number> {
  io.stderr('remit state: not available in this build\n');
  return 1;
}
