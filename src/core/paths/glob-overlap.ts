// Whether two glob patterns can match one path: code that lists files by a glob
// (`glob.glob('.cl*/set*')`) and writes what it finds touches every protected path its
// pattern can match. Segment by segment (`**` any number of them), and within a segment
// character by character (`*` any run, `?` and a class one character), over a table of at
// most (pattern length)² cells: bounded, as the hook needs. Anything the test does not read
// (braces, extglobs, a very long segment) is taken as matching, which only widens protection.

type Unit = { k: 'star' } | { k: 'one' } | { k: 'lit'; c: string } | { k: 'class'; body: string; negated: boolean };

/** A segment longer than this is taken as `*`. */
const MAX_SEGMENT = 64;
/** A pattern longer than this is taken as matching everything (code does not list files by such). */
const MAX_PATTERN = 256;
/** A pattern of more segments than this is taken as `**`. */
const MAX_SEGMENTS = 32;

function units(seg: string): Unit[] | null {
  if (seg.length > MAX_SEGMENT || seg.includes('{') || /[?*+@!]\(/.test(seg)) return null;
  const out: Unit[] = [];
  for (let i = 0; i < seg.length; i++) {
    const c = seg[i]!;
    if (c === '*') {
      if (out[out.length - 1]?.k !== 'star') out.push({ k: 'star' });
    } else if (c === '?') out.push({ k: 'one' });
    else if (c === '[') {
      const close = seg.indexOf(']', i + 2);
      if (close < 0) return null;
      const body = seg.slice(i + 1, close);
      const negated = body.startsWith('!') || body.startsWith('^');
      out.push({ k: 'class', body: negated ? body.slice(1) : body, negated });
      i = close;
    } else if (c === '\\' && i + 1 < seg.length) out.push({ k: 'lit', c: seg[++i]! });
    else out.push({ k: 'lit', c });
  }
  return out;
}

/** Whether a class holds the character (ranges `a-z` read; a negated class may hold anything else). */
function classHolds(u: { body: string; negated: boolean }, c: string): boolean {
  let held = false;
  for (let i = 0; i < u.body.length; i++) {
    if (u.body[i + 1] === '-' && i + 2 < u.body.length) {
      if (c >= u.body[i]! && c <= u.body[i + 2]!) held = true;
      i += 2;
    } else if (u.body[i] === c) held = true;
  }
  return held !== u.negated;
}

/** Two one-character units can match one character (two classes: taken as yes). */
function unitsMeet(a: Unit, b: Unit): boolean {
  if (a.k === 'one' || b.k === 'one') return true;
  if (a.k === 'lit' && b.k === 'lit') return a.c === b.c;
  if (a.k === 'lit' && b.k === 'class') return classHolds(b, a.c);
  if (a.k === 'class' && b.k === 'lit') return classHolds(a, b.c);
  return true;
}

/**
 * Whether two sequences of patterns can match one sequence: `star` items match any run (none
 * too), other items one each, when `meet` says the two can. A table filled from the ends back,
 * each cell reading cells after it: (a.length + 1) × (b.length + 1) steps.
 */
function sequencesOverlap<T>(a: readonly T[], b: readonly T[], star: (t: T) => boolean, meet: (x: T, y: T) => boolean): boolean {
  const w = b.length + 1;
  // 1 yes, 2 no.
  const memo = new Uint8Array((a.length + 1) * w);
  const yes = (i: number, j: number) => memo[i * w + j] === 1;
  for (let i = a.length; i >= 0; i--) {
    for (let j = b.length; j >= 0; j--) {
      const x = i < a.length ? a[i]! : undefined;
      const y = j < b.length ? b[j]! : undefined;
      let ok: boolean;
      if (x === undefined && y === undefined) ok = true;
      else if (x !== undefined && star(x)) ok = yes(i + 1, j) || (y !== undefined && yes(i, j + 1));
      else if (y !== undefined && star(y)) ok = yes(i, j + 1) || (x !== undefined && yes(i + 1, j));
      else ok = x !== undefined && y !== undefined && meet(x, y) && yes(i + 1, j + 1);
      memo[i * w + j] = ok ? 1 : 2;
    }
  }
  return yes(0, 0);
}

/** Whether two segment patterns can match one name. */
export function segmentsOverlap(x: string, y: string): boolean {
  const a = units(x);
  const b = units(y);
  return !a || !b || sequencesOverlap(a, b, (u) => u.k === 'star', unitsMeet);
}

function segments(p: string): string[] {
  const out = p.split('/').filter((s) => s !== '');
  return out.length > MAX_SEGMENTS ? ['**'] : out;
}

/**
 * Whether some path matches both glob patterns (absolute, `**` any number of segments,
 * `*` none of `/`; with `caseInsensitive` both are case-folded, as protection matches).
 */
export function globsOverlap(x: string, y: string, caseInsensitive: boolean): boolean {
  if (x.length > MAX_PATTERN || y.length > MAX_PATTERN) return true;
  const fold = (s: string) => (caseInsensitive ? s.toLowerCase() : s);
  return sequencesOverlap(segments(fold(x)), segments(fold(y)), (s) => s === '**', segmentsOverlap);
}
