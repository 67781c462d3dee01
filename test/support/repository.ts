// A folder that findProjectRoot (src/core/paths/project-root.ts) takes for a repository's top,
// as git does: its .git holds HEAD. An empty .git would not do.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function makeRepository(dir: string): void {
  mkdirSync(path.join(dir, '.git'), { recursive: true });
  writeFileSync(path.join(dir, '.git', 'HEAD'), 'ref: refs/heads/main\n');
}
