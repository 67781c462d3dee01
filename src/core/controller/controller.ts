// Applies ControlEvent v2 to a session (SPEC sections 2-7): prompts become contracts, errors
// or inspection answers; action.before becomes a decision with its reservation, counters and
// audit line; lifecycle facts from declared adapters move the ledger. handle() never throws:
// an internal error or a lock timeout becomes a GUARD_ERROR verdict (ARMED) or an allow
// (OBSERVING), and both are audited.
import { performance } from 'node:perf_hooks';
import type {
  Action, ActionAfterEvent, ActionBeforeEvent, ControlEvent, Decision, HostRef, PromptSubmitEvent, RepoConfig, RuntimeEvent,
  SessionEndEvent, SessionStartEvent, SessionState, StoredVerdict, SubagentStartEvent, SubagentStopEvent, TaskContract, TurnEndEvent, UnresolvedReason, UserConfig,
} from '../../generated/types.js';
import { contractLine, controlStateOf, defaultContract, helpText, parsePrompt, type InspectionCommand } from '../contract/index.js';
import { decide } from '../decide/decide.js';
import type { DecisionInput } from '../decide/input.js';
import { decisionMessage } from '../decide/message.js';
import { appendRecord, type RecordBody } from '../audit/chain.js';
import { newEventId } from '../audit/event-id.js';
import { actionSummary, contractSummary, decisionSummary } from '../audit/summaries.js';
import { pruneOpportunistically } from '../audit/prune.js';
import { applyFact, markUnresolved, refuse, reserve, reservedUnits, unitsOf, unresolvedReasons, type IdState, type LedgerFact } from '../ledger/ledger.js';
import { findProjectRoot } from '../paths/project-root.js';
import { auditFile, sessionKey, type Env } from '../state/home.js';
import { DEFAULT_LOCK_TIMEOUT_MS, LockTimeoutError } from '../state/lock.js';
import { newSessionState } from '../state/session-state.js';
import { readSession, withSessionLock, writeSession, type LoadedState } from '../state/store.js';
import { countDecision } from '../state/counters.js';
import { tightenContract } from '../config/tighten.js';
import { retentionDaysOf, userProjectDefault, type Loaded } from '../config/user-config.js';
import { contractContext, recoveryContext, subagentContext } from './context-text.js';
import { approveEvent, labelEvent } from './operations.js';
import { configReport, explainView, lastArmedFromAudit, locateEvent, recoveryContract, renderExplain, renderRuntime, renderStatus, runtimeView, statusView } from './readback.js';
import type { ControllerResult } from './result.js';

const OPEN_MAX = 256;
const DENIALS_MAX = 32;
const CHECK_DIGESTS_MAX = 256;

export interface ControllerDeps {
  home: string;
  env: Env;
  now(): Date;
  /** Rule 4: canonical globs of remit's own files and of host hook configuration. */
  protectedPaths: { remit: string[]; hostConfig: string[] };
  userConfig: Loaded<UserConfig>;
  /** The repository's `.remit.json` for a project root (only ever tightens). */
  repoConfig(projectRoot: string): Loaded<RepoConfig>;
  /** Default 5000 ms (SPEC section 4). */
  lockTimeoutMs?: number;
  /** How this host delivers verdicts, for the audit's response channel. */
  channels?: { deny?: string; ask?: 'native' | 'deny' | 'none' };
  /** Test-only fault injection (case damage steps): the next action fails inside the lock. */
  faults?: { internalError?: boolean };
  repeatThreshold?: number;
}

export interface Controller {
  handle(event: ControlEvent): Promise<ControllerResult>;
}

type GuardCode = 'LOCK_TIMEOUT' | 'INTERNAL_ERROR';

function isDisabled(env: Env): boolean {
  const v = env.REMIT_DISABLE;
  return v !== undefined && v !== '' && v !== '0' && v.toLowerCase() !== 'false';
}

function hostOf(ev: ControlEvent): HostRef {
  const h = ev.host ?? { name: 'unknown' };
  return h.version ? { name: String(h.name), version: String(h.version) } : { name: String(h.name) };
}

function verdictOf(d: Decision): StoredVerdict {
  const v: StoredVerdict = { outcome: d.outcome, reasonCode: d.reasonCode, family: d.family, controlState: d.controlState };
  if (d.would) v.would = d.would;
  if (d.factIndex !== undefined) v.factIndex = d.factIndex;
  return v;
}

/** Action facts name paths and command segments: never in the audit, even in detail mode. */
function auditableEvent(ev: ControlEvent): Record<string, unknown> {
  if (ev.kind !== 'action.before') return { ...ev };
  const { facts: _facts, ...action } = ev.action;
  return { ...ev, action };
}

export function createController(deps: ControllerDeps): Controller {
  const timeout = deps.lockTimeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS;
  const detail = () => deps.env.REMIT_AUDIT === 'detail';

  function channelOf(outcome: Decision['outcome']): string | undefined {
    if (!deps.channels) return undefined;
    switch (outcome) {
      case 'deny':
        return deps.channels.deny;
      case 'ask':
        return deps.channels.ask === 'native' ? 'native-ask' : 'deny-for-ask';
      case 'report':
        return 'context';
      case 'allow':
        return 'none';
    }
  }

  function append(key: string, body: RecordBody): RuntimeEvent {
    return appendRecord(auditFile(deps.home, key), body);
  }

  function projectRootOf(cwd: string): string {
    try {
      return findProjectRoot(cwd || '/');
    } catch {
      return cwd;
    }
  }

  function ensureState(loaded: LoadedState, ev: ControlEvent, at: string): SessionState {
    if (loaded.kind === 'ok') {
      const s = loaded.state;
      s.lastUsedAt = at;
      if (ev.host?.version && s.host.version !== ev.host.version) s.host = hostOf(ev);
      return s;
    }
    return newSessionState(hostOf(ev), defaultContract(), at, projectRootOf(ev.cwd));
  }

  function ledgerSummary(s: SessionState): RuntimeEvent['ledger'] {
    return { reserved: reservedUnits(s.ledger), cap: s.contract.agents, unresolved: unresolvedReasons(s.ledger).length };
  }

  // ---------------------------------------------------------------- action.before

  function idStateOf(s: SessionState, a: Action): { idState: IdState; repeat: boolean } {
    if (s.ledger.released.includes(a.id)) return { idState: 'released', repeat: false };
    const open = s.open[a.id];
    if (open && open.inputDigest !== a.inputDigest) return { idState: 'reused', repeat: false };
    if (open) return { idState: 'new', repeat: true };
    if (s.ledger.refused.includes(a.id)) return { idState: 'refused', repeat: false };
    return { idState: 'new', repeat: false };
  }

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
  function replayStored(s: SessionState, a: Action): Decision {
    const open = s.open[a.id]!;
    const input = baseInput(s, a);
    const own = open.reservationId ? s.ledger.reservations.find((r) => r.id === open.reservationId) : undefined;
    input.ledger.reserved -= own ? unitsOf(own) : 0;
    if (open.verdict.reasonCode === 'APPROVED_ONCE') input.approved = true;
    const again = decide(input);
    const d: Decision = { ...open.verdict, explanation: again.reasonCode === open.verdict.reasonCode ? again.explanation : `Already decided for this call: ${open.verdict.reasonCode}.` };
    if (again.reasonCode === open.verdict.reasonCode && again.nextStep) d.nextStep = again.nextStep;
    return d;
  }

  function decisionResult(d: Decision, eventId: string | undefined, contract: TaskContract): ControllerResult {
    return { kind: 'decision', decision: d, eventId, message: decisionMessage(d, eventId, contract) };
  }

  function decideLocked(ev: ActionBeforeEvent, key: string, loaded: LoadedState, t0: number): ControllerResult {
    if (deps.faults?.internalError) {
      deps.faults.internalError = false;
      throw new Error('injected internal error');
    }
    const now = deps.now();
    const at = now.toISOString();
    const a = ev.action;
    if (loaded.kind === 'damaged') {
      const lastArmed = lastArmedFromAudit(deps.home, key);
      const contract = recoveryContract(lastArmed);
      const d = decide({
        contract, action: a, damaged: { lastArmed }, protectedPaths: deps.protectedPaths,
        ledger: { reserved: 0, unresolved: ['state_unavailable'], idState: 'new' },
      });
      const id = newEventId(now);
      append(key, {
        id, at, kind: 'action', host: hostOf(ev), state: d.controlState, recovery: true, contract: contractSummary(contract),
        action: actionSummary(a), decision: decisionSummary(d, channelOf(d.outcome)), hostEffect: 'unobserved',
        durationMs: performance.now() - t0, ...(detail() ? { detail: { event: auditableEvent(ev) } } : {}),
      });
      return decisionResult(d, id, contract);
    }
    const s = ensureState(loaded, ev, at);
    const { idState, repeat } = idStateOf(s, a);
    if (repeat) return decisionResult(replayStored(s, a), s.open[a.id]!.eventId, s.contract);

    const input = baseInput(s, a);
    input.ledger.idState = idState;
    const d = decide(input);
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
        const r = reserve(s.ledger, { actionId: a.id, count: a.delegation?.count ?? 1, scope: a.delegation?.completionScope ?? 'children', at, unresolved: reasons });
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
    delete s.open[a.id];
    s.open[a.id] = { inputDigest: a.inputDigest, eventId: id, verdict: verdictOf(d), mutability: a.mutability, at, ...(reservationId ? { reservationId } : {}) };
    const openIds = Object.keys(s.open);
    if (openIds.length > OPEN_MAX) {
      for (const old of openIds) {
        if (Object.keys(s.open).length <= OPEN_MAX) break;
        if (!s.open[old]?.reservationId) delete s.open[old];
      }
    }
    const record: RecordBody = {
      id, at, kind: 'action', host: hostOf(ev), state: d.controlState, contract: contractSummary(s.contract), action: actionSummary(a),
      decision: decisionSummary(d, channelOf(d.outcome)), hostEffect: 'unobserved',
    };
    if (a.mutability === 'delegate') record.ledger = ledgerSummary(s);
    if (a.mutability === 'check') record.repeated = input.repeatedChecks ?? 0;
    record.durationMs = performance.now() - t0;
    if (detail()) record.detail = { event: auditableEvent(ev), contract: s.contract };
    append(key, record);
    writeSession(deps.home, key, s);
    return decisionResult(d, id, s.contract);
  }

  /** Fail mode: decide with guardError on whatever can be read without the lock, and audit it. */
  function guardFailure(ev: ActionBeforeEvent, key: string, code: GuardCode, t0: number): ControllerResult {
    const now = deps.now();
    let contract = defaultContract();
    let input: DecisionInput;
    const a = ev.action;
    try {
      const loaded = readSession(deps.home, key);
      if (loaded.kind === 'damaged') {
        const lastArmed = lastArmedFromAudit(deps.home, key);
        contract = recoveryContract(lastArmed);
        input = { contract, action: a, damaged: { lastArmed }, guardError: true, protectedPaths: deps.protectedPaths, ledger: { reserved: 0, unresolved: [], idState: 'new' } };
      } else {
        if (loaded.kind === 'ok') contract = loaded.state.contract;
        input = { contract, action: a, guardError: true, directiveError: loaded.kind === 'ok' ? loaded.state.directiveError : null, protectedPaths: deps.protectedPaths, ledger: { reserved: 0, unresolved: [], idState: 'new' } };
      }
    } catch {
      input = { contract, action: a, guardError: true, protectedPaths: deps.protectedPaths, ledger: { reserved: 0, unresolved: [], idState: 'new' } };
    }
    const d = decide(input);
    if (d.controlState === 'OFF') return decisionResult(d, undefined, contract);
    const id = newEventId(now);
    try {
      // Without the lock (timeout) this append races the holder's; a lost race shows up as one broken link in `remit audit verify`, which is the honest record of what happened.
      append(key, {
        id, at: now.toISOString(), kind: 'action', host: hostOf(ev), state: d.controlState, error: code, contract: contractSummary(contract),
        action: actionSummary(a), decision: decisionSummary(d, channelOf(d.outcome)), hostEffect: 'unobserved', durationMs: performance.now() - t0,
      });
    } catch {
      // Recording failed too; the verdict stands.
    }
    return decisionResult(d, id, contract);
  }

  async function onAction(ev: ActionBeforeEvent): Promise<ControllerResult> {
    const t0 = performance.now();
    const key = sessionKey(hostOf(ev).name, ev.sessionId);
    try {
      return await withSessionLock(deps.home, key, timeout, (loaded) => {
        try {
          return decideLocked(ev, key, loaded, t0);
        } catch {
          return guardFailure(ev, key, 'INTERNAL_ERROR', t0);
        }
      });
    } catch (err) {
      return guardFailure(ev, key, err instanceof LockTimeoutError ? 'LOCK_TIMEOUT' : 'INTERNAL_ERROR', t0);
    }
  }

  // ---------------------------------------------------------------- lifecycle facts

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

  /** The reservation an undeclared adapter's fact is about, if any (it can only mark it unresolved). */
  function namedReservation(s: SessionState, ev: ActionAfterEvent | SubagentStartEvent | SubagentStopEvent): string | null {
    if (ev.kind === 'action.after') return s.ledger.reservations.some((r) => r.actionId === ev.actionId) ? ev.actionId : null;
    const r = s.ledger.reservations.find((x) => (ev.reservationId && (x.actionId === ev.reservationId || x.id === ev.reservationId)) || (ev.agentId && x.agents.includes(ev.agentId)));
    return r ? r.actionId : null;
  }

  async function onLifecycle(ev: ActionAfterEvent | SubagentStartEvent | SubagentStopEvent | TurnEndEvent | SessionEndEvent): Promise<ControllerResult> {
    const t0 = performance.now();
    const key = sessionKey(hostOf(ev).name, ev.sessionId);
    const declared = ev.lifecycleVersion === 2;
    let contextFor: SessionState | null = null;
    try {
      await withSessionLock(deps.home, key, timeout, (loaded) => {
        const now = deps.now();
        const at = now.toISOString();
        const lifecycle: NonNullable<RuntimeEvent['lifecycle']> = { event: ev.kind, applied: false, declared };
        if (ev.kind === 'action.after') lifecycle.lifecycle = ev.lifecycle;
        if (ev.kind === 'session.end' && ev.allDelegationsStopped !== undefined) lifecycle.allStopped = ev.allDelegationsStopped;
        if (loaded.kind === 'damaged') {
          append(key, { id: newEventId(now), at, kind: 'lifecycle', host: hostOf(ev), recovery: true, lifecycle, durationMs: performance.now() - t0 });
          return;
        }
        const s = ensureState(loaded, ev, at);
        if (ev.kind === 'action.after') {
          const open = s.open[ev.actionId];
          if (open && open.verdict.outcome === 'deny' && ev.lifecycle !== 'not_started') {
            append(key, { id: newEventId(now), at, kind: 'effect', host: hostOf(ev), about: open.eventId, hostEffect: 'executed_despite_deny' });
          }
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
          append(key, { id: newEventId(now), at, kind: 'lifecycle', host: hostOf(ev), state: controlStateOf(s.contract), lifecycle, ledger: ledgerSummary(s), durationMs: performance.now() - t0 });
        }
        writeSession(deps.home, key, s);
        if (ev.kind === 'subagent.start') contextFor = s;
      });
    } catch (err) {
      try {
        const now = deps.now();
        append(key, { id: newEventId(now), at: now.toISOString(), kind: 'lifecycle', host: hostOf(ev), error: err instanceof LockTimeoutError ? 'LOCK_TIMEOUT' : 'INTERNAL_ERROR', lifecycle: { event: ev.kind, applied: false, declared } });
      } catch {
        // Nothing more to do: a lost lifecycle fact keeps capacity reserved, the safe side.
      }
      if (ev.kind === 'subagent.start') {
        const loaded = readSession(deps.home, key);
        if (loaded.kind === 'ok') contextFor = loaded.state;
      }
    }
    const forContext = contextFor as SessionState | null;
    if (forContext) {
      const text = subagentContext(forContext.contract, reservedUnits(forContext.ledger));
      if (text) return { kind: 'context', text };
    }
    return { kind: 'none' };
  }

  // ---------------------------------------------------------------- session.start

  function projectDefaultText(projectRoot: string): string | null {
    const fromUser = userProjectDefault(deps.userConfig.config, projectRoot, deps.env);
    if (fromUser) return fromUser;
    const repo = deps.repoConfig(projectRoot);
    return repo.config?.default ?? null;
  }

  async function onSessionStart(ev: SessionStartEvent): Promise<ControllerResult> {
    const t0 = performance.now();
    const key = sessionKey(hostOf(ev).name, ev.sessionId);
    const root = projectRootOf(ev.cwd);
    const now = deps.now();
    pruneOpportunistically(deps.home, retentionDaysOf(deps.userConfig.config), now);
    let text: string;
    try {
      text = await withSessionLock(deps.home, key, timeout, (loaded) => {
        const at = now.toISOString();
        const lifecycle: NonNullable<RuntimeEvent['lifecycle']> = { event: 'session.start', source: ev.source, applied: false, declared: ev.lifecycleVersion === 2 };
        if (loaded.kind === 'damaged') {
          const lastArmed = lastArmedFromAudit(deps.home, key);
          append(key, { id: newEventId(now), at, kind: 'lifecycle', host: hostOf(ev), recovery: true, state: lastArmed ? 'ARMED' : 'OBSERVING', lifecycle });
          return recoveryContext(loaded.detail, lastArmed);
        }
        const s = ensureState(loaded, ev, at);
        if (!s.projectRoot) s.projectRoot = root;
        const repo = deps.repoConfig(root);
        if (!s.flags.configAudited && (deps.userConfig.status === 'invalid' || repo.status === 'invalid')) {
          append(key, { id: newEventId(now), at, kind: 'config', host: hostOf(ev), error: deps.userConfig.status === 'invalid' ? 'USER_CONFIG_INVALID' : 'REPO_CONFIG_INVALID' });
          s.flags.configAudited = true;
        }
        if (s.contract.source === 'default' && !s.directiveError) {
          const text = projectDefaultText(root);
          const parsed = text ? parsePrompt(text, { projectRoot: root, previous: s.contract }) : null;
          if (parsed?.kind === 'directive') {
            s.contract = { ...tightenContract(parsed.contract, repo.config), source: 'project-default' };
            append(key, { id: newEventId(now), at, kind: 'directive', host: hostOf(ev), state: controlStateOf(s.contract), contract: contractSummary(s.contract) });
          }
        }
        if (s.contract.level !== 'off') {
          append(key, { id: newEventId(now), at, kind: 'lifecycle', host: hostOf(ev), state: controlStateOf(s.contract), lifecycle, ledger: ledgerSummary(s), durationMs: performance.now() - t0 });
        }
        writeSession(deps.home, key, s);
        return contractContext(s);
      });
    } catch {
      const loaded = readSession(deps.home, key);
      text = loaded.kind === 'ok' ? contractContext(loaded.state) : loaded.kind === 'damaged' ? recoveryContext(loaded.detail, lastArmedFromAudit(deps.home, key)) : contractContext(newSessionState(hostOf(ev), defaultContract(), now.toISOString()));
    }
    return text ? { kind: 'context', text } : { kind: 'none' };
  }

  // ---------------------------------------------------------------- prompt.submit

  async function inspect(ev: PromptSubmitEvent, key: string, command: InspectionCommand): Promise<ControllerResult> {
    const block = (text: string): ControllerResult => ({ kind: 'prompt-block', text, inspection: true });
    const now = deps.now();
    switch (command.name) {
      case 'usage':
        return block(command.text);
      case 'help':
        return block(helpText());
      case 'status': {
        const root = projectRootOf(ev.cwd);
        return block(renderStatus(statusView(deps.home, key, configReport(deps.userConfig, deps.repoConfig(root)))));
      }
      case 'runtime':
        return block(renderRuntime(runtimeView(deps.home, command.all ? 'all' : [key])));
      case 'explain': {
        const v = explainView(deps.home, command.eventId, key, true);
        return block(v ? renderExplain(v) : `remit: no event ${command.eventId} in this session's audit.`);
      }
      case 'label': {
        const found = locateEvent(deps.home, command.eventId, key, true);
        if (!found) return block(`remit: no event ${command.eventId} in this session's audit; nothing labelled.`);
        try {
          const r = await labelEvent(deps.home, key, command.eventId, command.label, 'prompt', now, timeout);
          return block(r.ok ? `remit: labelled ${command.eventId} ${command.label}.` : `remit: could not label ${command.eventId} (${r.error}).`);
        } catch {
          return block(`remit: could not label ${command.eventId} (the session is busy); try again.`);
        }
      }
      case 'allow': {
        const loaded = readSession(deps.home, key);
        let digest: string | undefined;
        if (loaded.kind === 'ok') digest = loaded.state.recentDenials.find((x) => x.eventId === command.eventId)?.inputDigest;
        if (!digest) {
          const found = locateEvent(deps.home, command.eventId, key, true);
          const r = found?.record;
          if (r?.kind === 'action' && r.decision && (r.decision.outcome === 'deny' || r.decision.outcome === 'ask' || r.decision.would)) digest = r.action?.inputDigest;
        }
        if (!digest) return block(`remit: ${command.eventId} is not a refused action of this session; nothing was approved.`);
        try {
          const r = await approveEvent(deps.home, key, command.eventId, digest, 'prompt', now, timeout);
          return block(
            r.ok
              ? `remit: approved once. The next action in this session with exactly the same input as ${command.eventId} will be allowed (APPROVED_ONCE); ask the agent to retry it.`
              : `remit: could not record the approval (${r.error}).`,
          );
        } catch {
          return block('remit: could not record the approval (the session is busy); try again.');
        }
      }
    }
  }

  async function onPrompt(ev: PromptSubmitEvent): Promise<ControllerResult> {
    // Only the user's own words carry authority: hook-injected, synthetic and subagent text is never parsed.
    if (ev.origin !== 'user') return { kind: 'none' };
    const key = sessionKey(hostOf(ev).name, ev.sessionId);
    const root = projectRootOf(ev.cwd);
    const before = readSession(deps.home, key);
    const previous = before.kind === 'ok' ? before.state.contract : defaultContract();
    const parsed = parsePrompt(ev.prompt, { projectRoot: root, previous });
    if (parsed.kind === 'none') return { kind: 'none' };
    if (parsed.kind === 'inspection') return inspect(ev, key, parsed.command);
    const t0 = performance.now();
    try {
      return await withSessionLock(deps.home, key, timeout, (loaded): ControllerResult => {
        const now = deps.now();
        const at = now.toISOString();
        if (loaded.kind === 'damaged') {
          const lastArmed = lastArmedFromAudit(deps.home, key);
          append(key, { id: newEventId(now), at, kind: parsed.kind === 'error' ? 'directive_error' : parsed.kind, host: hostOf(ev), recovery: true, state: lastArmed ? 'ARMED' : 'OBSERVING', error: 'STATE_DAMAGED' });
          // The user meant to change the contract and it cannot be stored: say so rather than run the task unguarded.
          return { kind: 'prompt-block', code: 'STATE_DAMAGED', text: `remit could not apply this: ${recoveryContext(loaded.detail, lastArmed)}` };
        }
        const s = ensureState(loaded, ev, at);
        if (!s.projectRoot) s.projectRoot = root;
        if (parsed.kind === 'error') {
          s.directiveError = parsed.error;
          append(key, { id: newEventId(now), at, kind: 'directive_error', host: hostOf(ev), state: controlStateOf(s.contract), directiveCode: parsed.error.code, durationMs: performance.now() - t0 });
          writeSession(deps.home, key, s);
          return {
            kind: 'prompt-block',
            code: parsed.error.code,
            text:
              `remit: directive not applied (${parsed.error.code}): ${parsed.error.message}\n` +
              'Nothing changed. Until a valid `$remit` directive arrives, edits, unproven commands and subagents are refused. See `$remit help`.',
          };
        }
        const repo = deps.repoConfig(root);
        s.contract = tightenContract(parsed.contract, repo.config);
        s.directiveError = null;
        s.projectRoot = root;
        append(key, { id: newEventId(now), at, kind: parsed.kind, host: hostOf(ev), state: controlStateOf(s.contract), contract: contractSummary(s.contract), ledger: ledgerSummary(s), durationMs: performance.now() - t0 });
        writeSession(deps.home, key, s);
        return { kind: 'context', text: contractContext(s), userLine: contractLine(s.contract, reservedUnits(s.ledger)) };
      });
    } catch (err) {
      const code = err instanceof LockTimeoutError ? 'LOCK_TIMEOUT' : 'INTERNAL_ERROR';
      try {
        const now = deps.now();
        append(key, { id: newEventId(now), at: now.toISOString(), kind: parsed.kind === 'error' ? 'directive_error' : parsed.kind, host: hostOf(ev), error: code });
      } catch {
        // The block below still tells the user.
      }
      return { kind: 'prompt-block', code: 'GUARD_ERROR', text: `remit could not record this ${parsed.kind === 'error' ? 'directive error' : 'directive'} (${code === 'LOCK_TIMEOUT' ? 'the session is busy' : 'internal error'}); nothing changed. Send it again.` };
    }
  }

  // ---------------------------------------------------------------- REMIT_DISABLE

  async function onDisabled(ev: ControlEvent): Promise<ControllerResult> {
    const key = sessionKey(hostOf(ev).name, ev.sessionId);
    try {
      await withSessionLock(deps.home, key, timeout, (loaded) => {
        if (loaded.kind === 'damaged') return;
        const now = deps.now();
        const s = ensureState(loaded, ev, now.toISOString());
        if (s.flags.disabledAudited) return;
        append(key, { id: newEventId(now), at: now.toISOString(), kind: 'disabled', host: hostOf(ev), state: 'OFF' });
        s.flags.disabledAudited = true;
        writeSession(deps.home, key, s);
      });
    } catch {
      // Disabled means disabled: a failure to record it changes no answer.
    }
    if (ev.kind !== 'action.before') return { kind: 'none' };
    const contract: TaskContract = { ...defaultContract(), level: 'off' };
    const d: Decision = { outcome: 'allow', reasonCode: 'CONTROL_OFF', family: null, controlState: 'OFF', explanation: 'remit is disabled (REMIT_DISABLE=1).' };
    return decisionResult(d, undefined, contract);
  }

  async function dispatch(ev: ControlEvent): Promise<ControllerResult> {
    if (isDisabled(deps.env)) return onDisabled(ev);
    switch (ev.kind) {
      case 'action.before':
        return onAction(ev);
      case 'prompt.submit':
        return onPrompt(ev);
      case 'session.start':
        return onSessionStart(ev);
      case 'action.after':
      case 'subagent.start':
      case 'subagent.stop':
      case 'turn.end':
      case 'session.end':
        return onLifecycle(ev);
    }
    return { kind: 'none' };
  }

  return {
    async handle(ev: ControlEvent): Promise<ControllerResult> {
      try {
        if (!ev || typeof ev !== 'object' || typeof ev.sessionId !== 'string' || !ev.host || typeof ev.host.name !== 'string') {
          throw new Error('malformed ControlEvent');
        }
        return await dispatch(ev);
      } catch {
        if (ev && typeof ev === 'object' && ev.kind === 'action.before' && ev.action && typeof ev.sessionId === 'string') {
          try {
            return guardFailure(ev, sessionKey(String(ev.host?.name ?? 'unknown'), ev.sessionId), 'INTERNAL_ERROR', performance.now());
          } catch {
            // Fall through to the last resort.
          }
        }
        if (ev && typeof ev === 'object' && ev.kind === 'action.before') {
          const m = (ev.action as Partial<Action> | undefined)?.mutability;
          const blocks = m !== 'read' && m !== 'control';
          const d: Decision = {
            outcome: blocks ? 'deny' : 'allow', reasonCode: 'GUARD_ERROR', family: 'I', controlState: 'ARMED',
            explanation: 'remit failed before it could check this action.',
          };
          return { kind: 'decision', decision: d, message: `remit: ${d.reasonCode}: ${d.explanation}` };
        }
        return { kind: 'none' };
      }
    },
  };
}
