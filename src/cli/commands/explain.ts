// `remit explain <evt>`: one audited event, its label and effect. With REMIT_AUDIT=detail the
// stored event is decided again, so the explanation is a replay, not a guess.
import type { Action, CliExplain } from '../../generated/types.js';
import { decide } from '../../core/decide/decide.js';
import { explainView, renderExplain } from '../../core/controller/readback.js';
import { UsageError, type CliIO } from '../io.js';
import { eventArg, guarded, out, parseArgs, selectSession } from './readback-args.js';

export function replayedExplanation(v: CliExplain): string | undefined {
  const detail = v.record.detail;
  const action = detail?.event.action as Action | undefined;
  if (!detail?.contract || !action || !v.record.decision) return undefined;
  const d = decide({ contract: detail.contract, action, protectedPaths: { remit: [], hostConfig: [] }, ledger: { reserved: 0, unresolved: [], idState: 'new' } });
  return d.reasonCode === v.record.decision.reasonCode ? d.explanation : undefined;
}

export async function run(argv: string[], io: CliIO): Promise<number> {
  return guarded('explain', io, async () => {
    const args = parseArgs(argv, io);
    const id = eventArg(args.positional[0], 'an event id is needed: remit explain evt_…');
    if (args.positional.length > 1) throw new UsageError(`unexpected argument '${args.positional[1]}'`);
    const view = explainView(args.home, id, selectSession(args, io));
    if (!view) {
      io.stderr(`remit explain: no event ${id} in ${args.home}\n`);
      return 1;
    }
    const explanation = replayedExplanation(view);
    if (explanation) view.explanation = explanation;
    out(io, args, view, renderExplain(view));
    return 0;
  });
}
