import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ControlEvent, RuntimeEvent, SessionState } from '../../generated/types.js';
import { createController, type Controller, type ControllerDeps } from './controller.js';
import type { ControllerResult } from './result.js';
import { delegateAction, events, makeAction, type EventBase } from '../../../test/support/events.js';
import { auditFile, sessionFile, sessionKey } from '../state/home.js';
import { readSession } from '../state/store.js';
import { verifyAuditFile } from '../audit/verify.js';
import { repairState } from './operations.js';
import { explainView } from './explain-view.js';
import { statusView } from './readback.js';
import { lockPathOf } from '../state/lock.js';
import { canonicalPath } from '../paths/canonical.js';
import { applyDamage } from '../replay/damage.js';
import { makeRepository } from '../../../test/support/repository.js';

let home: string;
let project: string;
let base: EventBase;
let key: string;

function controller(extra: Partial<ControllerDeps> = {}): Controller {
  return createController({
    home,
    env: {},
    now: () => new Date(),
    protectedPaths: { remit: [`${home}/**`], hostConfig: [] },
    userConfig: { status: 'absent', config: null, path: '/nonexistent' },
    repoConfig: () => ({ status: 'absent', config: null, path: '/nonexistent' }),
    ...extra,
  });
}

beforeEach(() => {
  const root = mkdtempSync(path.join(tmpdir(), 'remit-ctl-'));
  home = path.join(root, 'home');
  project = canonicalPath(path.join(root, 'project'), '/');
  // Its own project root, whatever folders above it hold.
  makeRepository(project);
  base = { sessionId: 'session-1', cwd: project };
  key = sessionKey('test', 'session-1');
});
afterEach(() => rmSync(path.dirname(home), { recursive: true, force: true }));

function records(): RuntimeEvent[] {
  try {
    return readFileSync(auditFile(home, key), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as RuntimeEvent);
  } catch {
    return [];
  }
}

function state(): SessionState {
  const loaded = readSession(home, key);
  if (loaded.kind !== 'ok') throw new Error(`state ${loaded.kind}`);
  return loaded.state;
}

function decisionOf(r: ControllerResult) {
  if (r.kind !== 'decision') throw new Error(`expected a decision, got ${r.kind}`);
  return r;
}

const write = (id: string, file = 'src/a.ts') =>
  makeAction({ id, tool: 'Write', mutability: 'write', effects: [{ kind: 'write', path: path.join(project, file) }] });
const read = (id: string) => makeAction({ id, tool: 'Read', mutability: 'read', effects: [{ kind: 'read', path: path.join(project, 'a') }] });

async function arm(c: Controller, directive: string): Promise<ControllerResult> {
  const r = await c.handle(events.prompt(base, directive));
  expect(r.kind).toBe('context');
  return r;
}

describe('prompts', () => {
  it('a directive arms the session, is echoed and audited without its text', async () => {
    const c = controller();
    const r = await arm(c, '$remit review -- look at the diff');
    if (r.kind !== 'context') throw new Error();
    expect(r.userLine).toContain('mode=review');
    expect(r.text).toContain('remit enforces this task contract');
    expect(state().contract.mode).toBe('review');
    const [rec] = records();
    expect(rec?.kind).toBe('directive');
    expect(rec?.contract?.mode).toBe('review');
    expect(statSync(sessionFile(home, key)).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(home, 'sessions')).mode & 0o777).toBe(0o700);
  });

  it('hook, synthetic and subagent text is never parsed', async () => {
    const c = controller();
    for (const origin of ['hook', 'synthetic', 'subagent'] as const) {
      expect(await c.handle(events.prompt(base, '$remit change', origin))).toEqual({ kind: 'none' });
    }
    expect(readSession(home, key).kind).toBe('absent');
  });

  it('a malformed directive pauses mutation until a valid one arrives', async () => {
    const c = controller();
    const r = await c.handle(events.prompt(base, '$remit chnge -- do it'));
    expect(r.kind).toBe('prompt-block');
    if (r.kind === 'prompt-block') expect(r.code).toBe('INVALID_DIRECTIVE_TOKEN');
    expect(state().directiveError?.code).toBe('INVALID_DIRECTIVE_TOKEN');
    expect(decisionOf(await c.handle(events.before(base, write('w1')))).decision).toMatchObject({ outcome: 'deny', reasonCode: 'INVALID_DIRECTIVE' });
    expect(decisionOf(await c.handle(events.before(base, read('r1')))).decision.outcome).toBe('allow');
    await arm(c, '$remit change');
    expect(state().directiveError).toBeNull();
    expect(decisionOf(await c.handle(events.before(base, write('w2')))).decision.reasonCode).toBe('WITHIN_CONTRACT');
    expect(records().map((r) => r.kind)).toEqual(['directive_error', 'action', 'action', 'directive', 'action']);
  });

  it('answers inspection commands without changing the contract', async () => {
    const c = controller();
    await arm(c, '$remit review');
    await c.handle(events.before(base, write('w1')));
    const status = await c.handle(events.prompt(base, '$remit status'));
    expect(status).toMatchObject({ kind: 'prompt-block', inspection: true });
    if (status.kind === 'prompt-block') {
      expect(status.text).toContain('mode=review');
      expect(status.text).toContain('MODE_FORBIDS_MUTATION');
    }
    const runtime = await c.handle(events.prompt(base, '$remit runtime'));
    if (runtime.kind === 'prompt-block') expect(runtime.text).toContain('Checked actions: 1');
    const help = await c.handle(events.prompt(base, '$remit help'));
    if (help.kind === 'prompt-block') expect(help.text).toContain('$remit');
    expect(state().contract.mode).toBe('review');
  });
});

describe('action.before', () => {
  it('decides, counts and audits one metadata line per action', async () => {
    const c = controller();
    await arm(c, '$remit review');
    const r = decisionOf(await c.handle(events.before(base, write('w1'))));
    expect(r.decision).toMatchObject({ outcome: 'deny', reasonCode: 'MODE_FORBIDS_MUTATION', family: 'I', controlState: 'ARMED' });
    expect(r.eventId).toMatch(/^evt_[0-9a-f]{28}$/);
    expect(r.message).toContain('MODE_FORBIDS_MUTATION');
    const s = state();
    expect(s.counters).toMatchObject({ checked: 1, denied: 1, denials: { MODE_FORBIDS_MUTATION: 1 } });
    const rec = records().at(-1)!;
    expect(rec).toMatchObject({
      kind: 'action',
      id: r.eventId,
      state: 'ARMED',
      hostEffect: 'unobserved',
      decision: { outcome: 'deny', reasonCode: 'MODE_FORBIDS_MUTATION' },
    });
    expect(rec.action).toMatchObject({ tool: 'Write', mutability: 'write', effects: 1, inputDigest: 'digest-w1' });
    expect(verifyAuditFile(auditFile(home, key), key).intact).toBe(true);
  });

  it('an OFF session decides nothing on the record', async () => {
    const c = controller();
    await arm(c, '$remit off');
    const before = records().length;
    expect(decisionOf(await c.handle(events.before(base, write('w1')))).decision.reasonCode).toBe('CONTROL_OFF');
    expect(records().length).toBe(before);
    expect(state().counters.checked).toBe(0);
  });

  it('keeps the newest refused calls open, and every call that may still run', async () => {
    const c = controller();
    await arm(c, '$remit review');
    // An allowed call whose result never came: kept, as its tool may still run.
    decisionOf(await c.handle(events.before(base, read('r1'))));
    const denied: string[] = [];
    for (let i = 0; i < 40; i++) {
      const r = decisionOf(await c.handle(events.before(base, write(`w${i}`))));
      expect(r.decision.outcome).toBe('deny');
      denied.push(r.eventId!);
    }
    const open = state().open;
    expect(Object.keys(open)).toEqual(['r1', ...Array.from({ length: 16 }, (_, i) => `w${24 + i}`)]);
    // The host sends the newest refused call again: the same verdict and record, none new.
    const before = records().length;
    const again = decisionOf(await c.handle(events.before(base, write('w39'))));
    expect(again.eventId).toBe(denied[39]);
    expect(records().length).toBe(before);
    // An older one was forgotten: decided again, as refused as before, and recorded again.
    const old = decisionOf(await c.handle(events.before(base, write('w0'))));
    expect(old.decision.outcome).toBe('deny');
    expect(old.eventId).not.toBe(denied[0]);
    expect(state().counters.denied).toBe(41);
  });

  it('an ask the host shows as a deny is a refused call; an ask it asks about may still run', async () => {
    const hash = (id: string) => makeAction({ id, tool: 'Bash', mutability: 'read', intents: { dependency: false, hash: true } });
    const asDeny = controller({ channels: { deny: 'json-deny', ask: 'deny' } });
    await arm(asDeny, '$remit change hash=ask');
    for (let i = 0; i < 20; i++) expect(decisionOf(await asDeny.handle(events.before(base, hash(`a${i}`)))).decision.outcome).toBe('ask');
    expect(Object.keys(state().open)).toHaveLength(16);
    const native = controller({ channels: { deny: 'json-deny', ask: 'native' } });
    for (let i = 0; i < 20; i++) await native.handle(events.before(base, hash(`n${i}`)));
    expect(Object.keys(state().open).filter((k) => k.startsWith('n'))).toHaveLength(20);
  });

  it('the same open call seen twice is decided once', async () => {
    const c = controller();
    await arm(c, '$remit change agents=2');
    const first = decisionOf(await c.handle(events.before(base, delegateAction('t1'))));
    const second = decisionOf(await c.handle(events.before(base, delegateAction('t1'))));
    expect(first.decision.reasonCode).toBe('WITHIN_CONTRACT');
    expect(second.decision.outcome).toBe('allow');
    expect(second.eventId).toBe(first.eventId);
    expect(state().ledger.reservations).toHaveLength(1);
    expect(state().counters.checked).toBe(1);
    expect(records().filter((r) => r.kind === 'action')).toHaveLength(1);
  });

  it('the same id with another input, or after release, is a duplicate', async () => {
    const c = controller();
    await arm(c, '$remit change agents=2');
    await c.handle(events.before(base, delegateAction('t1')));
    const other = { ...delegateAction('t1'), inputDigest: 'different' };
    expect(decisionOf(await c.handle(events.before(base, other))).decision.reasonCode).toBe('DUPLICATE_ACTION_ID');
    await c.handle(events.after(base, 't1', 'joined'));
    expect(decisionOf(await c.handle(events.before(base, delegateAction('t1')))).decision.reasonCode).toBe('DUPLICATE_ACTION_ID');
  });

  it('the budget counts concurrent subagents and frees them on each kind of terminal evidence', async () => {
    const c = controller();
    await arm(c, '$remit change agents=1');
    const admit = async (id: string) => decisionOf(await c.handle(events.before(base, delegateAction(id)))).decision.reasonCode;
    expect(await admit('a')).toBe('WITHIN_CONTRACT');
    expect(await admit('b')).toBe('AGENT_BUDGET_EXHAUSTED');
    // No evidence: a turn end, a running call, a plain session end free nothing.
    await c.handle(events.turnEnd(base));
    await c.handle(events.after(base, 'a', 'running'));
    await c.handle(events.sessionEnd(base));
    expect(await admit('c')).toBe('AGENT_BUDGET_EXHAUSTED');
    // action.after joined for that call.
    await c.handle(events.after(base, 'a', 'joined'));
    expect(await admit('d')).toBe('WITHIN_CONTRACT');
    // subagent.stop of the child bound to it.
    await c.handle(events.subagentStart(base, 'child-d', 'd'));
    await c.handle(events.subagentStop(base, 'child-other'));
    expect(await admit('e')).toBe('AGENT_BUDGET_EXHAUSTED');
    await c.handle(events.subagentStop(base, 'child-d'));
    expect(await admit('f')).toBe('WITHIN_CONTRACT');
    // session.end with allDelegationsStopped.
    await c.handle(events.sessionEnd(base, true));
    expect(await admit('g')).toBe('WITHIN_CONTRACT');
    const lifecycle = records().filter((r) => r.kind === 'lifecycle');
    expect(lifecycle.filter((r) => r.lifecycle?.freed).length).toBe(3);
  });

  it('facts from an adapter without lifecycle v2 never release; they leave the ledger unresolved', async () => {
    const c = controller();
    await arm(c, '$remit change agents=2');
    await c.handle(events.before(base, delegateAction('a')));
    await c.handle(events.after({ ...base, lifecycleVersion: 1 }, 'a', 'joined'));
    expect(state().ledger.reservations).toHaveLength(1);
    expect(state().ledger.unresolved).toEqual({ a: 'lifecycle_undeclared' });
    expect(decisionOf(await c.handle(events.before(base, delegateAction('b')))).decision.reasonCode).toBe('DELEGATION_STATE_UNPROVEN');
  });

  it('a host call id that names an Object.prototype member is an id like any other: decided once, kept open, closed, and counted', async () => {
    for (const id of ['__proto__', 'constructor', 'toString']) {
      const c = controller();
      await arm(c, '$remit change agents=1');
      const first = decisionOf(await c.handle(events.before(base, delegateAction(id))));
      expect(first.decision.reasonCode).toBe('WITHIN_CONTRACT');
      expect(Object.keys(state().open)).toContain(id);
      // The same call again is the same open call, not a new one (nor a stranger's entry).
      expect(decisionOf(await c.handle(events.before(base, delegateAction(id)))).eventId).toBe(first.eventId);
      expect(decisionOf(await c.handle(events.before(base, delegateAction(`${id}-2`)))).decision.reasonCode).toBe('AGENT_BUDGET_EXHAUSTED');
      await c.handle(events.after({ ...base, lifecycleVersion: 1 }, id, 'joined'));
      expect(Object.keys(state().open)).not.toContain(id);
      // An adapter without lifecycle v2 leaves the launch unresolved, under its own id.
      expect(Object.keys(state().ledger.unresolved)).toEqual([id]);
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('a launch from an undeclared adapter reserves but blocks later finite delegation', async () => {
    const c = controller();
    const old = { ...base, lifecycleVersion: 1 };
    await c.handle(events.prompt(old, '$remit change agents=3'));
    expect(decisionOf(await c.handle(events.before(old, delegateAction('a')))).decision.reasonCode).toBe('WITHIN_CONTRACT');
    expect(decisionOf(await c.handle(events.before(old, delegateAction('b')))).decision.reasonCode).toBe('DELEGATION_STATE_UNPROVEN');
  });

  it('a one-time approval allows the same input once, and is in the chain', async () => {
    const c = controller();
    await arm(c, '$remit review');
    const denied = decisionOf(await c.handle(events.before(base, write('w1'))));
    expect(denied.decision.outcome).toBe('deny');
    const r = await c.handle(events.prompt(base, `$remit allow ${denied.eventId}`));
    expect(r).toMatchObject({ kind: 'prompt-block', inspection: true });
    expect(records().at(-1)).toMatchObject({ kind: 'approval', about: denied.eventId });
    expect(decisionOf(await c.handle(events.before(base, write('w2')))).decision.outcome).toBe('deny'); // other input (digest-w2)
    expect(decisionOf(await c.handle(events.before(base, { ...write('w3'), inputDigest: 'digest-w1' }))).decision.reasonCode).toBe('APPROVED_ONCE');
    expect(decisionOf(await c.handle(events.before(base, { ...write('w4'), inputDigest: 'digest-w1' }))).decision.reasonCode).toBe('MODE_FORBIDS_MUTATION');
    const nothing = await c.handle(events.prompt(base, '$remit allow evt_000000000000aaaaaaaaaaaaaaaa'));
    if (nothing.kind === 'prompt-block') expect(nothing.text).toContain('nothing was approved');
  });

  it('labels are records in the chain and counted by runtime', async () => {
    const c = controller();
    await arm(c, '$remit review');
    const d = decisionOf(await c.handle(events.before(base, write('w1'))));
    await c.handle(events.prompt(base, `$remit label ${d.eventId} correct`));
    expect(records().at(-1)).toMatchObject({ kind: 'label', about: d.eventId, label: 'correct' });
    expect(state().labels[d.eventId!]).toBe('correct');
    expect(explainView(home, d.eventId!, key)?.label).toBe('correct');
  });

  it('reports a check repeated past the threshold with no write in between', async () => {
    const c = controller();
    await arm(c, '$remit change');
    const check = (id: string) => makeAction({ id, tool: 'Bash', mutability: 'check', inputDigest: 'npm-test' });
    const codes: string[] = [];
    for (let i = 0; i < 4; i++) codes.push(decisionOf(await c.handle(events.before(base, check(`c${i}`)))).decision.reasonCode);
    expect(codes).toEqual(['WITHIN_CONTRACT', 'WITHIN_CONTRACT', 'WITHIN_CONTRACT', 'REPEATED_CHECK']);
    await c.handle(events.before(base, write('w1')));
    expect(decisionOf(await c.handle(events.before(base, check('c9')))).decision.reasonCode).toBe('WITHIN_CONTRACT');
    expect(state().checkRuns).toEqual({ 'npm-test': 1 });
  });

  it('an action.after for a denied call is recorded as executed despite the deny', async () => {
    const c = controller();
    await arm(c, '$remit review');
    const d = decisionOf(await c.handle(events.before(base, write('w1'))));
    await c.handle(events.after(base, 'w1', 'joined'));
    expect(records().some((r) => r.kind === 'effect' && r.about === d.eventId && r.hostEffect === 'executed_despite_deny')).toBe(true);
    expect(explainView(home, d.eventId!, key)?.hostEffect).toBe('executed_despite_deny');
  });

  it('records what the host did with an asked call: run or never started after its own prompt, run despite an ask sent as a deny', async () => {
    const hash = (id: string) => makeAction({ id, tool: 'Bash', mutability: 'read', intents: { dependency: false, hash: true } });
    const effectOf = (eventId: string | undefined) =>
      records()
        .filter((r) => r.kind === 'effect' && r.about === eventId)
        .map((r) => r.hostEffect);
    const native = controller({ channels: { deny: 'json-deny', ask: 'native' } });
    await arm(native, '$remit change hash=ask');
    const yes = decisionOf(await native.handle(events.before(base, hash('h1'))));
    const no = decisionOf(await native.handle(events.before(base, hash('h2'))));
    expect([yes.decision.outcome, no.decision.outcome]).toEqual(['ask', 'ask']);
    await native.handle(events.after(base, 'h1', 'joined'));
    await native.handle(events.after(base, 'h2', 'not_started'));
    expect(effectOf(yes.eventId)).toEqual(['executed']);
    expect(effectOf(no.eventId)).toEqual(['not_executed']);
    expect(explainView(home, no.eventId!, key)?.hostEffect).toBe('not_executed');
    // A second report of the same call finds nothing open and records no second effect.
    await native.handle(events.after(base, 'h2', 'not_started'));
    expect(effectOf(no.eventId)).toEqual(['not_executed']);

    const asDeny = controller({ channels: { deny: 'json-deny', ask: 'deny' } });
    const ran = decisionOf(await asDeny.handle(events.before(base, hash('h3'))));
    await asDeny.handle(events.after(base, 'h3', 'joined'));
    expect(effectOf(ran.eventId)).toEqual(['executed_despite_deny']);
    // Without a known ask channel nothing is claimed.
    const unknown = controller();
    const silent = decisionOf(await unknown.handle(events.before(base, hash('h4'))));
    await unknown.handle(events.after(base, 'h4', 'not_started'));
    expect(effectOf(silent.eventId)).toEqual([]);
  });

  it('REMIT_DISABLE=1 allows everything and is audited once per session', async () => {
    const c = controller({ env: { REMIT_DISABLE: '1' } });
    expect(decisionOf(await c.handle(events.before(base, write('w1')))).decision).toMatchObject({ outcome: 'allow', reasonCode: 'CONTROL_OFF' });
    await c.handle(events.before(base, write('w2')));
    expect(await c.handle(events.prompt(base, '$remit review'))).toEqual({ kind: 'none' });
    expect(records().map((r) => r.kind)).toEqual(['disabled']);
  });
});

describe('damage, recovery and repair', () => {
  it('damaged state after an armed contract: reads pass, the rest is denied, the file is never overwritten', async () => {
    const c = controller();
    await arm(c, '$remit change agents=2');
    await c.handle(events.before(base, delegateAction('t1')));
    const damaged = readFileSync(sessionFile(home, key), 'utf8').replace('"contract":{', '"contract":{"bogus":1,');
    writeFileSync(sessionFile(home, key), damaged);
    expect(decisionOf(await c.handle(events.before(base, read('r1')))).decision.reasonCode).toBe('RECOVERY_READ_ONLY');
    expect(decisionOf(await c.handle(events.before(base, write('w1')))).decision).toMatchObject({ outcome: 'deny', reasonCode: 'STATE_DAMAGED' });
    const blocked = await c.handle(events.prompt(base, '$remit change'));
    expect(blocked).toMatchObject({ kind: 'prompt-block', code: 'STATE_DAMAGED' });
    expect(readFileSync(sessionFile(home, key), 'utf8')).toBe(damaged);
    expect(records().filter((r) => r.recovery).length).toBe(3);

    const repaired = await repairState(home, key, () => readFileSync(sessionFile(home, key), 'utf8'), new Date(), 1000);
    if (!repaired.ok) throw new Error(repaired.error);
    expect(repaired.repaired).toBe(true);
    const s = state();
    expect(s.contract).toMatchObject({ mode: 'review', level: 'guard', source: 'recovery' });
    expect(s.ledger.reservations.map((r) => r.actionId)).toEqual(['t1']);
    expect(s.ledger.unresolved.t1).toBe('state_unavailable');
    expect(readdirSync(path.join(home, 'sessions')).some((n) => n.includes('.damaged-'))).toBe(true);
    expect(decisionOf(await c.handle(events.before(base, write('w2')))).decision.reasonCode).toBe('MODE_FORBIDS_MUTATION');
    expect(verifyAuditFile(auditFile(home, key), key).intact).toBe(true);
  });

  it('damaged state in a never-armed session is treated as observing', async () => {
    const c = controller();
    await c.handle(events.before(base, read('r0')));
    writeFileSync(sessionFile(home, key), '{"schemaVersion": 2, "contract": "chan');
    const d = decisionOf(await c.handle(events.before(base, write('w1')))).decision;
    expect(d).toMatchObject({ outcome: 'report', reasonCode: 'STATE_DAMAGED', controlState: 'OBSERVING' });
  });

  it('an older schemaVersion is migrated in memory without recovery, and persisted by the next write', async () => {
    const c = controller();
    await arm(c, '$remit review');
    // The replay runner's own `state-old-version` damage step.
    expect(applyDamage('state-old-version', home, 'test', 'session-1')).toBeNull();
    expect(JSON.parse(readFileSync(sessionFile(home, key), 'utf8')).schemaVersion).toBe(1);
    const loaded = readSession(home, key);
    expect(loaded).toMatchObject({ kind: 'ok', migratedFrom: 1 });
    expect(decisionOf(await c.handle(events.before(base, write('w1')))).decision.reasonCode).toBe('MODE_FORBIDS_MUTATION');
    expect(JSON.parse(readFileSync(sessionFile(home, key), 'utf8')).schemaVersion).toBe(3);
    expect(records().some((r) => r.recovery)).toBe(false);
  });

  it('a newer schemaVersion is damage, not something to overwrite', async () => {
    const c = controller();
    await arm(c, '$remit review');
    const text = readFileSync(sessionFile(home, key), 'utf8').replace('"schemaVersion":3', '"schemaVersion":9');
    writeFileSync(sessionFile(home, key), text);
    expect(decisionOf(await c.handle(events.before(base, write('w1')))).decision.reasonCode).toBe('STATE_DAMAGED');
    expect(readFileSync(sessionFile(home, key), 'utf8')).toBe(text);
  });
});

describe('fail mode', () => {
  function holdLock() {
    mkdirSync(lockPathOf(sessionFile(home, key)), { recursive: true });
  }

  it('a lock timeout while ARMED denies writes and delegation, allows reads, and is audited', async () => {
    const c = controller({ lockTimeoutMs: 50 });
    await arm(c, '$remit change agents=2');
    holdLock();
    const w = decisionOf(await c.handle(events.before(base, write('w1')))).decision;
    expect(w).toMatchObject({ outcome: 'deny', reasonCode: 'GUARD_ERROR' });
    expect(decisionOf(await c.handle(events.before(base, delegateAction('t1')))).decision.outcome).toBe('deny');
    expect(decisionOf(await c.handle(events.before(base, read('r1')))).decision).toMatchObject({ outcome: 'allow', reasonCode: 'GUARD_ERROR' });
    expect(records().filter((r) => r.error === 'LOCK_TIMEOUT')).toHaveLength(3);
  });

  it('a lock timeout while OBSERVING allows, and is audited', async () => {
    const c = controller({ lockTimeoutMs: 50 });
    await arm(c, '$remit review watch');
    holdLock();
    expect(decisionOf(await c.handle(events.before(base, write('w1')))).decision).toMatchObject({
      outcome: 'allow',
      reasonCode: 'GUARD_ERROR',
      controlState: 'OBSERVING',
    });
    expect(records().at(-1)).toMatchObject({ error: 'LOCK_TIMEOUT', decision: { outcome: 'allow', reasonCode: 'GUARD_ERROR' } });
  });

  it('an internal error while ARMED is a GUARD_ERROR deny recorded in an intact chain', async () => {
    const faults = { internalError: false };
    const c = controller({ faults });
    await arm(c, '$remit change');
    faults.internalError = true;
    expect(decisionOf(await c.handle(events.before(base, write('w1')))).decision).toMatchObject({ outcome: 'deny', reasonCode: 'GUARD_ERROR' });
    expect(records().at(-1)?.error).toBe('INTERNAL_ERROR');
    expect(decisionOf(await c.handle(events.before(base, write('w2')))).decision.reasonCode).toBe('WITHIN_CONTRACT');
    expect(verifyAuditFile(auditFile(home, key), key).intact).toBe(true);
  });

  it('a torn audit line never breaks a hook, and later appends verify from there', async () => {
    const c = controller();
    await arm(c, '$remit change');
    writeFileSync(auditFile(home, key), readFileSync(auditFile(home, key), 'utf8') + '{"v":1,"seq":2,"pr');
    expect(decisionOf(await c.handle(events.before(base, write('w1')))).decision.reasonCode).toBe('WITHIN_CONTRACT');
    await c.handle(events.before(base, write('w2')));
    const v = verifyAuditFile(auditFile(home, key), key);
    expect(v).toMatchObject({ intact: false, breaks: 1, firstBroken: { line: 2, problem: 'not_a_record' } });
  });

  it('handle() never throws, even on a malformed event', async () => {
    const c = controller();
    expect(await c.handle({} as ControlEvent)).toEqual({ kind: 'none' });
    const r = await c.handle({ kind: 'action.before', action: { mutability: 'write' } } as unknown as ControlEvent);
    expect(r).toMatchObject({ kind: 'decision', decision: { outcome: 'deny', reasonCode: 'GUARD_ERROR' } });
  });
});

describe('session.start', () => {
  it('gives the unconfirmed form, then the armed form, from this session only', async () => {
    const c = controller();
    const first = await c.handle(events.sessionStart(base));
    if (first.kind !== 'context') throw new Error(first.kind);
    expect(first.text).toContain('has not set a task contract');
    await arm(c, '$remit review agents=2');
    const again = await c.handle(events.sessionStart(base, 'resume'));
    if (again.kind !== 'context') throw new Error(again.kind);
    expect(again.text).toContain('agents=0/2 reserved');
    const other = await c.handle(events.sessionStart({ ...base, sessionId: 'other' }));
    if (other.kind === 'context') expect(other.text).toContain('has not set a task contract');
  });

  it('applies the user configured default for the project, tightened by the repository file', async () => {
    const c = controller({
      userConfig: { status: 'ok', config: { projects: { [project]: '$remit change hash=allow deps=allow' } }, path: '/x' },
      repoConfig: () => ({ status: 'ok', config: { hash: 'deny', agents: 1 }, path: '/y' }),
    });
    await c.handle(events.sessionStart(base));
    expect(state().contract).toMatchObject({ mode: 'change', source: 'project-default', hash: 'deny', deps: 'allow', agents: 1 });
    expect(records().map((r) => r.kind)).toEqual(['directive', 'lifecycle']);
  });

  it('status says why the contract is what it is: a project default, a directive, a correction', async () => {
    const c = controller({ userConfig: { status: 'ok', config: { projects: { [project]: '$remit change' } }, path: '/x' } });
    const why = () => statusView(home, key, { user: 'ok', repo: 'absent', problems: [] }).contractChange;
    await c.handle(events.sessionStart(base));
    expect(why()).toMatchObject({
      source: 'project-default',
      text: expect.stringMatching(/^set at session start by the default directive in your configuration at \S+ \(evt_/),
    });
    await arm(c, '$remit change files=src/** -- go');
    const directive = records().at(-1)!;
    expect(why()).toEqual({ source: 'directive', at: directive.at, eventId: directive.id, text: `set by your directive at ${directive.at} (${directive.id})` });
    await c.handle(events.prompt(base, 'review only, please'));
    expect(why()).toMatchObject({ source: 'correction', eventId: records().at(-1)!.id, text: expect.stringContaining('tightened by your own words') });
    expect(state().sessionId).toBe('session-1');
    expect(statusView(home, key, { user: 'ok', repo: 'absent', problems: [] }).session).toMatchObject({ sessionId: 'session-1' });
  });

  it('records an invalid configuration once per session', async () => {
    const c = controller({ userConfig: { status: 'invalid', config: null, path: '/x', problem: 'bad' } });
    await c.handle(events.sessionStart(base));
    await c.handle(events.sessionStart(base, 'resume'));
    expect(records().filter((r) => r.kind === 'config')).toEqual([expect.objectContaining({ error: 'USER_CONFIG_INVALID' })]);
  });
});
