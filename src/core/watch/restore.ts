// Puts the baseline back for each change, after keeping the changed version where the person
// can read it: nothing the command wrote is lost, and nothing it wrote stays in force.
// Removals go deepest first (a created folder's files before the folder), re-creations
// shallowest first (a deleted folder before its files). A file goes back by a temp file renamed
// over the path, so a reader (the host) never sees half of it and a link put in its place is
// replaced, not followed.
import { chmodSync, mkdirSync, rmdirSync, symlinkSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import type { Change } from './compare.js';
import { writeFileAtomic } from '../state/files.js';
import { bytesOf } from './snapshot.js';

export interface PutBack {
  restored: string[];
  /** Changes that could not be undone (bytes not kept, a folder put where a file was, an error). */
  failed: string[];
}

/** Bytes of the changed version kept, at most, per file. */
const KEEP_BYTES = 1024 * 1024;

/** The baseline's bytes and mode, by a temp file renamed over the path (a link there is replaced, not followed). */
function writeBack(p: string, buf: Buffer, mode: number): void {
  writeFileAtomic(p, buf, { mode, exactMode: true, dirMode: null });
}

function removeAny(p: string, t: string | undefined): void {
  if (t === 'd') rmdirSync(p);
  else unlinkSync(p);
}

/** Keeps what the change left at `c.path` under `keepDir` (a file's bytes, a link's target). */
function keep(c: Change, n: number, keepDir: string, list: unknown[]): void {
  const item: Record<string, unknown> = { path: c.path, how: c.how };
  if (c.after?.t === 'f') {
    const buf = bytesOf(c.path, KEEP_BYTES);
    if (buf) {
      const name = String(n);
      writeFileKept(path.join(keepDir, name), buf);
      item.kept = name;
    }
  } else if (c.after?.t === 'l') item.linkTo = c.after.to;
  list.push(item);
}

function writeFileKept(file: string, buf: Buffer): void {
  writeFileAtomic(file, buf, { sync: false });
}

export function putBack(changes: readonly Change[], blobOf: (sha: string) => Buffer | null, keepDir: string): PutBack {
  const out: PutBack = { restored: [], failed: [] };
  const list: unknown[] = [];
  changes.forEach((c, i) => {
    try {
      keep(c, i, keepDir, list);
    } catch {
      // Keeping is for the person's sake; the restore below still runs.
    }
  });
  try {
    writeFileKept(path.join(keepDir, 'changes.json'), Buffer.from(`${JSON.stringify(list, null, 2)}\n`));
  } catch {
    // As above.
  }
  const depth = (c: Change) => c.path.split('/').length;
  const removals = changes.filter((c) => c.how === 'created').sort((a, b) => depth(b) - depth(a));
  const returns = changes.filter((c) => c.how !== 'created').sort((a, b) => depth(a) - depth(b));
  for (const c of removals) {
    try {
      removeAny(c.path, c.after?.t);
      out.restored.push(c.path);
    } catch {
      out.failed.push(c.path);
    }
  }
  for (const c of returns) {
    const b = c.before!;
    try {
      if (b.t === 'f') {
        const buf = b.sha ? blobOf(b.sha) : null;
        if (!buf || c.after?.t === 'd') throw new Error('cannot put back');
        writeBack(c.path, buf, b.mode);
      } else if (b.t === 'd') {
        if (c.after && c.after.t !== 'd') removeAny(c.path, c.after.t);
        if (c.after?.t !== 'd') mkdirSync(c.path, { mode: b.mode });
        chmodSync(c.path, b.mode);
      } else if (b.t === 'l' && b.to !== undefined) {
        if (c.after) removeAny(c.path, c.after.t);
        symlinkSync(b.to, c.path);
      } else throw new Error('cannot put back');
      out.restored.push(c.path);
    } catch {
      out.failed.push(c.path);
    }
  }
  return out;
}
