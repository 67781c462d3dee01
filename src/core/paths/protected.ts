// Protected folders are compared after resolving symlinks on both sides: effect paths are
// canonical (their symlinks resolved), so a protected folder must also name where its
// symlinked parts really live. Otherwise `REMIT_HOME/sessions → /elsewhere` lets a write
// to `/elsewhere/<other>.json`, or to `REMIT_HOME/sessions/<other>.json` (which resolves
// there), pass as an ordinary file.
import { type Dirent, lstatSync, readdirSync, readlinkSync, realpathSync } from 'node:fs';
import { canonicalPath } from './canonical.js';

const MAX_ENTRIES = 4096;

/**
 * Whether a link in `dir` names a sibling that is no link itself (a held lock's `pid@host:n`,
 * missing or not): its target is then inside the folder being protected, so the folder's own
 * glob covers it, and a sibling that is a link is resolved as any other. Told by readlink and
 * lstat, without the exception a realpath of a dangling link throws (held locks are on every
 * hook's path).
 */
function pointsAtPlainSibling(dir: string, name: string): boolean {
  try {
    const text = readlinkSync(`${dir}/${name}`);
    if (text === '' || text === '.' || text === '..' || /[\\/]/.test(text)) return false;
    const sibling = lstatSync(`${dir}/${text}`, { throwIfNoEntry: false });
    return sibling === undefined || !sibling.isSymbolicLink();
  } catch {
    return false;
  }
}

/** Canonical targets of the symlinks in `dir` and in its subfolders, `depth` levels down. */
function symlinkTargetsBelow(dir: string, depth = 2): string[] {
  const out: string[] = [];
  let seen = 0;
  const visit = (d: string, level: number): void => {
    let entries: Dirent[];
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (++seen > MAX_ENTRIES) return;
      const full = `${d}/${e.name}`;
      if (e.isSymbolicLink()) {
        if (pointsAtPlainSibling(d, e.name)) continue;
        try {
          out.push(realpathSync.native(full));
        } catch {
          // A dangling link: where it would point is what a write through it creates.
          out.push(canonicalPath(full, '/'));
        }
      } else if (e.isDirectory() && level < depth) visit(full, level + 1);
    }
  };
  visit(dir, 1);
  return [...new Set(out)];
}

/** Globs protecting a folder and everything below it, wherever its symlinked parts point. */
export function protectedTree(dir: string, home?: string): string[] {
  const canon = canonicalPath(dir, '/', home === undefined ? {} : { home });
  const out = [`${canon}/**`, canon];
  for (const t of symlinkTargetsBelow(canon)) out.push(`${t}/**`, t);
  return out;
}
