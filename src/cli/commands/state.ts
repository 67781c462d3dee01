// `remit state repair`: rebuild a damaged session state, keeping unresolved ledger entries.
import type { CliStateRepair } from '../../generated/types.js';
import { repairState } from '../../core/controller/operations.js';
import { unresolvedReasons } from '../../core/ledger/ledger.js';
import { readSessionText } from '../../core/state/store.js';
import { DEFAULT_LOCK_TIMEOUT_MS } from '../../core/state/lock.js';
import { printError, UsageError, type CliIO } from '../io.js';
import { guarded, out, parseArgs, requireSession, subcommand } from './readback-args.js';

export async function run(argv: string[], io: CliIO): Promise<number> {
  return guarded('state', io, async () => {
    const args = parseArgs(argv, io);
    const [sub, extra] = args.positional;
    subcommand('state', sub, 'repair', 'remit state repair [--host H --session ID]');
    if (extra) throw new UsageError(`unexpected argument '${extra}'`);
    const key = requireSession(args, io);
    // Not a plain read: a FIFO or device in the state's place must not hang the repair.
    const r = await repairState(args.home, key, () => readSessionText(args.home, key), new Date(), DEFAULT_LOCK_TIMEOUT_MS);
    if (!r.ok) {
      const why =
        r.error === 'NO_SESSION'
          ? 'no state file for that session'
          : r.error === 'WRITE_FAILED'
            ? `could not write the repaired state (${r.detail}); the damaged file is left in place and the session stays in recovery`
            : r.error;
      printError(io, 'state', why);
      return 1;
    }
    const view: CliStateRepair = {
      session: key,
      repaired: r.repaired,
      damage: r.damage,
      keptReservations: r.state.ledger.reservations.length,
      unresolved: unresolvedReasons(r.state.ledger),
      contractSource: r.state.contract.source,
    };
    if (r.backup) view.backup = r.backup;
    const text = r.repaired
      ? `Repaired ${key}: ${r.damage}. ${r.backup ? `The damaged file is kept at ${r.backup}.` : 'There was no file to keep.'} Contract: ${r.state.contract.mode}/${r.state.contract.level} (recovery); ${view.keptReservations} reservation(s) kept as unresolved.`
      : `State of ${key} is sound; nothing to repair.`;
    out(io, args, view, text);
    return 0;
  });
}
