// Inspection commands (docs/DESIGN.md#task-contract): the whole prompt is one command that reads state
// and never touches the contract. Anything more on the line, or on a later line, makes it
// an ordinary directive head, which then fails on the command word.
import { isAsciiLetter } from './ascii.js';
import { unindentedFirstLine } from './locate.js';

export type InspectionCommand =
  | { name: 'status' }
  | { name: 'runtime'; all: boolean }
  | { name: 'help' }
  | { name: 'explain'; eventId: string }
  | { name: 'label'; eventId: string; label: 'correct' | 'incorrect' | 'inconclusive' }
  | { name: 'allow'; eventId: string }
  /** An inspection word with arguments it does not take: its own usage, the contract untouched. */
  | { name: 'usage'; text: string };

const USAGE: Record<string, string> = {
  status: '$remit status',
  help: '$remit help',
  runtime: '$remit runtime [all]',
  explain: '$remit explain evt_…',
  allow: '$remit allow evt_…',
  label: '$remit label evt_… correct|incorrect|inconclusive',
};

/** The words that start an inspection command, for "did you mean" on a typo of one. */
export const inspectionWords: readonly string[] = Object.keys(USAGE);

/**
 * What `^\$remit[ \t]+([A-Za-z]+)(?:[ \t]+(.*))?$` matches of a trimmed line, without its
 * backtracking: when what follows the blanks held a line break (which `.` does not match),
 * the expression gave back one blank at a time and ran `.*` again from each (a line of a
 * megabyte of tabs took hours).
 */
function usageLine(line: string): { word: string; rest?: string } | null {
  const head = /^\$remit[ \t]+([A-Za-z]+)/.exec(line);
  if (!head) return null;
  const tail = line.slice(head[0].length);
  if (tail === '') return { word: head[1]! };
  const rest = tail.replace(/^[ \t]+/, '');
  if (rest.length === tail.length || /[\n\r\u2028\u2029]/.test(rest)) return null;
  return { word: head[1]!, rest };
}

/** `$remit <inspection word> …` on a line of its own that did not parse: the word's usage. */
function usageOf(line: string): InspectionCommand | null {
  const m = usageLine(line.trim());
  const word = m?.word.toLowerCase();
  if (!word || !Object.hasOwn(USAGE, word)) return null;
  // A task after `--` or `: ` makes the line a directive head, which names the bad token.
  if (/(^|[ \t])--([ \t]|$)|: /.test(m!.rest ?? '')) return null;
  return { name: 'usage', text: `remit: \`${line.trim()}\` is not a valid ${word} command; usage: ${USAGE[word]}. Nothing was changed.` };
}

/**
 * Whether the line is `$remit`, blanks and an inspection word (any case), as both patterns here
 * need: every other prompt, a directive included, is told without compiling them (COMMAND's `i`
 * flag makes V8 close each of its letters over Unicode case on first use, some 0.2 ms of a prompt).
 */
function namesInspectionWord(line: string): boolean {
  if (line.slice(0, 6).toLowerCase() !== '$remit') return false;
  let i = 6;
  while (line[i] === ' ' || line[i] === '\t') i++;
  if (i === 6) return false;
  let j = i;
  while (j < line.length && isAsciiLetter(line.charCodeAt(j))) j++;
  return Object.hasOwn(USAGE, line.slice(i, j).toLowerCase());
}

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
  if (!namesInspectionWord(first.line)) return null;
  const m = COMMAND.exec(first.line);
  if (!m) return usageOf(first.line);
  const [, simple, all, verb, verbId, labelId, label] = m;
  if (simple) return { name: simple.toLowerCase() as 'status' | 'help' };
  if (verb && verbId) return { name: verb.toLowerCase() as 'explain' | 'allow', eventId: eventId(verbId) };
  if (labelId && label) {
    return { name: 'label', eventId: eventId(labelId), label: label.toLowerCase() as 'correct' | 'incorrect' | 'inconclusive' };
  }
  return { name: 'runtime', all: all !== undefined };
}
