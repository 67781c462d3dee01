// Linear stand-ins for the expressions the manifest readers cut lines with. A regular
// expression such as `/#.*$/`, `/\s+$/` or `/\s+--?[A-Za-z].*$/` is tried from every
// position a match may start at, and from each it runs over the rest of the run it stands
// in: quadratic in a line of `#`s or blanks (a line of 40,000 blanks took 3 s, a megabyte
// hours). Each function here gives what its expression gives, in one pass.

/** Where the text after the last line break starts (`.` matches no line break, so a `.*$` can only start there). */
export function afterLastBreak(s: string): number {
  return Math.max(s.lastIndexOf('\n'), s.lastIndexOf('\r'), s.lastIndexOf('\u2028'), s.lastIndexOf('\u2029')) + 1;
}

/** Whether `c` is one character `\s` matches (ASCII told without the expression). */
export const isSpace = (c: string | undefined): boolean => {
  if (c === undefined) return false;
  const code = c.charCodeAt(0);
  return code < 128 ? code === 32 || (code >= 9 && code <= 13) : /\s/.test(c);
};

/** `s.trim()`, without a new string when neither end is blank (most lines of a manifest). */
export function trimmed(s: string): string {
  return s === '' || (!isSpace(s[0]) && !isSpace(s[s.length - 1])) ? s : s.trim();
}

/**
 * `s.replace(/M.*$/, '')` for a marker M (`#`, `//`), or with `afterSpace`
 * `s.replace(/(?:^|\s)M.*$/, '')`: the line cut before the first marker (and the blank before
 * it) from which `.*` reaches the end.
 */
export function cutComment(s: string, marker: string, afterSpace = false): string {
  const first = s.indexOf(marker);
  if (first < 0) return s;
  for (let at = s.indexOf(marker, Math.max(first, afterLastBreak(s))); at >= 0; at = s.indexOf(marker, at + 1)) {
    if (!afterSpace) return s.slice(0, at);
    if (at === 0) return '';
    if (isSpace(s[at - 1])) return s.slice(0, at - 1);
  }
  return s;
}

/** `s.replace(/\s+--?[A-Za-z].*$/, '')`: a requirement line without the options after its spec. */
export function cutOptions(s: string): string {
  if (!s.includes('-')) return s;
  const from = afterLastBreak(s);
  for (let i = 0; i < s.length; ) {
    if (!isSpace(s[i])) {
      i++;
      continue;
    }
    const start = i;
    while (isSpace(s[i])) i++;
    // The blanks end at i: an option starts there when `-` or `--` and a letter follow, and `.*` reaches the end from it.
    const dash = s[i] === '-' ? (s[i + 1] === '-' && /[A-Za-z]/.test(s[i + 2] ?? '') ? 2 : /[A-Za-z]/.test(s[i + 1] ?? '') ? 1 : 0) : 0;
    if (dash > 0 && i + dash >= from) return s.slice(0, start);
  }
  return s;
}

/**
 * The quoted strings of `s`, in order, as the global expression
 * `"((?:[^"\\]|\\.)*)"|'([^']*)'` finds them (`escapedSingle`: `'((?:[^'\\]|\\.)*)'` for the
 * second; `stopAtLf`: neither may hold a LF outside an escape). Each is the text between the
 * quotes, escapes kept. A quote with no close is tried once: the expression tried again from
 * every quote after it, each running to the end (quadratic in a line of `\"`).
 */
export function quotedStrings(s: string, escapedSingle = false, stopAtLf = false): string[] {
  const out: string[] = [];
  literals(s, `"'`, escapedSingle ? `"'` : '"', stopAtLf ? `"'` : '', (from, to) => out.push(s.slice(from, to)));
  return out;
}

/** quotedStrings' strings as where each body starts and ends in `s`, without cutting them out. */
export function eachQuotedString(s: string, visit: (from: number, to: number) => void): void {
  literals(s, `"'`, '"', '', visit);
}

/**
 * Gives `visit` where each body of the literals of `s` opened by one of `quotes` starts and
 * ends, in order: those in `escaping` take a
 * backslash escape (of any character but a line break), those in `lineOnly` stop at a LF.
 * Past a failed open quote, every quote of that kind up to where it failed is escaped and fails
 * the same way, so it is not tried again.
 */
function literals(s: string, quotes: string, escaping: string, lineOnly: string, visit: (from: number, to: number) => void): void {
  // By char code (a string per character read and a search of `quotes` for each cost a
  // megabyte-long array of strings most of its time); at most three quote characters.
  const q0 = quotes.charCodeAt(0);
  const q1 = quotes.charCodeAt(1);
  const q2 = quotes.charCodeAt(2);
  /** Per quote character, where its last failed search ended. */
  const deadUntil = [-1, -1, -1];
  const n = s.length;
  for (let p = 0; p < n; p++) {
    const q = s.charCodeAt(p);
    const k = q === q0 ? 0 : q === q1 ? 1 : q === q2 ? 2 : -1;
    if (k < 0 || p <= deadUntil[k]!) continue;
    const escapes = escaping.includes(quotes[k]!);
    const stopAtLf = lineOnly.includes(quotes[k]!);
    let j = p + 1;
    let closed = false;
    for (; j < n; j++) {
      const c = s.charCodeAt(j);
      if (c === q) {
        closed = true;
        break;
      }
      if (stopAtLf && c === 10) break;
      if (c === 92 && escapes) {
        if (j + 1 >= n || isBreakCode(s.charCodeAt(j + 1))) break;
        j++;
      }
    }
    if (closed) {
      visit(p + 1, j);
      p = j;
    } else deadUntil[k] = j;
  }
}

/** A line break (`.` matches none): LF, CR, U+2028, U+2029. */
const isBreakCode = (c: number): boolean => c === 10 || c === 13 || c === 0x2028 || c === 0x2029;

/**
 * `s.replace(/[C]+$/, '')` for the characters C (`inSet` a string of them, or a test of one
 * character): the run of them at the end taken off. The expression retries from every
 * character of a run that does not reach the end (quadratic in a long run of them).
 */
export function trimEndOf(s: string, inSet: string | ((c: string) => boolean)): string {
  const has = typeof inSet === 'string' ? (c: string) => inSet.includes(c) : inSet;
  let end = s.length;
  while (end > 0 && has(s[end - 1]!)) end--;
  return end === s.length ? s : s.slice(0, end);
}

/**
 * `s.replace(/[C].*$/, '')` for the characters C: the text cut before the first of them from
 * which `.*` reaches the end (that is, the first one after the last line break).
 */
export function cutAt(s: string, chars: string): string {
  for (let at = afterLastBreak(s); at < s.length; at++) if (chars.includes(s[at]!)) return s.slice(0, at);
  return s;
}

/**
 * The bodies of the string literals of `code`, in order, as the global expression
 * `'([^'\\\n]*(?:\\.[^'\\\n]*)*)'|"([^"\\\n]*(?:\\.[^"\\\n]*)*)"|\`([^\`\\]*(?:\\.[^\`\\]*)*)\``
 * finds them: `'` and `"` stop at a LF, a backquote does not; a backslash escapes any
 * character but a line break. A literal with no close is tried once: the expression tried
 * again from every quote of that kind up to where it failed (each escaped, each failing there).
 */
export function codeStrings(code: string): string[] {
  const out: string[] = [];
  literals(code, '\'"`', '\'"`', `'"`, (from, to) => out.push(code.slice(from, to)));
  return out;
}

/**
 * What `\s*(.*)$` captures of `rest`, the text after a match: without its leading blanks, or
 * null when a line break is left in it (`.` takes none). The expression gave back one blank at
 * a time and ran `.*` again from each: quadratic in a line of blanks before a break.
 */
export function restOfLine(rest: string): string | null {
  const value = rest.trimStart();
  return /[\n\r\u2028\u2029]/.test(value) ? null : value;
}
