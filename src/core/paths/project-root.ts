import { statSync } from 'node:fs';
import path from 'node:path';
import { canonicalPath } from './canonical.js';

/**
 * The project root of a session: the git top level of `cwd` (a `.git` folder or file,
 * which covers worktrees and submodules), else `cwd` itself. Found by walking up rather
 * than spawning git, which would cost a process per hook.
 */
export function findProjectRoot(cwd: string): string {
  const start = canonicalPath(cwd, '/');
  let dir = start;
  for (let i = 0; i < 256; i++) {
    try {
      statSync(path.posix.join(dir, '.git'));
      return dir;
    } catch {
      const parent = path.posix.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  return start;
}
