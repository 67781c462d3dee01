// What the run-time watch looks at: the protected host-configuration globs turned into concrete
// paths. A glob is a claim about names; the watch needs files it can stat, so `~/x` and `/etc/x`
// stay as they are (already canonical), `**/x` stands for `x` under the project root (where a
// host reads its project configuration), and a trailing `/**` makes the path a tree to walk.
// A glob with a wildcard anywhere else names nothing the watch can list: it stays with the
// static rules alone.
import path from 'node:path';

export interface WatchTarget {
  path: string;
  /** Walk everything below `path` (bounded, see snapshot.ts). */
  tree: boolean;
}

export interface WatchPlan {
  targets: WatchTarget[];
  /**
   * Paths the host itself writes while a call runs (a permission the person grants at the
   * host's prompt, the host's own state): never compared, so the watch never undoes the
   * person's answer. The static rules still refuse a command that names one.
   */
  skip: string[];
}

const WILDCARD = /[*?[{]/;

export function watchPlan(globs: readonly string[], projectRoot: string | undefined, hostWritten: readonly string[] = []): WatchPlan {
  const seen = new Map<string, WatchTarget>();
  const skip = [...new Set(hostWritten.map((g) => rooted(g, projectRoot)).filter((p): p is string => p !== null))];
  for (const g of globs) {
    const tree = g.endsWith('/**');
    const p = rooted(tree ? g.slice(0, -3) : g, projectRoot);
    if (p === null || skip.includes(p)) continue;
    const had = seen.get(p);
    if (!had || (tree && !had.tree)) seen.set(p, { path: p, tree });
  }
  return { targets: [...seen.values()], skip };
}

/** The absolute path a glob stands for, or null when it has a wildcard the watch cannot list. */
function rooted(g: string, projectRoot: string | undefined): string | null {
  // `**/x` as an adapter writes it, `/**/x` once canonicalised (create-runtime.ts).
  let p = g.startsWith('/**/') ? g.slice(1) : g;
  if (p.startsWith('**/')) {
    if (!projectRoot) return null;
    p = path.join(projectRoot, p.slice(3));
  }
  if (!path.isAbsolute(p) || WILDCARD.test(p)) return null;
  return path.normalize(p);
}
