// The session lock (SPEC section 6): proper-lockfile's mkdir lock on the state file, taken
// synchronously and retried with short jittered sleeps until the deadline, so a contended
// hook waits milliseconds rather than proper-lockfile's back-off seconds.
import lockfile from 'proper-lockfile';
import path from 'node:path';
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

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function tryLock(file: string): (() => void) | null {
  try {
    return lockfile.lockSync(file, {
      realpath: false,
      stale: LOCK_STALE_MS,
      // A compromised lock (its folder removed as stale under us) is not worth crashing a
      // hook over: the write that follows is still atomic, only the ordering is at risk.
      onCompromised: () => {},
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED') return null;
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
