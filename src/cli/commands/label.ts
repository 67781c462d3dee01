// `remit label <evt> correct|incorrect|inconclusive`: a label record in the event's own chain.
import type { CliLabel, Label } from '../../generated/types.js';
import { labelEvent } from '../../core/controller/operations.js';
import { locateEvent } from '../../core/controller/explain-view.js';
import { DEFAULT_LOCK_TIMEOUT_MS } from '../../core/state/lock.js';
import { printError, UsageError, type CliIO } from '../io.js';
import { eventArg, guarded, out, parseArgs, selectSession } from './readback-args.js';

const LABELS = new Set<Label>(['correct', 'incorrect', 'inconclusive']);

export async function run(argv: string[], io: CliIO): Promise<number> {
  return guarded('label', io, async () => {
    const args = parseArgs(argv, io);
    const id = eventArg(args.positional[0], 'usage: remit label evt_… correct|incorrect|inconclusive');
    const label = args.positional[1]?.toLowerCase() as Label | undefined;
    if (!label || !LABELS.has(label)) throw new UsageError('the label is one of correct, incorrect, inconclusive');
    if (args.positional.length > 2) throw new UsageError(`unexpected argument '${args.positional[2]}'`);
    const found = locateEvent(args.home, id, selectSession(args, io));
    if (!found) {
      printError(io, 'label', `no event ${id} in ${args.home}`);
      return 1;
    }
    // A label judges a decision; a label record or a directive has none to judge.
    if (!found.record.decision) {
      printError(io, 'label', `${id} is a ${found.record.kind} record, not a decision; label the evt_ id that \`remit status\` lists with an outcome`);
      return 1;
    }
    const r = await labelEvent(args.home, found.key, id, label, 'cli', new Date(), DEFAULT_LOCK_TIMEOUT_MS);
    if (!r.ok) {
      printError(io, 'label', `cannot label ${id}: ${r.error}${r.detail ? ` (${r.detail})` : ''}`);
      return 1;
    }
    const view: CliLabel = { eventId: id, label, recordId: r.recordId, session: found.key };
    out(io, args, view, `Labelled ${id} ${label} (${r.recordId}).`);
    return 0;
  });
}
