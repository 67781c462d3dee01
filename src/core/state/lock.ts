// The locks of REMIT_HOME (ARCHITECTURE.md, state store): the session lock on a state file and
// the audit lock on an audit file. A lock is a symlink `<file>.lock` whose target names its
// holder, `pid@host:n:start` (start: the process's start time in the kernel's clock ticks since
// boot, from /proc/<pid>/stat). symlink(2) creates it with its owner in one step and fails with
// EEXIST when it is taken, so no kill at any point leaves a lock without a name.
//
// A holder on this host is judged by its process: gone (no such pid, or the pid now belongs to
// a process started at another time) is taken over at once; running is never taken over, however
// old its lock looks: a holder starved of the processor past the stale age is still working,
// and two holders would both write the state's one temp file. Only a holder this host cannot
// check (another host, a tag without a start time from an older remit, no /proc) is taken over
// once older than the stale age, or dated that far in the future (a clock set back). Waits are
// timed on the monotonic clock. The holder refreshes its link's time while an asynchronous
// holder is running, so only a process that stopped can look stale.
import { closeSync, lstatSync, lutimesSync, openSync, readlinkSync, readSync, renameSync, rmdirSync, unlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ensurePrivateDir, errnoWords, sleepSync } from './files.js';
import { wfs } from './fs-layer.js';
import { latin1Of, utf8Of } from '../crypto/bytes.js';

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

/**
 * The start time of process `pid` (field 22 of /proc/<pid>/stat, clock ticks since boot): with
 * the pid it names one process for the life of the system. Null without /proc or for no such pid.
 */
export function processStart(pid: number): string | null {
  let fd: number;
  try {
    fd = openSync(`/proc/${pid}/stat`, 'r');
  } catch {
    return null;
  }
  try {
    const buf = Buffer.allocUnsafe(1024);
    const text = latin1Of(buf, 0, readSync(fd, buf, 0, buf.length, null));
    // The name (field 2) is in parentheses and may hold spaces or parentheses: count from the last ')'.
    const start = text.slice(text.lastIndexOf(')') + 2).split(' ')[19];
    return start && /^\d+$/.test(start) ? start : null;
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

let hostName: string | undefined;
/**
 * This host's name as os.hostname() gives it (the kernel's UTS node name), read from
 * /proc/sys/kernel/hostname where there is one: a hook then never loads Node's os module,
 * whose compile is a tenth of a millisecond or more of every hook
 * (docs/DESIGN.md#performance-budget). Elsewhere, or when that file cannot be read, os.hostname().
 */
export function thisHost(): string {
  if (hostName === undefined) {
    let name = '';
    try {
      const fd = openSync('/proc/sys/kernel/hostname', 'r');
      try {
        const buf = Buffer.allocUnsafe(1024);
        name = utf8Of(buf, 0, readSync(fd, buf, 0, buf.length, null));
      } finally {
        closeSync(fd);
      }
    } catch {
      // No /proc: the os module answers.
    }
    hostName = (name.endsWith('\n') ? name.slice(0, -1) : name) || hostname();
  }
  return hostName;
}

let ownerTag: string | undefined;
let taken = 0;
/**
 * This holder's name, `pid@host:n:start`: the count tells two holders in one process apart (a
 * plugin host runs many hooks in one process), so a release never removes a lock another took;
 * the start time tells this process from a later one given the same pid. Built once per process
 * (one read of /proc/self/stat); without /proc the name has no start and waiters judge it by age.
 */
function me(): string {
  if (ownerTag === undefined) {
    const start = processStart(process.pid);
    ownerTag = `${process.pid}@${thisHost()}:%${start ? `:${start}` : ''}`;
  }
  return ownerTag.replace('%', String(++taken));
}

/** What a holder's name says of it on this host: `gone`, `running`, or `unknown` (cannot be checked here). */
export type OwnerLiveness = 'gone' | 'running' | 'unknown';

/**
 * `gone`: no process has its pid here, or the one that has it started at another time than the
 * name records (the pid was reused). `running`: that very process runs. `unknown`: another
 * host, no start time in the name, or no /proc to read it from (then a running pid is only
 * evidence, and the age rule decides).
 */
function ownerLiveness(owner: string): OwnerLiveness {
  const at = owner.lastIndexOf('@');
  if (at < 0) return 'unknown';
  const pid = Number(owner.slice(0, at));
  const [host, , start] = owner.slice(at + 1).split(':');
  if (host !== thisHost() || !Number.isInteger(pid) || pid <= 0) return 'unknown';
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return 'gone';
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return 'unknown';
  }
  if (!start) return 'unknown';
  const now = processStart(pid);
  if (now === null) return 'unknown';
  return now === start ? 'running' : 'gone';
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
  if (at < 0 || owner.slice(at + 1).split(':')[0] !== thisHost() || !Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A holder that may still be running. One this host can check is live exactly while its
 * process runs (ownerLiveness). Any other is live until it is stale; a lock dated more than
 * the stale age in the future is stale too unless a process with its pid runs here: a clock
 * set back (or another host's running ahead) would otherwise keep a dead or foreign holder's
 * lock fresh for as long as the difference, blocking the session all that time.
 */
function live(h: { owner: string | null; ageMs: number }, staleMs: number): boolean {
  if (h.owner !== null) {
    const owner = ownerLiveness(h.owner);
    if (owner !== 'unknown') return owner === 'running';
  }
  if (h.ageMs > staleMs) return false;
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
      // One line a person can act on (the CLI prints it as is); the code stays for callers.
      if (code !== 'EEXIST')
        throw Object.assign(
          new Error(
            `cannot take the session lock ${lock} (${errnoWords(code)}); ${
              code === 'ENOTDIR'
                ? `${path.dirname(lock)} must be a folder: move the file in its way aside`
                : 'remit writes its state there: make that folder one you can write to'
            }, or point REMIT_HOME at another folder`,
          ),
          { code },
        );
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
