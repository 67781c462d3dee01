// action.before: a decision with its reservation, counters and audit line, taken under the
// session lock. Any fault (a lock timeout, an internal error, a payload the adapter could not
// read) goes through failClosed: GUARD_ERROR, deny when ARMED, audited.
import { performance } from 'node:perf_hooks';
import type { Action, ActionBeforeEvent, Decision, OpenAction, SessionState, StoredVerdict, TaskContract, UnresolvedReason } from '../../generated/types.js';
import { defaultContract } from '../contract/defaults.js';
import { decide, decideWithFacts } from '../decide/decide.js';
import type { DecisionFacts } from '../decide/facts.js';
import type { DecisionInput } from '../decide/input.js';
import { approvalQuestion, decisionMessage } from '../decide/message.js';
import type { RecordBody } from '../audit/chain.js';
import { newEventId, isoTime } from '../audit/event-id.js';
import { actionSummary, contractSummary, decisionSummary } from '../audit/summaries.js';
import { markUnresolved, refuse, reserve, reservedUnits, unitsOf, unresolvedReasons, type IdState } from '../ledger/ledger.js';
import { ledgerSummary } from '../ledger/summary.js';
import { sessionKey } from '../state/home.js';
import { LockTimeoutError } from '../state/lock.js';
import { countDecision } from '../state/counters.js';
import { readSession, withSessionLock, type LoadedState } from '../state/store.js';
import { recoveryContract } from './readback.js';
import type { ControllerResult } from './result.js';
import { hostOf, type Ctx, type GuardCode } from './context.js';
import { ownEntry, setOwn } from '../lookup-table.js';
import { loadWatch, newFindingId, recordFinding, watchesCall, type WatchModule } from './config-watch.js';

const OPEN_MAX = 256;
/**
 * A refused call (a deny, or an ask the host shows as a deny) never runs, so no tool result
 * closes it: the state keeps the newest of them for a host that sends the same call again, and
 * forgets older ones. Kept up to OPEN_MAX, each refusal made every later hook read, seal and
 * write a larger state (60 refusals: some 20 KB and 4 ms a hook, docs/DESIGN.md#session-state).
 */
const REFUSED_OPEN_MAX = 16;
const DENIALS_MAX = 32;
const CHECK_DIGESTS_MAX = 256;

function verdictOf(d: Decision): StoredVerdict {
  const v: StoredVerdict = { outcome: d.outcome, reasonCode: d.reasonCode, family: d.family, controlState: d.controlState };
  if (d.would) v.would = d.would;
  if (d.factIndex !== undefined) v.factIndex = d.factIndex;
  return v;
}

/** Action facts name paths and command segments: never in the audit, even in detail mode. */
function auditableEvent(ev: ActionBeforeEvent): Record<string, unknown> {
  const { facts: _facts, ...action } = ev.action;
  return { ...ev, action };
}

/** How the action's id stands, and the open call it repeats (the same id and input), if any. */
function idStateOf(s: SessionState, a: Action): { idState: IdState; repeat?: OpenAction } {
  if (s.ledger.released.includes(a.id)) return { idState: 'released' };
  const open = ownEntry(s.open, a.id);
  if (open && open.inputDigest !== a.inputDigest) return { idState: 'reused' };
  if (open) return { idState: 'new', repeat: open };
  if (s.ledger.refused.includes(a.id)) return { idState: 'refused' };
  return { idState: 'new' };
}

/**
 * What every action record says of its decision: the contract, the action and the rest of
 * the facts the rules read (metadata only), so `remit explain` can run the rules again.
 */
function decisionFields(ctx: Ctx, ev: ActionBeforeEvent, d: Decision, facts: DecisionFacts | null, contract: TaskContract): Omit<RecordBody, 'id' | 'at'> {
  const a = ev.action;
  const body: Omit<RecordBody, 'id' | 'at'> = {
    kind: 'action',
    host: hostOf(ev),
    state: d.controlState,
    contract: facts?.contract ?? contractSummary(contract),
    action: facts?.action ?? actionSummary(a),
    decision: decisionSummary(d, ctx.channelOf(d.outcome), a.effects),
    hostEffect: 'unobserved',
  };
  if (facts) body.input = facts.input;
  return body;
}

/**
 * The verdict when even the rules failed: refuse anything that could change something (what
 * rule guard-error answers while ARMED), whatever the session's state.
 */
export function lastResortDecision(a: Partial<Action> | undefined): Decision {
  const m = a?.mutability;
  const blocks = m !== 'read' && m !== 'control';
  return {
    outcome: blocks ? 'deny' : 'allow',
    reasonCode: 'GUARD_ERROR',
    family: 'I',
    controlState: 'ARMED',
    explanation: 'remit failed before it could check this action.',
  };
}

/**
 * A decision whose record was appended but whose state could not be written (a full disk, a
 * rename that failed): what it decided never took effect, so the fault's record supersedes it.
 */
class DecisionNotStored extends Error {
  constructor(readonly eventId: string) {
    super('the state after a recorded decision could not be written');
  }
}

export function decisionResult(d: Decision, eventId: string | undefined, contract: TaskContract): ControllerResult {
  const r: ControllerResult = { kind: 'decision', decision: d, eventId, message: decisionMessage(d, eventId, contract) };
  if (d.outcome === 'ask') r.question = approvalQuestion(d);
  return r;
}

export function createActionHandler(ctx: Ctx) {
  const { deps } = ctx;

  function baseInput(s: SessionState, a: Action): DecisionInput {
    return {
      contract: s.contract,
      action: a,
      directiveError: s.directiveError,
      approved: s.approvals.some((x) => x.inputDigest === a.inputDigest),
      protectedPaths: deps.protectedPaths,
      ledger: { reserved: reservedUnits(s.ledger), unresolved: unresolvedReasons(s.ledger), idState: 'new' },
      repeatedChecks: a.mutability === 'check' ? (s.checkRuns[a.inputDigest] ?? 0) : 0,
      repeatThreshold: deps.repeatThreshold ?? 3,
    };
  }

  /** The stored verdict of an open call, with its explanation recomputed (never stored: it can name paths). */
  function replayStored(s: SessionState, a: Action, open: OpenAction): Decision {
    const input = baseInput(s, a);
    const own = open.reservationId ? s.ledger.reservations.find((r) => r.id === open.reservationId) : undefined;
    input.ledger.reserved -= own ? unitsOf(own) : 0;
    if (open.verdict.reasonCode === 'APPROVED_ONCE') input.approved = true;
    const again = decide(input);
    const d: Decision = {
      ...open.verdict,
      explanation: again.reasonCode === open.verdict.reasonCode ? again.explanation : `Already decided for this call: ${open.verdict.reasonCode}.`,
    };
    if (again.reasonCode === open.verdict.reasonCode && again.nextStep) d.nextStep = again.nextStep;
    return d;
  }

  function decideDamaged(ev: ActionBeforeEvent, key: string, t0: number, folder: string | undefined): ControllerResult {
    const now = deps.now();
    const a = ev.action;
    const lastArmed = ctx.wasArmed(key);
    const contract = recoveryContract(lastArmed);
    const { decision: d, facts } = decideWithFacts({
      contract,
      action: a,
      damaged: { lastArmed, ...(folder ? { folder } : {}) },
      protectedPaths: deps.protectedPaths,
      ledger: { reserved: 0, unresolved: ['state_unavailable'], idState: 'new' },
    });
    const id = newEventId(now);
    ctx.append(key, {
      id,
      at: isoTime(now),
      ...decisionFields(ctx, ev, d, facts, contract),
      recovery: true,
      durationMs: performance.now() - t0,
      ...(ctx.detail() ? { detail: { event: auditableEvent(ev) } } : {}),
    });
    return decisionResult(d, id, contract);
  }

  /** Starts the run-time watch for a call about to run unproven (config-watch.ts); what the decision record says of it. */
  function startWatch(
    watch: WatchModule,
    ev: ActionBeforeEvent,
    key: string,
    s: SessionState,
    eventId: string,
  ): { watch: 'started' | 'joined' | 'unavailable'; record?: () => void } {
    try {
      const fid = newFindingId(ctx);
      const plan = watch.watchPlan(deps.protectedPaths.hostConfig, s.projectRoot ?? ctx.projectRootOf(ev.cwd), deps.protectedPaths.hostWritten);
      const r = watch.beginWatch(deps.home, key, { actionId: ev.action.id, eventId }, plan, fid, s.hostConfigWatch ?? {});
      s.hostConfigWatch = r.stamp;
      const found = r.found;
      return { watch: r.joined ? 'joined' : 'started', ...(found ? { record: () => recordFinding(ctx, key, ev, fid, found, r.about) } : {}) };
    } catch {
      // The baseline could not be taken or kept: the call runs as decided, unwatched, and the
      // record says so (remit status).
      return { watch: 'unavailable' };
    }
  }

  function decideLocked(ev: ActionBeforeEvent, key: string, loaded: LoadedState, t0: number, watch: WatchModule | null): ControllerResult {
    if (deps.faults?.internalError) {
      deps.faults.internalError = false;
      throw new Error('injected internal error');
    }
    if (loaded.kind === 'damaged') return decideDamaged(ev, key, t0, loaded.damage === 'home' ? loaded.detail : undefined);
    const now = deps.now();
    const at = isoTime(now);
    const a = ev.action;
    const s = ctx.ensureState(loaded, ev, at);
    const { idState, repeat } = idStateOf(s, a);
    if (repeat) return decisionResult(replayStored(s, a, repeat), repeat.eventId, s.contract);

    const input = baseInput(s, a);
    input.ledger.idState = idState;
    const { decision: d, facts } = decideWithFacts(input);
    // OFF: nothing checked or recorded.
    if (d.controlState === 'OFF') return decisionResult(d, undefined, s.contract);

    const id = newEventId(now);
    if (d.reasonCode === 'APPROVED_ONCE') {
      const i = s.approvals.findIndex((x) => x.inputDigest === a.inputDigest);
      if (i >= 0) s.approvals.splice(i, 1);
    }
    let reservationId: string | undefined;
    const proceeds = d.outcome === 'allow' || d.outcome === 'report';
    if (a.mutability === 'delegate') {
      if (proceeds && idState === 'new') {
        const reasons: UnresolvedReason[] = [];
        if (ev.lifecycleVersion !== 2) reasons.push('undeclared_adapter');
        if (a.delegation?.unbounded) reasons.push('unbounded_batch');
        if (a.delegation?.lifecycleUnproven) reasons.push('resume');
        const r = reserve(s.ledger, {
          actionId: a.id,
          count: a.delegation?.count ?? 1,
          scope: a.delegation?.completionScope ?? 'children',
          at,
          unresolved: reasons,
        });
        s.ledger = r.ledger;
        reservationId = r.reservationId;
      } else if (proceeds) {
        // An observing session lets a duplicate through; its completion facts are then ambiguous.
        s.ledger = markUnresolved(s.ledger, a.id, 'reused_action_id');
      } else if (d.outcome === 'deny' && idState === 'new') {
        s.ledger = refuse(s.ledger, a.id);
      }
    }
    countDecision(s.counters, d);
    if (proceeds && a.mutability === 'check') {
      s.checkRuns[a.inputDigest] = (s.checkRuns[a.inputDigest] ?? 0) + 1;
      const digests = Object.keys(s.checkRuns);
      if (digests.length > CHECK_DIGESTS_MAX) delete s.checkRuns[digests[0]!];
    } else if (proceeds && a.mutability === 'write') {
      s.checkRuns = {};
    }
    if (d.outcome === 'deny' || d.outcome === 'ask' || d.would) {
      s.recentDenials.push({ eventId: id, inputDigest: a.inputDigest, at });
      if (s.recentDenials.length > DENIALS_MAX) s.recentDenials.splice(0, s.recentDenials.length - DENIALS_MAX);
    }
    const call: OpenAction = {
      inputDigest: a.inputDigest,
      eventId: id,
      verdict: verdictOf(d),
      mutability: a.mutability,
      at,
      ...(reservationId ? { reservationId } : {}),
    };
    delete s.open[a.id];
    setOwn(s.open, a.id, call);
    const refused = (o: OpenAction): boolean => o.verdict.outcome === 'deny' || (o.verdict.outcome === 'ask' && ctx.channelOf('ask') === 'deny-for-ask');
    if (refused(call)) {
      const ids = Object.keys(s.open).filter((k) => refused(s.open[k]!) && !s.open[k]!.reservationId);
      for (const old of ids.slice(0, Math.max(0, ids.length - REFUSED_OPEN_MAX))) delete s.open[old];
    }
    const openIds = Object.keys(s.open);
    if (openIds.length > OPEN_MAX) {
      for (const old of openIds) {
        if (Object.keys(s.open).length <= OPEN_MAX) break;
        if (!s.open[old]?.reservationId) delete s.open[old];
      }
    }
    const record: RecordBody = { id, at, ...decisionFields(ctx, ev, d, facts, s.contract) };
    if (a.mutability === 'delegate') record.ledger = ledgerSummary(s);
    if (a.mutability === 'check') record.repeated = input.repeatedChecks ?? 0;
    const watched = watch && idState === 'new' && watchesCall(d, ev, s.contract) ? startWatch(watch, ev, key, s, id) : null;
    if (watched) record.watch = watched.watch;
    record.durationMs = performance.now() - t0;
    if (ctx.detail()) record.detail = { event: auditableEvent(ev), contract: s.contract };
    ctx.append(key, record);
    watched?.record?.();
    try {
      ctx.save(key, s);
    } catch {
      throw new DecisionNotStored(id);
    }
    return decisionResult(d, id, s.contract);
  }

  /**
   * Fail mode: decide with guardError on whatever can be read without the lock, and audit it.
   * The fault may be in the clock or the rules themselves: each is replaced by its safe
   * stand-in (the system clock, the strictest verdict) so the refusal is still recorded.
   */
  function failClosed(ev: ActionBeforeEvent, key: string, code: GuardCode, t0: number, supersedes?: string): ControllerResult {
    let now: Date;
    try {
      now = deps.now();
    } catch {
      now = new Date();
    }
    let contract = defaultContract();
    let input: DecisionInput;
    const a = ev.action;
    try {
      const loaded = readSession(deps.home, key, ctx.sealed);
      if (loaded.kind === 'damaged') {
        const lastArmed = ctx.wasArmed(key);
        contract = recoveryContract(lastArmed);
        input = {
          contract,
          action: a,
          damaged: { lastArmed, ...(loaded.damage === 'home' ? { folder: loaded.detail } : {}) },
          guardError: true,
          protectedPaths: deps.protectedPaths,
          ledger: { reserved: 0, unresolved: [], idState: 'new' },
        };
      } else {
        if (loaded.kind === 'ok') contract = loaded.state.contract;
        input = {
          contract,
          action: a,
          guardError: true,
          directiveError: loaded.kind === 'ok' ? loaded.state.directiveError : null,
          protectedPaths: deps.protectedPaths,
          ledger: { reserved: 0, unresolved: [], idState: 'new' },
        };
      }
    } catch {
      // Nothing readable: the strictest reading of an unknown session.
      contract = recoveryContract(true);
      input = {
        contract,
        action: a,
        damaged: { lastArmed: true },
        guardError: true,
        protectedPaths: deps.protectedPaths,
        ledger: { reserved: 0, unresolved: [], idState: 'new' },
      };
    }
    let d: Decision;
    let facts: DecisionFacts | null = null;
    try {
      ({ decision: d, facts } = decideWithFacts(input));
    } catch {
      d = lastResortDecision(a);
    }
    if (d.controlState === 'OFF') return decisionResult(d, undefined, contract);
    let id: string | undefined = newEventId(now);
    try {
      // The audit has its own lock: this append keeps the chain whole even without the session lock.
      ctx.append(key, {
        id,
        at: isoTime(now),
        ...decisionFields(ctx, ev, d, facts, contract),
        error: code,
        ...(input.damaged ? { recovery: true } : {}),
        ...(supersedes ? { supersedes } : {}),
        durationMs: performance.now() - t0,
      });
    } catch {
      // Recording failed too (a full disk): the verdict stands, naming no record `explain` could not find.
      id = undefined;
    }
    return decisionResult(d, id, contract);
  }

  /**
   * A call ends with one record of what the host was told (docs/DESIGN.md#fail-modes): after a
   * decision whose state could not be written, the GUARD_ERROR record names the decision it
   * supersedes; when even that record cannot be written, the decision's own record is taken
   * back (it is still the last line: the session lock is held), so no verdict the host was not
   * given stays in the audit.
   */
  function superseded(ev: ActionBeforeEvent, key: string, eventId: string, t0: number): ControllerResult {
    const r = failClosed(ev, key, 'INTERNAL_ERROR', t0, eventId);
    if (r.kind === 'decision' && r.eventId === undefined) ctx.retract(key, eventId);
    return r;
  }

  async function onAction(ev: ActionBeforeEvent): Promise<ControllerResult> {
    const t0 = performance.now();
    const key = sessionKey(hostOf(ev).name, ev.sessionId);
    try {
      const watch = deps.watchHostConfig && ev.action?.mutability === 'unknown' ? await loadWatch() : null;
      return await withSessionLock(
        deps.home,
        key,
        ctx.timeout,
        (loaded) => {
          try {
            return decideLocked(ev, key, loaded, t0, watch);
          } catch (err) {
            if (err instanceof DecisionNotStored) return superseded(ev, key, err.eventId, t0);
            return failClosed(ev, key, 'INTERNAL_ERROR', t0);
          }
        },
        ctx.sealed,
      );
    } catch (err) {
      return failClosed(ev, key, err instanceof LockTimeoutError ? 'LOCK_TIMEOUT' : 'INTERNAL_ERROR', t0);
    }
  }

  return { onAction, failClosed };
}
