// Faults inside remit's own code, in process: an exception thrown in each part of the
// controller (prompt, action, lifecycle, session start) and in its clock, a wall clock set
// back during a lock wait, and a tool call the in-process plugins (OpenCode, Pi, omp) cannot
// read. What must hold: an ARMED session refuses every write and records the refusal; a
// prompt that may have carried a directive is answered, never dropped in silence.
import { hostname } from 'node:os';
import { symlinkSync } from 'node:fs';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditFile, sessionKey } from '../../src/core/state/home.js';
import { lockPathOf } from '../../src/core/state/lock.js';
import { readSession } from '../../src/core/state/store.js';
import { FakeOpencode } from '../../adapters/opencode/fake-host.js';
import { FakePi } from '../../adapters/pi-family/fake-host.js';
import { createRemitPiExtension } from '../../adapters/pi/extension.js';
import { createRemitOmpExtension } from '../../adapters/omp/extension.js';
import { readVerdictText } from '../../adapters/plugin-host/verdict-text.js';
import { createTestWorld, type TestWorld } from '../support/test-world.js';
import { events } from '../support/events.js';
import { Home } from './in-process.js';
import { countArmedAnswer, flushTally } from './tally.js';
import { scenario } from './world.js';

/** Which part throws (`in`, '' for none), and a wrapper making a function throw while it is that part. */
const { fault, throwsIn } = vi.hoisted(() => {
  const fault = { in: '' };
  const throwsIn =
    <A extends unknown[], R>(where: string, f: (...a: A) => R) =>
    (...a: A): R => {
      if (fault.in === where) throw new Error('injected fault');
      return f(...a);
    };
  return { fault, throwsIn };
});
const injected = () => new Error('injected fault');

vi.mock('../../src/core/contract/parse-prompt.js', async (real) => {
  const m = await real<typeof import('../../src/core/contract/parse-prompt.js')>();
  return { ...m, parsePrompt: throwsIn('prompt', m.parsePrompt) };
});
vi.mock('../../src/core/decide/decide.js', async (real) => {
  const m = await real<typeof import('../../src/core/decide/decide.js')>();
  return { ...m, decideWithFacts: throwsIn('action', m.decideWithFacts) };
});
vi.mock('../../src/core/ledger/ledger.js', async (real) => {
  const m = await real<typeof import('../../src/core/ledger/ledger.js')>();
  return { ...m, applyFact: throwsIn('lifecycle', m.applyFact) };
});
vi.mock('../../src/core/controller/context-text.js', async (real) => {
  const m = await real<typeof import('../../src/core/controller/context-text.js')>();
  return { ...m, contractContext: throwsIn('session-start', m.contractContext) };
});

let h: Home;
beforeEach(() => {
  h = new Home();
  fault.in = '';
});
afterEach(() => {
  fault.in = '';
  vi.restoreAllMocks();
  h.dispose();
});
afterAll(() => flushTally('modules'));

const errors = (file = h.auditFile) =>
  h
    .auditLinesOf(file)
    .map((l) => JSON.parse(l))
    .filter((r) => r.error);

describe('an exception in each part of the controller', () => {
  it('prompt: a directive that throws is answered GUARD_ERROR and audited; the armed session stays armed', async () => {
    scenario();
    const c = await h.armedReview();
    fault.in = 'prompt';
    expect(await c.handle(events.prompt(h.base, '$remit change'))).toMatchObject({
      kind: 'prompt-block',
      code: 'GUARD_ERROR',
      text: expect.stringMatching(/nothing changed/),
    });
    // Even a plain prompt: in an armed session it may have been a correction.
    expect(await c.handle(events.prompt(h.base, 'stop'))).toMatchObject({ kind: 'prompt-block', code: 'GUARD_ERROR' });
    fault.in = '';
    expect(errors().map((r) => [r.kind, r.error, r.state])).toEqual([
      ['directive', 'INTERNAL_ERROR', undefined],
      ['directive', 'INTERNAL_ERROR', undefined],
    ]);
    expect(await h.armedWrite(c, 'w1')).toBe('deny');
  });

  it('prompt: in a session never armed, a directive that throws is answered; a plain prompt goes on', async () => {
    scenario();
    const c = h.controller();
    fault.in = 'prompt';
    expect(await c.handle(events.prompt(h.base, '$remit review'))).toMatchObject({ kind: 'prompt-block', code: 'GUARD_ERROR' });
    expect(await c.handle(events.prompt(h.base, 'what does this do?'))).toEqual({ kind: 'none' });
    fault.in = '';
    expect(errors()).toHaveLength(1);
  });

  it('action: rules that throw still give a recorded refusal', async () => {
    scenario();
    const c = await h.armedReview();
    fault.in = 'action';
    const r = await c.handle(events.before(h.base, h.write('w1')));
    tallyArmed(r);
    expect(r).toMatchObject({ kind: 'decision', decision: { outcome: 'deny', reasonCode: 'GUARD_ERROR' }, eventId: expect.stringMatching(/^evt_/) });
    fault.in = '';
    expect(errors().map((e) => [e.id, e.error, e.decision.outcome])).toEqual([[(r as { eventId: string }).eventId, 'INTERNAL_ERROR', 'deny']]);
  });

  it('lifecycle: a fact that throws is recorded, and the session stays armed', async () => {
    scenario();
    const c = await h.armedReview();
    fault.in = 'lifecycle';
    expect(await c.handle(events.after(h.base, 'w0', 'joined'))).toEqual({ kind: 'none' });
    fault.in = '';
    expect(errors().map((r) => [r.kind, r.error])).toEqual([['lifecycle', 'INTERNAL_ERROR']]);
    expect(await h.armedWrite(c, 'w1')).toBe('deny');
  });

  it('session start: a failure to build the standing contract leaves the session armed', async () => {
    scenario();
    const c = await h.armedReview();
    fault.in = 'session-start';
    expect((await c.handle(events.sessionStart(h.base, 'resume'))).kind).toBe('none');
    fault.in = '';
    expect(readSession(h.home, h.key)).toMatchObject({ kind: 'ok', state: { contract: { mode: 'review' } } });
    expect(await h.armedWrite(c, 'w1')).toBe('deny');
  });

  it('a clock that throws: the refusal is still recorded, with the system time', async () => {
    scenario();
    const good = h.controller();
    await h.armedReview(good);
    let broken = false;
    const c = h.controller(500, () => {
      if (broken) throw injected();
      return new Date();
    });
    broken = true;
    const r = await c.handle(events.before(h.base, h.write('w1')));
    tallyArmed(r);
    expect(r).toMatchObject({ kind: 'decision', decision: { outcome: 'deny', reasonCode: 'GUARD_ERROR' }, eventId: expect.stringMatching(/^evt_/) });
    expect(errors().map((e) => e.error)).toEqual(['INTERNAL_ERROR']);
  });
});

describe('a wall clock set back while a hook waits for the lock', () => {
  it('the wait still ends at its timeout (a GUARD_ERROR refusal), not an hour later', async () => {
    scenario();
    const c = await h.armedReview();
    // A live holder on this host: this process.
    symlinkSync(`${process.pid}@${hostname()}:999`, lockPathOf(h.stateFile));
    const real = Date.now.bind(Date);
    let offset = 0;
    vi.spyOn(Date, 'now').mockImplementation(() => real() + offset);
    setTimeout(() => (offset = -60 * 60 * 1000), 50);
    const r = await c.handle(events.before(h.base, h.write('w1')));
    tallyArmed(r);
    expect(r).toMatchObject({ kind: 'decision', decision: { outcome: 'deny', reasonCode: 'GUARD_ERROR' } });
    expect(errors().map((e) => e.error)).toEqual(['LOCK_TIMEOUT']);
  }, 15_000);
});

describe('in-process plugins: a tool call remit cannot read', () => {
  let world: TestWorld;
  beforeEach(async () => {
    world = await createTestWorld();
  });
  afterEach(() => world.dispose());

  /** Arguments that throw on any read: what a host's hostile or broken object would do. */
  const hostile = () =>
    new Proxy(
      {},
      {
        get: () => {
          throw injected();
        },
        has: () => {
          throw injected();
        },
        ownKeys: () => {
          throw injected();
        },
      },
    );
  const records = (host: string, session: string) => h.auditLinesOf(auditFile(world.home, sessionKey(host, session))).map((l) => JSON.parse(l));

  it('OpenCode: refused with the session’s audited GUARD_ERROR', async () => {
    scenario();
    const host = new FakeOpencode(world.project, world.runtime);
    await host.createSession('ses_root');
    await host.prompt('ses_root', '$remit review -- look');
    const out = await host.tool('ses_root', 'write', hostile(), 'call_h');
    countArmedAnswer(out.thrown ? 'deny' : 'none');
    expect(out.ran).toBe(false);
    expect(readVerdictText(out.thrown)).toEqual({ outcome: 'deny', reasonCode: 'GUARD_ERROR' });
    expect(
      records('opencode', 'ses_root')
        .filter((r) => r.error)
        .map((r) => [r.error, r.decision.outcome]),
    ).toEqual([['EVENT_UNREADABLE', 'deny']]);
  });

  for (const flavor of ['pi', 'omp'] as const) {
    it(`${flavor}: refused with the session’s audited GUARD_ERROR`, async () => {
      scenario();
      const make = flavor === 'pi' ? createRemitPiExtension : createRemitOmpExtension;
      const pi = new FakePi({ host: flavor, cwd: world.project, sessionId: 's-root', print: true }).load(
        make({ runtime: world.runtime, env: {}, stderr: () => {} }),
      );
      await pi.startSession();
      await pi.prompt('$remit review -- look');
      const out = await pi.tool('write', hostile(), undefined, 'tc_h');
      countArmedAnswer(out.blocked ? 'deny' : 'none');
      expect(out.blocked).toBe(true);
      expect(readVerdictText(out.reason)).toEqual({ outcome: 'deny', reasonCode: 'GUARD_ERROR' });
      expect(
        records(flavor, 's-root')
          .filter((r) => r.error)
          .map((r) => [r.error, r.decision.outcome]),
      ).toEqual([['EVENT_UNREADABLE', 'deny']]);
    });
  }
});

function tallyArmed(r: { kind: string; decision?: { outcome: string } }): void {
  countArmedAnswer(r.kind === 'decision' ? r.decision!.outcome : r.kind);
}
