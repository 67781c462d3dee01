// A bounded picture of the watched files: enough to tell a change (type, mode, size, inode and
// change time — ctime, which no user-space call can set back, where mtime can be) and, for files
// small enough, the bytes to put back. Links are never followed (lstat): a link is recorded as
// the name it points to. The walk and the bytes kept are capped, so a host's large plugin tree
// costs a bounded number of system calls; past the cap the picture says it is partial.
import { lstatSync, readdirSync, readlinkSync, type BigIntStats } from 'node:fs';
import { hexOf } from '../crypto/bytes.js';
import { viaWebAssembly } from '../crypto/sha256.js';
import { readRegularFileSync } from '../state/files.js';
import type { WatchPlan } from './targets.js';

export interface Entry {
  /** f file, d folder, l link, o anything else (a FIFO, a socket). */
  t: 'f' | 'd' | 'l' | 'o';
  mode: number;
  size: number;
  ino: number;
  /** Change time in nanoseconds, as a string (a bigint does not survive JSON). */
  ct: string;
  /** sha256 of a file's bytes, when read; the bytes are kept under that name (store.ts). */
  sha?: string;
  /** A link's target. */
  to?: string;
}

export interface Snapshot {
  entries: Record<string, Entry>;
  /** The walk stopped at its cap: a file past it is not watched. */
  partial?: true;
}

/** A baseline's file bytes by sha256, for the store to keep (what a restore writes back). */
export type Blobs = Map<string, Buffer>;

export const LIMITS = {
  /** Entries walked over all targets. */
  entries: 2_000,
  /** Folder depth below a tree target. */
  depth: 8,
  /** A file larger than this is compared by its metadata only and cannot be put back. */
  fileBytes: 128 * 1024,
  /** Bytes read over all files. */
  keptBytes: 1024 * 1024,
};

/**
 * sha256 through remit's WebAssembly at every length: a watch file of a plugin tree is some
 * 80 KB, which node:crypto would hash faster than its own load costs a spawned hook.
 */
export function shaOf(buf: Buffer): string {
  return hexOf(viaWebAssembly.sha256(buf));
}

function entryOf(st: BigIntStats): Entry {
  const t = st.isFile() ? 'f' : st.isDirectory() ? 'd' : st.isSymbolicLink() ? 'l' : 'o';
  return { t, mode: Number(st.mode & 0o7777n), size: Number(st.size), ino: Number(st.ino), ct: String(st.ctimeNs) };
}

function statOf(p: string): Entry | null {
  try {
    return entryOf(lstatSync(p, { bigint: true }));
  } catch {
    return null;
  }
}

/** The file's bytes within the limits, or null (too large, unreadable, gone, not a file). */
export function bytesOf(p: string, limit = LIMITS.fileBytes): Buffer | null {
  try {
    return readRegularFileSync(p, limit);
  } catch {
    return null;
  }
}

/**
 * Takes the picture. `blobs`: read file bytes into it (the baseline); without it only metadata
 * (a later look, compared against a baseline). `last`: an earlier baseline whose hash a file
 * keeps while its type, mode, size, inode and change time are the same (its bytes were kept
 * then), so only what moved is read. Single files come before trees, so a large plugin tree
 * never takes the budget a settings file needs.
 */
export function takeSnapshot(plan: WatchPlan, blobs?: Blobs, last?: Snapshot): Snapshot {
  const snap: Snapshot = { entries: {} };
  const skip = new Set(plan.skip);
  let count = 0;
  let kept = 0;
  const add = (p: string): Entry | null => {
    if (count >= LIMITS.entries) {
      snap.partial = true;
      return null;
    }
    if (skip.has(p)) return null;
    const e = statOf(p);
    if (!e) return null;
    count++;
    if (e.t === 'l') {
      try {
        e.to = readlinkSync(p);
      } catch {
        // Gone between the two calls: recorded as a link without a target, which compares unequal.
      }
    } else if (e.t === 'f' && blobs && e.size <= LIMITS.fileBytes && kept + e.size <= LIMITS.keptBytes) {
      const was = last?.entries[p];
      if (was?.sha && was.t === 'f' && was.mode === e.mode && was.size === e.size && was.ino === e.ino && was.ct === e.ct) {
        e.sha = was.sha;
        kept += e.size;
        snap.entries[p] = e;
        return e;
      }
      const buf = bytesOf(p);
      if (buf) {
        e.sha = shaOf(buf);
        blobs.set(e.sha, buf);
        kept += buf.length;
      }
    }
    snap.entries[p] = e;
    return e;
  };
  const walk = (dir: string, depth: number): void => {
    if (depth > LIMITS.depth) {
      snap.partial = true;
      return;
    }
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch {
      return;
    }
    for (const n of names) {
      if (count >= LIMITS.entries) {
        snap.partial = true;
        return;
      }
      // dir is absolute and normal already: a join would normalise it again for every entry.
      const p = `${dir}/${n}`;
      const e = add(p);
      if (e?.t === 'd') walk(p, depth + 1);
    }
  };
  const ordered = [...plan.targets].sort((a, b) => Number(a.tree) - Number(b.tree));
  for (const t of ordered) {
    const e = add(t.path);
    if (t.tree && e?.t === 'd') walk(t.path, 1);
  }
  return snap;
}
