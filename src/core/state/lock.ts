// The locks of REMIT_HOME (ARCHITECTURE.md, state store): the session lock on a state file and
// the audit lock on an audit file. A lock is a symlink `<file>.lock` whose target names its
// holder, `pid@host`. symlink(2) creates it with its owner in one step and fails with EEXIST
// when it is taken, so no kill at any point leaves a lock without a name, and a waiter that
// finds the named process gone from this host takes the lock over at once.
//
// Anything else at the lock path (a folder from an older remit's mkdir lock, an owner on
// another host, a pid reused since) is taken over only once it is older than the stale age,
// or dated that far in the future (a clock set back). Waits are timed on the monotonic clock.
// The holder refreshes its link's time while an asynchronous holder is running, so only a
// process that stopped can look stale.
import { lstatSync, lutimesSync, readlinkSync, renameSync, rmdirSync, unlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ensurePrivateDir, sleepSync } from './files.js';
import { wfs } from './fs-layer.js';

export const DEFAULT_LOCK_TIMEOUT_MS = 5000;
/**
 * A session lock unrefreshed for this long belongs to a process that stopped. It must exceed
 * the timeout: a waiter must time out (GUARD_ERROR) before it could mistake a live lock for a
 * dead one.
 */
export const LOCK_STALE_MS = 10_000;

export class LockTimeoutError extends Error {
  readonly code = 'LOCK_TIMEOUT';
  constructor(file: string, ms: number) {
    super(`session lock on ${path.basename(file)} not acquired within ${ms} ms`);
  }
}

/** The lock of `file`: a symlink naming its holder. */
export function lockPathOf(file: string): string {
  return `${file}.lock`;
}

let ownerTag: string | undefined;
let taken = 0;
/**
 * This holder's name, `pid@host:n`: the count tells two holders in one process apart (a plugin
 * host runs many hooks in one process), so a release never removes a lock another took.
 */
function me(): string {
  ownerTag ??= `${process.pid}@${hostname()}`;
  return `${ownerTag}:${++taken}`;
}

/** Whether `owner` (pid@host, optionally :n) names a process on this host that no longer exists. */
export function ownerGone(owner: string): boolean {
  const at = owner.lastIndexOf('@');
  const pid = Number(owner.slice(0, at));
  const host = owner.slice(at + 1).split(':')[0];
  if (at < 0 || host !== hostname() || !Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Who holds the lock (null: not a link, so nobody this remit can check) and since when. */
function holderOf(lock: string): { owner: string | null; ageMs: number } | 'free' {
  try {
    const ageMs = Date.now() - lstatSync(lock).mtimeMs;
    try {
      return { owner: readlinkSync(lock), ageMs };
    } catch {
      return { owner: null, ageMs };
    }
  } catch {
    return 'free';
  }
}

/**
 * Removes a dead or stale lock unless it changed hands since it was judged: it is renamed
 * aside first, and put back when what was moved is not what was judged.
 */
function breakLock(lock: string, judged: string | null): void {
  const aside = `${lock}.${me()}.${Date.now().toString(36)}.stale`;
  try {
    renameSync(lock, aside);
  } catch {
    return; // someone else broke it first
  }
  let moved: string | null = null;
  try {
    moved = readlinkSync(aside);
  } catch {
    moved = null;
  }
  if (moved !== judged && moved !== null) {
    try {
      wfs.symlinkSync(moved, lock);
    } catch {
      // Taken again meanwhile: the holder we moved loses only the ordering, never a write.
    }
  }
  try {
    if (moved === null) rmdirSync(aside);
    else unlinkSync(aside);
  } catch {
    try {
      unlinkSync(aside);
    } catch {
      // A folder with content is not a lock remit made; it stays aside.
    }
  }
}

/** Whether `owner` names a process running on this host (this one included). */
function ownerRunningHere(owner: string): boolean {
  const at = owner.lastIndexOf('@');
  const pid = Number(owner.slice(0, at));
  if (at < 0 || owner.slice(at + 1).split(':')[0] !== hostname() || !Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A holder that may still be running: not provably gone from this host, and not stale. A
 * lock dated more than the stale age in the future is stale too unless its owner runs here:
 * a clock set back (or another host's running ahead) would otherwise keep a dead or foreign
 * holder's lock fresh for as long as the difference, blocking the session all that time.
 */
function live(h: { owner: string | null; ageMs: number }, staleMs: number): boolean {
  if ((h.owner !== null && ownerGone(h.owner)) || h.ageMs > staleMs) return false;
  return h.ageMs >= -staleMs || (h.owner !== null && ownerRunningHere(h.owner));
}

/** Whether a live holder has the lock on `file` (nothing there, a dead owner or a stale lock: no). */
export function isLocked(file: string, staleMs: number): boolean {
  const h = holderOf(lockPathOf(file));
  return h !== 'free' && live(h, staleMs);
}

export interface Held {
  release(): void;
  /** Marks the lock fresh (for a holder that runs longer than a moment). */
  refresh(): void;
}

/** One attempt: the lock, or null when a live holder has it (`staleMs` Infinity: never judged by age, only a provably gone holder is taken over). Throws on a folder that cannot be written. */
export function tryLock(file: string, staleMs: number): Held | null {
  const lock = lockPathOf(file);
  const tag = me();
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      wfs.symlinkSync(tag, lock);
      return {
        release() {
          try {
            if (readlinkSync(lock) === tag) unlinkSync(lock);
          } catch {
            // Taken over as stale: nothing of ours to remove.
          }
        },
        refresh() {
          try {
            lutimesSync(lock, new Date(), new Date());
          } catch {
            // Gone: the release finds nothing either.
          }
        },
      };
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') {
        ensurePrivateDir(path.dirname(file));
        continue;
      }
      if (code !== 'EEXIST') throw err;
    }
    const h = holderOf(lock);
    if (h === 'free') continue;
    if (live(h, staleMs)) return null;
    breakLock(lock, h.owner);
  }
  return null;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Runs `fn` holding the session lock on `file`; throws LockTimeoutError after `timeoutMs`. */
export async function withLock<T>(file: string, timeoutMs: number, fn: () => T | Promise<T>): Promise<T> {
  // The monotonic clock: a wall clock set back during the wait must not stretch it.
  const deadline = performance.now() + timeoutMs;
  let held = tryLock(file, LOCK_STALE_MS);
  let wait = 1;
  while (!held) {
    const left = deadline - performance.now();
    if (left <= 0) throw new LockTimeoutError(file, timeoutMs);
    await sleep(Math.min(left, wait + Math.random() * wait));
    wait = Math.min(wait * 2, 25);
    // A waiter that wakes past its deadline (a busy event loop held its timer) may have slept
    // beyond the stale age itself: judging the lock by age now would take a live one. It may
    // still take a free lock or one whose holder is provably gone, else it times out.
    held = tryLock(file, performance.now() > deadline ? Infinity : LOCK_STALE_MS);
  }
  const lock = held;
  let refresher: ReturnType<typeof setInterval> | undefined;
  try {
    const result = fn();
    if (result instanceof Promise) {
      refresher = setInterval(() => lock.refresh(), LOCK_STALE_MS / 4);
      refresher.unref();
    }
    return await result;
  } finally {
    if (refresher) clearInterval(refresher);
    lock.release();
  }
}

/**
 * Takes the lock on `file` synchronously, spinning in short sleeps (for a hold of well under
 * a millisecond, such as one audit append); throws after `waitMs`.
 */
export function lockSync(file: string, waitMs: number, staleMs: number): Held {
  const deadline = performance.now() + waitMs;
  for (let spin = 0; ; spin++) {
    const held = tryLock(file, staleMs);
    if (held) return held;
    if (performance.now() > deadline) throw new Error(`lock on ${path.basename(file)} not acquired within ${waitMs} ms`);
    sleepSync(1 + (spin % 4));
  }
}
