// A Makefile line's parts, told in one pass each. The expressions they stand in for tried every
// split of a run of blanks (or every `#`, every `:`) and ran to the end of the line from each:
// quadratic or cubic in a line of blanks, and a Makefile is text the agent may have written.
import { afterLastBreak, isSpace, restOfLine } from '../../intents/line-text.js';

const LINE_BREAK = /[\n\r\u2028\u2029]/;

/** `line.replace(/(^|[^\\])#.*$/, '$1')`: the line before its first `#` that no backslash escapes (after its last break). */
export function cutMakeComment(line: string): string {
  for (let h = line.indexOf('#', afterLastBreak(line)); h >= 0; h = line.indexOf('#', h + 1)) if (h === 0 || line[h - 1] !== '\\') return line.slice(0, h);
  return line;
}

/** What `/^(-?include|sinclude)\s+(.+)$/` captures: the directive and the names after it. */
export function makeInclude(line: string): [directive: string, names: string] | null {
  const m = /^(-?include|sinclude)\s+/.exec(line);
  if (!m) return null;
  // `\s+` took every blank, so `.+` starts at text and must reach the end without a break;
  // with no text after them, `.+` takes the last blank, when one is left to `\s+` and it is no break.
  const rest = line.slice(m[0].length);
  if (rest !== '') return LINE_BREAK.test(rest) ? null : [m[1]!, rest];
  const last = line[line.length - 1]!;
  return m[0].length - m[1]!.length >= 2 && !LINE_BREAK.test(last) ? [m[1]!, last] : null;
}

/** What `/^(?:export\s+|override\s+|private\s+)*([A-Za-z0-9_.-]+)\s*(::?:?=|\?=|\+=|!=|=)\s*(.*)$/` captures. */
export function makeAssignment(line: string): [name: string, op: string, value: string] | null {
  const m = /^(?:export\s+|override\s+|private\s+)*([A-Za-z0-9_.-]+)\s*(::?:?=|\?=|\+=|!=|=)/.exec(line);
  if (!m) return null;
  const value = restOfLine(line.slice(m[0].length));
  return value === null ? null : [m[1]!, m[2]!, value];
}

/** `/^[^=]*[^:]:(?!=)[^=]*=/.test(line)`: a `target: VAR = value` line (a `:` not part of `::` or `:=`, before the first `=` and with one after). */
export function isTargetVariable(line: string): boolean {
  const firstEq = line.indexOf('=');
  if (firstEq < 0) return false;
  const lastEq = line.lastIndexOf('=');
  for (let c = line.indexOf(':', 1); c >= 0 && c <= firstEq + 1 && c < lastEq; c = line.indexOf(':', c + 1))
    if (line[c - 1] !== ':' && line[c + 1] !== '=') return true;
  return false;
}

/** What `/^([^:=]+?)\s*::?\s*([^=]*)$/` captures: a rule's targets and what follows its colon. */
export function makeRule(line: string): [targets: string, rest: string] | null {
  const c = line.indexOf(':');
  if (c < 1 || line.includes('=')) return null;
  let k = c;
  while (k > 1 && isSpace(line[k - 1])) k--;
  return [line.slice(0, k), line.slice(line[c + 1] === ':' ? c + 2 : c + 1).trimStart()];
}
