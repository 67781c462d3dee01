// Character tests a prompt's parsers make on char codes, where a regular expression would cost
// its compile on a process's first use (docs/DESIGN.md#performance-budget).

/** `A`–`Z` or `a`–`z`: setting the 0x20 bit folds an upper-case letter onto its lower case. */
export function isAsciiLetter(code: number): boolean {
  const c = code | 0x20;
  return c >= 0x61 && c <= 0x7a;
}
