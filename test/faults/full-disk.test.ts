// A full disk on every write path of REMIT_HOME, through the injected fs layer
// (src/core/state/fs-layer.ts): each primitive a writer uses fails with ENOSPC in turn, under
// an armed write, an arming directive, a lifecycle fact, the secret's creation and
// `state repair`. What must hold: a refusal while armed, no partial line, no record lost,
// never a session without state, and a sound chain once the disk has room again.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { armedByAudit } from '../../src/core/audit/last-state.js';
import { verifySession } from '../../src/core/audit/verify.js';
import { repairState } from '../../src/core/controller/operations.js';
import { faultFs, type WriteFs } from '../../src/core/state/fs-layer.js';
import { loadSecret, secretFile } from '../../src/core/state/secret.js';
import { readSession } from '../../src/core/state/store.js';
import { events } from '../support/events.js';
import { ENOSPC, Home } from './in-process.js';
import { countArmedAnswer, flushTally } from './tally.js';
import { scenario } from './world.js';

let h: Home;
beforeEach(() => {
  h = new Home();
});
afterEach(() => h.dispose());
afterAll(() => flushTally('full-disk'));

/** Fails every call of `name` with ENOSPC while `body` runs; returns how many calls failed. */
async function onFullDisk<T>(name: keyof WriteFs, body: () => Promise<T> | T): Promise<{ hits: number; value: T }> {
  let hits = 0;
  const restore = faultFs({
    [name]: () => {
      hits++;
      return ENOSPC();
    },
  } as Partial<WriteFs>);
  try {
    const value = await body();
    return { hits, value };
  } finally {
    restore();
  }
}

const ON_THE_HOOK_PATH: (keyof WriteFs)[] = ['mkdirSync', 'symlinkSync', 'openSync', 'writeSync', 'fsyncSync', 'renameSync'];

describe('an armed write while one write primitive fails', () => {
  // A refused write changes only the bookkeeping of checks, which is written without an fsync
  // (docs/DESIGN.md#session-state): fsync is on the path of authority changes (the directive
  // suite below), not of this one.
  it('fsyncSync is not on the path of a refused write', async () => {
    scenario();
    const c = await h.armedReview();
    const { hits, value } = await onFullDisk('fsyncSync', () => h.armedWrite(c, 'w1'));
    expect(hits).toBe(0);
    expect(value).toBe('deny');
  });

  for (const name of ON_THE_HOOK_PATH.filter((n) => n !== 'fsyncSync')) {
    it(`${name}: refused, nothing torn or lost, the state still sound`, async () => {
      scenario();
      const c = await h.armedReview();
      const before = h.auditLines();
      const { hits, value } = await onFullDisk(name, () => h.armedWrite(c, 'w1'));
      expect(hits).toBeGreaterThan(0);
      expect(value).toBe('deny');
      expect(h.check(before)).toEqual({ lost: [], whole: true });
      const s = readSession(h.home, h.key);
      expect(s).toMatchObject({ kind: 'ok', state: { contract: { mode: 'review', level: 'guard' } } });
      expect(readdirSync(h.home + '/sessions').filter((n) => n.endsWith('.tmp'))).toEqual([]);
      expect(await h.armedWrite(c, 'w2')).toBe('deny');
      expect(verifySession(h.home, h.key).intact).toBe(true);
    });
  }

  it('ftruncateSync too, after a short write: the torn line is reported once and the chain resumes', async () => {
    scenario();
    const c = await h.armedReview();
    const before = h.auditLines();
    const fs = await import('node:fs');
    const restore = faultFs({ writeSync: (fd, buf, off, len) => fs.writeSync(fd, buf, off, Math.floor(len / 2)), ftruncateSync: ENOSPC });
    try {
      expect(await h.armedWrite(c, 'w1')).toBe('deny');
    } finally {
      restore();
    }
    expect(h.check(before).lost).toEqual([]);
    expect(await h.armedWrite(c, 'w2')).toBe('deny');
    // The one fault remit cannot undo: the file system refuses even the truncation back. Each
    // failed append (the decision's, then its GUARD_ERROR's) leaves its torn part, reported as
    // a break; every record after them links again.
    const v = verifySession(h.home, h.key);
    expect(v).toMatchObject({ intact: false, breaks: 2 });
    expect(v.lastBroken).toBeLessThan(h.auditLines().length);
  });
});

describe('a decision recorded, then its state write fails', () => {
  // The 64-launch race once left 65 records for 64 calls: a decision's record was appended, its
  // state write threw, and the GUARD_ERROR path appended a second record for the same call.
  // A call must end with one record of what the host was told (docs/DESIGN.md#fail-modes).
  const records = () => h.auditLines().map((l) => JSON.parse(l));

  it('the GUARD_ERROR record supersedes the admission that never took effect; the slot stays free', async () => {
    scenario();
    const c = h.controller();
    await c.handle(events.prompt(h.base, '$remit change agents=1'));
    const { delegateAction } = await import('../support/events.js');
    const before = records().length;
    const { hits, value } = await onFullDisk('renameSync', () => c.handle(events.before(h.base, delegateAction('t1'))));
    expect(hits).toBeGreaterThan(0);
    expect(value).toMatchObject({ kind: 'decision', decision: { outcome: 'deny', reasonCode: 'GUARD_ERROR' } });
    const added = records().slice(before);
    expect(added.map((r) => [r.kind, r.decision.outcome, r.decision.reasonCode, r.error])).toEqual([
      ['action', 'allow', 'WITHIN_CONTRACT', undefined],
      ['action', 'deny', 'GUARD_ERROR', 'INTERNAL_ERROR'],
    ]);
    const [decided, told] = added;
    expect(told.supersedes).toBe(decided.id);
    expect(value.kind === 'decision' && value.eventId).toBe(told.id);
    // Read back, the call has one answer: the refusal the host was given.
    const { explainView } = await import('../../src/core/controller/explain-view.js');
    expect(explainView(h.home, decided.id, h.key)).toMatchObject({ supersededBy: told.id });
    const { configReport, statusView } = await import('../../src/core/controller/readback.js');
    expect(
      statusView(h.home, h.key, configReport({ status: 'absent', config: null, path: '' }, { status: 'absent', config: null, path: '' })).recent.map(
        (r: { id: string }) => r.id,
      ),
    ).not.toContain(decided.id);
    // The reservation was never stored, so the one slot is still free for the call sent again.
    const s = readSession(h.home, h.key);
    expect(s.kind === 'ok' && s.state.ledger.reservations).toEqual([]);
    expect(await c.handle(events.before(h.base, delegateAction('t1')))).toMatchObject({ decision: { outcome: 'allow' } });
    expect(verifySession(h.home, h.key).intact).toBe(true);
  });

  it('when the superseding record cannot be written either, the decision’s own record is taken back', async () => {
    scenario();
    const c = await h.armedReview();
    const before = h.auditLines();
    const fs = await import('node:fs');
    // The decision's line fits; the state file and the GUARD_ERROR line after it do not.
    let writes = 0;
    const restore = faultFs({ writeSync: (fd, buf, off, len) => (writes++ === 0 ? fs.writeSync(fd, buf, off, len) : ENOSPC()) });
    const value = await c.handle(events.before(h.base, h.write('w1'))).finally(restore);
    expect(writes).toBe(3);
    countArmedAnswer(value.kind === 'decision' ? value.decision.outcome : value.kind);
    expect(value).toMatchObject({ kind: 'decision', decision: { outcome: 'deny', reasonCode: 'GUARD_ERROR' } });
    expect(value.kind === 'decision' && value.eventId).toBeUndefined();
    expect(h.auditLines()).toEqual(before);
    expect(h.check(before)).toEqual({ lost: [], whole: true });
    expect(await h.armedWrite(c, 'w2')).toBe('deny');
    expect(verifySession(h.home, h.key).intact).toBe(true);
  });
});

describe('an arming directive on a full disk', () => {
  for (const name of ON_THE_HOOK_PATH) {
    it(`${name}: the user is told, and the audit never says armed while the state says otherwise`, async () => {
      scenario();
      const c = h.controller();
      const { hits, value } = await onFullDisk(name, () => c.handle(events.prompt(h.base, '$remit review -- look only')));
      expect(hits).toBeGreaterThan(0);
      expect(value).toMatchObject({ kind: 'prompt-block', code: 'GUARD_ERROR' });
      expect(h.check([]).whole).toBe(true);
      // Whatever reached the disk, the next write is refused exactly when the audit says armed.
      const armed = armedByAudit(h.auditFile) || readSession(h.home, h.key).kind === 'damaged';
      const o = await h.outcome(c, 'w1');
      expect(o).toBe(armed ? 'deny' : 'allow');
      expect(verifySession(h.home, h.key).intact).toBe(true);
      // Sent again with room on the disk, it arms.
      expect(await c.handle(events.prompt(h.base, '$remit review -- look only'))).toMatchObject({ kind: 'context' });
      expect(await h.armedWrite(c, 'w2')).toBe('deny');
    });
  }
});

describe('a lifecycle fact on a full disk', () => {
  it('keeps the reservation (the safe side) and the chain', async () => {
    scenario();
    const c = h.controller();
    await c.handle(events.prompt(h.base, '$remit change agents=1'));
    const { delegateAction } = await import('../support/events.js');
    expect((await c.handle(events.before(h.base, delegateAction('t1')))).kind).toBe('decision');
    const before = h.auditLines();
    await onFullDisk('renameSync', () => c.handle(events.after(h.base, 't1', 'joined')));
    expect(h.check(before)).toEqual({ lost: [], whole: true });
    const s = readSession(h.home, h.key);
    expect(s.kind === 'ok' && s.state.ledger.reservations).toHaveLength(1);
    expect(verifySession(h.home, h.key).intact).toBe(true);
  });
});

describe('a session start on a full disk', () => {
  it('still gives the model the standing contract, and the session stays armed', async () => {
    scenario();
    const c = await h.armedReview();
    const before = h.auditLines();
    const { hits, value } = await onFullDisk('writeSync', () => c.handle(events.sessionStart(h.base, 'resume')));
    expect(hits).toBeGreaterThan(0);
    expect(value).toMatchObject({ kind: 'context', text: expect.stringContaining('ARMED') });
    expect(h.check(before)).toEqual({ lost: [], whole: true });
    expect(await h.armedWrite(c, 'w1')).toBe('deny');
  });
});

describe('the secret on a full disk', () => {
  for (const name of ['openSync', 'writeSync', 'fsyncSync', 'linkSync', 'renameSync'] as (keyof WriteFs)[]) {
    it(`${name}: no empty or partial secret is left, and the next process creates a sound one`, async () => {
      scenario();
      // renameSync is the path that replaces an empty secret; the others create one.
      if (name === 'renameSync') {
        const { mkdirSync } = await import('node:fs');
        mkdirSync(h.home, { recursive: true });
        writeFileSync(secretFile(h.home), '');
      }
      const { hits } = await onFullDisk(name, () => expect(() => loadSecret(h.home)).toThrow(/ENOSPC/));
      expect(hits).toBeGreaterThan(0);
      const left = existsSync(h.home) ? readdirSync(h.home) : [];
      expect(left.filter((n) => n.endsWith('.tmp'))).toEqual([]);
      if (name !== 'renameSync') expect(left).not.toContain('secret');
      expect(loadSecret(h.home)).toMatch(/^[0-9a-f]{64}$/);
    });
  }
});

describe('state repair on a full disk', () => {
  for (const name of ['openSync', 'writeSync', 'fsyncSync', 'renameSync', 'symlinkSync'] as (keyof WriteFs)[]) {
    it(`${name}: the damaged file stays in place and the session stays armed`, async () => {
      scenario();
      const c = await h.armedReview();
      writeFileSync(h.stateFile, '{');
      const { hits, value } = await onFullDisk(name, async () => {
        try {
          return await repairState(h.home, h.key, () => '{', new Date(), 500);
        } catch (err) {
          return { ok: false, error: (err as NodeJS.ErrnoException).code };
        }
      });
      expect(hits).toBeGreaterThan(0);
      expect(value).toMatchObject({ ok: false });
      expect(readSession(h.home, h.key)).toMatchObject({ kind: 'damaged' });
      expect(await h.armedWrite(c, 'w1')).toBe('deny');
      expect(await repairState(h.home, h.key, () => '{', new Date(), 500)).toMatchObject({ ok: true, repaired: true });
      expect(await h.armedWrite(c, 'w2')).toBe('deny');
      expect(verifySession(h.home, h.key).intact).toBe(true);
    });
  }
});
