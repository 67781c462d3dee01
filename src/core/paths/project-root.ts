import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { canonicalPath } from './canonical.js';

/**
 * git's own test, cut to what a walk can afford: a `.git` file (a worktree's or submodule's
 * `gitdir:` pointer), or a `.git` folder that holds HEAD. An empty `.git` folder is no
 * repository (a sandbox leaves such mount points in shared folders such as /tmp), and taking
 * it for one would move every `files=` glob of a project below it.
 */
function isRepositoryTop(dir: string): boolean {
  const dotGit = path.posix.join(dir, '.git');
  try {
    const st = statSync(dotGit);
    return st.isFile() || (st.isDirectory() && existsSync(path.posix.join(dotGit, 'HEAD')));
  } catch {
    return false;
  }
}

/**
 * The project root of a session: the git top level of `cwd` (a `.git` folder or file,
 * which covers worktrees and submodules), else `cwd` itself. Found by walking up rather
 * than spawning git, which would cost a process per hook.
 */
export function findProjectRoot(cwd: string): string {
  const start = canonicalPath(cwd, '/');
  let dir = start;
  for (let i = 0; i < 256; i++) {
    if (isRepositoryTop(dir)) return dir;
    const parent = path.posix.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return start;
}
