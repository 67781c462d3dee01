// What changed between the baseline and a later look. Metadata first (type, mode, size, inode,
// change time); a file whose metadata moved but whose bytes and mode are the baseline's (a
// `touch`, an editor's save of the same text) did not change.
import { lstatSync } from 'node:fs';
import { bytesOf, shaOf, type Entry, type Snapshot } from './snapshot.js';

export interface Change {
  path: string;
  how: 'created' | 'deleted' | 'modified';
  before?: Entry;
  after?: Entry;
}

function gone(p: string): boolean {
  try {
    lstatSync(p);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR';
  }
}

function same(p: string, a: Entry, b: Entry): boolean {
  if (a.t !== b.t || a.mode !== b.mode) return false;
  if (a.t === 'l') return a.to !== undefined && a.to === b.to;
  if (a.t !== 'f') return true;
  if (a.size === b.size && a.ino === b.ino && a.ct === b.ct) return true;
  if (a.sha === undefined || a.size !== b.size) return false;
  const buf = bytesOf(p);
  return buf !== null && shaOf(buf) === a.sha;
}

export function changesBetween(base: Snapshot, now: Snapshot): Change[] {
  const out: Change[] = [];
  for (const [p, before] of Object.entries(base.entries)) {
    const after = now.entries[p];
    if (!after) {
      // Past the later look's cap is not gone: only a path that is truly absent was deleted.
      if (!now.partial || gone(p)) out.push({ path: p, how: 'deleted', before });
    } else if (!same(p, before, after)) out.push({ path: p, how: 'modified', before, after });
  }
  // Past a partial baseline's cap a path may have been there all along: nothing can be said.
  if (!base.partial) {
    for (const [p, after] of Object.entries(now.entries)) if (!(p in base.entries)) out.push({ path: p, how: 'created', after });
  }
  return out;
}
