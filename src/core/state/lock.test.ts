import { spawnSync } from 'node:child_process';
import { lutimesSync, mkdirSync, mkdtempSync, utimesSync, readdirSync, readlinkSync, rmSync, symlinkSync, unlinkSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { LOCK_STALE_MS, LockTimeoutError, lockPathOf, processStart, thisHost, tryLock, withLock } from './lock.js';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'remit-lock-'));
  file = path.join(dir, 'state.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A pid that belonged to a process which has exited. */
function deadPid(): number {
  return Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
}

describe('the session lock', () => {
  it('names its holder in the link itself, and leaves nothing behind once released', async () => {
    const seen = await withLock(file, 500, () => readlinkSync(lockPathOf(file)));
    expect(seen).toMatch(new RegExp(`^${process.pid}@${hostname()}:\\d+:${processStart(process.pid)}$`));
    expect(readdirSync(dir)).toEqual([]);
  });

  it('names this host as os.hostname() does, so holders written by either are judged alike', () => {
    expect(thisHost()).toBe(hostname());
  });

  it('waits for a live holder until the timeout', async () => {
    symlinkSync(`${process.ppid}@${hostname()}`, lockPathOf(file));
    await expect(withLock(file, 80, () => 1)).rejects.toBeInstanceOf(LockTimeoutError);
    expect(readlinkSync(lockPathOf(file))).toBe(`${process.ppid}@${hostname()}`);
  });

  it('takes over at once from a holder that is gone from this host, and by age from any other', async () => {
    symlinkSync(`${deadPid()}@${hostname()}`, lockPathOf(file));
    expect(await withLock(file, 80, () => 'dead owner')).toBe('dead owner');
    symlinkSync('1@another-host', lockPathOf(file));
    await expect(withLock(file, 80, () => 1)).rejects.toBeInstanceOf(LockTimeoutError);
    const old = new Date(Date.now() - 60_000);
    lutimesSync(lockPathOf(file), old, old);
    expect(await withLock(file, 80, () => 'stale')).toBe('stale');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a waiter that wakes past its deadline times out rather than judge the lock by its age', async () => {
    // An older remit's folder lock, not provably dead: only its age could free it.
    mkdirSync(lockPathOf(file));
    const waiting = withLock(file, 50, () => 'taken');
    // The event loop is held past the deadline, and meanwhile the lock looks older than stale.
    const old = new Date(Date.now() - 60_000);
    utimesSync(lockPathOf(file), old, old);
    const until = Date.now() + 120;
    while (Date.now() < until) {
      // busy: no timer runs
    }
    await expect(waiting).rejects.toBeInstanceOf(LockTimeoutError);
    // On time, the same stale lock is taken over.
    expect(await withLock(file, 50, () => 'stale')).toBe('stale');
  });

  it('two holders in one process are told apart: one never releases the other', () => {
    const a = tryLock(file, 10_000)!;
    expect(a).not.toBeNull();
    expect(tryLock(file, 10_000)).toBeNull();
    a.release();
    const b = tryLock(file, 10_000)!;
    a.release(); // a second release of an old hold must not free b's lock
    expect(tryLock(file, 10_000)).toBeNull();
    b.release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a holder that was taken over leaves the new holder its lock', async () => {
    await withLock(file, 500, () => {
      // Another process takes the lock over (as it would a stale one) while this one holds it.
      unlinkSync(lockPathOf(file));
      symlinkSync('1@another-host', lockPathOf(file));
    });
    expect(readlinkSync(lockPathOf(file))).toBe('1@another-host');
  });

  it('a holder running on this host is never taken over by age, however old its lock looks', async () => {
    const held = tryLock(file, LOCK_STALE_MS)!;
    const old = new Date(Date.now() - 60_000);
    lutimesSync(lockPathOf(file), old, old);
    // A holder starved of the processor past the stale age is still working: taking its lock
    // would make two writers of one state file (docs/DESIGN.md#fail-modes).
    expect(tryLock(file, LOCK_STALE_MS)).toBeNull();
    await expect(withLock(file, 80, () => 1)).rejects.toBeInstanceOf(LockTimeoutError);
    held.release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('another live process on this host keeps its old lock; the same pid started anew does not', async () => {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      await new Promise((resolve) => child.once('spawn', resolve));
      const start = processStart(child.pid!);
      expect(start).toMatch(/^\d+$/);
      symlinkSync(`${child.pid}@${hostname()}:1:${start}`, lockPathOf(file));
      const old = new Date(Date.now() - 60_000);
      lutimesSync(lockPathOf(file), old, old);
      await expect(withLock(file, 80, () => 1)).rejects.toBeInstanceOf(LockTimeoutError);
      // A lock naming that pid with another start time was left by an earlier process the pid
      // belonged to: gone, so taken over at once, fresh as it looks.
      unlinkSync(lockPathOf(file));
      symlinkSync(`${child.pid}@${hostname()}:1:${Number(start) + 1}`, lockPathOf(file));
      expect(await withLock(file, 80, () => 'reused pid')).toBe('reused pid');
      // Without a start time (an older remit's tag) a live pid is judged by the age rule.
      symlinkSync(`${child.pid}@${hostname()}:1`, lockPathOf(file));
      await expect(withLock(file, 80, () => 1)).rejects.toBeInstanceOf(LockTimeoutError);
      lutimesSync(lockPathOf(file), old, old);
      expect(await withLock(file, 80, () => 'aged')).toBe('aged');
    } finally {
      child.kill('SIGKILL');
    }
    expect(readdirSync(dir)).toEqual([]);
  });
});
