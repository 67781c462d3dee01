// One audited decision, read back for a person (docs/DESIGN.md#audit): the rules run again
// over the facts the record kept (the same rule table the hook ran), what decided in
// metadata terms, the exact `$remit …` lines that would authorise it, and what the host did
// with the call as far as later records say. Shared by `explain` and `status`.
import type { CliExplain, Decision, HostEffect, RuntimeEvent, TaskContract } from '../../generated/types.js';
import { contractSummary } from '../audit/summaries.js';
import { replayRecord } from '../decide/recorded.js';
import { REASONS } from '../decide/reasons.js';
import { lookupTable } from '../lookup-table.js';

/** What `explain` and `status` say of one decision beyond its record. */
export type DecisionReadback = Required<Pick<CliExplain, 'rule' | 'replay'>> & Pick<CliExplain, 'replayed' | 'fact' | 'explanation' | 'authorise' | 'nextStep'>;

const CONTRACT_KINDS = new Set(['directive', 'correction', 'state_repair']);

/** A record that set the session's contract. */
export function changesContract(r: RuntimeEvent): boolean {
  return CONTRACT_KINDS.has(r.kind) && r.contract !== undefined;
}

function sameSummary(a: RuntimeEvent['contract'], b: RuntimeEvent['contract']): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The full contract a decision was made under, when it can be known: the one stored with it
 * (REMIT_AUDIT=detail), or the session's current one when no contract change was recorded
 * since and it summarises the same. Else null: files= then reads as a placeholder.
 */
export function contractThen(r: RuntimeEvent, current: TaskContract | null, changedSince: boolean): TaskContract | null {
  if (r.detail?.contract) return r.detail.contract;
  if (current && !changedSince && r.contract && sameSummary(contractSummary(current), r.contract)) return current;
  return null;
}

const LINE = /`(\$remit [^`]*)`/g;

function authorisingLines(nextStep: string, eventId: string): string[] {
  return [...nextStep.matchAll(LINE)].map((m) => m[1]!.replace('<event id>', eventId));
}

function refused(d: Pick<Decision, 'outcome' | 'would'>): boolean {
  return d.outcome === 'deny' || d.outcome === 'ask' || d.would !== undefined;
}

export function readDecision(r: RuntimeEvent, contract: TaskContract | null): DecisionReadback | null {
  const recorded = r.decision;
  if (r.kind !== 'action' || !recorded) return null;
  const out: DecisionReadback = { rule: REASONS[recorded.reasonCode].rule, replay: 'not-recorded' };
  const d = replayRecord(r, contract);
  if (!d) return out;
  const same = d.outcome === recorded.outcome && d.reasonCode === recorded.reasonCode && d.would === recorded.would && d.factIndex === recorded.factIndex;
  out.replay = same ? 'same' : 'differs';
  out.replayed = { outcome: d.outcome, reasonCode: d.reasonCode };
  if (d.would) out.replayed.would = d.would;
  if (d.factIndex !== undefined) out.replayed.factIndex = d.factIndex;
  // What the record says decided; the replay's words only when it agrees.
  if (!same) return out;
  out.explanation = d.explanation;
  if (d.fact) {
    out.fact = { ...d.fact };
    if (recorded.factIndex !== undefined) out.fact.effect = { index: recorded.factIndex, ...(recorded.factKind ? { kind: recorded.factKind } : {}) };
  }
  if (d.nextStep && (refused(recorded) || recorded.outcome === 'report')) {
    out.nextStep = d.nextStep.replace('<event id>', r.id);
    const lines = authorisingLines(d.nextStep, r.id);
    if (lines.length && refused(recorded)) out.authorise = { lines, exact: lines.every((l) => !/<[^<>]*[^>]>/.test(l)) };
  }
  return out;
}

const AFTER = lookupTable<HostEffect>({ __proto__: null, joined: 'ran', failed: 'failed', running: 'running', not_started: 'not_started', unknown: 'ended' });

/** What the host did with the call, from the records about it; `unobserved` only when none says. */
export function hostEffectOf(r: RuntimeEvent, related: readonly RuntimeEvent[]): HostEffect {
  let effect: HostEffect = r.hostEffect === 'executed_despite_deny' ? 'executed_despite_deny' : 'unobserved';
  // The person's answer at the host's own prompt, as the adapter observed it, says more than
  // a lifecycle fact about the same call.
  let answered: HostEffect | undefined;
  for (const x of related) {
    if (x.about !== r.id) continue;
    if (x.kind === 'effect' && (x.hostEffect === 'executed_despite_deny' || x.hostEffect === 'changed_host_config')) return x.hostEffect;
    if (x.kind === 'effect' && (x.hostEffect === 'executed' || x.hostEffect === 'not_executed')) answered = x.hostEffect;
    if (x.kind === 'lifecycle' && x.lifecycle?.event === 'action.after' && x.lifecycle.lifecycle) effect = AFTER[x.lifecycle.lifecycle] ?? 'ended';
  }
  return answered ?? effect;
}

export const HOST_EFFECT_WORDS: Record<HostEffect, string> = {
  unobserved: 'unobserved (no later fact from the host about this call)',
  executed_despite_deny: 'the host ran it although remit refused it',
  changed_host_config: "it changed a host's hook or plugin configuration while it ran; remit put it back (see the effect record)",
  executed: "the person approved it at the host's prompt, and the host ran it",
  not_executed: "the person declined it at the host's prompt; the host did not run it",
  ran: 'the host ran it',
  failed: 'the host ran it and it failed',
  running: 'still running in the background when the host last reported',
  not_started: 'the host did not run it',
  ended: 'the host reported its end without saying how',
};
