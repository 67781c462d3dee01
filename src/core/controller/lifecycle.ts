// Lifecycle facts (action.after, subagent start/stop, turn and session end): a declared
// adapter's facts move the ledger; an undeclared one's only mark reservations unresolved.
import { performance } from 'node:perf_hooks';
import type {
  ActionAfterEvent,
  RuntimeEvent,
  SessionEndEvent,
  SessionState,
  SubagentStartEvent,
  SubagentStopEvent,
  TurnEndEvent,
} from '../../generated/types.js';
import { controlStateOf } from '../contract/defaults.js';
import { newEventId, isoTime } from '../audit/event-id.js';
import { applyFact, markUnresolved, reservedUnits, type LedgerFact } from '../ledger/ledger.js';
import { ledgerSummary } from '../ledger/summary.js';
import { sessionKey } from '../state/home.js';
import { LockTimeoutError } from '../state/lock.js';
import { readSession, withSessionLock } from '../state/store.js';
import { subagentContext } from './context-text.js';
import type { ControllerResult } from './result.js';
import { hostOf, type Ctx } from './context.js';
import { ownEntry } from '../lookup-table.js';
import { findingResult, loadWatch, newFindingId, recordFinding } from './config-watch.js';
import type { Found } from '../watch/host-config-watch.js';

function factOf(ev: ActionAfterEvent | SubagentStartEvent | SubagentStopEvent | SessionEndEvent): LedgerFact {
  switch (ev.kind) {
    case 'action.after':
      return { kind: 'after', actionId: ev.actionId, lifecycle: ev.lifecycle, ...(ev.agentIds ? { agentIds: ev.agentIds } : {}) };
    case 'subagent.start':
      return { kind: 'subagent.start', agentId: ev.agentId!, ...(ev.reservationId ? { reservationId: ev.reservationId } : {}) };
    case 'subagent.stop':
      return { kind: 'subagent.stop', agentId: ev.agentId!, ...(ev.reservationId ? { reservationId: ev.reservationId } : {}) };
    case 'session.end':
      return { kind: 'session.end', allStopped: ev.allDelegationsStopped === true };
  }
}

/**
 * What the host did with a decided call, from the adapter's action.after (docs/DESIGN.md#audit):
 * a call that ran after a deny (or an ask sent as a deny) ran despite it; a call asked through
 * the host's own prompt ran (the person approved) or never started (the person declined). Null
 * when the fact says nothing new (an allowed call ran) or the ask channel is not known.
 */
function effectOfFact(
  outcome: string,
  channel: string | undefined,
  lifecycle: ActionAfterEvent['lifecycle'],
): 'executed_despite_deny' | 'executed' | 'not_executed' | null {
  const refused = outcome === 'deny' || (outcome === 'ask' && channel === 'deny-for-ask');
  if (refused) return lifecycle === 'not_started' ? null : 'executed_despite_deny';
  if (outcome === 'ask' && channel === 'native-ask') return lifecycle === 'not_started' ? 'not_executed' : 'executed';
  return null;
}

/** The reservation an undeclared adapter's fact is about, if any (it can only mark it unresolved). */
function namedReservation(s: SessionState, ev: ActionAfterEvent | SubagentStartEvent | SubagentStopEvent): string | null {
  if (ev.kind === 'action.after') return s.ledger.reservations.some((r) => r.actionId === ev.actionId) ? ev.actionId : null;
  const r = s.ledger.reservations.find(
    (x) => (ev.reservationId && (x.actionId === ev.reservationId || x.id === ev.reservationId)) || (ev.agentId && x.agents.includes(ev.agentId)),
  );
  return r ? r.actionId : null;
}

export async function onLifecycle(
  ctx: Ctx,
  ev: ActionAfterEvent | SubagentStartEvent | SubagentStopEvent | TurnEndEvent | SessionEndEvent,
): Promise<ControllerResult> {
  const t0 = performance.now();
  const key = sessionKey(hostOf(ev).name, ev.sessionId);
  const declared = ev.lifecycleVersion === 2;
  let contextFor: SessionState | null = null;
  // The fact's record, once appended: if the state after it cannot be written, the error record supersedes it.
  let factRecord: string | undefined;
  // A watched call ended, or every call did (the turn, the session): look at host configuration again.
  const ends = ev.kind === 'action.after' || ev.kind === 'turn.end' || ev.kind === 'session.end';
  let found: Found | null = null;
  let foundIn: SessionState | null = null;
  try {
    await withSessionLock(
      ctx.deps.home,
      key,
      ctx.timeout,
      async (loaded) => {
        const now = ctx.deps.now();
        const at = isoTime(now);
        const lifecycle: NonNullable<RuntimeEvent['lifecycle']> = { event: ev.kind, applied: false, declared };
        if (ev.kind === 'action.after') lifecycle.lifecycle = ev.lifecycle;
        if (ev.kind === 'session.end' && ev.allDelegationsStopped !== undefined) lifecycle.allStopped = ev.allDelegationsStopped;
        if (loaded.kind === 'damaged') {
          ctx.append(key, { id: newEventId(now), at, kind: 'lifecycle', host: hostOf(ev), recovery: true, lifecycle, durationMs: performance.now() - t0 });
          return;
        }
        const s = ctx.ensureState(loaded, ev, at);
        const stamp = s.hostConfigWatch;
        if (ends && stamp?.digest && ctx.deps.watchHostConfig) {
          const fid = newFindingId(ctx);
          try {
            const r = (await loadWatch()).endWatch(ctx.deps.home, key, ev.kind === 'action.after' ? ev.actionId : null, fid, stamp);
            if (r) s.hostConfigWatch = r.stamp;
            if (r?.found) {
              found = r.found;
              foundIn = s;
              recordFinding(ctx, key, ev, fid, r.found, r.about);
            }
          } catch {
            // The look failed part way: the next call's look (or the turn's end) compares
            // against the same baseline again.
          }
        }
        // The decision this fact is about, so explain and status can say what the host did with it.
        let about: string | undefined;
        if (ev.kind === 'action.after') {
          const open = ownEntry(s.open, ev.actionId);
          about = open?.eventId;
          const effect = open ? effectOfFact(open.verdict.outcome, ctx.channelOf(open.verdict.outcome), ev.lifecycle) : null;
          if (open && effect) ctx.append(key, { id: newEventId(now), at, kind: 'effect', host: hostOf(ev), about: open.eventId, hostEffect: effect });
          delete s.open[ev.actionId];
          if (ev.wrote) s.checkRuns = {};
        }
        if (ev.kind !== 'turn.end') {
          if (declared) {
            const r = applyFact(s.ledger, factOf(ev));
            s.ledger = r.ledger;
            lifecycle.applied = r.applied;
            lifecycle.freed = r.freed;
          } else if (ev.kind !== 'session.end') {
            // An adapter that does not declare lifecycle v2 proves nothing: never release, only doubt.
            const named = namedReservation(s, ev);
            if (named) {
              s.ledger = markUnresolved(s.ledger, named, 'lifecycle_undeclared');
              lifecycle.applied = true;
              lifecycle.freed = 0;
            }
          }
        }
        // OFF records nothing, but the capacity evidence is still kept in the ledger.
        if (s.contract.level !== 'off') {
          factRecord = newEventId(now);
          ctx.append(key, {
            id: factRecord,
            at,
            kind: 'lifecycle',
            host: hostOf(ev),
            state: controlStateOf(s.contract),
            ...(about ? { about } : {}),
            lifecycle,
            ledger: ledgerSummary(s),
            durationMs: performance.now() - t0,
          });
        }
        ctx.save(key, s);
        if (ev.kind === 'subagent.start') contextFor = s;
      },
      ctx.sealed,
    );
  } catch (err) {
    try {
      const now = ctx.deps.now();
      ctx.append(key, {
        id: newEventId(now),
        at: isoTime(now),
        kind: 'lifecycle',
        host: hostOf(ev),
        error: err instanceof LockTimeoutError ? 'LOCK_TIMEOUT' : 'INTERNAL_ERROR',
        lifecycle: { event: ev.kind, applied: false, declared },
        ...(factRecord ? { supersedes: factRecord } : {}),
      });
    } catch {
      // Nothing more to do: a lost lifecycle fact keeps capacity reserved, the safe side.
    }
    if (ev.kind === 'subagent.start') {
      const loaded = readSession(ctx.deps.home, key, ctx.sealed);
      if (loaded.kind === 'ok') contextFor = loaded.state;
    }
  }
  const finding = found as Found | null;
  if (finding) return findingResult(finding, foundIn);
  const forContext = contextFor as SessionState | null;
  if (forContext) {
    const text = subagentContext(forContext.contract, reservedUnits(forContext.ledger));
    if (text) return { kind: 'context', text };
  }
  return { kind: 'none' };
}
