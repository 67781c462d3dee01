// Blanks comments and string literals out of source text so that a hashing API named in
// a comment, a docstring or a string is not counted as a call. One linear scanner with a
// per-family syntax table; it errs toward treating text as code when unsure, and a
// single-line string that never closes ends at its line so one stray quote cannot hide
// the rest of a file.
import type { CodeFamily } from './code-language.js';

interface Syntax {
  slashComments: boolean;
  hashComments: boolean;
  nestedBlocks: boolean;
  /** How `'` behaves: a string, a char literal (`'a'`, `'\n'`) or nothing special (Swift). */
  singleQuote: 'string' | 'char' | 'none';
  backtick: 'template' | 'raw' | 'none';
  tripleQuotes: boolean;
  rustRaw: boolean;
  csharpVerbatim: boolean;
  phpHeredoc: boolean;
  rubyBlockComments: boolean;
  jsRegex: boolean;
}

const BASE: Syntax = {
  slashComments: true,
  hashComments: false,
  nestedBlocks: false,
  singleQuote: 'char',
  backtick: 'none',
  tripleQuotes: false,
  rustRaw: false,
  csharpVerbatim: false,
  phpHeredoc: false,
  rubyBlockComments: false,
  jsRegex: false,
};

const SYNTAX: Record<CodeFamily, Syntax> = {
  js: { ...BASE, singleQuote: 'string', backtick: 'template', jsRegex: true },
  python: { ...BASE, slashComments: false, hashComments: true, singleQuote: 'string', tripleQuotes: true },
  go: { ...BASE, backtick: 'raw' },
  rust: { ...BASE, nestedBlocks: true, rustRaw: true },
  jvm: { ...BASE, tripleQuotes: true },
  csharp: { ...BASE, tripleQuotes: true, csharpVerbatim: true },
  php: { ...BASE, hashComments: true, singleQuote: 'string', phpHeredoc: true },
  ruby: { ...BASE, slashComments: false, hashComments: true, singleQuote: 'string', rubyBlockComments: true },
  c: { ...BASE },
  swift: { ...BASE, nestedBlocks: true, singleQuote: 'none', tripleQuotes: true },
};

const IDENT = /[A-Za-z0-9_$]/;

/** Where a `/` starts a regex literal rather than a division (JS): judged from the code before it. */
function regexAllowedAt(text: string, at: number): boolean {
  let j = at - 1;
  while (j >= 0 && (text[j] === ' ' || text[j] === '\t' || text[j] === '\n' || text[j] === '\r')) j--;
  if (j < 0) return true;
  const c = text[j]!;
  if ('(,=:[!&|?{};+-*%<>~^'.includes(c)) return true;
  if (!IDENT.test(c)) return false;
  let s = j;
  while (s > 0 && IDENT.test(text[s - 1]!)) s--;
  return /^(?:return|typeof|instanceof|in|of|new|delete|void|throw|case|do|else|yield|await)$/.test(text.slice(s, j + 1));
}

/**
 * Per ASCII code, whether the loop below acts on it: 1 when no branch does, 2 for `r` and `b`
 * (only a Rust raw string starts with one), 0 for the characters a branch starts at.
 */
const PLAIN = (() => {
  const t = new Uint8Array(128).fill(1);
  for (const ch of '{}/#=`<@$"\'') t[ch.charCodeAt(0)] = 0;
  t[0x72] = t[0x62] = 2;
  return t;
})();

export function stripCode(text: string, family: CodeFamily): string {
  const syn = SYNTAX[family];
  const out: string[] = [];
  const n = text.length;
  let i = 0;
  let codeStart = 0;
  /** Brace depth of each open `${` inside a JS template, innermost last. */
  const templateStack: number[] = [];
  let braceDepth = 0;
  const flush = (end: number) => {
    if (end > codeStart) out.push(text.slice(codeStart, end));
  };
  const blankTo = (end: number) => {
    // Keep line breaks so later line-based reading still lines up.
    let lines = 0;
    for (let k = i; k < end && k < n; k++) if (text.charCodeAt(k) === 10) lines++;
    out.push(lines > 0 ? ' ' + '\n'.repeat(lines) : ' ');
    i = Math.min(end, n);
    codeStart = i;
  };
  const stringTo = (end: number) => {
    let lines = 0;
    for (let k = i; k < end && k < n; k++) if (text.charCodeAt(k) === 10) lines++;
    out.push('""' + '\n'.repeat(lines));
    i = Math.min(end, n);
    codeStart = i;
  };
  /** End of a quoted literal starting at `start` (the opening quote); stops at the line end unless `multiline`. */
  const quotedEnd = (start: number, quote: string, escapes: boolean, multiline: boolean): number => {
    let k = start + quote.length;
    while (k < n) {
      const c = text[k]!;
      if (escapes && c === '\\') {
        k += 2;
        continue;
      }
      if (!multiline && c === '\n') return k;
      if (text.startsWith(quote, k)) return k + quote.length;
      k++;
    }
    return n;
  };
  const atLineStart = (k: number) => k === 0 || text[k - 1] === '\n';

  while (i < n) {
    // Most characters start nothing below: passed over by code, without making a string of them.
    const code = text.charCodeAt(i);
    if (code < 128 && (PLAIN[code] === 1 || (PLAIN[code] === 2 && !syn.rustRaw))) {
      i++;
      continue;
    }
    const c = text[i]!;
    const next = text[i + 1];

    if (c === '{') braceDepth++;
    else if (c === '}') {
      if (templateStack.length > 0 && braceDepth === templateStack[templateStack.length - 1]! + 1) {
        // The `}` closing `${ … }`: back inside the template text.
        braceDepth = templateStack.pop()!;
        flush(i);
        stringTo(templateEnd(i + 1));
        continue;
      }
      braceDepth--;
    }

    if (syn.slashComments && c === '/' && next === '/') {
      flush(i);
      const nl = text.indexOf('\n', i);
      blankTo(nl < 0 ? n : nl);
      continue;
    }
    if (syn.slashComments && c === '/' && next === '*') {
      flush(i);
      let depth = 1;
      let k = i + 2;
      while (k < n && depth > 0) {
        if (text[k] === '*' && text[k + 1] === '/') {
          depth--;
          k += 2;
        } else if (syn.nestedBlocks && text[k] === '/' && text[k + 1] === '*') {
          depth++;
          k += 2;
        } else k++;
      }
      blankTo(k);
      continue;
    }
    if (syn.hashComments && c === '#' && !(family === 'php' && next === '[')) {
      flush(i);
      const nl = text.indexOf('\n', i);
      blankTo(nl < 0 ? n : nl);
      continue;
    }
    if (syn.rubyBlockComments && c === '=' && atLineStart(i) && text.startsWith('=begin', i)) {
      flush(i);
      const endAt = text.indexOf('\n=end', i);
      const nl = endAt < 0 ? n : text.indexOf('\n', endAt + 1);
      blankTo(nl < 0 ? n : nl);
      continue;
    }
    if (syn.jsRegex && c === '/' && next !== '/' && next !== '*' && regexAllowedAt(text, i)) {
      let k = i + 1;
      let inClass = false;
      while (k < n && text[k] !== '\n') {
        const ch = text[k]!;
        if (ch === '\\') k += 2;
        else {
          if (ch === '[') inClass = true;
          else if (ch === ']') inClass = false;
          else if (ch === '/' && !inClass) break;
          k++;
        }
      }
      if (k < n && text[k] === '/') {
        flush(i);
        stringTo(k + 1);
        continue;
      }
    }
    if (syn.backtick !== 'none' && c === '`') {
      flush(i);
      if (syn.backtick === 'raw') stringTo(quotedEnd(i, '`', false, true));
      else stringTo(templateEnd(i + 1));
      continue;
    }
    if (syn.phpHeredoc && c === '<' && text.startsWith('<<<', i)) {
      const m = /^<<<[ \t]*(['"]?)([A-Za-z_]\w*)\1\r?\n/.exec(text.slice(i, i + 80));
      if (m) {
        flush(i);
        const close = new RegExp(`\\n[ \\t]*${m[2]}\\b`, 'g');
        close.lastIndex = i + m[0].length - 1;
        const found = close.exec(text);
        stringTo(found ? found.index + found[0].length : n);
        continue;
      }
    }
    if (syn.rustRaw && (c === 'r' || c === 'b') && !IDENT.test(text[i - 1] ?? ' ')) {
      const m = /^(?:br|r)(#*)"/.exec(text.slice(i, i + 40));
      if (m) {
        flush(i);
        const close = '"' + m[1]!;
        const end = text.indexOf(close, i + m[0].length);
        stringTo(end < 0 ? n : end + close.length);
        continue;
      }
    }
    if (syn.csharpVerbatim && (c === '@' || c === '$') && (next === '"' || ((next === '@' || next === '$') && text[i + 2] === '"'))) {
      flush(i);
      const q = text.indexOf('"', i);
      const verbatim = text.slice(i, q).includes('@');
      if (verbatim) {
        let k = q + 1;
        while (k < n) {
          if (text[k] === '"') {
            if (text[k + 1] === '"') k += 2;
            else break;
          } else k++;
        }
        i = q;
        stringTo(k + 1);
      } else {
        i = q;
        stringTo(quotedEnd(q, '"', true, false));
      }
      continue;
    }
    if (c === '"' || (c === "'" && syn.singleQuote !== 'none')) {
      // Python prefixes (r, b, f, rb) stay in the code run as harmless letters; a backslash
      // still keeps a quote from closing even in a raw literal, so escapes always apply.
      if (syn.tripleQuotes && text.startsWith(c + c + c, i)) {
        flush(i);
        stringTo(quotedEnd(i, c + c + c, true, true));
        continue;
      }
      if (c === "'" && syn.singleQuote === 'char') {
        const m = /^'(?:\\(?:u\{[0-9a-fA-F]{1,6}\}|x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|.)|[^'\\\n])'/.exec(text.slice(i, i + 16));
        if (!m) {
          i++;
          continue;
        }
        flush(i);
        stringTo(i + m[0].length);
        continue;
      }
      flush(i);
      stringTo(quotedEnd(i, c, true, family === 'ruby' || family === 'php'));
      continue;
    }
    i++;
  }
  flush(n);
  return out.join('');

  function templateEnd(from: number): number {
    let k = from;
    while (k < n) {
      const ch = text[k]!;
      if (ch === '\\') {
        k += 2;
        continue;
      }
      if (ch === '`') return k + 1;
      if (ch === '$' && text[k + 1] === '{') {
        // Code inside `${ … }` is scanned as code until its closing brace.
        templateStack.push(braceDepth);
        braceDepth++;
        return k + 2;
      }
      k++;
    }
    return n;
  }
}
