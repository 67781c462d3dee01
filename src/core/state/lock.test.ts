import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LockTimeoutError, lockDirOf, lockOwnerFile, withLock } from './lock.js';

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
  it('names its holder, and leaves nothing behind once released', async () => {
    const seen = await withLock(file, 500, () => readFileSync(lockOwnerFile(file), 'utf8'));
    expect(seen).toBe(`${process.pid}@${hostname()}`);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('waits for a live holder until the timeout', async () => {
    mkdirSync(lockDirOf(file));
    writeFileSync(lockOwnerFile(file), `${process.ppid}@${hostname()}`);
    await expect(withLock(file, 80, () => 1)).rejects.toBeInstanceOf(LockTimeoutError);
    expect(existsSync(lockDirOf(file))).toBe(true);
  });

  it('takes over at once from a holder that is gone from this host, and by age from any other', async () => {
    mkdirSync(lockDirOf(file));
    writeFileSync(lockOwnerFile(file), `${deadPid()}@${hostname()}`);
    expect(await withLock(file, 80, () => 'dead owner')).toBe('dead owner');
    mkdirSync(lockDirOf(file));
    writeFileSync(lockOwnerFile(file), '1@another-host');
    await expect(withLock(file, 80, () => 1)).rejects.toBeInstanceOf(LockTimeoutError);
    const old = new Date(Date.now() - 60_000);
    utimesSync(lockDirOf(file), old, old);
    expect(await withLock(file, 80, () => 'stale')).toBe('stale');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a holder that was taken over leaves the new holder its lock', async () => {
    await withLock(file, 500, () => {
      // Another process takes the folder over (as it would a stale one) while this one holds it.
      writeFileSync(lockOwnerFile(file), `1@another-host`);
    });
    expect(existsSync(lockDirOf(file))).toBe(true);
    expect(readFileSync(lockOwnerFile(file), 'utf8')).toBe('1@another-host');
  });
});
