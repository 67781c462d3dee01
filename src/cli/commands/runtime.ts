// `remit runtime [--all]`: check counts from the sessions' counters.
import { emptyRuntime, renderRuntime, runtimeView } from '../../core/controller/readback.js';
import { UsageError, type CliIO } from '../io.js';
import { guarded, out, parseArgs, selectSession } from './readback-args.js';

export async function run(argv: string[], io: CliIO): Promise<number> {
  return guarded('runtime', io, async () => {
    const args = parseArgs(argv, io);
    if (args.positional.length) throw new UsageError(`unexpected argument '${args.positional[0]}'`);
    const all = args.flags.all === true;
    const key = all ? null : selectSession(args, io);
    const view = all ? runtimeView(args.home, 'all') : key ? runtimeView(args.home, [key]) : emptyRuntime('session');
    out(io, args, view, renderRuntime(view));
    return 0;
  });
}
