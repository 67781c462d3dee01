// Fault suite (issue: fail closed under faults). Each test reproduces one fault and asserts
// the guard's answer: an ARMED session never allows a write, no record is lost or torn, and
// `audit verify` reports every tampering it claims to detect.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createController } from '../../src/core/controller/controller.js';
import { events, makeAction } from '../support/events.js';
import { auditFile, sessionFile, sessionKey } from '../../src/core/state/home.js';
import { readSession } from '../../src/core/state/store.js';
import { verifySession } from '../../src/core/audit/verify.js';
import { appendChained, auditKeyOf } from '../../src/core/audit/chain.js';
import { faultFs } from '../../src/core/state/fs-layer.js';
import { loadSecret, secretFile } from '../../src/core/state/secret.js';
import { repairState } from '../../src/core/controller/operations.js';
import { canonicalPath } from '../../src/core/paths/canonical.js';

let dir: string;
let home: string;
beforeEach(() => {
  dir = canonicalPath(mkdtempSync(path.join(tmpdir(), 'remit-faults-')), '/');
  home = path.join(dir, 'home');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const base = () => ({ sessionId: 's1', cwd: dir });
const key = () => sessionKey('test', 's1');

function controller() {
  const secret = loadSecret(home);
  return createController({
    home, env: {}, now: () => new Date(), lockTimeoutMs: 500, auditKey: auditKeyOf(secret),
    protectedPaths: { remit: [`${home}/**`], hostConfig: [] },
    userConfig: { status: 'absent', config: null, path: '' },
    repoConfig: () => ({ status: 'absent', config: null, path: '' }),
  });
}

const write = (id: string) => makeAction({ id, tool: 'Write', mutability: 'write', effects: [{ kind: 'write', path: path.join(dir, 'a.ts') }] as never });

async function armedReview() {
  const c = controller();
  await c.handle(events.prompt(base(), '$remit review -- look only'));
  const first = await c.handle(events.before(base(), write('w0')));
  expect(first.kind === 'decision' && first.decision.outcome).toBe('deny');
  return c;
}

async function outcome(c: ReturnType<typeof controller>, id: string): Promise<string> {
  const r = await c.handle(events.before(base(), write(id)));
  return r.kind === 'decision' ? r.decision.outcome : r.kind;
}

describe('defect 1: a missing state file does not disarm', () => {
  it('deleted state, then a dangling symlink: the next write is denied and status says damaged', async () => {
    const c = await armedReview();
    unlinkSync(sessionFile(home, key()));
    expect(readSession(home, key())).toMatchObject({ kind: 'damaged', damage: 'missing' });
    expect(await outcome(c, 'w1')).toBe('deny');
    symlinkSync(path.join(dir, 'nowhere'), sessionFile(home, key()));
    expect(await outcome(c, 'w2')).toBe('deny');
  });

  it('repair on a full disk keeps the damaged file; repair never leaves no state', async () => {
    const c = await armedReview();
    writeFileSync(sessionFile(home, key()), '{');
    const restore = faultFs({ writeSync: () => { throw Object.assign(new Error('ENOSPC'), { code: 'ENOSPC' }); } });
    try {
      const r = await repairState(home, key(), () => '{', new Date(), 500);
      expect(r).toMatchObject({ ok: false, error: 'WRITE_FAILED' });
    } finally {
      restore();
    }
    expect(readFileSync(sessionFile(home, key()), 'utf8')).toBe('{');
    expect(await outcome(c, 'w3')).toBe('deny');
    const ok = await repairState(home, key(), () => '{', new Date(), 500);
    expect(ok).toMatchObject({ ok: true, repaired: true });
    expect(readSession(home, key()).kind).toBe('ok');
    expect(await outcome(c, 'w4')).toBe('deny');
  });
});

describe('defects 5, 6: the audit chain under concurrency and a full disk', () => {
  it('many lock-timeout GUARD_ERROR appends keep the chain valid', async () => {
    const c = await armedReview();
    mkdirSync(`${sessionFile(home, key())}.lock`);
    const rs = await Promise.all(Array.from({ length: 24 }, (_, i) => outcome(c, `t${i}`)));
    expect(rs.every((o) => o === 'deny')).toBe(true);
    expect(verifySession(home, key()).intact).toBe(true);
    const lines = readFileSync(auditFile(home, key()), 'utf8').trim().split('\n');
    expect(lines.filter((l) => l.includes('LOCK_TIMEOUT'))).toHaveLength(24);
  });

  it('a short write leaves no partial line and the chain verifies', async () => {
    const c = await armedReview();
    const before = statSync(auditFile(home, key())).size;
    const restore = faultFs({ writeSync: (fd, buf, off, len) => (require('node:fs') as typeof import('node:fs')).writeSync(fd, buf, off, Math.floor(len / 2)) });
    try {
      expect(await outcome(c, 'w5')).toBe('deny');
    } finally {
      restore();
    }
    expect(statSync(auditFile(home, key())).size).toBe(before);
    expect(await outcome(c, 'w6')).toBe('deny');
    expect(verifySession(home, key()).intact).toBe(true);
  });
});

describe('defect 7: the secret', () => {
  it('an empty or short secret is repaired once and then stable', () => {
    mkdirSync(home, { recursive: true });
    writeFileSync(secretFile(home), '');
    const a = loadSecret(home);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(loadSecret(home)).toBe(a);
    writeFileSync(secretFile(home), 'abc');
    expect(loadSecret(home)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('defect 8: special files', () => {
  it('an audit replaced by a folder: verify reports unreadable; a FIFO state is damage, not a hang', async () => {
    const c = await armedReview();
    const saved = readFileSync(auditFile(home, key()));
    rmSync(auditFile(home, key()));
    mkdirSync(auditFile(home, key()));
    expect(verifySession(home, key()).firstBroken?.problem).toBe('unreadable');
    rmSync(auditFile(home, key()), { recursive: true });
    writeFileSync(auditFile(home, key()), saved);
    const { execFileSync } = await import('node:child_process');
    unlinkSync(sessionFile(home, key()));
    execFileSync('mkfifo', [sessionFile(home, key())]);
    expect(readSession(home, key())).toMatchObject({ kind: 'damaged' });
    expect(await outcome(c, 'w7')).toBe('deny');
  });
});

describe('defect 11: keyed chain and head', () => {
  it('rewriting a middle line and relinking, or truncating the tail, is detected', async () => {
    const c = await armedReview();
    for (let i = 0; i < 4; i++) await outcome(c, `k${i}`);
    const file = auditFile(home, key());
    const original = readFileSync(file, 'utf8');
    expect(verifySession(home, key()).intact).toBe(true);
    // Truncate the last line.
    const lines = original.trim().split('\n');
    writeFileSync(file, lines.slice(0, -1).join('\n') + '\n');
    expect(verifySession(home, key()).firstBroken?.problem).toBe('tail_truncated');
    // Rewrite a middle line and recompute every later link with plain sha256 (no key).
    const { createHash } = await import('node:crypto');
    const recs = lines.map((l) => JSON.parse(l));
    recs[2].decision.outcome = 'allow';
    const out: string[] = [];
    for (const r of recs) {
      if (out.length) r.prev = createHash('sha256').update(out.at(-1)!).digest('hex');
      delete r.keyed;
      out.push(JSON.stringify(r));
    }
    writeFileSync(file, out.join('\n') + '\n');
    expect(verifySession(home, key()).intact).toBe(false);
    writeFileSync(file, original);
    expect(verifySession(home, key()).intact).toBe(true);
  });

  it('an unkeyed chain from before keying still verifies as such', () => {
    const file = auditFile(home, sessionKey('test', 'old'));
    for (let i = 0; i < 3; i++) appendChained(file, { id: `evt_${'0'.repeat(27)}${i}`, at: 'x', kind: 'lifecycle' } as never);
    expect(verifySession(home, sessionKey('test', 'old')).intact).toBe(true);
  });
});
