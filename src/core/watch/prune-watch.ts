// Retention for the watch's files (docs/DESIGN.md#host-configuration-watch), with the sessions:
// the open watch and last baseline of a session that is removed go with it; a kept copy and a baseline's bytes
// go once they are older than the cutoff, a baseline's bytes only when no open watch names them.
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { watchDir, watchLastFile, watchStateFile } from './files.js';

function mtimeOf(p: string): number | null {
  try {
    return statSync(p).mtimeMs;
  } catch {
    return null;
  }
}

function namesIn(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** The sha256 names every open watch's baseline holds. */
function heldBlobs(home: string): Set<string> {
  const held = new Set<string>();
  for (const n of namesIn(watchDir(home))) {
    if (!n.endsWith('.json')) continue;
    try {
      for (const m of readFileSync(path.join(watchDir(home), n), 'utf8').matchAll(/"([0-9a-f]{64})"/g)) held.add(m[1]!);
    } catch {
      // Unreadable: it names nothing the next baseline will trust either.
    }
  }
  return held;
}

/** Removes what is past `cutoff`; returns how many files or folders went (or would go). */
export function pruneWatch(home: string, cutoff: number, removedSessions: readonly string[], dryRun: boolean): number {
  let n = 0;
  const drop = (p: string) => {
    n++;
    if (!dryRun) rmSync(p, { recursive: true, force: true });
  };
  for (const key of removedSessions) {
    for (const file of [watchStateFile(home, key), watchLastFile(home, key)]) if (mtimeOf(file) !== null) drop(file);
  }
  const kept = path.join(watchDir(home), 'kept');
  for (const name of namesIn(kept)) {
    const t = mtimeOf(path.join(kept, name));
    if (t !== null && t < cutoff) drop(path.join(kept, name));
  }
  const blobs = path.join(watchDir(home), 'blobs');
  const held = heldBlobs(home);
  for (const name of namesIn(blobs)) {
    const t = mtimeOf(path.join(blobs, name));
    if (t !== null && t < cutoff && !held.has(name)) drop(path.join(blobs, name));
  }
  return n;
}
