// The session lock (ARCHITECTURE.md, state store): proper-lockfile's mkdir lock on the state
// file, taken synchronously and retried with short jittered sleeps until the deadline, so a
// contended hook waits milliseconds rather than proper-lockfile's back-off seconds.
//
// The holder names itself (pid@host) in a sibling `<file>.lock.owner`. A waiter that finds the
// owner gone from this host (a killed hook) ages the lock folder past the stale threshold so
// the next attempt takes it over at once instead of after LOCK_STALE_MS. A lock without an
// owner file (killed between the two) or from another host still waits for the stale age.
import lockfile from 'proper-lockfile';
import { readFileSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { ownerGone } from '../audit/chain.js';
import { ensurePrivateDir } from './files.js';

export const DEFAULT_LOCK_TIMEOUT_MS = 5000;
/**
 * A lock whose folder has not been refreshed for this long belongs to a dead process.
 * It must exceed the timeout: a live holder refreshes every stale/2, and a waiter must time
 * out (GUARD_ERROR) before it could ever mistake a live lock for a dead one.
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

let ownerTag: string | undefined;
function ownerOf(): string {
  ownerTag ??= `${process.pid}@${hostname()}`;
  return ownerTag;
}

export function lockOwnerFile(file: string): string {
  return `${lockDirOf(file)}.owner`;
}

/** When the recorded owner of `file`'s lock is provably dead, makes the lock stale now. */
function expireDeadOwner(file: string): boolean {
  let owner: string;
  try {
    owner = readFileSync(lockOwnerFile(file), 'utf8');
  } catch {
    return false;
  }
  if (!ownerGone(owner)) return false;
  try {
    utimesSync(lockDirOf(file), 0, 0);
    unlinkSync(lockOwnerFile(file));
  } catch {
    // Released or taken over meanwhile.
  }
  return true;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function lockSyncOf(file: string): () => void {
  const release = lockfile.lockSync(file, {
    realpath: false,
    stale: LOCK_STALE_MS,
    // A compromised lock (its folder removed as stale under us) is not worth crashing a
    // hook over: the write that follows is still atomic, only the ordering is at risk.
    onCompromised: () => {},
  });
  try {
    writeFileSync(lockOwnerFile(file), ownerOf(), { mode: 0o600 });
  } catch {
    // Without an owner file the lock is only taken over by age.
  }
  return () => {
    try {
      unlinkSync(lockOwnerFile(file));
    } catch {
      // Never written.
    }
    release();
  };
}

function tryLockOnce(file: string): (() => void) | null {
  try {
    return lockSyncOf(file);
  } catch {
    return null;
  }
}

function tryLock(file: string): (() => void) | null {
  try {
    return lockSyncOf(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED') {
      if (expireDeadOwner(file)) return tryLockOnce(file);
      return null;
    }
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      ensurePrivateDir(path.dirname(file));
      return null;
    }
    throw err;
  }
}

/** Runs `fn` holding the lock on `file`; throws LockTimeoutError after `timeoutMs`. */
export async function withLock<T>(file: string, timeoutMs: number, fn: () => T | Promise<T>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let release = tryLock(file);
  let wait = 1;
  while (!release) {
    const left = deadline - Date.now();
    if (left <= 0) throw new LockTimeoutError(file, timeoutMs);
    await sleep(Math.min(left, wait + Math.random() * wait));
    wait = Math.min(wait * 2, 25);
    release = tryLock(file);
  }
  try {
    return await fn();
  } finally {
    try {
      release();
    } catch {
      // Released already (compromised); nothing to undo.
    }
  }
}
