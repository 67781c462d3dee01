// Folds the strings inline code builds from literal pieces, the way the language would build
// them, so a protected path spelled in parts, reversed, as character codes, encoded or joined
// to the home folder is the path the protected-path check names. One tokenizer pass and one
// evaluating pass over the tokens, each token parsed once (a start memoised), nesting capped:
// linear in the code, which the hook may be handed at a megabyte. Slices, case changes and the
// other common string operations of a literal are read; a name set once is read inside an
// interpolating literal; a chdir to a literal moves the working folder relative names are
// also named under; the command's own variables are read where the code reads the
// environment; glob patterns the code lists files by are handed on (the caller tests them
// against the protected globs).
//
// The languages are not told apart: a shape one language folds and another rejects as a
// syntax error (`'a' . 'b'` is Perl's and PHP's concatenation, a syntax error in Python) is
// folded wherever it appears. A fold only adds names to check; it never proves anything read.
//
// What the folder cannot fold it notes: a decoding or obfuscation primitive (base64, hex,
// rot13, character codes, reversal, eval) applied to a value that is not a literal. Code that
// writes and does that may write a protected path under a name no scan can see.

type Value =
  | { t: 's'; s: string; path?: boolean }
  | { t: 'n'; n: number }
  | { t: 'l'; items: Value[] }
  /** Unknown; `rev`: a reversal of something unknown, which a join makes a hidden name. */
  | { t: 'u'; rev?: true }
  /** A function or namespace by name (`os.path`, `Buffer`), not yet called. */
  | { t: 'name'; name: string };

/** A piece of an interpolating literal: text, or a name (`{d}`, `${d}`, `$d`, `#{d}`) read where the literal is used. */
type Part = string | { ref: string };
/** A call's arguments in order, keyword ones also by name. */
type Args = Value[] & { named?: Map<string, Value> };

type Tok = { k: 'str'; v: Value; raw: string; plain: boolean; parts?: Part[] } | { k: 'num'; n: number } | { k: 'id'; s: string } | { k: 'p'; s: string };

/** The shell's variables the code runs with (`F=x python3 -c …`, an earlier `export F=x`); null: set, value unknown. */
export type CodeEnv = ReadonlyMap<string, string | null>;

const UNKNOWN: Value = { t: 'u' };
const REVERSED: Value = { t: 'u', rev: true };
const MAX_DEPTH = 48;
/** A folded value longer than this is not a path; it is dropped (and a repeat cannot grow it). */
const MAX_LEN = 4096;
/** Inline code folded at most (64 KiB); a longer piece is folded up to there and is obscured. */
const MAX_CODE = 64 * 1024;

export interface Folded {
  /** Strings built by an operation on literal pieces. */
  strings: string[];
  /** A decoding or obfuscation primitive met a value that is not a literal, or the code is longer than the folder reads. */
  obscured: boolean;
  /** An `open`/`fopen` call with a mode that writes (`'w'`, `'a'`, `'>'`, `mode='x'`), whatever its first argument. */
  opensForWrite: boolean;
  /** Code text the folder decoded or assembled and handed to eval/exec (scanned by the caller). */
  code: string[];
  /** Glob patterns the code lists files by (`glob.glob('.cl*')`, `Path('.').rglob(…)`), joined to a literal working folder. */
  globs: string[];
  /** Folders whose names the code lists (`os.listdir(d)`, `d/*`) or walks (`os.walk(d)`, `d/**`), as globs of the same form. */
  lists: string[];
}

const isIdStart = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36 || c > 127;
const isIdPart = (c: number): boolean => isIdStart(c) || (c >= 48 && c <= 57);
const isDigit = (c: number): boolean => c >= 48 && c <= 57;

const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '0': '\0', a: '\x07', b: '\b', f: '\f', v: '\v', e: '\x1b' };
const HEX = /^[0-9a-fA-F]+$/;

/** The body of a literal with its escapes read (\xHH, \uHHHH, \u{…}, \x{…}, octal, \n …). */
export function cook(body: string): string {
  if (!body.includes('\\')) return body;
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c !== '\\' || i + 1 >= body.length) {
      out += c;
      continue;
    }
    const n = body[++i]!;
    if (n === 'x' || n === 'u') {
      let hex = '';
      if (body[i + 1] === '{') {
        const close = body.indexOf('}', i + 2);
        if (close > 0 && close - i < 12) {
          hex = body.slice(i + 2, close);
          if (HEX.test(hex)) {
            out += String.fromCodePoint(Math.min(Number.parseInt(hex, 16), 0x10ffff));
            i = close;
            continue;
          }
        }
      }
      hex = body.slice(i + 1, i + 1 + (n === 'x' ? 2 : 4));
      if (hex.length === (n === 'x' ? 2 : 4) && HEX.test(hex)) {
        out += String.fromCharCode(Number.parseInt(hex, 16));
        i += hex.length;
        continue;
      }
      out += n;
    } else if (n >= '0' && n <= '7') {
      let j = i;
      while (j < i + 3 && j < body.length && body[j]! >= '0' && body[j]! <= '7') j++;
      out += String.fromCharCode(Number.parseInt(body.slice(i, j), 8));
      i = j - 1;
    } else out += SIMPLE_ESCAPES[n] ?? n;
  }
  return out;
}

const strOf = (v: Value): string | null => (v.t === 's' ? v.s : v.t === 'n' ? String(v.n) : null);
const listOf = (v: Value): Value[] | null => (v.t === 'l' ? v.items : v.t === 's' ? [...v.s].map((s) => ({ t: 's', s }) as Value) : null);
const str = (s: string, path?: boolean): Value => (s.length > MAX_LEN ? UNKNOWN : path ? { t: 's', s, path } : { t: 's', s });

/** The home folder under any spelling: what `~/` stands for in a protected path. */
const HOME_VARS = new Set(['HOME', 'USERPROFILE']);
const HOME_CALLS = new Set(['homedir', 'home', 'gethomedir', 'get_home_dir']);

function base64(s: string): string | null {
  const clean = s.replace(/[\s=]/g, '').replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]*$/.test(clean)) return null;
  return Buffer.from(clean, 'base64').toString('latin1');
}
function hex(s: string): string | null {
  const clean = s.replace(/\s/g, '');
  return clean.length % 2 === 0 && HEX.test(clean) ? Buffer.from(clean, 'hex').toString('latin1') : clean === '' ? '' : null;
}
function rot13(s: string): string {
  let out = '';
  for (const c of s) {
    const code = c.charCodeAt(0);
    const base = code >= 65 && code <= 90 ? 65 : code >= 97 && code <= 122 ? 97 : 0;
    out += base ? String.fromCharCode(((code - base + 13) % 26) + base) : c;
  }
  return out;
}
function percent(s: string): string | null {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}
const charOf = (v: Value): string | null => (v.t === 'n' && Number.isInteger(v.n) && v.n >= 0 && v.n <= 0x10ffff ? String.fromCodePoint(v.n) : null);

/**
 * The indices Python's slice `[start:stop:step]` takes of `n` items (JavaScript's and Ruby's
 * slices are written as one of these); null for a step of 0.
 */
function sliceIndices(n: number, start: number | null, stop: number | null, step: number | null): number[] | null {
  const st = step ?? 1;
  if (st === 0 || !Number.isInteger(st) || n > MAX_LEN) return null;
  const at = (x: number | null, dflt: number, lo: number, hi: number): number => {
    if (x === null) return dflt;
    const v = x < 0 ? x + n : x;
    return Math.min(Math.max(v, lo), hi);
  };
  const out: number[] = [];
  if (st > 0) for (let i = at(start, 0, 0, n), end = at(stop, n, 0, n); i < end; i += st) out.push(i);
  else for (let i = at(start, n - 1, -1, n - 1), end = at(stop, -1, -1, n - 1); i > end; i += st) out.push(i);
  return out;
}

/** The items of a string (its code points) or list a slice takes, as the same kind of value. */
function sliced(v: Value, start: number | null, stop: number | null, step: number | null): Value {
  const items = v.t === 's' ? [...v.s] : v.t === 'l' ? v.items : null;
  const idx = items ? sliceIndices(items.length, start, stop, step) : null;
  if (!items || !idx) return UNKNOWN;
  if (v.t === 's') return str(idx.map((i) => items[i] as string).join(''));
  return { t: 'l', items: idx.map((i) => items[i] as Value) };
}

/** A number the value is, or null (a slice bound that is not a literal number). */
const numOf = (v: Value | undefined): number | null => (v?.t === 'n' && Number.isInteger(v.n) ? v.n : null);

/** A path join: os.path.join and resolve start again at an absolute piece; path.join does not. */
function joinPath(parts: string[], restart: boolean): string {
  let out = '';
  for (const p of parts) {
    if (restart && (p.startsWith('/') || p.startsWith('~'))) out = p;
    else if (out === '' || out.endsWith('/')) out += p;
    else out += `/${p}`;
  }
  return out;
}

/** printf's `%s %d %c %%` (Python's `%`, sprintf, Ruby's `format`) with literal arguments. */
function printf(fmt: string, args: Value[]): string | null {
  let out = '';
  let k = 0;
  for (let i = 0; i < fmt.length; i++) {
    const c = fmt[i]!;
    if (c !== '%') {
      out += c;
      continue;
    }
    const spec = fmt[++i];
    if (spec === '%') out += '%';
    else if (spec === 's' || spec === 'd' || spec === 'i' || spec === 'r') {
      const a = args[k++];
      const s = a ? strOf(a) : null;
      if (s === null) return null;
      out += s;
    } else if (spec === 'c') {
      const a = args[k++];
      const s = a ? (a.t === 's' ? a.s : charOf(a)) : null;
      if (s === null) return null;
      out += s;
    } else return null;
  }
  return out;
}

/** Python's `'{}/{}'.format(a, b)`, `{0}` and `{d}` (`d=…`), with literal arguments. */
function pyFormat(fmt: string, args: Args): string | null {
  let out = '';
  let k = 0;
  for (let i = 0; i < fmt.length; i++) {
    const c = fmt[i]!;
    if (c === '{' && fmt[i + 1] === '{') {
      out += '{';
      i++;
    } else if (c === '}' && fmt[i + 1] === '}') {
      out += '}';
      i++;
    } else if (c === '{') {
      const close = fmt.indexOf('}', i);
      if (close < 0) return null;
      const field = fmt.slice(i + 1, close);
      const a = field === '' ? args[k++] : /^\d+$/.test(field) ? args[Number(field)] : args.named?.get(field);
      const s = a ? strOf(a) : null;
      if (s === null) return null;
      out += s;
      i = close;
    } else out += c;
  }
  return out;
}

/** Perl's and Ruby's `pack`: character codes (`C*`, `c*`, `U*`, `W*`) or hex (`H*`) of literals. */
function pack(template: string, args: Value[]): string | null {
  const t = template.replace(/\s/g, '');
  if (/^[CcUW]\*?$/.test(t) || /^[CcUW]+$/.test(t)) {
    let out = '';
    for (const a of args) {
      const s = charOf(a);
      if (s === null) return null;
      out += s;
    }
    return out;
  }
  if (/^H\*?$/.test(t) && args.length === 1) {
    const s = strOf(args[0]!);
    return s === null ? null : hex(s);
  }
  return null;
}

/** Decoding functions by their last name, applied to literal input. */
const DECODERS: Record<string, (s: string) => string | null> = {
  __proto__: null as never,
  atob: base64,
  b64decode: base64,
  standard_b64decode: base64,
  urlsafe_b64decode: base64,
  decodebytes: base64,
  decodestring: base64,
  a2b_base64: base64,
  decode_base64: base64,
  decode64: base64,
  strict_decode64: base64,
  urlsafe_decode64: base64,
  base64_decode: base64,
  b16decode: hex,
  fromhex: hex,
  unhexlify: hex,
  a2b_hex: hex,
  hex2bin: hex,
  str_rot13: rot13,
  strrev: (s) => [...s].reverse().join(''),
  decodeURIComponent: percent,
  decodeURI: percent,
  unescape: percent,
  unquote: percent,
  unquote_plus: percent,
  urldecode: percent,
  rawurldecode: percent,
  decode_www_form_component: percent,
};

/** Whether reading text in `enc` changes it (base64, hex, rot13, an unknown codec), unlike utf-8. */
function decoding(enc: string | null): boolean {
  const e = (enc ?? 'utf8').toLowerCase().replace(/[-_]/g, '');
  return !(
    e === 'utf8' ||
    e === 'ascii' ||
    e === 'latin1' ||
    e === 'binary' ||
    e === 'utf' ||
    e === 'u8' ||
    e === 'iso88591' ||
    e === 'utf16le' ||
    e === 'ucs2'
  );
}

/** Encodings a `decode(x, enc)` / `Buffer.from(x, enc)` / `.decode(enc)` reads. */
function decodeAs(s: string, enc: string | null): string | null {
  if (!decoding(enc)) return s;
  const e = (enc ?? '').toLowerCase().replace(/[-_]/g, '');
  if (e === 'base64' || e === 'base64url' || e === 'base64codec') return base64(s);
  if (e === 'hex' || e === 'hexcodec') return hex(s);
  if (e === 'rot13') return rot13(s);
  return null;
}

/** Methods a value folds through; a name outside this set after `.` is Perl's/PHP's concatenation. */
const METHODS = new Set([
  'join',
  'split',
  'reverse',
  'format',
  'decode',
  'encode',
  'toString',
  'upper',
  'lower',
  'toUpperCase',
  'toLowerCase',
  'upcase',
  'downcase',
  'replace',
  'replaceAll',
  'gsub',
  'concat',
  'chr',
  'pack',
  'unpack',
  'unpack1',
  'strip',
  'trim',
  'joinpath',
  'chars',
  'expanduser',
  'resolve',
  'to_s',
  'toArray',
  'slice',
  'substring',
  'substr',
  'at',
  'charAt',
  'removeprefix',
  'removesuffix',
  'delete_prefix',
  'delete_suffix',
  'lstrip',
  'rstrip',
  'trimStart',
  'trimEnd',
  'chomp',
  'chop',
  'casefold',
  'swapcase',
  'sub',
  'repeat',
  'glob',
  'rglob',
  'partition',
  'rpartition',
  'iterdir',
  'iglob',
]);

class Folder {
  readonly strings: string[] = [];
  readonly code: string[] = [];
  readonly globs: string[] = [];
  readonly lists: string[] = [];
  obscured = false;
  opensForWrite = false;
  /**
   * The code's working folder relative to where it starts ('' there), moved by a `chdir` to a
   * literal; null after a `chdir` to a value the folder cannot read.
   */
  private cwd: string | null = '';
  private readonly memo: ({ v: Value; end: number } | null | undefined)[] = [];
  private depth = 0;

  /** How many times each name is assigned (`=`, `+=`, `.=`, `:=` …): only a name set once is folded. */
  private readonly assigned: Map<string, number>;
  private readonly vars = new Map<string, Value>();
  /** For each opening bracket, the index of its match (or -1). */
  private readonly match: Int32Array;

  constructor(
    private readonly toks: Tok[],
    private readonly budget: { left: number },
    private readonly env?: CodeEnv,
  ) {
    this.match = matching(toks);
    this.assigned = assignments(toks, this.match);
  }

  private at(i: number): Tok | undefined {
    return this.toks[i];
  }
  private isP(i: number, s: string): boolean {
    const t = this.toks[i];
    return t !== undefined && t.k === 'p' && t.s === s;
  }

  private keep(v: Value): Value {
    if (v.t === 's' && this.strings.length < 256) {
      this.strings.push(v.s);
      this.moved(v.s);
    }
    return v;
  }

  /** After `os.chdir('.claude')`, a relative `'settings.json'` also names `.claude/settings.json`. */
  private moved(s: string): void {
    if (!this.cwd || s === '' || s.length > 1024 || s.startsWith('/') || s.startsWith('~') || /[\s\0]/.test(s)) return;
    if (this.strings.length < 256) this.strings.push(joinPath([this.cwd, s], true));
  }

  /** A variable of the environment the code runs with, when the command set it to a literal. */
  private envValue(key: string): Value {
    if (HOME_VARS.has(key)) return str('~', true);
    const v = this.env?.get(key);
    return typeof v === 'string' && !v.includes('\0') ? this.keep(str(v)) : UNKNOWN;
  }

  /** `os.chdir(x)`, `process.chdir(x)`, `Dir.chdir(x)`, Perl's `chdir x`. */
  private chdir(to: string | null): void {
    this.cwd = to === null || this.cwd === null ? null : to.startsWith('/') || to.startsWith('~') ? to : joinPath([this.cwd, to], true);
  }

  /** A glob the code lists files by: the names it yields may be written. */
  private glob(pattern: string | null, base?: string, into = this.globs): void {
    if (pattern === null || into.length >= 16) return;
    const p = base !== undefined && !pattern.startsWith('/') ? joinPath([base, pattern], true) : pattern;
    const relative = !p.startsWith('/') && !p.startsWith('~');
    // After a chdir to a name the folder cannot read, a relative pattern may be under any folder.
    into.push(relative && this.cwd === null ? `**/${p}` : relative && this.cwd ? joinPath([this.cwd, p], true) : p);
  }

  /** A folder's names listed (`deep`: every name below it): what the folder holds now is what the code may write. */
  private list(dir: string, deep: boolean): void {
    this.glob(deep ? `${dir}/**` : `${dir}/*`, undefined, this.lists);
  }

  /** Every expression start, left to right; a parsed expression is skipped whole. */
  run(): void {
    for (let i = 0; i < this.toks.length; ) {
      // `p = '.cla' + 'ude'`, `my $home = $ENV{HOME}`: a name given one value, once, stands
      // for that value where it is used after.
      const t = this.toks[i]!;
      // Python's annotated `d: str = '.claude'`.
      const typed = t.k === 'id' && this.isP(i + 1, ':') && this.at(i + 2)?.k === 'id' && this.isP(i + 3, '=');
      if (t.k === 'id' && (this.isP(i + 1, '=') || typed) && this.assigned.get(t.s) === 1) {
        const r = this.expr(i + (typed ? 4 : 2));
        this.bind(t.s, r?.v);
        i = r ? r.end : i + 2;
        continue;
      }
      // `a, b = '.claude', 'settings.json'`, `const [a, b] = [...]`, Perl's `my ($a, $b) = (...)`.
      const declares = t.k === 'id' && DECLARES.has(t.s);
      const many = targets(this.toks, this.match, declares ? i + 1 : i);
      if (many) {
        i = this.unpack(many.names, many.eq, many.bare);
        continue;
      }
      const r = this.expr(i);
      i = r && r.end > i ? r.end : i + 1;
    }
  }

  /** A name set once takes a value the folder read. */
  private bind(name: string, v: Value | undefined): void {
    // A function kept under another name (`p = os.path.join`) is that function where it is called.
    if (v && v.t !== 'u' && (v.t !== 'name' || v.name.includes('.')) && this.assigned.get(name) === 1 && this.vars.size < 256) this.vars.set(name, v);
  }

  /**
   * Several names assigned at once from the values after the `=` at `eq`: pairwise, or from
   * one list of as many; JavaScript's `let x, b = v` sets only the last. Returns where the
   * values end.
   */
  private unpack(names: string[], eq: number, bare: boolean): number {
    const values: Value[] = [];
    let end = eq + 1;
    for (let k = eq + 1; values.length <= names.length; ) {
      const r = this.expr(k);
      if (!r) break;
      values.push(r.v);
      end = r.end;
      if (!this.isP(r.end, ',')) break;
      k = r.end + 1;
    }
    const list = values.length === 1 && values[0]!.t === 'l' ? values[0]!.items : values;
    if (list.length === names.length) names.forEach((n, k) => this.bind(n, list[k]));
    else if (bare && values.length === 1) this.bind(names[names.length - 1]!, values[0]);
    return Math.max(end, eq + 1);
  }

  /** An expression at token i: `+`, `.`, `<<`, `-` between products. */
  expr(i: number): { v: Value; end: number } | null {
    // Failures are kept too: a start is parsed once whatever asks for it again.
    const seen = this.memo[i];
    if (seen !== undefined) return seen;
    if (this.depth >= MAX_DEPTH || this.budget.left-- <= 0) return null;
    this.depth++;
    try {
      const r = this.sum(i);
      this.memo[i] = r;
      return r;
    } finally {
      this.depth--;
    }
  }

  private sum(i: number): { v: Value; end: number } | null {
    let left: { v: Value; end: number } | null = this.product(i);
    if (!left) return null;
    for (;;) {
      const j = left.end;
      const op = this.at(j);
      // Python's adjacent literals `'a' 'b'`.
      if (op?.k === 'str' && this.toks[j - 1]?.k === 'str') {
        const right = this.product(j);
        if (!right) break;
        left = { v: this.concat(left.v, right.v), end: right.end };
        continue;
      }
      if (op?.k !== 'p' || (op.s !== '+' && op.s !== '.' && op.s !== '<<' && op.s !== '-')) break;
      const right = this.product(j + 1);
      if (!right) break;
      if (op.s === '-') left = { v: left.v.t === 'n' && right.v.t === 'n' ? { t: 'n', n: left.v.n - right.v.n } : UNKNOWN, end: right.end };
      else if (op.s === '+' && left.v.t === 'n' && right.v.t === 'n') left = { v: { t: 'n', n: left.v.n + right.v.n }, end: right.end };
      else left = { v: this.concat(left.v, right.v), end: right.end };
    }
    return left;
  }

  private concat(a: Value, b: Value): Value {
    const x = a.t === 'n' ? String(a.n) : strOf(a);
    const y = b.t === 'n' ? String(b.n) : strOf(b);
    if (a.t === 'l' && b.t === 'l') return { t: 'l', items: [...a.items, ...b.items] };
    return x !== null && y !== null ? this.keep(str(x + y)) : UNKNOWN;
  }

  /** `*`, `%` (Python's and Ruby's formatting), and Path's `/`. */
  private product(i: number): { v: Value; end: number } | null {
    let left: { v: Value; end: number } | null = this.postfix(i);
    if (!left) return null;
    for (;;) {
      const j = left.end;
      const op = this.at(j);
      if (op?.k !== 'p' || (op.s !== '%' && op.s !== '*' && op.s !== '/')) break;
      if (op.s === '/' && !(left.v.t === 's' && left.v.path)) break;
      const right = this.postfix(j + 1);
      if (!right) break;
      const a: Value = left.v;
      const b: Value = right.v;
      let v: Value = UNKNOWN;
      if (op.s === '*' && a.t === 'n' && b.t === 'n') v = { t: 'n', n: a.n * b.n };
      else if (op.s === '%' && a.t === 's') {
        const s = printf(a.s, b.t === 'l' ? b.items : [b]);
        v = s === null ? UNKNOWN : this.keep(str(s));
      } else if (op.s === '/' && a.t === 's') {
        const s = strOf(b);
        v = s === null ? UNKNOWN : this.keep(str(joinPath([a.s, s], true), true));
      }
      left = { v, end: right.end };
    }
    return left;
  }

  /** A primary followed by calls, subscripts and methods. */
  private postfix(i: number): { v: Value; end: number } | null {
    let cur: { v: Value; end: number } | null = this.primary(i);
    if (!cur) return null;
    let members = 0;
    for (;;) {
      const j: number = cur.end;
      const t = this.at(j);
      if (t?.k !== 'p') break;
      if (t.s === '(' && cur.v.t === 'name') {
        const args = this.args(j);
        if (!args) return { v: UNKNOWN, end: j + 1 };
        cur = { v: this.call(cur.v.name, args.items), end: args.end };
      } else if (t.s === '[' || (t.s === '{' && cur.v.t === 'name' && cur.v.name === '$ENV')) {
        const r = this.subscript(cur.v, j);
        if (!r) break;
        cur = r;
      } else if ((t.s === '.' || t.s === '->' || t.s === '::' || t.s === '?.') && this.at(j + 1)?.k === 'id') {
        const name: string = (this.at(j + 1) as { s: string }).s;
        if (cur.v.t === 'name') {
          // A name of more than a few pieces names nothing the folder knows: the rest of the
          // chain is passed over without building it (a megabyte of `x.y.` made a name each step).
          if (++members > 6) {
            let k = j;
            while (this.at(k + 1)?.k === 'id' && (this.isP(k, '.') || this.isP(k, '::') || this.isP(k, '->'))) k += 2;
            cur = { v: UNKNOWN, end: k };
          } else cur = { v: this.member(cur.v.name, name), end: j + 2 };
        } else if ((name === 'length' || name === 'size') && (cur.v.t === 's' || cur.v.t === 'l') && !this.isP(j + 2, '(')) {
          // JavaScript's `s.length`, Ruby's `s.size`: a number a slice may take.
          cur = { v: { t: 'n', n: listOf(cur.v)!.length }, end: j + 2 };
        } else if (METHODS.has(name) || cur.v.t === 'u') {
          // `.reverse('x')` with an argument is Perl's `'a' . reverse('x')`, not a method.
          if (name === 'reverse' && this.isP(j + 2, '(') && !this.isP(j + 3, ')')) break;
          const called = this.isP(j + 2, '(') ? this.args(j + 2) : null;
          if (this.isP(j + 2, '(') && !called) return { v: UNKNOWN, end: j + 3 };
          cur = { v: this.method(cur.v, name, called?.items ?? null), end: called ? called.end : j + 2 };
        } else break;
      } else break;
    }
    return cur;
  }

  /** A dotted name that is a value of its own (`process.env.HOME`, Ruby's `Dir.home`). */
  private member(base: string, name: string): Value {
    // Only the last pieces of a dotted name decide anything: a long chain keeps its tail, or
    // a megabyte of `x.y.` would copy an ever longer name at each step.
    const cut = base.length > 48 ? base.indexOf('.', base.length - 48) : -1;
    const full = `${cut >= 0 ? base.slice(cut + 1) : base}.${name}`;
    if (base.endsWith('env') || base === 'ENV') {
      const v = this.envValue(name);
      if (v.t !== 'u') return v;
    }
    if (full === 'Dir.home') return str('~', true);
    if (full === 'os.sep' || full === 'path.sep' || full === 'File::SEPARATOR' || full === 'File.SEPARATOR') return str('/');
    return { t: 'name', name: full };
  }

  /** `x[::-1]`, `list[0]`, `os.environ['HOME']`, `$ENV{HOME}`, `$_SERVER['HOME']`. */
  private subscript(v: Value, j: number): { v: Value; end: number } | null {
    const close = this.isP(j, '{') ? '}' : ']';
    // `[::-1]`
    if (close === ']' && this.isP(j + 1, '::') && this.isP(j + 2, '-') && this.at(j + 3)?.k === 'num' && this.isP(j + 4, ']')) {
      const l = listOf(v);
      if (!l) return { v: v.t === 'u' ? this.hidden() : UNKNOWN, end: j + 5 };
      const rev = [...l].reverse();
      return { v: v.t === 's' ? this.keep(str([...v.s].reverse().join(''))) : { t: 'l', items: rev }, end: j + 5 };
    }
    const slice = close === ']' ? this.slice(v, j) : null;
    if (slice) return slice;
    const key = this.at(j + 1);
    const keyText = key?.k === 'id' ? key.s : key?.k === 'str' ? strOf(key.v) : key?.k === 'num' ? key.n : null;
    if (keyText === null || keyText === undefined || !this.isP(j + 2, close)) {
      // A computed subscript: its expression is still folded.
      const inner = this.expr(j + 1);
      if (inner && this.isP(inner.end, close)) return { v: UNKNOWN, end: inner.end + 1 };
      return null;
    }
    if (v.t === 'name') {
      const env = v.name === '$ENV' || v.name.endsWith('environ') || v.name === 'ENV' || v.name.endsWith('env') || v.name === '$_SERVER' || v.name === '$_ENV';
      if (v.name === 'Dir' && typeof keyText === 'string') {
        // Ruby's `Dir['.cl*/*']`
        this.glob(keyText);
        return { v: UNKNOWN, end: j + 3 };
      }
      return { v: env && typeof keyText === 'string' ? this.envValue(keyText) : UNKNOWN, end: j + 3 };
    }
    const l = listOf(v);
    if (l && typeof keyText === 'number') return { v: l[keyText < 0 ? l.length + keyText : keyText] ?? UNKNOWN, end: j + 3 };
    return { v: UNKNOWN, end: j + 3 };
  }

  /**
   * `s[1:-1]`, `s[::2]`, Ruby's `s[0..-2]`, `s[0...-1]` and `s[1, 4]`: bounds that are literal
   * numbers (or names set to one). A slice of a value the folder cannot read is unknown, and a
   * reversing one is a hidden name.
   */
  private slice(v: Value, open: number): { v: Value; end: number } | null {
    const close = this.match[open] ?? -1;
    if (close < 0 || close - open > 24) return null;
    const bounds: (number | null)[] = [null];
    let seps = '';
    for (let k = open + 1; k < close; ) {
      const t = this.at(k)!;
      if (t.k === 'p' && (t.s === ':' || t.s === '::' || t.s === ',' || t.s === '.' || t.s === '...')) {
        // `::` is two colons with no bound between; Ruby's `..` is two `.` tokens.
        const sep = t.s === '.' && this.isP(k + 1, '.') ? '..' : t.s;
        if (sep === '.' || (seps !== '' && (sep === ',' || sep.startsWith('.') || seps.startsWith('.') || seps === ','))) return null;
        seps += sep;
        if (sep === '::') bounds.push(null);
        bounds.push(null);
        k += sep === '..' ? 2 : 1;
        continue;
      }
      if (bounds[bounds.length - 1] !== null) return null;
      // A bound is any expression that folds to a whole number (`-1`, `len(s) - 2`).
      const r = this.expr(k);
      const value = r && r.end > k && r.end <= close ? numOf(r.v) : null;
      if (value === null) return null;
      bounds[bounds.length - 1] = value;
      k = r!.end;
    }
    if (seps === '' || bounds.length > 3) return null;
    const [a = null, b = null, c = null] = bounds;
    const end = close + 1;
    if (v.t === 'u') return { v: (c ?? 1) < 0 ? this.hidden() : UNKNOWN, end };
    if (v.t !== 's' && v.t !== 'l') return { v: UNKNOWN, end };
    let out: Value;
    if (seps === ',') {
      // Ruby's start and length.
      if (a === null || b === null || b < 0) return { v: UNKNOWN, end };
      const from = a < 0 ? a + (v.t === 's' ? [...v.s].length : v.items.length) : a;
      out = sliced(v, from, from + b, 1);
    } else if (seps === '..' || seps === '...') {
      const n = v.t === 's' ? [...v.s].length : v.items.length;
      const to = b === null ? null : seps === '...' ? b : b === -1 ? n : (b < 0 ? b + n : b) + 1;
      out = sliced(v, a, to, 1);
    } else out = sliced(v, a, b, c);
    return { v: out.t === 's' ? this.keep(out) : out, end };
  }

  /**
   * The comma-separated expressions between the bracket at `open` and its match; null when it
   * has none. An argument the folder cannot read (a generator, a lambda) is unknown, and the
   * next comma of this level is found by jumping over each bracketed group: every token is
   * passed once.
   */
  private args(open: number): { items: Args; end: number } | null {
    const close = this.match[open] ?? -1;
    if (close < 0) return null;
    const items: Args = [];
    let j = open + 1;
    while (j < close) {
      // Keyword and spread arguments (`mode='w'`, `...xs`): a keyword's value is an item too
      // (where `open` finds its mode), and kept by name for `'{d}'.format(d=…)`.
      let key: string | undefined;
      if (this.at(j)?.k === 'id' && (this.isP(j + 1, '=') || this.isP(j + 1, ':')) && !this.isP(j + 2, '=')) {
        key = (this.at(j) as { s: string }).s;
        j += 2;
      }
      const spread = this.isP(j, '...') || this.isP(j, '*');
      const r = this.expr(spread ? j + 1 : j);
      if (r && r.end <= close && (r.end === close || this.isP(r.end, ','))) {
        const l = spread ? listOf(r.v) : null;
        if (key !== undefined) {
          items.named ??= new Map();
          items.named.set(key, r.v);
        }
        if (l) items.push(...l);
        else items.push(spread ? UNKNOWN : r.v);
        j = r.end + 1;
        continue;
      }
      items.push(UNKNOWN);
      // The rest of the argument (a comprehension's `for f in glob.glob(…)`, a lambda's body)
      // is folded expression by expression, each start once, up to this level's next comma.
      let k = r && r.end <= close ? r.end : j;
      while (k < close && !this.isP(k, ',')) {
        const e = this.expr(k);
        k = e && e.end > k && e.end <= close ? e.end : (this.match[k] ?? -1) > k ? this.match[k]! + 1 : k + 1;
      }
      j = k + 1;
    }
    return { items, end: close + 1 };
  }

  private primary(i: number): { v: Value; end: number } | null {
    const t = this.at(i);
    if (!t) return null;
    if (t.k === 'str') {
      const v = t.parts ? this.interpolated(t.parts) : t.v;
      if (v.t === 's') this.moved(v.s);
      return { v, end: i + 1 };
    }
    if (t.k === 'num') return { v: { t: 'n', n: t.n }, end: i + 1 };
    // A negative literal (`s.slice(0, -1)`, `substr($s, 0, -1)`).
    const next = this.at(i + 1);
    if (t.s === '-' && next?.k === 'num') return { v: { t: 'n', n: -next.n }, end: i + 2 };
    if (t.k === 'id') {
      // Perl's `scalar reverse $x`, `reverse 'abc'` without parentheses: a string reversed.
      const scalar = t.s === 'scalar' && this.at(i + 1)?.k === 'id' && (this.at(i + 1) as { s: string }).s === 'reverse';
      if (scalar || (t.s === 'reverse' && this.at(i + 1)?.k === 'str')) {
        const r = this.expr(i + (scalar ? 2 : 1));
        if (r) {
          const v = this.call('reverse', [r.v]);
          return { v: v.t === 'u' && v.rev ? this.hidden() : v, end: r.end };
        }
      }
      // `new Buffer(…)`, Ruby's `Pathname.new(…)` read as the call.
      if (t.s === 'new') return this.primary(i + 1);
      // Perl's `chdir '.claude'`, `glob '.cl*/*'` without parentheses.
      if ((t.s === 'chdir' || t.s === 'glob') && this.at(i + 1)?.k === 'str') {
        const r = this.primary(i + 1);
        if (r) return { v: this.call(t.s, [r.v]), end: r.end };
      }
      const known = this.vars.get(t.s);
      if (known && (!this.isP(i + 1, '(') || known.t === 'name')) {
        if (known.t === 's') this.moved(known.s);
        return { v: known, end: i + 1 };
      }
      return { v: { t: 'name', name: t.s }, end: i + 1 };
    }
    if (t.s === '(' || t.s === '[') {
      const r = this.args(i);
      if (!r) return null;
      const tuple = t.s === '[' || r.items.length !== 1 || this.isP(r.end - 2, ',');
      return { v: tuple ? { t: 'l', items: r.items } : r.items[0]!, end: r.end };
    }
    return null;
  }

  /** An interpolating literal whose pieces name variables: known when each is a name set once to a string. */
  private interpolated(parts: Part[]): Value {
    let out = '';
    for (const p of parts) {
      if (typeof p === 'string') out += p;
      else {
        const v = this.vars.get(p.ref);
        const s = v ? strOf(v) : null;
        if (s === null) return UNKNOWN;
        out += s;
      }
    }
    return this.keep(str(out));
  }

  /** A decoder met a value it cannot read: the name it builds is not visible. */
  private hidden(): Value {
    this.obscured = true;
    return UNKNOWN;
  }

  private call(name: string, args: Value[]): Value {
    const last = name.slice(name.lastIndexOf('.') + 1);
    const s0 = args[0] ? strOf(args[0]) : null;
    const decoder = DECODERS[last];
    if (decoder) {
      if (s0 === null) return this.hidden();
      const out = decoder(s0);
      return out === null ? this.hidden() : this.keep(str(out));
    }
    if ((last === 'open' || last === 'fopen' || last === 'sysopen') && args.slice(1).some((a) => a.t === 's' && writeMode(a.s))) this.opensForWrite = true;
    // Python's `str.join('/', xs)`, `str.lower(s)`: the method called on its first argument.
    if (name.startsWith('str.') && args[0] && METHODS.has(last)) return this.method(args[0], last, args.slice(1));
    switch (last) {
      case 'chdir':
        this.chdir(s0);
        return UNKNOWN;
      case 'glob':
      case 'iglob':
      case 'globSync':
      case 'sync':
        // `glob.glob(p)`, `fs.globSync(p)`, `glob.sync(p)`, Ruby's `Dir.glob(p)`, Perl's `glob(p)`.
        if (last !== 'sync' || name.toLowerCase().includes('glob')) for (const a of args[0]?.t === 'l' ? args[0].items : args.slice(0, 1)) this.glob(strOf(a));
        return UNKNOWN;
      case 'lc':
      case 'uc':
      case 'strtolower':
      case 'strtoupper':
        return s0 === null ? UNKNOWN : this.keep(str(last === 'lc' || last === 'strtolower' ? s0.toLowerCase() : s0.toUpperCase()));
      case 'substr': {
        // Perl's and PHP's `substr($s, offset, length)`: a negative length leaves that many off the end.
        const from = numOf(args[1]);
        const len = args[2] ? numOf(args[2]) : null;
        if (s0 === null || from === null || (args[2] && len === null)) return UNKNOWN;
        const n = [...s0].length;
        const start = from < 0 ? Math.max(0, from + n) : from;
        return this.keep(sliced(str(s0), start, len === null ? null : len < 0 ? len + n : start + len, 1));
      }
      case 'len':
        return args.length === 1 && (args[0]!.t === 's' || args[0]!.t === 'l') ? { t: 'n', n: listOf(args[0]!)!.length } : UNKNOWN;
      case 'listdir':
      case 'scandir':
      case 'walk':
      case 'readdirSync':
      case 'readdir':
      case 'opendir':
      case 'entries':
      case 'children':
      case 'each_child': // A folder's names (`os.listdir('.claude')`, `fs.readdirSync(d)`, Ruby's `Dir.children`):
        // a glob of everything in it, or below it for a walk.
        {
          if ((last === 'entries' || last === 'children' || last === 'each_child') && !name.startsWith('Dir')) return UNKNOWN;
          // Perl's `opendir(my $dh, $folder)`: the handle first.
          const dir = last === 'opendir' && args.length >= 2 ? strOf(args[1]!) : args.length === 0 ? '.' : s0;
          if (dir !== null) this.list(dir, last === 'walk');
          return UNKNOWN;
        }
      case 'normpath':
      case 'normalize':
        return s0 === null ? UNKNOWN : this.keep(str(s0, true));
      case 'chr':
      case 'fromCharCode':
      case 'fromCodePoint': {
        let out = '';
        for (const a of args) {
          const c = charOf(a);
          if (c === null) return this.hidden();
          out += c;
        }
        return this.keep(str(out));
      }
      case 'reverse':
      case 'reversed': {
        const l = args.length === 1 ? listOf(args[0]!) : null;
        if (!l) return args[0]?.t === 'u' ? REVERSED : UNKNOWN;
        return args[0]!.t === 's' ? this.keep(str([...l].reverse().map(strOf).join(''))) : { t: 'l', items: [...l].reverse() };
      }
      case 'decode':
      case 'encode': {
        // codecs.decode(x, 'rot13'|'hex'|'base64')
        if (!name.includes('codecs')) return UNKNOWN;
        if (s0 === null) return this.hidden();
        const enc = args[1] ? strOf(args[1]) : null;
        const out = last === 'decode' || enc?.toLowerCase().startsWith('rot') ? decodeAs(s0, enc) : null;
        return out === null ? this.hidden() : this.keep(str(out));
      }
      case 'from':
      case 'Buffer': {
        if (!name.startsWith('Buffer')) return UNKNOWN;
        if (args[0]?.t === 'l') return this.codes(args[0].items);
        const enc = args[1] ? strOf(args[1]) : null;
        if (s0 === null) return args[1] && (enc === null || decoding(enc)) ? this.hidden() : UNKNOWN;
        const out = decodeAs(s0, enc);
        return out === null ? this.hidden() : this.keep(str(out));
      }
      case 'bytes':
      case 'bytearray':
        if (args[0]?.t === 'l') return this.codes(args[0].items);
        return s0 === null ? UNKNOWN : str(s0);
      case 'str':
      case 'String':
        return s0 === null ? UNKNOWN : str(s0);
      case 'map':
        // `map(chr, [46, 99])`
        if (args[0]?.t === 'name' && args[0].name === 'chr' && args[1]) {
          const l = listOf(args[1]);
          if (!l) return this.hidden();
          const out = l.map(charOf);
          return out.every((c) => c !== null) ? { t: 'l', items: out.map((c) => str(c!)) } : this.hidden();
        }
        return UNKNOWN;
      case 'join':
      case 'resolve':
      case 'joinpath':
      case 'Path':
      case 'PurePath':
      case 'PosixPath':
      case 'Pathname':
      case 'expanduser':
      case 'expand_path':
      case 'realpath':
      case 'abspath': {
        // Perl's `join($sep, @list)`: the separator first, then strings and lists.
        if (name === 'join') {
          const items = args.slice(1).flatMap((a) => (a.t === 'l' ? a.items : [a]));
          const parts = items.map(strOf);
          return s0 !== null && parts.every((p) => p !== null) ? this.keep(str(parts.join(s0))) : UNKNOWN;
        }
        const parts = args.map(strOf);
        if (parts.length === 0 || parts.some((p) => p === null)) return UNKNOWN;
        const restart = last !== 'join' || name.includes('os.') || name.startsWith('posixpath');
        return this.keep(str(joinPath(parts as string[], restart), true));
      }
      case 'implode': {
        const l = args[1] ? listOf(args[1]) : null;
        const parts = l?.map(strOf);
        return s0 !== null && parts?.every((p) => p !== null) ? this.keep(str(parts.join(s0))) : UNKNOWN;
      }
      case 'sprintf':
      case 'format':
      case 'printf': {
        if (s0 === null) return UNKNOWN;
        const out = printf(
          s0,
          args.slice(1).flatMap((a) => (a.t === 'l' ? a.items : [a])),
        );
        return out === null ? UNKNOWN : this.keep(str(out));
      }
      case 'pack': {
        if (s0 === null) return UNKNOWN;
        const out = pack(
          s0,
          args.slice(1).flatMap((a) => (a.t === 'l' ? a.items : [a])),
        );
        return out === null ? this.hidden() : this.keep(str(out));
      }
      case 'getenv':
      case 'get':
      case 'fetch':
        return (last === 'getenv' || /(?:^|\.)(?:environ|env|ENV)$/.test(name.slice(0, name.lastIndexOf('.')))) && s0 !== null ? this.envValue(s0) : UNKNOWN;
      case 'eval':
      case 'exec':
      case 'Function':
      case 'compile':
      case 'evaluate':
      case 'instance_eval':
      case 'class_eval':
        if (s0 === null) return this.hidden();
        if (this.code.length < 8) this.code.push(s0);
        return UNKNOWN;
      default:
        return HOME_CALLS.has(last) && args.length === 0 ? str('~', true) : UNKNOWN;
    }
  }

  /**
   * JavaScript's `slice(a, b)`, `substring(a, b)`, `substr(a, n)`, `at(i)`, `charAt(i)` of a
   * string or list. Ruby's `slice(a, n)` takes a length: that name is kept too.
   */
  private jsSlice(v: Value, name: string, args: Value[]): Value {
    const a = args[0] ? numOf(args[0]) : 0;
    const b = args[1] ? numOf(args[1]) : null;
    if (a === null || (args[1] && b === null) || args.length > 2) return UNKNOWN;
    if (v.t !== 's' && v.t !== 'l') return UNKNOWN;
    const n = v.t === 's' ? [...v.s].length : v.items.length;
    let out: Value;
    if (name === 'at' || name === 'charAt') out = sliced(v, a, a === -1 ? null : a + 1, 1);
    else if (name === 'substring') {
      const lo = Math.min(Math.max(a, 0), n);
      const hi = b === null ? n : Math.min(Math.max(b, 0), n);
      out = sliced(v, Math.min(lo, hi), Math.max(lo, hi), 1);
    } else if (name === 'substr') {
      const start = a < 0 ? Math.max(0, a + n) : a;
      out = sliced(v, start, b === null ? null : start + Math.max(b, 0), 1);
    } else {
      out = sliced(v, a, b, 1);
      if (b !== null && b >= 0 && v.t === 's') {
        const start = a < 0 ? Math.max(0, a + n) : a;
        this.keep(sliced(v, start, start + b, 1));
      }
    }
    return out.t === 's' ? this.keep(out) : out;
  }

  private codes(items: Value[]): Value {
    let out = '';
    for (const a of items) {
      const c = charOf(a);
      if (c === null) return this.hidden();
      out += c;
    }
    return this.keep(str(out));
  }

  private method(v: Value, name: string, args: Value[] | null): Value {
    const a0 = args?.[0];
    const s0 = a0 ? strOf(a0) : null;
    if (HOME_CALLS.has(name) && !args?.length) return str('~', true);
    if (v.t === 'u') {
      // A reversal joined back into a string (`s.split('').reverse().join('')`) or a decoder
      // on a value we cannot read: the name it builds is not visible.
      if (name === 'reverse') return REVERSED;
      // `require('path').sep`: the separator, whatever module holds it.
      if (name === 'sep' && args === null) return str('/');
      // `require('fs').globSync(p)` lists from the working folder; `Path(x).glob(p)` from a
      // folder the folder cannot read, so anywhere (`**/p` holds both).
      if (name === 'globSync') this.glob(s0);
      else if (name === 'glob' || name === 'iglob' || name === 'rglob') this.glob(s0 === null ? null : `**/${s0}`);
      if (name === 'join' && (v.rev || (a0?.t === 'u' && a0.rev))) return this.hidden();
      if ((name === 'decode' && (s0 !== null || !a0) && decoding(s0 ?? 'utf8')) || name === 'chr' || name === 'pack' || name === 'unpack1' || name === 'unpack')
        return this.hidden();
      // `require('path').join('.claude', 'settings.json')`: a path module's join under any name.
      if (name === 'join' || name === 'resolve') {
        const parts = (args ?? []).map(strOf);
        if (parts.length > 1 && parts.every((p) => p !== null)) return this.keep(str(joinPath(parts as string[], name === 'resolve'), true));
      }
      return UNKNOWN;
    }
    const s = strOf(v);
    switch (name) {
      case 'join': {
        if (v.t === 'l') {
          const parts = v.items.map(strOf);
          const sep = args?.length ? s0 : name === 'join' && args ? ',' : '';
          return sep !== null && parts.every((p) => p !== null) ? this.keep(str(parts.join(sep))) : UNKNOWN;
        }
        if (s === null || !a0) return UNKNOWN;
        if (a0.t === 'u' && a0.rev) return this.hidden();
        const l = listOf(a0);
        const parts = l?.map(strOf);
        if (v.t === 's' && v.path) return parts?.every((p) => p !== null) ? this.keep(str(joinPath([s, ...(parts as string[])], true), true)) : UNKNOWN;
        return parts?.every((p) => p !== null) ? this.keep(str(parts.join(s))) : UNKNOWN;
      }
      case 'joinpath':
      case 'resolve': {
        const parts = (args ?? []).map(strOf);
        return s !== null && parts.every((p) => p !== null) ? this.keep(str(joinPath([s, ...(parts as string[])], true), true)) : UNKNOWN;
      }
      case 'split':
        if (s === null || (args?.length && s0 === null)) return UNKNOWN;
        return { t: 'l', items: (s0 ? s.split(s0) : [...s]).map((x) => str(x)) };
      case 'chars':
      case 'toArray':
        return s === null ? UNKNOWN : { t: 'l', items: [...s].map((x) => str(x)) };
      case 'reverse':
        if (v.t === 'l') return { t: 'l', items: [...v.items].reverse() };
        return s === null ? UNKNOWN : this.keep(str([...s].reverse().join('')));
      case 'format': {
        if (s === null || !args) return UNKNOWN;
        const out = pyFormat(s, args);
        return out === null ? UNKNOWN : this.keep(str(out));
      }
      case 'decode':
      case 'encode':
      case 'toString': {
        if (s === null) return UNKNOWN;
        if (name !== 'decode' && !(name === 'encode' && s0?.toLowerCase().startsWith('rot'))) return v;
        const out = decodeAs(s, s0);
        return out === null ? this.hidden() : this.keep(str(out));
      }
      case 'unpack1':
      case 'unpack': {
        if (s === null || s0 === null) return UNKNOWN;
        const out = s0.startsWith('m') ? base64(s) : s0.startsWith('H') ? hex(s) : null;
        return out === null ? this.hidden() : this.keep(str(out));
      }
      case 'pack': {
        if (v.t !== 'l' || s0 === null) return UNKNOWN;
        const out = pack(s0, v.items);
        return out === null ? this.hidden() : this.keep(str(out));
      }
      case 'chr':
        return v.t === 'n' ? (charOf(v) === null ? UNKNOWN : str(charOf(v)!)) : UNKNOWN;
      case 'upper':
      case 'toUpperCase':
      case 'upcase':
        return s === null ? UNKNOWN : this.keep(str(s.toUpperCase()));
      case 'lower':
      case 'toLowerCase':
      case 'downcase':
        return s === null ? UNKNOWN : this.keep(str(s.toLowerCase()));
      case 'strip':
      case 'trim':
        return s === null ? UNKNOWN : this.keep(str(s.trim()));
      case 'replace':
      case 'replaceAll':
      case 'gsub':
      case 'sub': {
        const to = args?.[1] ? strOf(args[1]) : null;
        if (s === null || s0 === null || to === null || s0 === '') return UNKNOWN;
        // JavaScript's `replace` and Ruby's `sub` change the first match, Python's `replace`
        // every one (or as many as its count): both names are kept, the value is Python's.
        const first = s.replace(s0, () => to);
        if (name === 'sub' || numOf(args?.[2]) === 1) return this.keep(str(first));
        if (name === 'replace') this.keep(str(first));
        return this.keep(str(s.split(s0).join(to)));
      }
      case 'concat': {
        const parts = (args ?? []).map(strOf);
        return s !== null && parts.every((p) => p !== null) ? this.keep(str(s + parts.join(''))) : UNKNOWN;
      }
      case 'slice':
      case 'substring':
      case 'substr':
      case 'at':
      case 'charAt':
        return this.jsSlice(v, name, args ?? []);
      case 'removeprefix':
      case 'delete_prefix':
        return s !== null && s0 !== null ? this.keep(str(s.startsWith(s0) ? s.slice(s0.length) : s)) : UNKNOWN;
      case 'removesuffix':
      case 'delete_suffix':
        return s !== null && s0 !== null ? this.keep(str(s0 !== '' && s.endsWith(s0) ? s.slice(0, -s0.length) : s)) : UNKNOWN;
      case 'lstrip':
      case 'rstrip':
      case 'trimStart':
      case 'trimEnd':
      case 'chomp':
        return s === null || (a0 && s0 === null) ? UNKNOWN : this.keep(str(stripped(s, s0, name)));
      case 'partition':
      case 'rpartition': {
        if (s === null || s0 === null || s0 === '') return UNKNOWN;
        const at = name === 'partition' ? s.indexOf(s0) : s.lastIndexOf(s0);
        const three = at < 0 ? (name === 'partition' ? [s, '', ''] : ['', '', s]) : [s.slice(0, at), s0, s.slice(at + s0.length)];
        return { t: 'l', items: three.map((x) => this.keep(str(x))) };
      }
      case 'iterdir':
        if (v.t === 's') this.list(v.s, false);
        return UNKNOWN;
      case 'chop':
        return s === null ? UNKNOWN : this.keep(str([...s].slice(0, -1).join('')));
      case 'casefold':
        return s === null ? UNKNOWN : this.keep(str(s.toLowerCase()));
      case 'swapcase':
        return s === null ? UNKNOWN : this.keep(str([...s].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('')));
      case 'repeat': {
        const n = numOf(a0);
        return s !== null && n !== null && n >= 0 && s.length * n <= MAX_LEN ? this.keep(str(s.repeat(n))) : UNKNOWN;
      }
      case 'glob':
      case 'iglob':
      case 'rglob':
        // `Path('.claude').glob('*.json')`; rglob looks in every folder below.
        if (v.t === 's') this.glob(s0 === null ? null : name === 'rglob' ? `**/${s0}` : s0, v.s);
        return UNKNOWN;
      case 'expanduser':
      case 'to_s':
        return v;
      default:
        return UNKNOWN;
    }
  }
}

/** Python's `lstrip`/`rstrip` (of the given characters, else blanks), JavaScript's `trimStart`/`trimEnd`, Ruby's `chomp`. */
function stripped(s: string, chars: string | null, how: string): string {
  if (how === 'chomp') return chars === null ? s.replace(/\r?\n$/, '') : chars !== '' && s.endsWith(chars) ? s.slice(0, -chars.length) : s;
  const drop = (c: string) => (chars === null ? /\s/.test(c) : chars.includes(c));
  let from = 0;
  let to = s.length;
  if (how === 'lstrip' || how === 'trimStart') while (from < to && drop(s[from]!)) from++;
  if (how === 'rstrip' || how === 'trimEnd') while (to > from && drop(s[to - 1]!)) to--;
  return s.slice(from, to);
}

/** An open mode that writes: Python's and PHP's `w`, `a`, `x`, `c`, `+`; Perl's `>`, `>>`, `+<`, pipes (layers after `:` aside). */
function writeMode(mode: string): boolean {
  const m = mode.split(':')[0]!.trim();
  if (/^[rwaxbtcU+]{1,4}$/.test(m)) return /[waxc+]/.test(m);
  return /^\+?[<>]{1,2}&?$/.test(m) ? /[>+]/.test(m) : m === '|-' || m === '-|';
}

const OPENS = new Map([
  ['(', ')'],
  ['[', ']'],
  ['{', '}'],
]);

/** Assignment operators that change a name already set: `+=`, `.=`, `<<=`, `:=`, `||=` … */
const COMPOUND = new Set(['+', '-', '.', '*', '/', '%', '|', '&', '<<', ':', '?', '^', '**', '//']);

/** Words before names being declared (`my ($a, $b) =`, `const [a, b] =`, PHP's `list($a, $b) =`). */
const DECLARES = new Set(['my', 'our', 'local', 'const', 'let', 'var', 'list']);

/** Tokens after which a `a, b` list is arguments or elements, not names being assigned. */
const INSIDE = new Set(['(', '[', '{', ',', '.', '->', '::', '?.']);

/**
 * The names several-at-once assignment at `i` sets: `a, b =` (`bare`), `(a, b) =`, `[a, b] =`
 * (eight at most), and the index of its `=`; null for anything else.
 */
function targets(toks: Tok[], match: Int32Array, i: number): { names: string[]; eq: number; bare: boolean } | null {
  const t = toks[i];
  const prev = toks[i - 1];
  if (!t || (prev?.k === 'p' && INSIDE.has(prev.s))) return null;
  const bracket = t.k === 'p' && (t.s === '(' || t.s === '[');
  if (t.k !== 'id' && !bracket) return null;
  const names: string[] = [];
  let k = bracket ? i + 1 : i;
  for (;;) {
    const n = toks[k];
    if (n?.k !== 'id' || names.length >= 8) return null;
    names.push(n.s);
    const sep = toks[k + 1];
    if (sep?.k !== 'p' || sep.s !== ',') break;
    k += 2;
  }
  const last = k + 1;
  if (bracket && match[i] !== last) return null;
  const eq = bracket ? last + 1 : last;
  const e = toks[eq];
  if (e?.k !== 'p' || e.s !== '=' || (!bracket && names.length < 2)) return null;
  return { names, eq, bare: !bracket };
}

/** How many times each name is assigned; `for x in`, `for (const x of` and compound forms count as more than once. */
function assignments(toks: Tok[], match: Int32Array): Map<string, number> {
  const out = new Map<string, number>();
  const add = (name: string, n: number) => out.set(name, (out.get(name) ?? 0) + n);
  toks.forEach((t, i) => {
    // The names of `a, b =` but its last (counted below, as `b =`), or every one of `[a, b] =`.
    const many = targets(toks, match, i);
    if (many) for (const name of many.bare ? many.names.slice(0, -1) : many.names) add(name, 1);
    if (t.k !== 'id') return;
    const next = toks[i + 1];
    if (next?.k !== 'p') {
      if (next?.k === 'id' && (next.s === 'in' || next.s === 'of')) add(t.s, 2);
      return;
    }
    if (next.s === '=') add(t.s, 1);
    else if (next.s === ':' && toks[i + 2]?.k === 'id' && toks[i + 3]?.k === 'p' && (toks[i + 3] as { s: string }).s === '=') add(t.s, 1);
    else if (COMPOUND.has(next.s) && toks[i + 2]?.k === 'p' && (toks[i + 2] as { s: string }).s === '=') add(t.s, 2);
  });
  return out;
}

/** Each opening bracket's match, by one stack pass; a closer of the wrong kind is passed over. */
function matching(toks: Tok[]): Int32Array {
  const out = new Int32Array(toks.length).fill(-1);
  const stack: number[] = [];
  toks.forEach((t, i) => {
    if (t.k !== 'p') return;
    if (OPENS.has(t.s)) stack.push(i);
    else if (t.s === ')' || t.s === ']' || t.s === '}') {
      const top = stack[stack.length - 1];
      if (top !== undefined && OPENS.get((toks[top] as { s: string }).s) === t.s) out[stack.pop()!] = i;
    }
  });
  return out;
}

/** What folding a piece of code adds to the whole. */
type Sink = { strings: string[]; obscured: boolean; code: string[]; opensForWrite: boolean; globs: string[]; lists: string[]; env?: CodeEnv | undefined };

/** One token per punctuation mark, shared: a megabyte of `.` is not a million objects. */
const PUNCTS = new Map<string, Tok>();
function punct(p: string): Tok {
  let t = PUNCTS.get(p);
  if (!t) {
    t = { k: 'p', s: p };
    if (PUNCTS.size < 256) PUNCTS.set(p, t);
  }
  return t;
}

/** The punctuation mark at `i`: `...`, one of `<< :: -> ?. => == ** //`, or the one character. */
function longPunct(code: string, i: number, ch: string): string {
  const next = code[i + 1];
  switch (ch) {
    case '.':
      return next === '.' && code[i + 2] === '.' ? '...' : ch;
    case '<':
      return next === '<' ? '<<' : ch;
    case ':':
      return next === ':' ? '::' : ch;
    case '-':
      return next === '>' ? '->' : ch;
    case '?':
      return next === '.' ? '?.' : ch;
    case '=':
      return next === '>' ? '=>' : next === '=' ? '==' : ch;
    case '*':
      return next === '*' ? '**' : ch;
    case '/':
      return next === '/' ? '//' : ch;
    default:
      return ch;
  }
}

/**
 * The tokens of `code`. String literals carry their folded value: escapes read, and the
 * pieces of a template (`${…}`), f-string (`{…}`), Ruby `#{…}` or Perl/PHP `$ENV{HOME}`,
 * `@{[…]}`, `{$…}` folded when each is a literal or the home folder.
 */
function tokenize(code: string, budget: { left: number }, depth: number, folder: Sink): Tok[] {
  const toks: Tok[] = [];
  const n = code.length;
  let i = 0;
  // The budget is counted in a local and written back around what shares it (a string's
  // interpolations are folded with the same budget): a property write per character was a
  // third of the time on a megabyte of `x.y.`.
  let left = budget.left;
  while (i < n && left-- > 0) {
    const c = code.charCodeAt(i);
    if (c <= 32) {
      i++;
      continue;
    }
    if (c === 39 || c === 34 || c === 96) {
      const ch = code[i]!;
      // Python's string prefixes: the letters just before the quote.
      const prev = toks[toks.length - 1];
      let prefix = '';
      if (prev?.k === 'id' && /^(?:[rRbBuUfF]{1,2})$/.test(prev.s) && code.charCodeAt(i - 1) === prev.s.charCodeAt(prev.s.length - 1)) {
        prefix = prev.s.toLowerCase();
        toks.pop();
      }
      let j = i + 1;
      let closed = false;
      for (; j < n; j++) {
        const d = code[j]!;
        if (d === ch) {
          closed = true;
          break;
        }
        if (d === '\n' && ch !== '`') break;
        if (d === '\\') j++;
      }
      if (!closed) {
        toks.push(punct(ch));
        i++;
        continue;
      }
      const raw = code.slice(i + 1, j);
      budget.left = left;
      toks.push(stringToken(raw, ch, prefix, budget, depth, folder));
      left = budget.left;
      i = j + 1;
      continue;
    }
    if (isDigit(c) || (c === 46 && isDigit(code.charCodeAt(i + 1)) && toks[toks.length - 1]?.k !== 'str')) {
      let j = i;
      while (j < n && (isIdPart(code.charCodeAt(j)) || (code[j] === '.' && isDigit(code.charCodeAt(j + 1))))) j++;
      const text = code.slice(i, j).replace(/_/g, '');
      const num = /^0[xX][0-9a-fA-F]+$/.test(text)
        ? Number.parseInt(text.slice(2), 16)
        : /^0[oO]?[0-7]+$/.test(text) && text !== '0'
          ? Number.parseInt(text.replace(/^0[oO]?/, ''), 8)
          : /^0[bB][01]+$/.test(text)
            ? Number.parseInt(text.slice(2), 2)
            : Number(text);
      toks.push(Number.isFinite(num) ? { k: 'num', n: num } : { k: 'id', s: text });
      i = j;
      continue;
    }
    if (isIdStart(c) || (c === 64 && isIdStart(code.charCodeAt(i + 1)))) {
      let j = i + 1;
      while (j < n && isIdPart(code.charCodeAt(j))) j++;
      toks.push({ k: 'id', s: code.slice(i, j) });
      i = j;
      continue;
    }
    const p = longPunct(code, i, code[i]!);
    toks.push(punct(p));
    i += p.length;
  }
  budget.left = left;
  return toks;
}

/** Folds one piece of code (an interpolation, or code handed to eval) into `folder`. */
function foldInto(code: string, budget: { left: number }, depth: number, folder: Sink): Value | null {
  if (depth > 3) return null;
  const f = new Folder(tokenize(code, budget, depth + 1, folder), budget, folder.env);
  const first = f.expr(0);
  f.run();
  folder.strings.push(...f.strings.slice(0, 64));
  folder.code.push(...f.code.slice(0, 4));
  folder.globs.push(...f.globs.slice(0, 4));
  folder.lists.push(...f.lists.slice(0, 4));
  if (f.obscured) folder.obscured = true;
  if (f.opensForWrite) folder.opensForWrite = true;
  return first ? first.v : null;
}

/** Where the `}` closing a `{` at `open` is (braces counted), or -1. */
function closingBrace(s: string, open: number): number {
  let depth = 0;
  for (let k = open; k < s.length; k++) {
    if (s[k] === '{') depth++;
    else if (s[k] === '}' && --depth === 0) return k;
  }
  return -1;
}

function stringToken(raw: string, quote: string, prefix: string, budget: { left: number }, depth: number, folder: Sink): Tok {
  const rawPrefix = prefix.includes('r');
  const fString = prefix.includes('f');
  const interpolates = fString || quote === '`' || (quote === '"' && (raw.includes('$') || raw.includes('#{') || raw.includes('@{[')));
  if (!interpolates) {
    const s = rawPrefix ? raw : cook(raw);
    // `'\x2eclaude/…'`: the escapes read are a name the raw text does not show.
    if ((s !== raw || depth > 0) && s.length > 0 && folder.strings.length < 256) folder.strings.push(s);
    return { k: 'str', v: str(s), raw, plain: true };
  }
  let out = '';
  let known = true;
  const piece = (text: string) => (out += rawPrefix ? text : cook(text));
  // `f'{d}/settings.json'`: a bare name is read where the literal is used, from the names set once.
  const parts: Part[] = [];
  const ref = (name: string) => {
    if (parts.length >= 32) known = false;
    parts.push(out, { ref: name });
    out = '';
  };
  let lit = 0;
  for (let k = 0; k < raw.length; k++) {
    const c = raw[k]!;
    if (c === '\\') {
      k++;
      continue;
    }
    let open = -1;
    let skip = 0;
    if (fString && c === '{') {
      if (raw[k + 1] === '{') {
        piece(raw.slice(lit, k + 1));
        lit = k + 2;
        k++;
        continue;
      }
      open = k;
    } else if (fString && c === '}' && raw[k + 1] === '}') {
      piece(raw.slice(lit, k + 1));
      lit = k + 2;
      k++;
      continue;
    } else if ((c === '$' || c === '#') && raw[k + 1] === '{' && !fString) {
      open = k + 1;
      skip = 1;
    } else if (c === '@' && raw.startsWith('@{[', k) && !fString) {
      open = k + 1;
      skip = 1;
    } else if (c === '{' && raw[k + 1] === '$' && quote === '"' && !fString) {
      open = k;
    } else if (c === '$' && quote !== '`' && !fString && isIdStart(raw.charCodeAt(k + 1))) {
      // A Perl or PHP variable: `$ENV{HOME}`, `$ENV{'HOME'}`, `$_SERVER['HOME']`, `$name`.
      let e = k + 1;
      while (e < raw.length && isIdPart(raw.charCodeAt(e)) && raw[e] !== '$') e++;
      const name = raw.slice(k + 1, e);
      let end = e;
      let value: string | null = null;
      let bare = false;
      if (raw[e] === '{' || raw[e] === '[') {
        const close = raw.indexOf(raw[e] === '{' ? '}' : ']', e);
        if (close > 0) {
          const key = raw.slice(e + 1, close).replace(/['"]/g, '');
          const env = folder.env?.get(key);
          if (name === 'ENV' || name === '_SERVER' || name === '_ENV')
            value = HOME_VARS.has(key) ? '~' : typeof env === 'string' && !env.includes('\0') ? env : null;
          end = close + 1;
        }
      } else if (name === 'HOME') value = '~';
      else bare = true;
      piece(raw.slice(lit, k));
      if (value !== null) out += value;
      else if (bare) ref(`$${name}`);
      else known = false;
      lit = end;
      k = end - 1;
      continue;
    }
    if (open < 0) continue;
    const close = closingBrace(raw, open);
    if (close < 0) break;
    piece(raw.slice(lit, k));
    let inner = raw.slice(open + 1, close);
    if (skip && inner.startsWith('[') && inner.endsWith(']') && c === '@') inner = inner.slice(1, -1);
    // A bare name (`{d}`, `${d}`, Perl's `${d}`, PHP's `{$d}`) folds to nothing on its own: it
    // is read where the literal is used, from the names set once. Anything else is folded here.
    // (An f-string's `{x!r}` / `{x:>8}`: the conversion and format follow the expression.)
    const name = inner.trim();
    if (/^[$@]?[A-Za-z_]\w*$/.test(name)) ref(c === '$' && quote === '"' && !name.startsWith('$') && !name.startsWith('@') ? `$${name}` : name);
    else {
      const v = foldInto(inner, budget, depth, folder);
      const s = v ? strOf(v) : null;
      if (s !== null) out += s;
      else known = false;
    }
    lit = close + 1;
    k = close;
  }
  piece(raw.slice(lit));
  if (!known) return { k: 'str', v: UNKNOWN, raw, plain: false };
  if (parts.length > 0) return { k: 'str', v: UNKNOWN, raw, plain: false, parts: [...parts, out] };
  if (out.length > 0 && folder.strings.length < 256) folder.strings.push(out);
  return { k: 'str', v: str(out), raw, plain: false };
}

/**
 * The strings `code` builds from literal pieces, and whether a decoding primitive met a value
 * that is not a literal. Code handed to eval/exec as a folded string is folded in turn.
 */
export function foldCode(whole: string, env?: CodeEnv): Folded {
  // Past MAX_CODE the names are not seen: obscured, so code that writes asks (the hook's time
  // stays bounded on a hostile command, and no inline code people run is that long).
  const code = whole.length > MAX_CODE ? whole.slice(0, MAX_CODE) : whole;
  const budget = { left: code.length * 4 + 1024 };
  const out: Sink = { strings: [], obscured: code !== whole, code: [], opensForWrite: false, globs: [], lists: [], env };
  const f = new Folder(tokenize(code, budget, 0, out), budget, env);
  f.run();
  out.globs.push(...f.globs);
  out.lists.push(...f.lists);
  out.strings.push(...f.strings);
  if (f.obscured) out.obscured = true;
  if (f.opensForWrite) out.opensForWrite = true;
  // Code handed to eval/exec, folded one level deep (what it evals in turn is not followed).
  const evaluated = [...f.code, ...out.code].slice(0, 8);
  for (const inner of evaluated) foldInto(inner, budget, 3, out);
  return {
    strings: out.strings.slice(0, 256),
    obscured: out.obscured,
    code: evaluated,
    opensForWrite: out.opensForWrite,
    globs: out.globs.slice(0, 16),
    lists: out.lists.slice(0, 16),
  };
}
