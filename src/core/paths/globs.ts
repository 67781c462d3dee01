// The one glob matcher for `files=` (docs/DESIGN.md#task-contract): picomatch semantics with dotfiles,
// `**` crossing `/`, `*` not; globs stored canonical and absolute.
import path from 'node:path';
import { canonicalPath, isWindowsStylePath } from './canonical.js';
import { load } from './picomatch-module.js';

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

const GLOB_CHARS = /[*?[\]{}()!+@]/;

/**
 * The literal segments a path must contain for `glob` to match it. Checking them first lets a
 * hook skip compiling the dozens of protected-path globs a write cannot touch: picomatch's
 * compilation, not the match, is what costs (about 0.3 ms a glob on the machines measured).
 */
function literalSegments(glob: string, caseInsensitive: boolean): string[] {
  const segs = glob.split('/').filter((seg) => seg !== '' && !GLOB_CHARS.test(seg) && !seg.includes('\\'));
  return caseInsensitive ? segs.map((seg) => seg.toLowerCase()) : segs;
}

/** A glob of plain names only, with or without a trailing `/**`: what plainGlobMatcher answers without picomatch. */
const PLAIN_GLOB = /^((?:\/[A-Za-z0-9._~ -]+)+)(\/\*\*)?$/;
/** What picomatch's `.` does not match (its regex has no `s` flag). */
const LINE_BREAK = /[\n\r\u2028\u2029]/;
const DOT_SEGMENT = /(?:^|\/)\.\.?(?:\/|$)/;

/**
 * The matcher picomatch makes (with `dot`, and `nocase` when asked) for `/x/y` or `/x/y/**`,
 * as string tests: the folder itself or anything under it whose tail has no `.` or `..`
 * segment and no line break, exactly what its expression accepts (a test holds the two
 * together; case-folded, both sides are lower-cased, which for the plain ASCII names such a
 * glob holds is what `nocase` matches, and at most wider). A files= scope such as `src/**` and
 * a protected folder are such globs, and picomatch's compilation is most of what matching
 * costs a hook. Anything else is undefined.
 */
export function plainGlobMatcher(glob: string, caseInsensitive: boolean): ((p: string) => boolean) | undefined {
  const m = PLAIN_GLOB.exec(glob);
  if (!m || DOT_SEGMENT.test(m[1]!)) return undefined;
  const literal = caseInsensitive ? m[1]!.toLowerCase() : m[1]!;
  const fold = caseInsensitive ? (p: string) => p.toLowerCase() : (p: string) => p;
  if (!m[2]) return (p) => fold(p) === literal;
  const under = `${literal}/`;
  return (raw) => {
    const p = fold(raw);
    return p === literal || (p.startsWith(under) && !LINE_BREAK.test(p.slice(under.length)) && !DOT_SEGMENT.test(p.slice(under.length)));
  };
}

/** What picomatch (or a backslash escape) reads as other than itself. */
const SPECIAL = /[*?[\]{}()!+@\\]/;

/**
 * The literal text every path `glob` matches starts with: the glob up to the `/` before its
 * first pattern character (the whole glob when it has none; `''` for one starting with a
 * pattern, such as `**` for the copy in each project). picomatch anchors its expression at the
 * start and matches plain characters as themselves, so a path without this head cannot match;
 * `dir/**`, which also names `dir`, has `dir` as its head.
 */
export function literalHead(glob: string): string {
  // picomatch drops a leading `./` from a glob (remit's globs are absolute; this keeps the rule exact).
  if (glob.startsWith('./')) return '';
  const i = glob.search(SPECIAL);
  return i < 0 ? glob : glob.slice(0, Math.max(0, glob.lastIndexOf('/', i)));
}

export function compileGlobs(globs: readonly string[], caseInsensitive = false): PathMatcher {
  const key = (caseInsensitive ? 'i:' : 's:') + globs.join('\u0000');
  const cached = matcherCache.get(key);
  if (cached) return cached;
  const matchers = globs.map((g) => {
    let compiled: ((p: string) => boolean) | undefined;
    // Read on the glob's first use: a write hook asks some seventy protected globs about one
    // path, which the literal head of most of them already rules out.
    let head: string | undefined;
    let literals: string[] | undefined;
    // `dir/**` also names the folder itself.
    const bare = g.endsWith('/**') ? g.slice(0, -3) : null;
    return (p: string) => {
      const subject = caseInsensitive ? p.toLowerCase() : p;
      head ??= caseInsensitive ? literalHead(g).toLowerCase() : literalHead(g);
      if (!subject.startsWith(head)) return false;
      literals ??= literalSegments(g, caseInsensitive);
      if (!literals.every((l) => subject.includes(l))) return false;
      compiled ??= plainGlobMatcher(g, caseInsensitive) ?? load.picomatch()(g, { dot: true, nocase: caseInsensitive });
      return compiled(p) || (bare !== null && (caseInsensitive ? p.toLowerCase() === bare.toLowerCase() : p === bare));
    };
  });
  const fn: PathMatcher = (p) => matchers.some((m) => m(p));
  if (matcherCache.size > 256) matcherCache.clear();
  matcherCache.set(key, fn);
  return fn;
}

/** A folder as folderHolder compares it: case-folded when asked, without a trailing `/` (`/` stays). */
function folderKey(folder: string, caseInsensitive: boolean): string {
  const f = caseInsensitive ? folder.toLowerCase() : folder;
  return f.length > 1 && f.endsWith('/') ? f.slice(0, -1) : f;
}

/**
 * Whether a change to `folder` (deleting, moving, replacing or extracting into it) may
 * change a path `glob` protects: the folder is the glob's literal head or one of its
 * parents (`rm -rf ~/.claude` for `~/.claude/settings.json`). A glob that starts with `**`
 * stands for the copy in each project root: the folder is that root or above it
 * (`tar -C .`), or already inside the protected tail (`rm -rf .claude`). Deeper nested
 * copies are not counted: hosts read their configuration from known places.
 *
 * Each glob is read once into what the question needs (its literal head, or its `**` tail
 * and the tail's place under each root), so asking it for every effect of an action costs
 * string comparisons only.
 */
export function folderHolder(glob: string, roots: readonly string[], caseInsensitive: boolean): (folder: string) => boolean {
  const lower = (x: string) => (caseInsensitive ? x.toLowerCase() : x);
  const segs = lower(glob).split('/');
  const firstGlob = segs.findIndex((s) => GLOB_CHARS.test(s));
  const lead = segs[0] === '' ? 1 : 0;
  const within = (f: string, child: string) => f === '/' || child === f || child.startsWith(f + '/');
  if (firstGlob < 0 || firstGlob > lead) {
    const head = (firstGlob < 0 ? segs : segs.slice(0, firstGlob)).join('/') || '/';
    return (folder) => within(folderKey(folder, caseInsensitive), head);
  }
  if (segs[lead] !== '**') return (folder) => folderKey(folder, caseInsensitive) === '/';
  const literal: string[] = [];
  for (const s of segs.slice(lead + 1)) {
    if (GLOB_CHARS.test(s)) break;
    literal.push(s);
  }
  if (literal.length === 0) return () => false;
  const underRoots = roots.map((r) => `${lower(r).replace(/\/$/, '')}/${literal.join('/')}`);
  const suffixes = literal.map((_, i) => '/' + literal.slice(0, i + 1).join('/'));
  return (folder) => {
    const f = folderKey(folder, caseInsensitive);
    return underRoots.some((r) => within(f, r)) || suffixes.some((sfx) => f.endsWith(sfx));
  };
}

/**
 * folderHolder, read only when a folder could be its answer: a glob whose first segment is
 * plain names a literal head that starts the glob, so a folder holds it only when it is `/`,
 * the glob itself or a folder the glob starts inside (a necessary condition, checked by string
 * tests); only a glob whose first segment has a pattern (`**` for the copy in each project)
 * is always read. A write hook asks this of some fifty protected globs for one path inside
 * the project, which none of them passes, so it no longer splits and reads every glob (a
 * quarter of a millisecond of a write hook; a test holds the two to the same answers).
 */
export function lazyFolderHolder(glob: string, roots: readonly string[], caseInsensitive: boolean): (folder: string) => boolean {
  const g = caseInsensitive ? glob.toLowerCase() : glob;
  const start = g.startsWith('/') ? 1 : 0;
  const end = g.indexOf('/', start);
  const first = end < 0 ? g.slice(start) : g.slice(start, end);
  const patternFirst = GLOB_CHARS.test(first);
  // A `**/name/…` glob (the copy in each project) is held only by a folder that is a root or
  // above one, or that names `name` (`<root>/name`, `…/name/…`): folderHolder's two answers,
  // under a root and by suffix, both need one of these, so other folders skip its reading.
  let named: string | undefined;
  let rootsLower: string[] | undefined;
  if (first === '**' && end >= 0) {
    const next = g.indexOf('/', end + 1);
    named = `/${next < 0 ? g.slice(end + 1) : g.slice(end + 1, next)}`;
  }
  let holder: ((folder: string) => boolean) | undefined;
  return (folder) => {
    if (!patternFirst || named !== undefined) {
      const f = folderKey(folder, caseInsensitive);
      if (named !== undefined) {
        rootsLower ??= roots.map((r) => (caseInsensitive ? r.toLowerCase() : r).replace(/\/$/, ''));
        if (f !== '/' && !f.includes(named) && !rootsLower.some((r) => r === f || r.startsWith(`${f}/`))) return false;
      } else if (f !== '/' && g !== f && !g.startsWith(`${f}/`)) return false;
    }
    holder ??= folderHolder(glob, roots, caseInsensitive);
    return holder(folder);
  };
}

const protectedCache = new Map<string, { matches: PathMatcher; folderHolds: PathMatcher }>();

/**
 * A matcher for protected paths, plus `folderHolds`: whether a change to a folder may
 * change a protected path below it. `roots` are the project roots a `**` glob stands for.
 */
export function compileProtectedGlobs(
  globs: readonly string[],
  roots: readonly string[],
  caseInsensitive = false,
): { matches: PathMatcher; folderHolds: PathMatcher } {
  const key = `${caseInsensitive ? 'i' : 's'}\u0000${roots.join('\u0001')}\u0000${globs.join('\u0000')}`;
  const cached = protectedCache.get(key);
  if (cached) return cached;
  const holders = globs.map((g) => lazyFolderHolder(g, roots, caseInsensitive));
  const compiled = { matches: compileGlobs(globs, caseInsensitive), folderHolds: (folder: string) => holders.some((h) => h(folder)) };
  if (protectedCache.size > 64) protectedCache.clear();
  protectedCache.set(key, compiled);
  return compiled;
}
