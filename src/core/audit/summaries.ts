// What an audit record may say about a contract, an action and a decision: counts, enums,
// digests. Never glob text, paths, command text, prompt text or explanation text (which can
// quote a path or a command segment).
import type { Action, ActionSummary, ContractSummary, Decision, DecisionSummary, TaskContract } from '../../generated/types.js';

export function contractSummary(c: TaskContract): ContractSummary {
  return {
    mode: c.mode,
    level: c.level,
    files: c.files === null ? null : c.files.length,
    deps: c.deps,
    hash: c.hash,
    hostconfig: c.hostconfig,
    agents: c.agents,
    checks: c.checks,
    source: c.source,
  };
}

export function actionSummary(a: Action): ActionSummary {
  const s: ActionSummary = { tool: a.tool, mutability: a.mutability, effects: a.effects.length, inputDigest: a.inputDigest };
  if (a.delegation) {
    s.delegation = a.delegation.count;
    if (a.delegation.unbounded) s.unbounded = true;
    if (a.delegation.lifecycleUnproven) s.lifecycleUnproven = true;
  }
  if (a.intents.dependency) s.dependency = true;
  if (a.intents.hash) s.hash = true;
  if (a.intents.dependency && a.intents.dependencyEvidence === 'hidden') s.dependencyHidden = true;
  if (a.intents.hash && a.intents.hashEvidence === 'hidden') s.hashHidden = true;
  if (a.analysis) s.analysis = a.analysis;
  if (a.taught) s.taught = true;
  return s;
}

/** `effects`: the action's, so the decisive effect's kind is kept with its index. */
export function decisionSummary(
  d: Pick<Decision, 'outcome' | 'would' | 'reasonCode' | 'family' | 'factIndex'>,
  channel?: string,
  effects?: Action['effects'],
): DecisionSummary {
  const s: DecisionSummary = { outcome: d.outcome, reasonCode: d.reasonCode, family: d.family };
  if (d.would) s.would = d.would;
  if (d.factIndex !== undefined) {
    s.factIndex = d.factIndex;
    const kind = effects?.[d.factIndex]?.kind;
    if (kind) s.factKind = kind;
  }
  if (channel) s.channel = channel;
  return s;
}
