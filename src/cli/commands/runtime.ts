// `remit runtime [--all]`: check counts from the sessions' counters.
import { emptyRuntime, renderRuntime, runtimeView } from '../../core/controller/readback.js';
import { UsageError, type CliIO } from '../io.js';
import { guarded, out, parseArgs, selectSession } from './readback-args.js';

export async function run(argv: string[], io: CliIO): Promise<number> {
  return guarded('runtime', io, async () => {
    const args = parseArgs(argv, io);
    // `remit runtime all` reads as the prompt form `$remit runtime all` does.
    const [word, extra] = args.positional;
    if (extra !== undefined || (word !== undefined && word.toLowerCase() !== 'all'))
      throw new UsageError(`unexpected argument '${extra ?? word}' (remit runtime [all])`);
    const all = args.flags.all === true || word !== undefined;
    const key = all ? null : selectSession(args, io);
    const view = all ? runtimeView(args.home, 'all') : key ? runtimeView(args.home, [key]) : emptyRuntime('session');
    out(io, args, view, renderRuntime(view));
    return 0;
  });
}
