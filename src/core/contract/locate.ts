// Where a `$remit` directive may stand (docs/DESIGN.md#task-contract): the start of the first non-empty
// line, at most three spaces in. Four spaces or a tab make an indented code example, and
// anything in front (a quote, a list marker, `>`, a backtick, prose) makes it a mention.

import { isSpaceCode } from './ascii.js';

const LINE_BREAK = /\r\n|[\n\r\u2028\u2029\u0085]/g;
const LINE_BREAK_CHAR = /[\n\r\u2028\u2029\u0085]/;
const CONTENT = /\S/g;

export interface FirstLine {
  /** The first line holding anything but whitespace, without its line break. */
  line: string;
  /** Everything after that line's break ('' when it was the last line). */
  rest: string;
  /** Index of the line's first character in the text. */
  start: number;
}

export function firstContentLine(text: string): FirstLine | null {
  // A byte-order mark pasted in front of the prompt is not content.
  const from = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  // One native scan to the first non-blank character, then back to its line start, so a
  // prompt of a million blank lines costs one pass.
  CONTENT.lastIndex = from;
  const content = CONTENT.exec(text);
  if (!content) return null;
  let start = content.index;
  while (start > from && !LINE_BREAK_CHAR.test(text.charAt(start - 1))) start--;
  LINE_BREAK.lastIndex = content.index;
  const m = LINE_BREAK.exec(text);
  const line = text.slice(start, m ? m.index : text.length);
  return { line, rest: m ? text.slice(m.index + m[0].length) : '', start };
}

/**
 * The first content line with its indent removed, when that indent is at most three
 * ASCII spaces; null for an indented code example (4+ spaces, a tab, any other blank).
 */
export function unindentedFirstLine(text: string): FirstLine | null {
  const first = firstContentLine(text);
  if (!first) return null;
  let indent = 0;
  while (first.line.charCodeAt(indent) === 0x20) indent++;
  if (indent > 3 || /\s/.test(first.line.charAt(indent))) return null;
  return { line: first.line.slice(indent), rest: first.rest, start: first.start + indent };
}

const MENTION = '$remit';

export interface DirectiveSite {
  /** The text holding the fields: after `$remit`, up to `--`, `: `, `：` or the line end. The rest is the task. */
  head: string;
}

export function locateDirective(text: string): DirectiveSite | null {
  const first = unindentedFirstLine(text);
  if (!first) return null;
  const { line } = first;
  if (line.slice(0, MENTION.length).toLowerCase() !== MENTION) return null;
  const after = line.slice(MENTION.length);
  // `$remitx`, `$remit-example`, `$remit,` are words that merely start with the name.
  if (!(after === '' || /^(?:\s|:|：|--)/.test(after))) return null;
  return { head: after.slice(0, headEnd(after)) };
}

/**
 * The head ends at the first `--`, at a `:` followed by whitespace or the end (so the drive
 * colon of `C:/Work/a.ts` stays in a glob), or at a full-width colon `：`, which a CJK input
 * method types where an English user types `: ` and which no path uses.
 */
function headEnd(s: string): number {
  for (let i = 0; i < s.length; i++) {
    const ch = s.charCodeAt(i);
    if (ch === 0x2d /* - */ && s.charCodeAt(i + 1) === 0x2d) return i;
    if (ch === 0x3a /* : */ && (i + 1 === s.length || isSpaceCode(s.charCodeAt(i + 1)))) return i;
    if (ch === 0xff1a /* ： */) return i;
  }
  return s.length;
}
