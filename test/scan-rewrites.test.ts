// Scans rewritten for speed on a megabyte of hostile input (issue 27) must give exactly what
// the code they replaced gave. The old code is kept only in this file; old and new meet on
// many thousands of random strings over the characters and words that steer them, from a
// fixed seed, as test/regex-rewrites.test.ts does for rewritten expressions.
import { describe, expect, it } from 'vitest';
import { isAsciiLetter, isSpaceCode } from '../src/core/contract/ascii.js';
import { findCorrectionPhrase, phraseIn } from '../src/core/contract/corrections.js';
import { withoutQuotedText } from '../src/core/contract/dequote.js';
import { wholeDependencies } from '../src/core/intents/dependency-names.js';
import { JsonTokens } from '../src/core/intents/json-manifests.js';
import { splitKey } from '../src/core/intents/toml-manifests.js';
import { condaName } from '../src/core/intents/yaml-manifests.js';
import { cutComment, cutOptions, trimmed } from '../src/core/intents/line-text.js';
import { pep508Name } from '../src/core/intents/package-names.js';
import { seededRandom } from './support/random.js';

/** The first of `n` random strings (up to `max` items of `alphabet` each, from a fixed seed) on which `before` and `after` disagree. */
function firstDifference<T>(before: (s: string) => T, after: (s: string) => T, alphabet: readonly string[], n: number, max: number): string | undefined {
  const random = seededRandom(27);
  const pick = (k: number) => Math.floor(random() * k);
  for (let i = 0; i < n; i++) {
    let s = '';
    for (let len = pick(max + 1); len > 0; len--) s += alphabet[pick(alphabet.length)];
    if (JSON.stringify(before(s)) !== JSON.stringify(after(s))) return s;
  }
  return undefined;
}

// --- withoutQuotedText before the rewrite: a split into lines and a regular expression per opener.
const ANY_QUOTING = /[`"“‘'「『«>~]/;
const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;
const BLOCK_QUOTE = /^ {0,3}>/;
let wordChar: RegExp | undefined;
function oldWithoutQuotedText(text: string): string {
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

// --- findCorrectionPhrase's clause loop before the rewrite: a split at every clause break.
const CLAUSE_BREAK = /[\n.,;:!?()[\]{}。，；：！？、（）…–—]+|\s-+\s/;
const MAY_CORRECT = /review|answer|monitor|edit|change|modify|touch|read.?only|只|不要|别/;

function oldClauses(text: string): ReturnType<typeof phraseIn> {
  const lower = oldWithoutQuotedText(text).toLowerCase();
  if (!MAY_CORRECT.test(lower)) return null;
  for (const raw of lower.split(CLAUSE_BREAK)) {
    const found = phraseIn(raw);
    if (found) return found;
  }
  return null;
}

// --- requirementsDependencies before the rewrite: a split into lines, each cut as a string.
function oldRequirements(text: string): string[] {
  const names = new Set<string>();
  const joined = text.includes('\\') ? text.replace(/\\\r?\n/g, ' ') : text;
  for (const raw of joined.split('\n')) {
    const line = trimmed(cutComment(raw, '#', true));
    if (line === '' || line.startsWith('-')) continue;
    const n = pep508Name(cutOptions(line));
    if (n) names.add(n);
  }
  return [...names];
}

// --- The JSON scanner's tokens before the rewrite: a generator, an object per token.
type OldToken = { t: 'str'; v: string } | { t: '{' | '}' | '[' | ']' | ':' | ',' } | { t: 'lit' };

function* oldTokens(text: string): Generator<OldToken> {
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text[i]!;
    if (c === '"') {
      let k = i + 1;
      let out = '';
      let segStart = k;
      while (k < n && text[k] !== '"' && text[k] !== '\n') {
        if (text[k] === '\\') {
          out += text.slice(segStart, k);
          const e = text[k + 1];
          out += e === 'n' ? '\n' : e === 't' ? '\t' : (e ?? '');
          k += 2;
          segStart = k;
        } else k++;
      }
      out += text.slice(segStart, Math.min(k, n));
      yield { t: 'str', v: out };
      i = k + 1;
    } else if (c === '{' || c === '}' || c === '[' || c === ']' || c === ':' || c === ',') {
      yield { t: c };
      i++;
    } else if (c === '/' && text[i + 1] === '/') {
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? n : nl;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
    } else if (/\s/.test(c)) {
      i++;
    } else {
      while (i < n && !/[\s{}[\]:,"]/.test(text[i]!)) i++;
      yield { t: 'lit' };
    }
  }
}

function newTokens(text: string): OldToken[] {
  const out: OldToken[] = [];
  for (const tok = new JsonTokens(text); tok.next(); ) out.push(tok.t === 'str' ? { t: 'str', v: tok.v } : ({ t: tok.t } as OldToken));
  return out;
}

const jsonParts = [
  '"',
  '\\',
  '\\n',
  '\\t',
  'n',
  'a',
  '1',
  '{',
  '}',
  '[',
  ']',
  ':',
  ',',
  ' ',
  '\n',
  '\t',
  '\u00a0',
  '\u2028',
  '/',
  '//',
  '/*',
  '*/',
  '*',
  'true',
  '"a":"1"',
  'é',
];
const condaParts = [
  'dependencies:',
  'channels:',
  '\n',
  '  ',
  '- ',
  '-',
  'a',
  'Np',
  '=1',
  '::',
  'conda-forge::',
  'pip',
  'pip:',
  'python',
  '.',
  '_',
  '#',
  ' #',
  '"',
  "'",
  '>=',
  'é',
];

// condaName before the rewrite: two expressions.
function oldCondaName(spec: string): string | undefined {
  const s = spec.replace(/^[\w.-]+::/, '').trim();
  const m = /^([A-Za-z0-9][A-Za-z0-9._-]*)/.exec(s);
  if (!m) return undefined;
  const n = m[1]!.toLowerCase();
  return n === 'python' || n === 'pip' ? undefined : n;
}

// --- splitKey before its one-part shortcut.
function oldSplitKey(raw: string): string[] {
  const parts: string[] = [];
  let i = 0;
  const s = raw.trim();
  while (i < s.length) {
    while (s[i] === ' ' || s[i] === '\t') i++;
    const q = s[i];
    if (q === '"' || q === "'") {
      const end = s.indexOf(q, i + 1);
      parts.push(s.slice(i + 1, end < 0 ? s.length : end));
      i = end < 0 ? s.length : end + 1;
    } else {
      let k = i;
      while (k < s.length && s[k] !== '.') k++;
      parts.push(s.slice(i, k).trim());
      i = k;
    }
    while (s[i] === ' ' || s[i] === '\t') i++;
    if (s[i] === '.') i++;
  }
  return parts;
}

const quoting = [
  '`',
  '```',
  '``',
  '~~~',
  '"',
  '“',
  '”',
  '‘',
  '’',
  "'",
  '「',
  '」',
  '『',
  '』',
  '«',
  '»',
  '>',
  '~',
  ' ',
  '   ',
  '\t',
  '\n',
  '\r',
  '\r\n',
  'a',
  'é',
  '中',
  '\u2028',
  '\u00a0',
  '\ufeff',
];
const phrases = [
  ...quoting,
  'review',
  'only',
  ' only',
  'read',
  'read-only',
  '-',
  ' - ',
  ' -- ',
  "don't ",
  'do not ',
  'edit ',
  'anything',
  'no changes',
  '.',
  ',',
  '!',
  '(',
  '…',
  '—',
  '–',
  '。',
  '，',
  '不要',
  '修改',
  '只',
  '审查',
  'not ',
  'please ',
  'answer',
  'just ',
  'monitor',
  'ʼ',
  'REVIEW',
];

const requirementParts = [
  'a',
  'Bc',
  '==',
  '1',
  '#',
  ' #',
  ' ',
  '\t',
  '-',
  ' -',
  '--hash',
  ' -e',
  '\\',
  '\\\n',
  '\n',
  '\r\n',
  '[x]',
  ']',
  ';',
  '@',
  '.',
  '_',
  '\u2028',
  '\u00a0',
  '>=',
  '(',
  'x y',
];

describe('rewritten scans give what the old code gave', () => {
  it('isSpaceCode, which the prompt scans tell blanks with, is `\\s` (and what trim removes) for every code unit', () => {
    for (let c = 0; c <= 0xffff; c++) {
      const ch = String.fromCharCode(c);
      if (isSpaceCode(c) !== /\s/.test(ch) || isSpaceCode(c) !== (ch.trim() === '')) expect(c).toBe(-1);
    }
  });

  it("the JSON scanner's tokens, read by char code into one object", () => {
    expect(firstDifference((s) => [...oldTokens(s)], newTokens, jsonParts, 100_000, 14)).toBeUndefined();
  });

  it('splitKey, a bare key with no dot taken whole', () => {
    expect(firstDifference(oldSplitKey, splitKey, ['a', 'B-c', '_', '.', '"', "'", ' ', '\t', '\u00a0', '\n', 'x y'], 100_000, 8)).toBeUndefined();
  });

  it('condaName, told by code', () => {
    expect(firstDifference(oldCondaName, condaName, condaParts, 100_000, 8)).toBeUndefined();
  });

  it('requirementsDependencies, its lines walked by offsets', () => {
    // Through wholeDependencies, which gives the reader LF-only text.
    expect(
      firstDifference(
        (s) => oldRequirements(s.replace(/\r\n?|[\u2028\u2029]/g, '\n')),
        (s) => [...wholeDependencies('requirements', s)],
        requirementParts,
        100_000,
        14,
      ),
    ).toBeUndefined();
  });

  it('withoutQuotedText, walked by offsets', () => {
    expect(firstDifference(oldWithoutQuotedText, withoutQuotedText, quoting, 100_000, 16)).toBeUndefined();
  });

  it('withoutQuotedText on long runs of one hostile unit', () => {
    for (const unit of ['```\n', '"', '` ``', ' \n', '~~~~\r\n', '> x\n', "a'b' ", '“x', '```\n   ```  \n']) {
      const text = unit.repeat(2000);
      expect(withoutQuotedText(text), JSON.stringify(unit)).toBe(oldWithoutQuotedText(text));
    }
  });

  it('findCorrectionPhrase, its clauses walked by offsets', () => {
    expect(firstDifference((s) => findStop(s) ?? oldClauses(s), findCorrectionPhrase, phrases, 100_000, 14)).toBeUndefined();
  });
});

/** The part of findCorrectionPhrase the rewrite left alone: a bare "stop". */
function findStop(s: string): ReturnType<typeof findCorrectionPhrase> {
  const found = findCorrectionPhrase(s);
  return found?.stop ? found : null;
}
