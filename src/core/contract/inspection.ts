// Inspection commands (SPEC section 3): the whole prompt is one command that reads state
// and never touches the contract. Anything more on the line, or on a later line, makes it
// an ordinary directive head, which then fails on the command word.
import { unindentedFirstLine } from './locate.js';

export type InspectionCommand =
  | { name: 'status' }
  | { name: 'runtime'; all: boolean }
  | { name: 'help' }
  | { name: 'explain'; eventId: string }
  | { name: 'label'; eventId: string; label: 'correct' | 'incorrect' | 'inconclusive' }
  | { name: 'allow'; eventId: string };

const EVENT_ID = 'evt_[0-9A-Za-z_-]{8,64}';
const COMMAND = new RegExp(
  '^\\$remit[ \\t]+(?:' +
    '(status|help)' +
    '|runtime(?:[ \\t]+(all))?' +
    `|(explain|allow)[ \\t]+(${EVENT_ID})` +
    `|label[ \\t]+(${EVENT_ID})[ \\t]+(correct|incorrect|inconclusive)` +
    ')\\s*$',
  'i',
);

/** Event ids are minted as `evt_…`; a user typing `EVT_…` means the same event. */
function eventId(typed: string): string {
  return 'evt_' + typed.slice(4);
}

export function parseInspection(text: string): InspectionCommand | null {
  const first = unindentedFirstLine(text);
  if (!first || !/^\s*$/.test(first.rest)) return null;
  const m = COMMAND.exec(first.line);
  if (!m) return null;
  const [, simple, all, verb, verbId, labelId, label] = m;
  if (simple) return { name: simple.toLowerCase() as 'status' | 'help' };
  if (verb && verbId) return { name: verb.toLowerCase() as 'explain' | 'allow', eventId: eventId(verbId) };
  if (labelId && label) {
    return { name: 'label', eventId: eventId(labelId), label: label.toLowerCase() as 'correct' | 'incorrect' | 'inconclusive' };
  }
  return { name: 'runtime', all: all !== undefined };
}
