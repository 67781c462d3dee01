// Words to argument values: quote removal is unbash's; this adds the few expansions remit
// can prove statically (known `VAR=literal` values, small brace lists, globs kept as
// patterns) and turns everything else into a dynamic argument.
import { canonicalPath, isWindowsStylePath } from '../paths/canonical.js';
import { INT_VALUE } from './arith.js';
import type { ShWord } from './parse.js';

export interface Arg {
  /** The argument after expansion; null when it depends on run time. */
  readonly value: string | null;
  /** Contains unquoted glob characters (the value is a pattern). */
  readonly glob: boolean;
  /** Starts with an unquoted `~` that the shell expands. */
  readonly tilde: boolean;
  /** The word as typed, for explanations. */
  readonly text: string;
  /** Dynamic, but it expands only to revision words: never an option, a glob or a program (plain-words.ts). */
  readonly plain?: boolean;
}

/** Known variable values; null marks a variable whose value we know we do not know. */
export type Env = Map<string, string | null>;

const MAX_ALTERNATIVES = 64;
const IFS_SPACE = /[ \t\n]+/;
const GLOB_CHARS = /[*?[]/;

export function dynamicArg(text: string): Arg {
  return { value: null, glob: false, tilde: false, text };
}

/** Appends the arguments one word expands to (several for `{a,b}` or a split variable). */
export function expandWord(w: ShWord, env: Env, out: Arg[]): void {
  if (w.lit !== undefined) {
    out.push({ value: w.lit, glob: false, tilde: w.tilde, text: w.text });
    return;
  }
  if (w.procSub) {
    out.push({ value: '/dev/fd/63', glob: false, tilde: false, text: w.text });
    return;
  }
  const segs = w.segs;
  if (segs === null) {
    out.push(w.plain ? { ...dynamicArg(w.text), plain: true } : dynamicArg(w.text));
    return;
  }
  // A word that is exactly one unquoted variable is split on blanks, as the shell does.
  if (segs.length === 1) {
    const s = segs[0]!;
    if (typeof s === 'object' && 'v' in s && !s.q) {
      const val = env.get(s.v);
      if (val === undefined || val === null || val === INT_VALUE) {
        out.push(dynamicArg(w.text));
        return;
      }
      for (const piece of val.split(IFS_SPACE)) {
        if (piece === '') continue;
        out.push({ value: piece, glob: GLOB_CHARS.test(piece), tilde: false, text: w.text });
      }
      return;
    }
  }
  let values = [''];
  let glob = false;
  for (const s of segs) {
    if (typeof s === 'string') {
      for (let i = 0; i < values.length; i++) values[i] += s;
    } else if ('v' in s) {
      const val = env.get(s.v);
      if (val === undefined || val === null || val === INT_VALUE) {
        out.push(dynamicArg(w.text));
        return;
      }
      if (!s.q && (IFS_SPACE.test(val) || val === '')) {
        out.push(dynamicArg(w.text));
        return;
      }
      if (!s.q && GLOB_CHARS.test(val)) glob = true;
      for (let i = 0; i < values.length; i++) values[i] += val;
    } else if ('g' in s) {
      glob = true;
      for (let i = 0; i < values.length; i++) values[i] += s.g;
    } else {
      if (values.length * s.b.length > MAX_ALTERNATIVES) {
        out.push(dynamicArg(w.text));
        return;
      }
      const next: string[] = [];
      for (const v of values) for (const alt of s.b) next.push(v + alt);
      values = next;
    }
  }
  for (const v of values) out.push({ value: v, glob, tilde: w.tilde, text: w.text });
}

/** Expands a word that must stay one argument (a redirect target, a case word). */
export function expandSingle(w: ShWord, env: Env): Arg {
  if (w.lit !== undefined) return { value: w.lit, glob: false, tilde: w.tilde, text: w.text };
  const out: Arg[] = [];
  expandWord(w, env, out);
  return out.length === 1 ? out[0]! : dynamicArg(w.text);
}

export interface PathContext {
  realpath: boolean;
  home: string;
}

function isAbsoluteLike(v: string, tilde: boolean): boolean {
  return v.startsWith('/') || isWindowsStylePath(v) || (tilde && (v === '~' || v.startsWith('~/')));
}

/**
 * The canonical path an argument names, or null when it cannot be proven: a dynamic value,
 * a relative path after an unknown `cd`, `~user`, or a glob outside the last segment (a
 * last-segment glob is kept as a pattern path, which `files=` globs still judge soundly
 * because `*` never crosses `/`).
 */
export function argPath(arg: Arg, cwd: string | null, pc: PathContext): string | null {
  let v = arg.value;
  if (v === null || v === '') return null;
  if (arg.tilde) {
    if (!(v === '~' || v.startsWith('~/'))) return null;
  } else if (v.charCodeAt(0) === 126) {
    // A quoted `~` is a plain folder name.
    v = './' + v;
  }
  if (cwd === null && !isAbsoluteLike(v, arg.tilde)) return null;
  if (arg.glob) {
    const slash = v.lastIndexOf('/');
    const dir = slash >= 0 ? v.slice(0, slash) : '';
    const last = v.slice(slash + 1);
    if (GLOB_CHARS.test(dir) || last === '' || last.charCodeAt(0) === 46 /* . */) return null;
    const base = canonicalPath(dir === '' ? (slash === 0 ? '/' : '.') : dir, cwd ?? '/', { realpath: pc.realpath, home: pc.home });
    return base.endsWith('/') ? base + last : `${base}/${last}`;
  }
  return canonicalPath(v, cwd ?? '/', { realpath: pc.realpath, home: pc.home });
}

/** A word that looks like a path (for `mentionedPaths` of unproven commands). */
export function isPathLike(v: string): boolean {
  if (v.length === 0 || v.length > 4096) return false;
  const c = v.charCodeAt(0);
  if (c === 45 /* - */) {
    // `--output=/x`, `-o/x`: the part after `=` may still name a path.
    return false;
  }
  if (v.includes('://')) return false;
  return v.includes('/') || v.includes('\\') || c === 46 /* . */ || c === 126 /* ~ */;
}
