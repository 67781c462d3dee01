// How each ecosystem spells "the same package", so a respelling is not a new name.

/** PEP 503/508: case-insensitive, runs of `-`, `_`, `.` are one separator. */
export function normalizePythonName(name: string): string {
  const lower = name.toLowerCase();
  return /[-_.]/.test(lower) ? lower.replace(/[-_.]+/g, '-') : lower;
}

/** crates.io treats `-` and `_` as the same and names case-insensitively. */
export function normalizeCrateName(name: string): string {
  return name.toLowerCase().replace(/_/g, '-');
}

/** `\s` as JS reads it, told from the char code (ASCII without an expression). */
function isSpaceCode(c: number): boolean {
  return c < 128 ? c === 32 || (c >= 9 && c <= 13) : c === 0xa0 || c === 0xfeff || /\s/.test(String.fromCharCode(c));
}
const isAlnumCode = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
/** `.` matches none of these. */
const isBreakCode = (c: number): boolean => c === 10 || c === 13 || c === 0x2028 || c === 0x2029;

/**
 * The project name of a PEP 508 requirement string (`requests[socks]>=2; python_version>"3"`),
 * or undefined for URLs, paths and option lines. `requireVersion` keeps only requirements
 * that carry a version specifier — the conservative reading of an unplaced fragment line.
 */
export function pep508Name(spec: string, requireVersion = false): string | undefined {
  // One pass for `^\s*([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)\s*(\[[^\]]*\])?\s*(.*)$`, which
  // allocated a match and three captures per line (a megabyte of requirement lines spent most of
  // its time collecting them). Its greedy reading is the one it reports, and it matches exactly
  // when no line break follows where `(.*)` starts (a shorter reading starts `(.*)` earlier).
  const n = spec.length;
  let i = 0;
  while (i < n && isSpaceCode(spec.charCodeAt(i))) i++;
  if (i >= n || !isAlnumCode(spec.charCodeAt(i))) return undefined;
  const start = i;
  let end = i + 1;
  for (let j = i + 1; j < n; j++) {
    const c = spec.charCodeAt(j);
    if (isAlnumCode(c)) end = j + 1;
    else if (c !== 46 && c !== 95 && c !== 45) break;
  }
  let p = end;
  while (p < n && isSpaceCode(spec.charCodeAt(p))) p++;
  if (spec.charCodeAt(p) === 91) {
    const close = spec.indexOf(']', p + 1);
    if (close >= 0) {
      p = close + 1;
      while (p < n && isSpaceCode(spec.charCodeAt(p))) p++;
    }
  }
  for (let k = p; k < n; k++) if (isBreakCode(spec.charCodeAt(k))) return undefined;
  const rest = p === n ? '' : spec.slice(p).trim();
  if (rest !== '' && !/^(?:[<>=!~]|@|;|\()/.test(rest)) return undefined;
  if (requireVersion && !/^\(?\s*(?:===?|>=?|<=?|!=|~=)/.test(rest)) return undefined;
  return normalizePythonName(spec.slice(start, end));
}
