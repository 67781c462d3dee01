// `remit explain <evt>`: one audited event, its label and what the host did with it. A decision
// is replayed: the rule table runs again over the facts its record kept (explain-view.ts).
import { explainView, renderExplain } from '../../core/controller/explain-view.js';
import { printError, UsageError, type CliIO } from '../io.js';
import { eventArg, guarded, out, parseArgs, selectSession } from './readback-args.js';

export async function run(argv: string[], io: CliIO): Promise<number> {
  return guarded('explain', io, async () => {
    const args = parseArgs(argv, io);
    const id = eventArg(args.positional[0], 'an event id is needed: remit explain evt_…');
    if (args.positional.length > 1) throw new UsageError(`unexpected argument '${args.positional[1]}'`);
    const view = explainView(args.home, id, selectSession(args, io));
    if (!view) {
      printError(io, 'explain', `no event ${id} in ${args.home}`);
      return 1;
    }
    out(io, args, view, renderExplain(view));
    return 0;
  });
}
