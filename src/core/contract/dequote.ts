// Removes text the user is quoting rather than saying, before correction phrases are looked
// for: fenced blocks (``` and ~~~), block-quote lines, inline code, and quoted spans
// ("…", “…”, ‘…’, '…', 「…」, 『…』, «…»). "Add 'review only' to the README" is a task, not
// a correction. Removed text becomes a line break, so words on either side never join into
// a phrase. Every scan is linear: a megabyte of unmatched quotes costs one pass.
//
// The text is walked by offsets, line by line, and copied out in runs: only a line holding an
// opener is cut out to be read, and removed spans meeting end to end add up to one run of
// line breaks, so a megabyte of fences or of `""` pairs builds no string per line or per pair.

import { isAsciiLetter, isSpaceCode } from './ascii.js';

// Made on the first non-ASCII character it is asked about: a Unicode property class costs a
// process some 0.1 ms to build (ICU's tables), and every prompt loads this module.
let wordChar: RegExp | undefined;

const ANY_QUOTING = /[`"“‘'「『«>~]/;

/**
 * The result, built by appending: text copied in runs, and line breaks counted until the next
 * run. (Appending makes a rope V8 flattens once; an array of a hundred thousand pieces joined
 * cost several times more.)
 */
class Pieces {
  private text = '';
  private breaks = 0;
  add(s: string): void {
    if (s === '') return;
    if (s === '\n') {
      this.breaks++;
      return;
    }
    this.flush();
    this.text += s;
  }
  addBreak(): void {
    this.breaks++;
  }
  join(): string {
    this.flush();
    return this.text;
  }
  private flush(): void {
    if (this.breaks > 0) this.text += this.breaks === 1 ? '\n' : '\n'.repeat(this.breaks);
    this.breaks = 0;
  }
}

export function withoutQuotedText(text: string): string {
  if (!ANY_QUOTING.test(text)) return text;
  const out = new Pieces();
  /** Where the text not yet given to `out` starts. */
  let copied = 0;
  /** The open fence: its character's code and length (`^ {0,3}C{n,}\s*$` closes it); 0 when none is open. */
  let fenceCode = 0;
  let fenceN = 0;
  /** Where the first opener at or after the last line asked about is (the text's length: none). */
  let nextOpener = -1;
  for (let start = 0; start <= text.length; ) {
    const nl = text.indexOf('\n', start);
    const next = nl < 0 ? text.length : nl;
    // A line's `\r` before its `\n` is not part of it (nor is it kept).
    const end = next > start && text.charCodeAt(next - 1) === 0x0d ? next - 1 : next;
    let drop = false;
    if (end === start) {
      drop = end !== next;
    } else if (fenceCode !== 0) {
      if (closesFence(text, start, end, fenceCode, fenceN)) fenceCode = 0;
      drop = true;
    } else {
      // Only a line whose first character after up to three spaces is a backtick, a tilde or
      // `>` can open a block.
      const from = afterIndent(text, start, end);
      const c0 = from < end ? text.charCodeAt(from) : -1;
      if (c0 === 0x60 || c0 === 0x7e) {
        let run = from;
        while (run < end && text.charCodeAt(run) === c0) run++;
        if (run - from >= 3) {
          // Closed by a fence of the same character at least as long; unclosed runs to the end.
          fenceCode = c0;
          fenceN = run - from;
          drop = true;
        }
      } else if (c0 === 0x3e) drop = true;
      if (!drop) {
        // The next opener at or after this line, looked up natively and only when behind it.
        if (nextOpener < start) {
          OPENER.lastIndex = start;
          nextOpener = OPENER.exec(text)?.index ?? text.length;
        }
        const opener = nextOpener < end ? nextOpener : -1;
        if (opener >= 0) {
          out.add(text.slice(copied, start));
          copied = withoutInlineQuotes(text.slice(start, end), opener - start, out) + start;
        }
        if (end !== next) {
          out.add(text.slice(copied, end));
          copied = next;
        }
      }
    }
    if (drop) {
      out.add(text.slice(copied, start));
      copied = next;
    }
    if (nl < 0) break;
    start = nl + 1;
  }
  out.add(text.slice(copied));
  return out.join();
}

/** Where a line's text starts after up to three spaces (what `^ {0,3}` takes). */
function afterIndent(text: string, start: number, end: number): number {
  let i = start;
  while (i < end && i < start + 3 && text.charCodeAt(i) === 0x20) i++;
  return i;
}

/**
 * Whether the line is `^ {0,3}C{n,}\s*$` for the open fence's character and length, without
 * building that expression for every fence (a megabyte of fences built a hundred thousand).
 */
function closesFence(text: string, start: number, end: number, code: number, n: number): boolean {
  const from = afterIndent(text, start, end);
  let i = from;
  while (i < end && text.charCodeAt(i) === code) i++;
  if (i - from < n) return false;
  while (i < end && isSpaceCode(text.charCodeAt(i))) i++;
  return i === end;
}

const PAIRS: Readonly<Record<string, string>> = {
  '"': '"',
  '“': '”',
  '‘': '’',
  "'": "'",
  '「': '」',
  '『': '』',
  '«': '»',
};

/** One of `[`"“‘'「『«]`: a backtick, or a quote PAIRS closes. */
function isOpener(c: number): boolean {
  if (c < 0x80) return c === 0x60 || c === 0x22 || c === 0x27;
  return c === 0xab || c === 0x201c || c === 0x2018 || c === 0x300c || c === 0x300e;
}

const OPENER = /[`"“‘'「『«]/g;

/** A letter or a digit (Unicode's L and N); ASCII is told without the property class. */
function isWord(ch: string | undefined): boolean {
  if (ch === undefined) return false;
  const c = ch.charCodeAt(0);
  if (c < 0x80) return (c >= 0x30 && c <= 0x39) || isAsciiLetter(c);
  wordChar ??= /[\p{L}\p{N}]/u;
  return wordChar.test(ch);
}

/** Apostrophe-like quotes only open and close at word edges, so "don't" and "it’s" survive. */
function apostropheLike(ch: string): boolean {
  return ch === "'" || ch === '‘';
}

/**
 * Gives `out` the line with its inline code and quoted spans each made a line break, from its
 * first opener at `from`, up to where the line is left unchanged; returns that offset.
 */
function withoutInlineQuotes(line: string, from: number, out: Pieces): number {
  let copied = 0;
  // Once a search for a closer from position p fails, no later opener of that kind can close:
  // quotes by their character, backtick runs by their length.
  const exhausted = new Set<string>();
  const exhaustedRuns = new Set<number>();
  for (let i = from; i < line.length; ) {
    const c = line.charCodeAt(i);
    if (!isOpener(c)) {
      i++;
      continue;
    }
    if (c === 0x60) {
      let n = 1;
      while (line.charCodeAt(i + n) === 0x60) n++;
      const end = exhaustedRuns.has(n) ? -1 : findBacktickRun(line, i + n, n);
      if (end < 0) {
        exhaustedRuns.add(n);
        i += n;
        continue;
      }
      out.add(line.slice(copied, i));
      out.addBreak();
      copied = i = end + n;
      continue;
    }
    const ch = line[i]!;
    if (exhausted.has(ch) || (apostropheLike(ch) && isWord(line[i - 1]))) {
      i++;
      continue;
    }
    const end = findCloser(line, i + 1, PAIRS[ch]!, apostropheLike(ch));
    if (end < 0) {
      exhausted.add(ch);
      i++;
      continue;
    }
    out.add(line.slice(copied, i));
    out.addBreak();
    copied = i = end + 1;
  }
  return copied;
}

function findBacktickRun(line: string, from: number, n: number): number {
  let j = line.indexOf('`', from);
  while (j >= 0) {
    let k = j;
    while (line.charCodeAt(k) === 0x60) k++;
    if (k - j === n) return j;
    j = line.indexOf('`', k);
  }
  return -1;
}

function findCloser(line: string, from: number, closer: string, atWordEdge: boolean): number {
  let j = line.indexOf(closer, from);
  while (j >= 0 && atWordEdge && isWord(line[j + 1])) j = line.indexOf(closer, j + 1);
  return j;
}
