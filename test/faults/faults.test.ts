// Fault suite, in process (issue: fail closed under faults): faults that need the injected fs
// layer or a precise interleaving. Each test reproduces one fault and asserts the guard's
// answer: an ARMED session never allows a write, no record is lost or torn. The same defects
// through the built bundle are in defects.test.ts.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import * as fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendChained } from '../../src/core/audit/chain.js';
import { pruneHome } from '../../src/core/audit/prune.js';
import { verifySession } from '../../src/core/audit/verify.js';
import { repairState } from '../../src/core/controller/operations.js';
import { fixedTempOf } from '../../src/core/state/files.js';
import { faultFs } from '../../src/core/state/fs-layer.js';
import { auditFile, sessionKey } from '../../src/core/state/home.js';
import { lockPathOf, tryLock, LOCK_STALE_MS } from '../../src/core/state/lock.js';
import { loadSecret, secretFile } from '../../src/core/state/secret.js';
import { readSession } from '../../src/core/state/store.js';
import { ENOSPC, Home } from './in-process.js';
import { flushTally } from './tally.js';
import { scenario } from './world.js';

let h: Home;
beforeEach(() => {
  h = new Home();
  scenario();
});
afterEach(() => h.dispose());
afterAll(() => flushTally('in-process'));

describe('defect 1: a missing state file does not disarm', () => {
  it('deleted state, then a dangling symlink: the next write is denied and status says damaged', async () => {
    const c = await h.armedReview();
    unlinkSync(h.stateFile);
    expect(readSession(h.home, h.key)).toMatchObject({ kind: 'damaged', damage: 'missing' });
    expect(await h.armedWrite(c, 'w1')).toBe('deny');
    symlinkSync(path.join(h.dir, 'nowhere'), h.stateFile);
    expect(await h.armedWrite(c, 'w2')).toBe('deny');
  });

  it('a missing state whose audit holds bytes but no record counts as armed', async () => {
    const c = await h.armedReview();
    unlinkSync(h.stateFile);
    writeFileSync(h.auditFile, 'not a record\n'.repeat(3));
    expect(readSession(h.home, h.key)).toMatchObject({ kind: 'damaged', detail: expect.stringMatching(/cannot be read/) });
    expect(await h.armedWrite(c, 'w1')).toBe('deny');
  });

  it('repair on a full disk keeps the damaged file; repair never leaves no state', async () => {
    const c = await h.armedReview();
    writeFileSync(h.stateFile, '{');
    const restore = faultFs({ writeSync: ENOSPC });
    try {
      expect(await repairState(h.home, h.key, () => '{', new Date(), 500)).toMatchObject({ ok: false, error: 'WRITE_FAILED' });
    } finally {
      restore();
    }
    expect(readFileSync(h.stateFile, 'utf8')).toBe('{');
    expect(await h.armedWrite(c, 'w3')).toBe('deny');
    expect(await repairState(h.home, h.key, () => '{', new Date(), 500)).toMatchObject({ ok: true, repaired: true });
    expect(readSession(h.home, h.key).kind).toBe('ok');
    expect(await h.armedWrite(c, 'w4')).toBe('deny');
  });
});

describe('defects 5, 6: the audit chain under concurrency and a full disk', () => {
  it('many lock-timeout GUARD_ERROR appends keep the chain valid', async () => {
    const c = await h.armedReview();
    // Held by this (live) process: no waiter may take it over.
    symlinkSync(`${process.pid}@${(await import('node:os')).hostname()}`, lockPathOf(h.stateFile));
    const rs = await Promise.all(Array.from({ length: 24 }, (_, i) => h.armedWrite(c, `t${i}`)));
    expect(rs.every((o) => o === 'deny')).toBe(true);
    expect(verifySession(h.home, h.key).intact).toBe(true);
    expect(h.auditLines().filter((l) => l.includes('LOCK_TIMEOUT'))).toHaveLength(24);
  });

  it('a short write leaves no partial line and the chain verifies', async () => {
    const c = await h.armedReview();
    const before = h.auditLines();
    const size = statSync(h.auditFile).size;
    const restore = faultFs({ writeSync: (fd, buf, off, len) => fs.writeSync(fd, buf, off, Math.floor(len / 2)) });
    try {
      expect(await h.armedWrite(c, 'w5')).toBe('deny');
    } finally {
      restore();
    }
    expect(statSync(h.auditFile).size).toBe(size);
    expect(h.check(before)).toEqual({ lost: [], whole: true });
    expect(await h.armedWrite(c, 'w6')).toBe('deny');
    expect(verifySession(h.home, h.key).intact).toBe(true);
  });
});

describe('defect 7: the secret', () => {
  it('an empty or short secret is repaired once and then stable', () => {
    mkdirSync(h.home, { recursive: true });
    writeFileSync(secretFile(h.home), '');
    const a = loadSecret(h.home);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(loadSecret(h.home)).toBe(a);
    writeFileSync(secretFile(h.home), 'abc');
    expect(loadSecret(h.home)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('defect 8: special files', () => {
  it('an audit replaced by a folder: verify reports unreadable; a FIFO state is damage, not a hang', async () => {
    const c = await h.armedReview();
    const saved = readFileSync(h.auditFile);
    rmSync(h.auditFile);
    mkdirSync(h.auditFile);
    expect(verifySession(h.home, h.key).firstBroken?.problem).toBe('unreadable');
    rmSync(h.auditFile, { recursive: true });
    writeFileSync(h.auditFile, saved);
    unlinkSync(h.stateFile);
    execFileSync('mkfifo', [h.stateFile]);
    expect(readSession(h.home, h.key)).toMatchObject({ kind: 'damaged' });
    expect(await h.armedWrite(c, 'w7')).toBe('deny');
  });
});

describe('defect 9: what killed writers leave', () => {
  it('the next write replaces the state temp file; the retention pass removes older strays, never a locked session’s', async () => {
    const c = await h.armedReview();
    writeFileSync(fixedTempOf(h.stateFile), '{"half');
    expect(await h.armedWrite(c, 'w1')).toBe('deny');
    expect(readdirSync(path.dirname(h.stateFile)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const strays = [
      fixedTempOf(h.stateFile),
      path.join(h.home, 'secret.4242.abcd.tmp'),
      path.join(h.home, 'projects', '.0123456789abcdef01234567.tmp'),
      `${lockPathOf(h.auditFile)}.1@x.1.stale`,
    ];
    for (const f of strays) {
      writeFileSync(f, 'x');
      utimesSync(f, old, old);
    }
    const fresh = path.join(h.home, 'projects', '.fresh.tmp');
    writeFileSync(fresh, 'x');
    // A state temp file of a session whose lock is held stays: its writer may be about to rename it.
    const held = tryLock(h.stateFile, LOCK_STALE_MS)!;
    pruneHome(h.home, 365 * 24 * 60 * 60 * 1000, new Date());
    held.release();
    expect(strays.filter((f) => fs.existsSync(f))).toEqual([fixedTempOf(h.stateFile)]);
    expect(fs.existsSync(fresh)).toBe(true);
    pruneHome(h.home, 365 * 24 * 60 * 60 * 1000, new Date());
    expect(fs.existsSync(fixedTempOf(h.stateFile))).toBe(false);
    expect(readSession(h.home, h.key).kind).toBe('ok');
  });
});

describe('retention and locks', () => {
  it('an old session whose lock a dead process left is pruned; one a live process holds is kept', async () => {
    await h.armedReview();
    const old = new Date(Date.now() - 90 * 24 * 60 * 60 * 1000);
    for (const f of [h.stateFile, h.auditFile]) utimesSync(f, old, old);
    const { hostname } = await import('node:os');
    symlinkSync(`${process.pid}@${hostname()}`, lockPathOf(h.stateFile));
    expect(pruneHome(h.home, 30 * 24 * 60 * 60 * 1000, new Date())).toMatchObject({ sessionFiles: 0, auditFiles: 0 });
    unlinkSync(lockPathOf(h.stateFile));
    // A pid that cannot be running (above the kernel's pid limit).
    symlinkSync(`${2 ** 22 + 1}@${hostname()}:1`, lockPathOf(h.stateFile));
    expect(pruneHome(h.home, 30 * 24 * 60 * 60 * 1000, new Date())).toMatchObject({ sessionFiles: 1, auditFiles: 1 });
    expect(fs.existsSync(lockPathOf(h.stateFile))).toBe(false);
  });
});

describe('defect 11: keyed chain and head', () => {
  it('rewriting a middle line and relinking, or truncating the tail, is detected', async () => {
    const c = await h.armedReview();
    for (let i = 0; i < 4; i++) await h.armedWrite(c, `k${i}`);
    const original = readFileSync(h.auditFile, 'utf8');
    expect(verifySession(h.home, h.key).intact).toBe(true);
    const lines = original.trim().split('\n');
    writeFileSync(h.auditFile, lines.slice(0, -1).join('\n') + '\n');
    expect(verifySession(h.home, h.key).firstBroken?.problem).toBe('tail_truncated');
    // Rewrite a middle line and recompute every later link with plain sha256 (no key).
    const recs = lines.map((l) => JSON.parse(l));
    recs[2].decision.outcome = 'allow';
    const out: string[] = [];
    for (const r of recs) {
      if (out.length) r.prev = createHash('sha256').update(out.at(-1)!).digest('hex');
      delete r.keyed;
      out.push(JSON.stringify(r));
    }
    writeFileSync(h.auditFile, out.join('\n') + '\n');
    expect(verifySession(h.home, h.key).intact).toBe(false);
    writeFileSync(h.auditFile, original);
    expect(verifySession(h.home, h.key).intact).toBe(true);
  });

  it('an unkeyed chain from before keying still verifies as such', () => {
    const file = auditFile(h.home, sessionKey('test', 'old'));
    for (let i = 0; i < 3; i++) appendChained(file, { id: `evt_${'0'.repeat(27)}${i}`, at: 'x', kind: 'lifecycle' } as never);
    expect(verifySession(h.home, sessionKey('test', 'old')).intact).toBe(true);
  });
});
