// `remit ledger release <reservation|--all>`: the user frees subagent capacity (audited).
import type { CliLedgerRelease } from '../../generated/types.js';
import { releaseLedger } from '../../core/controller/operations.js';
import { reservedUnits, unresolvedReasons } from '../../core/ledger/ledger.js';
import { DEFAULT_LOCK_TIMEOUT_MS } from '../../core/state/lock.js';
import { printError, UsageError, type CliIO } from '../io.js';
import { guarded, out, parseArgs, requireSession, subcommand } from './readback-args.js';

export async function run(argv: string[], io: CliIO): Promise<number> {
  return guarded('ledger', io, async () => {
    const args = parseArgs(argv, io);
    const [sub, which, extra] = args.positional;
    subcommand('ledger', sub, 'release', 'remit ledger release <reservation|--all>');
    const all = args.flags.all === true;
    if (all === (which !== undefined)) throw new UsageError('name one reservation (r1, or the launching call id) or --all');
    if (extra) throw new UsageError(`unexpected argument '${extra}'`);
    const key = requireSession(args, io);
    const r = await releaseLedger(args.home, key, all ? { all: true } : which!, new Date(), DEFAULT_LOCK_TIMEOUT_MS);
    if (!r.ok) {
      const why =
        r.error === 'NOT_FOUND'
          ? all
            ? 'nothing is reserved'
            : `no reservation '${which}'`
          : r.error === 'STATE_DAMAGED'
            ? `the state is damaged (${r.detail}); run remit state repair first`
            : r.error;
      printError(io, 'ledger', why);
      return 1;
    }
    const view: CliLedgerRelease = {
      session: key,
      released: r.released,
      reserved: reservedUnits(r.state.ledger),
      cap: r.state.contract.agents,
      unresolved: unresolvedReasons(r.state.ledger),
    };
    const cap = view.cap === null ? 'no cap' : String(view.cap);
    out(
      io,
      args,
      view,
      `Released ${r.released.join(', ')}. agents=${view.reserved}/${cap} reserved${view.unresolved.length ? `; unresolved: ${view.unresolved.join(', ')}` : ''}.`,
    );
    return 0;
  });
}
