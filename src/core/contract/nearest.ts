// The nearest known word to a typo, for "did you mean …" (a CLI command, a directive token).
// It runs on the hook's text path (a pasted megabyte after `$remit `), so its cost is bounded by
// the known words, never by the typo: a word longer than any name can be near is not compared.

/**
 * Edit distance with adjacent swaps counted once (stauts → status is 1), or `limit + 1` when it
 * is more than `limit`. Two rows of the shorter word's length plus the one before: the caller
 * bounds both lengths, so this is O(|a|·|b|) on words a few letters long.
 */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let prev: number[] = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur: number[] = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      cur.push(d);
    }
    before = prev;
    prev = cur;
  }
  return prev[b.length]!;
}

/** How far a typo of `name` may be from it. */
const reach = (name: string): number => Math.max(1, Math.floor(name.length / 3));

/** The nearest of `names` to `word`, when it is near enough to be a typo. */
export function nearest(word: string, names: readonly string[]): string | undefined {
  // Nothing longer than the longest name plus the widest reach can be near: such a word is not
  // read at all (lower-casing a megabyte would be work the answer cannot use).
  const widest = names.reduce((n, name) => Math.max(n, reach(name)), 0);
  const longest = names.reduce((n, name) => Math.max(n, name.length), 0);
  if (word.length > longest + widest) return undefined;
  const w = word.toLowerCase();
  let best: { name: string; d: number } | undefined;
  for (const n of names) {
    const d = distance(w, n, widest);
    if (!best || d < best.d) best = { name: n, d };
  }
  return best && best.d <= reach(best.name) ? best.name : undefined;
}
