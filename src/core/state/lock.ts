// The session lock (docs/DESIGN.md#session-state): the folder `<file>.lock`, made with one
// mkdir (atomic: exactly one process creates it), taken synchronously and retried with short
// jittered sleeps until the deadline, so a contended hook waits milliseconds.
//
// The holder names itself (pid@host) in a sibling `<file>.lock.owner`. A folder older than
// LOCK_STALE_MS belongs to a dead process; so does one whose owner is gone from this host (a
// killed hook), which is taken over at once instead of after the stale age. A lock without an
// owner file (killed between the two calls) or from another host waits for the stale age.
// Every hold is synchronous work of milliseconds, so a live lock is never old: no refresh.
// Taking over moves the judged folder aside by rename only if it is still the folder judged
// stale (same inode and mtime), so two waiters never both take one dead lock.
import { lstatSync, mkdirSync, readFileSync, renameSync, rmdirSync, statSync, unlinkSync, writeFileSync, type Stats } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { ownerGone } from '../audit/chain.js';
import { ensurePrivateDir } from './files.js';

export const DEFAULT_LOCK_TIMEOUT_MS = 5000;
/**
 * A lock whose folder is this old belongs to a dead process. It must exceed the timeout: a
 * waiter must time out (GUARD_ERROR) before it could ever mistake a live lock for a dead one.
 */
export const LOCK_STALE_MS = 10_000;

export class LockTimeoutError extends Error {
  readonly code = 'LOCK_TIMEOUT';
  constructor(file: string, ms: number) {
    super(`session lock on ${path.basename(file)} not acquired within ${ms} ms`);
  }
}

export function lockDirOf(file: string): string {
  return `${file}.lock`;
}

export function lockOwnerFile(file: string): string {
  return `${lockDirOf(file)}.owner`;
}

let ownerTag: string | undefined;
function ownerOf(): string {
  ownerTag ??= `${process.pid}@${hostname()}`;
  return ownerTag;
}

function readOwner(file: string): string | null {
  try {
    return readFileSync(lockOwnerFile(file), 'utf8');
  } catch {
    return null;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function release(file: string): void {
  // Ours unless another process took the folder over as stale while we held it.
  const owner = readOwner(file);
  if (owner !== null && owner !== ownerOf()) return;
  try {
    unlinkSync(lockOwnerFile(file));
  } catch {
    // Never written.
  }
  try {
    rmdirSync(lockDirOf(file));
  } catch {
    // Already taken over and removed.
  }
}

/** Removes a held folder that is dead (stale by age, or its owner gone); true when it was. */
function takeOverDead(file: string): boolean {
  const dir = lockDirOf(file);
  let judged: Stats;
  try {
    judged = lstatSync(dir);
  } catch {
    return true; // released meanwhile: try again at once
  }
  const owner = readOwner(file);
  const dead = judged.mtimeMs < Date.now() - LOCK_STALE_MS || (owner !== null && ownerGone(owner));
  if (!dead) return false;
  const aside = `${dir}.${ownerOf()}.${Date.now().toString(36)}.stale`;
  try {
    const now = statSync(dir);
    if (now.ino !== judged.ino || now.mtimeMs !== judged.mtimeMs) return false;
    renameSync(dir, aside);
  } catch {
    return false; // another waiter moved it first
  }
  if (owner !== null && readOwner(file) === owner) {
    try {
      unlinkSync(lockOwnerFile(file));
    } catch {
      // Gone already.
    }
  }
  try {
    rmdirSync(aside);
  } catch {
    // A folder that is not empty is someone else's business; the lock is free either way.
  }
  return true;
}

/** One attempt: true when this process now holds the lock on `file`. */
function tryLock(file: string): boolean {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      mkdirSync(lockDirOf(file), { mode: 0o700 });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') {
        ensurePrivateDir(path.dirname(file));
        continue;
      }
      if (code !== 'EEXIST') throw err;
      if (attempt === 0 && takeOverDead(file)) continue;
      return false;
    }
    try {
      writeFileSync(lockOwnerFile(file), ownerOf(), { mode: 0o600 });
    } catch {
      // Without an owner file the lock is only taken over by age.
    }
    return true;
  }
  return false;
}

/** Runs `fn` holding the lock on `file`; throws LockTimeoutError after `timeoutMs`. */
export async function withLock<T>(file: string, timeoutMs: number, fn: () => T | Promise<T>): Promise<T> {
  const target = path.resolve(file);
  const deadline = Date.now() + timeoutMs;
  let wait = 1;
  while (!tryLock(target)) {
    const left = deadline - Date.now();
    if (left <= 0) throw new LockTimeoutError(target, timeoutMs);
    await sleep(Math.min(left, wait + Math.random() * wait));
    wait = Math.min(wait * 2, 25);
  }
  try {
    return await fn();
  } finally {
    release(target);
  }
}
