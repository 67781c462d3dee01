// Where the watch keeps its files under REMIT_HOME: one open watch per session, the baseline's
// file bytes by sha256, and the changed versions a look found, each under its record's id.
import path from 'node:path';

export function watchDir(home: string): string {
  return path.join(home, 'watch');
}

export function watchStateFile(home: string, key: string): string {
  return path.join(watchDir(home), `${key}.json`);
}

/** The last closed baseline of a session, which the next baseline reuses hashes from. */
export function watchLastFile(home: string, key: string): string {
  return path.join(watchDir(home), `${key}.last.json`);
}
