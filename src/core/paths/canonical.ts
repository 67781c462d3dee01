// The one path normaliser: every effect path, every `files=` glob and every protected
// path goes through here, so a comparison never mixes two spellings of one file.
import { existsSync, lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

const WINDOWS_ABSOLUTE = /^(?:[A-Za-z]:[\\/]|\\\\[^\\]+\\[^\\]+)/;

export function isWindowsStylePath(p: string): boolean {
  return WINDOWS_ABSOLUTE.test(p);
}

function stripWrappingQuotes(p: string): string {
  if (p.length >= 2) {
    const first = p[0];
    const last = p[p.length - 1];
    if ((first === '"' || first === "'") && first === last) return p.slice(1, -1);
  }
  return p;
}

/** Normalises a Windows path to forward slashes with an upper-case drive letter. */
function canonicalWindows(p: string, cwd: string): string {
  const resolved = isWindowsStylePath(p) ? path.win32.normalize(p) : path.win32.resolve(cwd, p);
  let out = resolved.replace(/\\/g, '/');
  if (/^[a-z]:/.test(out)) out = out[0]!.toUpperCase() + out.slice(1);
  if (out.length > 3 && out.endsWith('/')) out = out.slice(0, -1);
  return out;
}

/** Something that makes a path other than `/` and names: an empty, `.` or `..` segment, or a trailing `/`. */
const NOT_PLAIN = /\/\/|\/\.\.?(?:\/|$)|\/$/;

/**
 * An absolute path of names only (`/` itself too): what `path.posix.resolve` and `normalize`
 * return unchanged, so its parent, last name and joins are plain string cuts. Node's path
 * functions walk the path character by character in JavaScript, some microseconds a call
 * before they are optimised, and a write hook made hundreds of them resolving the protected paths.
 */
export function plainAbsolute(p: string): boolean {
  return p.charCodeAt(0) === 47 && (p.length === 1 || !NOT_PLAIN.test(p));
}

/**
 * Resolves symlinks in the longest existing prefix, so a link inside the project that
 * points outside it is judged by where it really writes. Missing tails are kept as given.
 */
function realpathExistingPrefix(p: string, memo?: Map<string, string | null>): string {
  // Every head below a plain path is plain, and is cut rather than taken apart by path.posix.
  const plain = plainAbsolute(p);
  let head = p;
  const tail: string[] = [];
  for (let i = 0; i < 64; i++) {
    const cut = plain ? head.lastIndexOf('/') : -1;
    const parent = plain ? (cut <= 0 ? '/' : head.slice(0, cut)) : path.posix.dirname(head);
    // A folder already found not to resolve holds nothing that does: its children are missing
    // without asking the disk (the hosts' configuration paths share a few such folders).
    const real = memo?.has(head) ? (memo.get(head) ?? null) : parent !== head && memo?.get(parent) === null ? null : realpathIfExists(head);
    memo?.set(head, real);
    // The common case, no link on the way: `p` as given (already normalised) is the answer.
    if (real === head) return p;
    if (real !== null) {
      if (tail.length === 0) return real;
      tail.reverse();
      return plain && plainAbsolute(real) ? `${real === '/' ? '' : real}/${tail.join('/')}` : path.posix.join(real, ...tail);
    }
    if (parent === head) break;
    tail.push(plain ? head.slice(cut + 1) : path.posix.basename(head));
    head = parent;
  }
  return p;
}

/** The real path of `p`, or null when it does not resolve (missing, a dangling link, not a folder on the way). */
function realpathIfExists(p: string): string | null {
  // A check that answers "missing" without throwing or making a Stats object: most protected
  // paths do not exist, and an exception per missing level cost a hook milliseconds over the
  // hosts' configuration paths. Like stat, it follows links and fails on ENOTDIR and EACCES.
  try {
    if (!existsSync(p)) return null;
    return realpathSync.native(p);
  } catch {
    // Changed between the two calls: resolved like a missing component.
    return null;
  }
}

const MAX_LINKS = 40;

/**
 * Resolves `..` the way the kernel does: each component in turn, following a symlink
 * before the `..` after it is applied, so `src/lnk/../b.ts` with `src/lnk → ../docs/inner`
 * is `docs/b.ts`, not `src/b.ts`. Past the first missing component the rest is joined
 * as written. Too many links (a loop) leave the lexical answer.
 */
function resolveLikeKernel(absolute: string): string {
  const queue = absolute.split('/').filter((c) => c !== '' && c !== '.');
  let cur = '/';
  let links = 0;
  while (queue.length > 0) {
    const c = queue.shift()!;
    if (c === '..') {
      cur = path.posix.dirname(cur);
      continue;
    }
    const next = cur === '/' ? `/${c}` : `${cur}/${c}`;
    let isLink: boolean | undefined;
    try {
      isLink = lstatSync(next, { throwIfNoEntry: false })?.isSymbolicLink();
    } catch {
      // ENOTDIR, EACCES …: as missing.
    }
    if (isLink === undefined) return path.posix.resolve(next, ...queue);
    if (!isLink) {
      cur = next;
      continue;
    }
    if (++links > MAX_LINKS) return path.posix.resolve(absolute);
    let target: string;
    try {
      target = readlinkSync(next);
    } catch {
      return path.posix.resolve(next, ...queue);
    }
    if (target.startsWith('/')) cur = '/';
    queue.unshift(...target.split('/').filter((t) => t !== '' && t !== '.'));
  }
  return cur;
}

function hasDotDot(p: string): boolean {
  return p === '..' || p.startsWith('../') || p.endsWith('/..') || p.includes('/../');
}

export interface CanonicalOptions {
  /** Resolve symlinks through the file system (default true). Replay of virtual trees turns it off. */
  realpath?: boolean;
  home?: string;
  /**
   * Real paths already looked up in one batch (folder → real path, null when missing), for a
   * caller resolving many paths under the same folders at one moment (the protected globs).
   */
  memo?: Map<string, string | null>;
}

/**
 * Canonical absolute form of a path the agent named, resolved against `cwd`.
 * `~` expands to the home folder; Windows-style paths keep win32 semantics with `/`.
 */
export function canonicalPath(raw: string, cwd: string, options: CanonicalOptions = {}): string {
  let p = stripWrappingQuotes(raw.trim());
  if (p === '') return canonicalPath('.', cwd, options);
  if (p.startsWith('file://')) p = p.slice('file://'.length);
  if (isWindowsStylePath(p) || (isWindowsStylePath(cwd) && !p.startsWith('/'))) {
    return canonicalWindows(p, cwd);
  }
  // The home folder only for a `~` path: most paths never ask for it.
  if (p === '~') p = options.home ?? homedir();
  else if (p.startsWith('~/')) {
    const home = options.home ?? homedir();
    const joined = `${home === '/' ? '' : home}/${p.slice(2)}`;
    p = plainAbsolute(joined) ? joined : path.posix.join(home, p.slice(2));
  }
  if (options.realpath !== false && hasDotDot(p)) {
    // `..` after a symlink goes up from the link's target, not from the link's folder.
    const joined = p.startsWith('/') ? p : `${cwd}/${p}`;
    return realpathExistingPrefix(resolveLikeKernel(joined), options.memo);
  }
  const abs = plainAbsolute(p) ? p : path.posix.resolve(cwd, p);
  return options.realpath === false ? abs : realpathExistingPrefix(abs, options.memo);
}

/**
 * `path.posix.relative(parent, child)` for a child under the parent: the tail after the
 * parent's folder when both are plain (a string cut), else path.posix's answer.
 */
export function relativeWithin(parent: string, child: string): string {
  const head = parent === '/' ? '/' : `${parent}/`;
  return child.startsWith(head) && plainAbsolute(parent) && plainAbsolute(child) ? child.slice(head.length) : path.posix.relative(parent, child);
}

/** `child` equals `parent` or lies under it (canonical inputs). */
export function isWithin(child: string, parent: string, caseInsensitive = false): boolean {
  const c = caseInsensitive ? child.toLowerCase() : child;
  const p = caseInsensitive ? parent.toLowerCase() : parent;
  if (c === p) return true;
  const base = p.endsWith('/') ? p : p + '/';
  return c.startsWith(base);
}
