// `remit prune [--older-than 30d] [--dry-run] [--armed]`: delete sessions (state + audit)
// untouched that long. An armed session used within the default retention is live: it is kept
// unless --armed, because deleting it would let the agent in it run unarmed.
import type { CliPrune } from '../../generated/types.js';
import { controlStateOf } from '../../core/contract/defaults.js';
import { auditFile, sessionFile } from '../../core/state/home.js';
import { readSession } from '../../core/state/store.js';
import { installAuditKey } from '../../core/audit/chain.js';
import { statSync } from 'node:fs';
import { DEFAULT_RETENTION_DAYS, daysToMs, pruneHome } from '../../core/audit/prune.js';
import { loadUserConfig, retentionDaysOf } from '../../core/config/user-config.js';
import { UsageError, type CliIO } from '../io.js';
import { guarded, out, parseArgs } from './readback-args.js';

const UNIT_DAYS: Record<string, number> = { d: 1, h: 1 / 24, w: 7 };

function parseAge(v: string): number {
  const m = /^(\d+(?:\.\d+)?)([dhw])$/.exec(v.trim());
  if (!m) throw new UsageError(`--older-than takes a number of days, hours or weeks like 30d, 12h, 2w (got '${v}')`);
  return Number(m[1]) * UNIT_DAYS[m[2]!]!;
}

export async function run(argv: string[], io: CliIO): Promise<number> {
  return guarded('prune', io, async () => {
    const args = parseArgs(argv, io, { string: ['older-than'], boolean: ['dry-run', 'armed'] });
    if (args.positional.length) throw new UsageError(`unexpected argument '${args.positional[0]}'`);
    const given = args.flags['older-than'] as string | undefined;
    const days = given !== undefined ? parseAge(given) : retentionDaysOf(loadUserConfig(io.env).config);
    const dryRun = args.flags['dry-run'] === true;
    const keepArmed = args.flags.armed !== true;
    const r = pruneHome(args.home, daysToMs(days), new Date(), { dryRun, keep: (key) => keepArmed && isArmed(args.home, key) });
    const { kept, ...counts } = r;
    const view: CliPrune = { olderThanDays: days, ...counts, dryRun, keptArmed: kept };
    const age = given !== undefined ? given.trim() : `${days} day(s)`;
    const lines = [
      `${dryRun ? 'Would remove' : 'Removed'} ${r.sessionFiles} session state file(s) and ${r.auditFiles} audit log(s) untouched for ${age} (${r.bytes} bytes).`,
    ];
    if (r.watchFiles)
      lines.push(`${dryRun ? 'Would remove' : 'Removed'} ${r.watchFiles} file(s) of the watch on host configuration (kept copies and baselines).`);
    if (kept.length)
      lines.push(
        `Kept ${kept.length} live armed session(s) (${kept.join(', ')}): removing one would leave its agent running unarmed. Add --armed to remove them too.`,
      );
    out(io, args, view, lines.join('\n'));
    return 0;
  });
}

function isArmed(home: string, key: string): boolean {
  // Read as a hook reads it: a state rewritten to look unarmed is damage, and damage is kept;
  // so is a missing state whose audit says armed (or cannot say).
  const s = readSession(home, key, { sealKey: installAuditKey(home) });
  if (s.kind === 'absent') return false;
  // Last used when either file last changed: a state deleted or unreadable leaves the audit's time.
  const used = Math.max(mtimeMs(sessionFile(home, key)), mtimeMs(auditFile(home, key)));
  if (Date.now() - used > daysToMs(DEFAULT_RETENTION_DAYS)) return false;
  // A state remit cannot read is treated as armed: a guard never guesses towards "allow".
  return s.kind === 'damaged' || controlStateOf(s.state.contract) === 'ARMED';
}

function mtimeMs(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}
