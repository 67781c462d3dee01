// Character tests a prompt's parsers make on char codes, where a regular expression would cost
// its compile on a process's first use (docs/DESIGN.md#performance-budget).

/** `A`–`Z` or `a`–`z`: setting the 0x20 bit folds an upper-case letter onto its lower case. */
export function isAsciiLetter(code: number): boolean {
  const c = code | 0x20;
  return c >= 0x61 && c <= 0x7a;
}

/**
 * Whether the UTF-16 code unit is one `\s` matches (and `trim` removes): the ASCII blanks, the
 * line and paragraph separators, NBSP, BOM and Unicode's space separators, told without an
 * expression so a scan over a megabyte costs no call per character.
 */
export function isSpaceCode(c: number): boolean {
  if (c < 0x80) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0x1680) return c === 0xa0;
  return c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}
