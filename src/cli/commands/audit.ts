// `remit audit verify [--all]`: each chain's first broken link, checked with the install's
// audit key and the head the session state recorded. Exit 0 intact, 6 broken (an audit that
// is not a readable file counts as broken). `--all` covers every audit file and every session
// state, so a session whose audit was deleted outright is reported by the head it left.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { CliAuditVerify } from '../../generated/types.js';
import { verifySession } from '../../core/audit/verify.js';
import { auditDir, SESSION_KEY } from '../../core/state/home.js';
import { listSessionKeys } from '../../core/state/store.js';
import { UsageError, type CliIO } from '../io.js';
import { guarded, out, parseArgs, requireSession, subcommand } from './readback-args.js';

const EXIT_BROKEN = 6;

function render(v: CliAuditVerify): string {
  const lines = v.files.map((f) => {
    if (f.intact) return `${f.session}: intact (${records(f.records)})`;
    const b = f.firstBroken!;
    return `${f.session}: BROKEN at line ${b.line}${b.seq !== undefined ? ` (seq ${b.seq})` : ''}: ${b.problem.replace(/_/g, ' ')}; ${f.breaks} broken link${f.breaks === 1 ? '' : 's'}, every link after line ${f.lastBroken} verifies (${records(f.records)})`;
  });
  if (!v.files.length) lines.push('No audit files: nothing was recorded here, so there is no chain to verify.');
  else lines.push(v.intact ? 'Audit chain intact.' : 'Audit chain broken.');
  return lines.join('\n');
}

const records = (n: number): string => `${n} record${n === 1 ? '' : 's'}`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  return guarded('audit', io, async () => {
    // A REMIT_HOME that is not a folder: no chain can be verified, so it counts as broken.
    const args = parseArgs(argv, io, { homeExit: EXIT_BROKEN });
    const [sub, extra] = args.positional;
    subcommand('audit', sub, 'verify', 'remit audit verify [--all]');
    if (extra) throw new UsageError(`unexpected argument '${extra}'`);
    let keys: string[];
    if (args.flags.all === true) {
      let names: string[] = [];
      try {
        names = readdirSync(auditDir(args.home));
      } catch {
        names = [];
      }
      const audited = names.filter((n) => n.endsWith('.jsonl') && SESSION_KEY.test(n.slice(0, -6))).map((n) => n.slice(0, -6));
      keys = [...new Set([...audited, ...listSessionKeys(args.home)])].sort();
    } else {
      keys = [requireSession(args, io)];
    }
    const files = keys.map((k) => verifySession(args.home, path.basename(k)));
    const view: CliAuditVerify = { intact: files.every((f) => f.intact), files };
    out(io, args, view, render(view));
    return view.intact ? 0 : EXIT_BROKEN;
  });
}
