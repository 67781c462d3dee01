// The one glob matcher for `files=` (SPEC section 3): picomatch semantics with dotfiles,
// `**` crossing `/`, `*` not; globs stored canonical and absolute.
import picomatch from 'picomatch';
import path from 'node:path';
import { canonicalPath, isWindowsStylePath } from './canonical.js';

/** Makes a typed glob absolute against the project root, keeping its pattern characters. */
export function resolveGlob(glob: string, projectRoot: string): string {
  let g = glob.trim().replace(/\\/g, '/');
  if (g.startsWith('./')) g = g.slice(2);
  const windows = isWindowsStylePath(glob) || isWindowsStylePath(projectRoot);
  if (windows) {
    const rootFwd = projectRoot.replace(/\\/g, '/').replace(/\/$/, '');
    return /^[A-Za-z]:\//.test(g) ? g[0]!.toUpperCase() + g.slice(1) : `${rootFwd}/${g}`;
  }
  if (g.startsWith('/')) return path.posix.normalize(g);
  if (g.startsWith('~/')) return canonicalPath('~', '/', { realpath: false }) + g.slice(1);
  // Normalise `..` and `.` segments in the literal prefix only; patterns stay as typed.
  const joined = path.posix.join(projectRoot, g);
  return joined;
}

export type PathMatcher = (canonical: string) => boolean;

const matcherCache = new Map<string, PathMatcher>();

export function compileGlobs(globs: readonly string[], caseInsensitive = false): PathMatcher {
  const key = (caseInsensitive ? 'i:' : 's:') + globs.join('\u0000');
  const cached = matcherCache.get(key);
  if (cached) return cached;
  const matchers = globs.map((g) => {
    const m = picomatch(g, { dot: true, nocase: caseInsensitive });
    // `dir/**` also names the folder itself.
    const bare = g.endsWith('/**') ? g.slice(0, -3) : null;
    return (p: string) => m(p) || (bare !== null && (caseInsensitive ? p.toLowerCase() === bare.toLowerCase() : p === bare));
  });
  const fn: PathMatcher = (p) => matchers.some((m) => m(p));
  if (matcherCache.size > 256) matcherCache.clear();
  matcherCache.set(key, fn);
  return fn;
}
