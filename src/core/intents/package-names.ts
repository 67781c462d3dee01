// How each ecosystem spells "the same package", so a respelling is not a new name.

/** PEP 503/508: case-insensitive, runs of `-`, `_`, `.` are one separator. */
export function normalizePythonName(name: string): string {
  const lower = name.toLowerCase();
  return /[-_.]/.test(lower) ? lower.replace(/[-_.]+/g, '-') : lower;
}

/** crates.io treats `-` and `_` as the same and names case-insensitively. */
export function normalizeCrateName(name: string): string {
  const lower = name.toLowerCase();
  return lower.includes('_') ? lower.replace(/_/g, '-') : lower;
}

/** `\s` as JS reads it, told from the char code (ASCII without an expression). */
function isSpaceCode(c: number): boolean {
  return c < 128 ? c === 32 || (c >= 9 && c <= 13) : c === 0xa0 || c === 0xfeff || /\s/.test(String.fromCharCode(c));
}
/** `[A-Za-z0-9]`, by code. */
export const isAlnumCode = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
/** `.` matches none of these. */
const isBreakCode = (c: number): boolean => c === 10 || c === 13 || c === 0x2028 || c === 0x2029;

/**
 * The project name of a PEP 508 requirement string (`requests[socks]>=2; python_version>"3"`),
 * or undefined for URLs, paths and option lines. `requireVersion` keeps only requirements
 * that carry a version specifier — the conservative reading of an unplaced fragment line.
 */
export function pep508Name(spec: string, requireVersion = false): string | undefined {
  return pep508NameIn(spec, 0, spec.length, requireVersion);
}

/** pep508Name of `text.slice(from, to)`, without cutting it out (a requirements file's lines). */
export function pep508NameIn(text: string, from: number, to: number, requireVersion = false): string | undefined {
  // One pass for `^\s*([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)\s*(\[[^\]]*\])?\s*(.*)$`, which
  // allocated a match and three captures per line (a megabyte of requirement lines spent most of
  // its time collecting them). Its greedy reading is the one it reports, and it matches exactly
  // when no line break follows where `(.*)` starts (a shorter reading starts `(.*)` earlier).
  let i = from;
  while (i < to && isSpaceCode(text.charCodeAt(i))) i++;
  if (i >= to || !isAlnumCode(text.charCodeAt(i))) return undefined;
  const start = i;
  let end = i + 1;
  for (let j = i + 1; j < to; j++) {
    const c = text.charCodeAt(j);
    if (isAlnumCode(c)) end = j + 1;
    else if (c !== 46 && c !== 95 && c !== 45) break;
  }
  let p = end;
  while (p < to && isSpaceCode(text.charCodeAt(p))) p++;
  if (p < to && text.charCodeAt(p) === 91) {
    let close = p + 1;
    while (close < to && text.charCodeAt(close) !== 93) close++;
    if (close < to) {
      p = close + 1;
      while (p < to && isSpaceCode(text.charCodeAt(p))) p++;
    }
  }
  for (let k = p; k < to; k++) if (isBreakCode(text.charCodeAt(k))) return undefined;
  // What follows the name (blanks skipped, so its first character is not one) must be empty or
  // start a version, a URL, markers or a parenthesised version: `[<>=!~@;(]`, told by code.
  if (p < to && !isAfterNameCode(text.charCodeAt(p))) return undefined;
  if (requireVersion && !/^\(?\s*(?:===?|>=?|<=?|!=|~=)/.test(p === to ? '' : text.slice(p, to).trim())) return undefined;
  return plainPythonName(text, start, end) ? text.slice(start, end) : normalizePythonName(text.slice(start, end));
}

const isAfterNameCode = (c: number): boolean => c === 60 || c === 62 || c === 61 || c === 33 || c === 126 || c === 64 || c === 59 || c === 40;

/** Whether the name is already normal (no upper case, no `-`, `_` or `.`): most names are, and then it needs no new string. */
function plainPythonName(s: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 65 && c <= 90) || c === 45 || c === 46 || c === 95) return false;
  }
  return true;
}
