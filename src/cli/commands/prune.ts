// `remit prune [--older-than 30d]`: delete sessions (state + audit) untouched that long.
import type { CliPrune } from '../../generated/types.js';
import { daysToMs, pruneHome } from '../../core/audit/prune.js';
import { loadUserConfig, retentionDaysOf } from '../../core/config/user-config.js';
import { UsageError, type CliIO } from '../io.js';
import { guarded, out, parseArgs } from './readback-args.js';

const UNIT_DAYS: Record<string, number> = { d: 1, h: 1 / 24, w: 7 };

export function parseAge(v: string): number {
  const m = /^(\d+(?:\.\d+)?)([dhw])$/.exec(v.trim());
  if (!m) throw new UsageError(`--older-than takes a number of days, hours or weeks like 30d, 12h, 2w (got '${v}')`);
  return Number(m[1]) * UNIT_DAYS[m[2]!]!;
}

export async function run(argv: string[], io: CliIO): Promise<number> {
  return guarded('prune', io, async () => {
    const args = parseArgs(argv, io, { string: ['older-than'] });
    if (args.positional.length) throw new UsageError(`unexpected argument '${args.positional[0]}'`);
    const given = args.flags['older-than'] as string | undefined;
    const days = given !== undefined ? parseAge(given) : retentionDaysOf(loadUserConfig(io.env).config);
    const r = pruneHome(args.home, daysToMs(days), new Date());
    const view: CliPrune = { olderThanDays: days, ...r };
    out(io, args, view, `Removed ${r.sessionFiles} session state file(s) and ${r.auditFiles} audit log(s) untouched for ${days} day(s) (${r.bytes} bytes).`);
    return 0;
  });
}
