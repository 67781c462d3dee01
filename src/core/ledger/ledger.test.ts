import { describe, expect, it } from 'vitest';
import { applyFact, refuse, releaseByUser, reserve, reservedUnits, unresolvedReasons } from './ledger.js';
import { emptyLedger } from '../state/session-state.js';

const at = '2026-01-01T00:00:00.000Z';

function withBatch(count: number, scope: 'call' | 'children' = 'children') {
  return reserve(emptyLedger(), { actionId: 'call-1', count, scope, at });
}

describe('reservations', () => {
  it('reserves a whole batch with a short id and counts it', () => {
    const { ledger, reservationId } = withBatch(3);
    expect(reservationId).toBe('r1');
    expect(reservedUnits(ledger)).toBe(3);
    const second = reserve(ledger, { actionId: 'call-2', count: 1, scope: 'children', at });
    expect(second.reservationId).toBe('r2');
    expect(reservedUnits(second.ledger)).toBe(4);
  });

  it('records unresolved reasons once per launch', () => {
    const { ledger } = reserve(emptyLedger(), { actionId: 'a', count: 1, scope: 'children', at, unresolved: ['undeclared_adapter', 'resume'] });
    expect(unresolvedReasons(ledger)).toEqual(['undeclared_adapter']);
  });

  it('never mutates the ledger it was given', () => {
    const before = emptyLedger();
    reserve(before, { actionId: 'a', count: 2, scope: 'children', at });
    expect(before.reservations).toEqual([]);
  });
});

describe('release on terminal evidence', () => {
  for (const lifecycle of ['joined', 'failed', 'not_started'] as const) {
    it(`action.after ${lifecycle} for that call frees the whole batch`, () => {
      const { ledger } = withBatch(2);
      const r = applyFact(ledger, { kind: 'after', actionId: 'call-1', lifecycle });
      expect(r.applied).toBe(true);
      expect(r.freed).toBe(2);
      expect(reservedUnits(r.ledger)).toBe(0);
      expect(r.ledger.released).toContain('call-1');
    });
  }

  it('action.after for another call frees nothing', () => {
    const { ledger } = withBatch(2);
    const r = applyFact(ledger, { kind: 'after', actionId: 'other', lifecycle: 'joined' });
    expect(r.applied).toBe(false);
    expect(reservedUnits(r.ledger)).toBe(2);
  });

  it('running and unknown keep the capacity', () => {
    const { ledger } = withBatch(2);
    const running = applyFact(ledger, { kind: 'after', actionId: 'call-1', lifecycle: 'running', agentIds: ['c1'] });
    expect(reservedUnits(running.ledger)).toBe(2);
    expect(running.ledger.reservations[0]!.agents).toEqual(['c1']);
    expect(reservedUnits(applyFact(ledger, { kind: 'after', actionId: 'call-1', lifecycle: 'unknown' }).ledger)).toBe(2);
  });

  it('not_started after the call was seen running is not believed', () => {
    const { ledger } = withBatch(1);
    const running = applyFact(ledger, { kind: 'after', actionId: 'call-1', lifecycle: 'running' }).ledger;
    const r = applyFact(running, { kind: 'after', actionId: 'call-1', lifecycle: 'not_started' });
    expect(r.applied).toBe(false);
    expect(reservedUnits(r.ledger)).toBe(1);
  });

  it('subagent.stop of a child bound to the reservation frees one unit each', () => {
    const { ledger } = withBatch(2);
    let l = applyFact(ledger, { kind: 'subagent.start', agentId: 'c1', reservationId: 'call-1' }).ledger;
    l = applyFact(l, { kind: 'subagent.start', agentId: 'c2', reservationId: 'call-1' }).ledger;
    const one = applyFact(l, { kind: 'subagent.stop', agentId: 'c1' });
    expect(one.freed).toBe(1);
    expect(reservedUnits(one.ledger)).toBe(1);
    // The same stop twice frees nothing more.
    expect(applyFact(one.ledger, { kind: 'subagent.stop', agentId: 'c1' }).applied).toBe(false);
    const two = applyFact(one.ledger, { kind: 'subagent.stop', agentId: 'c2' });
    expect(reservedUnits(two.ledger)).toBe(0);
    expect(two.ledger.reservations).toEqual([]);
    expect(two.ledger.released).toContain('call-1');
  });

  it('subagent.start without a named reservation binds nothing (no pairing by order)', () => {
    const { ledger } = withBatch(1);
    const r = applyFact(ledger, { kind: 'subagent.start', agentId: 'c1' });
    expect(r.applied).toBe(false);
    expect(applyFact(r.ledger, { kind: 'subagent.stop', agentId: 'c1' }).applied).toBe(false);
    expect(reservedUnits(r.ledger)).toBe(1);
  });

  it('a call-scoped reservation ignores child stops until the call joins', () => {
    const { ledger } = withBatch(2, 'call');
    const r = applyFact(ledger, { kind: 'subagent.stop', agentId: 'c1', reservationId: 'call-1' });
    expect(r.applied).toBe(false);
    expect(reservedUnits(r.ledger)).toBe(2);
  });

  it('session.end frees everything only with allDelegationsStopped', () => {
    const { ledger } = reserve(withBatch(2).ledger, { actionId: 'call-2', count: 1, scope: 'children', at, unresolved: ['resume'] });
    const plain = applyFact(ledger, { kind: 'session.end', allStopped: false });
    expect(plain.applied).toBe(false);
    expect(reservedUnits(plain.ledger)).toBe(3);
    const all = applyFact(ledger, { kind: 'session.end', allStopped: true });
    expect(all.freed).toBe(3);
    expect(reservedUnits(all.ledger)).toBe(0);
    expect(unresolvedReasons(all.ledger)).toEqual([]);
  });
});

describe('user release and refusals', () => {
  it('releases one reservation by its short id or by the launch id, or all', () => {
    const base = reserve(withBatch(2).ledger, { actionId: 'call-2', count: 1, scope: 'children', at }).ledger;
    expect(releaseByUser(base, 'r1').released).toEqual(['r1']);
    expect(reservedUnits(releaseByUser(base, 'call-2').ledger)).toBe(2);
    const all = releaseByUser(base, { all: true });
    expect(all.released).toEqual(['r1', 'r2']);
    expect(reservedUnits(all.ledger)).toBe(0);
    expect(releaseByUser(base, 'r9').released).toEqual([]);
  });

  it('remembers refused launch ids without duplicates', () => {
    const l = refuse(refuse(emptyLedger(), 'x'), 'x');
    expect(l.refused).toEqual(['x']);
  });
});
