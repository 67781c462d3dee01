// Removes text the user is quoting rather than saying, before correction phrases are looked
// for: fenced blocks (``` and ~~~), block-quote lines, inline code, and quoted spans
// ("…", “…”, ‘…’, '…', 「…」, 『…』, «…»). "Add 'review only' to the README" is a task, not
// a correction. Removed text becomes a line break, so words on either side never join into
// a phrase. Every scan is linear: a megabyte of unmatched quotes costs one pass.

import { isAsciiLetter } from './ascii.js';

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;
const BLOCK_QUOTE = /^ {0,3}>/;
// Made on the first non-ASCII character it is asked about: a Unicode property class costs a
// process some 0.1 ms to build (ICU's tables), and every prompt loads this module.
let wordChar: RegExp | undefined;

const ANY_QUOTING = /[`"“‘'「『«>~]/;

export function withoutQuotedText(text: string): string {
  if (!ANY_QUOTING.test(text)) return text;
  const out: string[] = [];
  /** The open fence: its character and length (`^ {0,3}C{n,}\s*$` closes it). */
  let fence: { ch: string; n: number } | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line === '') {
      out.push('');
      continue;
    }
    if (fence) {
      if (closesFence(line, fence.ch, fence.n)) fence = null;
      out.push('');
      continue;
    }
    // Only a line whose first character after up to three spaces is a backtick, a tilde or
    // `>` can open a block.
    const c0 = line.charCodeAt(afterIndent(line));
    if (c0 === 0x60 || c0 === 0x7e || c0 === 0x3e) {
      const open = FENCE_OPEN.exec(line);
      if (open) {
        // Closed by a fence of the same character at least as long; unclosed runs to the end.
        fence = { ch: open[1]![0]!, n: open[1]!.length };
        out.push('');
        continue;
      }
      if (BLOCK_QUOTE.test(line)) {
        out.push('');
        continue;
      }
    }
    out.push(withoutInlineQuotes(line));
  }
  return out.join('\n');
}

/** Where a line's text starts after up to three spaces (what `^ {0,3}` takes). */
function afterIndent(line: string): number {
  let i = 0;
  while (i < 3 && line.charCodeAt(i) === 0x20) i++;
  return i;
}

/**
 * Whether `line` is `^ {0,3}C{n,}\s*$` for the open fence's character and length, without
 * building that expression for every fence (a megabyte of fences built a hundred thousand).
 */
function closesFence(line: string, ch: string, n: number): boolean {
  const from = afterIndent(line);
  let end = from;
  while (line[end] === ch) end++;
  return end - from >= n && line.slice(end).trim() === '';
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

const OPENER = /[`"“‘'「『«]/g;

function withoutInlineQuotes(line: string): string {
  OPENER.lastIndex = 0;
  if (!OPENER.test(line)) return line;
  const parts: string[] = [];
  let copied = 0;
  // Once a search for a closer from position p fails, no later opener of that kind can close.
  const exhausted = new Set<string>();
  OPENER.lastIndex = 0;
  for (let m = OPENER.exec(line); m; m = OPENER.exec(line)) {
    const i = m.index;
    const ch = m[0];
    if (ch === '`') {
      let n = 1;
      while (line.charCodeAt(i + n) === 0x60) n++;
      const kind = '`' + n;
      const end = exhausted.has(kind) ? -1 : findBacktickRun(line, i + n, n);
      if (end < 0) {
        exhausted.add(kind);
        OPENER.lastIndex = i + n;
        continue;
      }
      if (i > copied) parts.push(line.slice(copied, i));
      parts.push('\n');
      copied = OPENER.lastIndex = end + n;
      continue;
    }
    if (exhausted.has(ch) || (apostropheLike(ch) && isWord(line[i - 1]))) continue;
    const end = findCloser(line, i + 1, PAIRS[ch]!, apostropheLike(ch));
    if (end < 0) {
      exhausted.add(ch);
      continue;
    }
    if (i > copied) parts.push(line.slice(copied, i));
    parts.push('\n');
    copied = OPENER.lastIndex = end + 1;
  }
  parts.push(line.slice(copied));
  return parts.join('');
}

function findBacktickRun(line: string, from: number, n: number): number {
  let j = line.indexOf('`', from);
  while (j >= 0) {
    let k = j;
    while (line[k] === '`') k++;
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
