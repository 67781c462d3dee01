// Proves what an awk program does, closed-world: after its string and regex literals are
// blanked (so no quoting can hide a `>` or hide one from us), a program is a read only
// when no print/printf statement redirects (`>`, `>>`, `|`, `|&`), no pipe or coprocess
// feeds getline, nothing is loaded or included (`@load`, `@include`), no function is
// called indirectly (`@f()`), and every function it calls is a side-effect-free built-in
// or one it defines itself. A redirection to one plain string literal (`print > "out.txt"`)
// is a write of that file; any other target (a variable, a concatenation, an escape) and
// anything else is not proven.

const PURE_BUILTINS = new Set([
  'length',
  'substr',
  'index',
  'split',
  'sub',
  'gsub',
  'match',
  'sprintf',
  'sin',
  'cos',
  'atan2',
  'exp',
  'log',
  'sqrt',
  'int',
  'rand',
  'srand',
  'tolower',
  'toupper',
  'gensub',
  'strftime',
  'systime',
  'mktime',
  'asort',
  'asorti',
  'patsplit',
  'and',
  'or',
  'xor',
  'lshift',
  'rshift',
  'compl',
  'strtonum',
  'typeof',
  'isarray',
  'fflush',
  'close',
]);
/** Keywords that may precede `(` without being calls. */
const KEYWORDS = new Set([
  'if',
  'while',
  'for',
  'do',
  'else',
  'return',
  'in',
  'printf',
  'print',
  'getline',
  'delete',
  'exit',
  'next',
  'nextfile',
  'function',
  'func',
  'switch',
  'case',
  'default',
  'BEGIN',
  'END',
  'BEGINFILE',
  'ENDFILE',
]);

/**
 * Replaces string literals with `""` and regex literals with `//`; null when a literal never
 * closes. `literals` receives each string literal's text between its quotes, in order.
 */
export function blankAwkLiterals(program: string, literals: string[] = []): string | null {
  let out = '';
  let prevSignificant = '';
  for (let i = 0; i < program.length; i++) {
    const c = program[i]!;
    if (c === '"') {
      let j = i + 1;
      for (; j < program.length && program[j] !== '"'; j++) if (program[j] === '\\') j++;
      if (j >= program.length) return null;
      literals.push(program.slice(i + 1, j));
      out += '""';
      i = j;
      prevSignificant = '"';
      continue;
    }
    // `/re/` starts a regex where an operand is expected (not after a value, where it divides).
    if (c === '/' && !/[\w)\]$"]/.test(prevSignificant)) {
      let j = i + 1;
      for (; j < program.length && program[j] !== '/' && program[j] !== '\n'; j++) {
        if (program[j] === '\\') j++;
        else if (program[j] === '[') {
          // A bracket expression may hold `/`.
          for (j++; j < program.length && program[j] !== ']' && program[j] !== '\n'; j++);
        }
      }
      if (j >= program.length || program[j] !== '/') return null;
      out += '//';
      i = j;
      prevSignificant = '/';
      continue;
    }
    if (c === '#') {
      while (i < program.length && program[i] !== '\n') i++;
      out += '\n';
      prevSignificant = '';
      continue;
    }
    out += c;
    if (!/\s/.test(c)) prevSignificant = c;
  }
  return out;
}

/** `print … > "/dev/stderr"` at the end of a statement: gawk's (and the kernel's) standard error, no file. */
const TO_STANDARD_STREAM = />>?\s*"\/dev\/(?:stderr|stdout)"\s*(?=[;}\n]|$)/g;

/**
 * `/\bENVIRON\s*\[[^\]]*\]\s*=[^=]/.test(code)`: an assignment to ENVIRON. Every `ENVIRON[`
 * before the same `]` ends the same way, so each `]` is looked after once (the expression ran
 * from each of them to it).
 */
export function assignsEnviron(code: string): boolean {
  const assign = /\s*=[^=]/y;
  let close = -1;
  for (const m of code.matchAll(/\bENVIRON\s*\[/g)) {
    const open = m.index + m[0].length;
    if (open <= close) continue;
    close = code.indexOf(']', open);
    if (close < 0) return false;
    assign.lastIndex = close + 1;
    if (assign.test(code)) return true;
  }
  return false;
}

/** The files an awk program writes (`print > "out"`, `printf … >> "log"`); empty for a read, null when not proven. */
export function awkProgramWrites(program: string): string[] | null {
  if (program.length > 16 * 1024) return null;
  const literals: string[] = [];
  const code = blankAwkLiterals(program.replace(TO_STANDARD_STREAM, ' '), literals);
  if (code === null) return null;
  if (/@/.test(code)) return null;
  // Any pipe (`cmd | getline`, `print | "cmd"`, `|&`) runs a command; `||` is a logical or.
  if (/\|(?!\|)/.test(code.replace(/\|\|/g, ''))) return null;
  if (/\bsystem\b/.test(code) || assignsEnviron(code)) return null;
  const writes: string[] = [];
  // A print/printf statement with `>` before the end of the statement redirects to a file.
  for (const m of code.matchAll(/\bprintf?\b([^;{}\n]*)/g)) {
    const stmt = m[1]!;
    const from = m.index + m[0].length - stmt.length;
    // `print (a > b)` inside parentheses compares; outside them it redirects.
    let depth = 0;
    for (let k = 0; k < stmt.length; k++) {
      const ch = stmt[k]!;
      if (ch === '(') depth++;
      else if (ch === ')') depth--;
      else if (ch === '>' && depth <= 0) {
        // `> "file"` or `>> "file"` and nothing after: the one literal is the file.
        const target = /^>?\s*""\s*$/.exec(stmt.slice(k + 1));
        if (!target) return null;
        const at = from + k + 1 + target[0].indexOf('"');
        const file = literals[countQuotes(code, at) / 2];
        if (file === undefined || file === '' || file.includes('\\')) return null;
        writes.push(file);
        break;
      }
    }
  }
  const defined = new Set<string>();
  for (const m of code.matchAll(/\bfunc(?:tion)?\s+(\w+)\s*\(/g)) defined.add(m[1]!);
  for (const m of code.matchAll(/\b([A-Za-z_]\w*)\s*\(/g)) {
    const name = m[1]!;
    if (KEYWORDS.has(name) || PURE_BUILTINS.has(name) || defined.has(name)) continue;
    return null;
  }
  return writes;
}

/** The `"` characters of `code` before `end`: after blanking every one opens or closes a literal. */
function countQuotes(code: string, end: number): number {
  let n = 0;
  for (let i = 0; i < end; i++) if (code.charCodeAt(i) === 34) n++;
  return n;
}
