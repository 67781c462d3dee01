// The decision table (docs/DESIGN.md#rule-table): one pure, total function. Rules run in order and the
// first that matches decides; rules that need the ledger or the audit get their facts in
// DecisionInput, gathered by the controller.
import path from 'node:path';
import type { Action, ControlState, Decision, ReasonCode, TaskContract } from '../../generated/types.js';
import { compileGlobs, compileProtectedGlobs, type PathMatcher } from '../paths/globs.js';
import { isWithin } from '../paths/canonical.js';
import type { DecisionInput } from './input.js';
import { REASONS } from './reasons.js';
import { directiveFor } from './directive-text.js';
import { controlStateOf } from '../contract/defaults.js';
import type { RuleId } from './rule-ids.js';

type Outcome = Decision['outcome'];

interface Verdict {
  outcome: Outcome;
  code: ReasonCode;
  explanation: string;
  nextStep?: string;
  factIndex?: number;
}

const MUTATING_EFFECTS = new Set(['write', 'create', 'delete', 'move']);
const NON_MUTATING_MODES = new Set(['answer', 'review', 'monitor']);

function shown(p: string, contract: TaskContract): string {
  const root = contract.projectRoot;
  if (root && isWithin(p, root, contract.caseInsensitivePaths === true) && p !== root) {
    return path.posix.relative(root, p) || p;
  }
  return p;
}

function describe(action: Action, fallback: string): string {
  const fact = action.facts?.mutation ?? action.facts?.unproven;
  return fact ? `\`${fact}\`` : fallback;
}

function policyOutcome(policy: 'deny' | 'ask' | 'allow'): Outcome {
  return policy === 'ask' ? 'ask' : 'deny';
}

function mutatingEffects(action: Action): { index: number; path: string }[] {
  const out: { index: number; path: string }[] = [];
  action.effects.forEach((e, index) => {
    if (MUTATING_EFFECTS.has(e.kind)) out.push({ index, path: e.path });
  });
  return out;
}

/**
 * The first change to a protected path. `direct`: a mutating effect on it or, for an
 * unknown action, a path its text names. `folder`: a mutating effect on a folder above it
 * (`rm -rf .claude`, `mv ~/.remit x`, `tar -x -C .`), which changes it too.
 */
function protectedHit(action: Action, matcher: { matches: PathMatcher; folderHolds: PathMatcher }, how: 'direct' | 'folder'): { index?: number; path: string } | null {
  if (how === 'folder') {
    for (const e of mutatingEffects(action)) if (matcher.folderHolds(e.path)) return e;
    return null;
  }
  for (const e of mutatingEffects(action)) if (matcher.matches(e.path)) return e;
  if (action.mutability === 'unknown') {
    for (const p of action.mentionedPaths ?? []) if (matcher.matches(p)) return { path: p };
  }
  return null;
}

const approveLine = 'or approve this one action with `$remit allow <event id>`';

function ruleDamaged(input: DecisionInput): Verdict | null {
  if (!input.damaged) return null;
  const m = input.action.mutability;
  if (m === 'read' || m === 'control') {
    return { outcome: 'allow', code: 'RECOVERY_READ_ONLY', explanation: 'The session state is damaged; this action only reads.' };
  }
  return {
    outcome: input.damaged.lastArmed ? 'deny' : 'report',
    code: 'STATE_DAMAGED',
    explanation: `The session state is unreadable or fails its schema, so this ${m} action cannot be proven inside the contract.`,
    nextStep: 'Run `remit state repair` in a terminal, or start a new session.',
  };
}

function ruleGuardError(input: DecisionInput, state: ControlState): Verdict | null {
  if (!input.guardError) return null;
  const m = input.action.mutability;
  const blocks = state === 'ARMED' && (m === 'write' || m === 'unknown' || m === 'delegate' || m === 'check');
  return {
    outcome: blocks ? 'deny' : 'allow',
    code: 'GUARD_ERROR',
    explanation: blocks
      ? `remit could not check this ${m} action (internal error or session lock timeout), and the session is armed.`
      : 'remit could not check this action; it passes because it only reads or the session is not armed.',
    nextStep: blocks ? 'Retry the action; if it keeps failing run `remit doctor` in a terminal.' : undefined,
  };
}

function ruleDirectiveError(input: DecisionInput): Verdict | null {
  const err = input.directiveError;
  if (!err || input.contract.level === 'off') return null;
  const m = input.action.mutability;
  if (m !== 'write' && m !== 'unknown' && m !== 'delegate') return null;
  return {
    outcome: 'deny',
    code: 'INVALID_DIRECTIVE',
    explanation: `The last $remit directive was malformed (${err.code} at \`${err.token}\`), so ${m} actions wait for a valid one.`,
    nextStep: 'Send a corrected directive, e.g. `$remit change -- <task>` (see `$remit help`).',
  };
}

function ruleInactive({ contract }: DecisionInput): Verdict | null {
  if (contract.level === 'off') return { outcome: 'allow', code: 'CONTROL_OFF', explanation: 'remit is off for this session.' };
  if (contract.mode === 'unconfirmed') {
    return { outcome: 'allow', code: 'CONTROL_INACTIVE', explanation: 'No task contract was given; remit only records.' };
  }
  return null;
}

/**
 * Self-protection. Direct hits come first of all rules; folder hits (a change to a folder
 * above a protected path) come after the mode and files rules, so an action those already
 * refuse keeps their more precise reason, and one they allow is still stopped here.
 */
function ruleSelfProtection(input: DecisionInput, how: 'direct' | 'folder' = 'direct'): Verdict | null {
  const code = how === 'direct' ? ('GUARD_SELF_PROTECTION' as const) : ('GUARD_PROTECTED_FOLDER' as const);
  const { action, contract } = input;
  if (how === 'direct' && action.remitCommand) {
    return {
      outcome: 'deny',
      code: 'GUARD_SELF_PROTECTION',
      explanation: `${describe(action, 'The command')} runs one of remit's own mutating commands; only the user may run those, from a terminal.`,
    };
  }
  // Nothing that changes or names a path cannot touch a protected one: the protected lists
  // (resolved on first use, a look-up per folder) are not even read.
  if (mutatingEffects(action).length === 0 && (how === 'folder' || action.mutability !== 'unknown' || !action.mentionedPaths?.length)) return null;
  const roots = contract.projectRoot ? [contract.projectRoot] : [];
  const own = protectedHit(action, compileProtectedGlobs(input.protectedPaths.remit, roots), how);
  if (own) {
    return {
      outcome: 'deny',
      code,
      explanation: `${own.path} belongs to remit's own state, audit or installed bundle, which the agent may never change.`,
      factIndex: own.index,
    };
  }
  if (contract.hostconfig === 'allow') return null;
  const host = protectedHit(action, compileProtectedGlobs(input.protectedPaths.hostConfig, roots), how);
  if (host) {
    return {
      outcome: policyOutcome(contract.hostconfig),
      code,
      explanation: `${shown(host.path, contract)} is a host's hook or plugin configuration.`,
      nextStep: `\`${directiveFor(contract, { hostconfig: 'allow' })}\` ${approveLine}`,
      factIndex: host.index,
    };
  }
  return null;
}

function ruleChecks(input: DecisionInput): Verdict | null {
  const { action, contract } = input;
  if (action.mutability !== 'check' || contract.checks !== 'deny') return null;
  return {
    outcome: 'ask',
    code: 'CHECKS_NOT_AUTHORIZED',
    explanation: `${describe(action, 'This check')} runs the project's checks, and the contract says checks=deny.`,
    nextStep: `\`${directiveFor(contract, { checks: 'allow' })}\` ${approveLine}`,
  };
}

function ruleModeForbidsMutation(input: DecisionInput): Verdict | null {
  const { action, contract } = input;
  if (action.mutability !== 'write' || !NON_MUTATING_MODES.has(contract.mode)) return null;
  const first = mutatingEffects(action)[0];
  const what = action.facts?.mutation ? `\`${action.facts.mutation}\`` : first ? `${action.tool} on ${shown(first.path, contract)}` : action.tool;
  return {
    outcome: 'deny',
    code: 'MODE_FORBIDS_MUTATION',
    explanation: `${what} changes files, and the task mode is ${contract.mode}.`,
    nextStep: `\`${directiveFor(contract, { mode: 'change' })}\` if the task now includes changes.`,
    factIndex: first?.index,
  };
}

function ruleModeRequiresProof(input: DecisionInput): Verdict | null {
  const { action, contract } = input;
  if (action.mutability !== 'unknown' || !NON_MUTATING_MODES.has(contract.mode)) return null;
  return {
    outcome: 'ask',
    code: 'MUTABILITY_UNPROVEN',
    explanation: `${describe(action, action.tool)} may change files (${action.analysis ?? 'unproven'}), and the task mode is ${contract.mode}.`,
    nextStep: `${approveLine.replace(/^or a/, 'A')}, or \`${directiveFor(contract, { mode: 'change' })}\`.`,
  };
}

/** The intents a contract setting authorises: hash= and deps= follow one policy. */
const INTENT_POLICIES = {
  hash: { setting: 'hash', code: 'HASH_NOT_AUTHORIZED', does: 'computes a hash or checksum' },
  dependency: { setting: 'deps', code: 'DEPENDENCY_NOT_AUTHORIZED', does: 'adds a dependency' },
} as const;

function intentPolicy(intent: keyof typeof INTENT_POLICIES): (input: DecisionInput) => Verdict | null {
  const { setting, code, does } = INTENT_POLICIES[intent];
  return ({ action, contract }) => {
    const policy = contract[setting];
    if (!action.intents[intent] || policy === 'allow') return null;
    const fact = action.facts?.[intent];
    return {
      outcome: policyOutcome(policy),
      code,
      explanation: `${fact ? `\`${fact}\`` : action.tool} ${does}, which the task did not request.`,
      nextStep: `\`${directiveFor(contract, { [setting]: 'allow' })}\` ${approveLine}`,
    };
  };
}

function ruleFiles(input: DecisionInput): Verdict | null {
  const { action, contract } = input;
  if (contract.files === null) return null;
  const m = action.mutability;
  if (m !== 'write' && m !== 'unknown') return null;
  const effects = mutatingEffects(action);
  const widen = `\`${directiveFor(contract, { filesAsTyped: [...(contract.filesAsTyped ?? []), '<path>'] })}\``;
  const inside = compileGlobs(contract.files, contract.caseInsensitivePaths === true);
  const outside = effects.find((e) => !inside(e.path));
  if (outside) {
    return {
      outcome: 'deny',
      code: 'PATH_OUTSIDE_CONTRACT',
      explanation: `${shown(outside.path, contract)} is outside files=${(contract.filesAsTyped ?? []).join('|') || '(none)'}.`,
      nextStep: `${widen.replace('<path>', shown(outside.path, contract))} if the task now includes that file.`,
      factIndex: outside.index,
    };
  }
  // An analysis reason on a write or unknown action means some target could not be proven,
  // even when others were (`rm x; rm $F`).
  if (effects.length === 0 || action.analysis !== undefined) {
    return {
      outcome: 'ask',
      code: 'WRITE_PATH_UNPROVEN',
      explanation: `${describe(action, action.tool)} may write, and remit cannot prove which files${action.analysis ? ` (${action.analysis})` : ''}; the contract limits files to ${(contract.filesAsTyped ?? []).join('|') || 'none'}.`,
      nextStep: `Use a tool with a visible path, ${approveLine.replace(/^or /, '')}`,
    };
  }
  return null;
}

function ruleDelegation(input: DecisionInput): Verdict | null {
  const { action, contract, ledger } = input;
  if (action.mutability !== 'delegate') return null;
  const d = action.delegation ?? { count: 1, completionScope: 'children' as const };
  const cap = contract.agents;
  const raise = (n: number) => `\`${directiveFor(contract, { agents: n })}\``;
  if (ledger.idState !== 'new') {
    return {
      outcome: 'deny',
      code: 'DUPLICATE_ACTION_ID',
      explanation: `Call id ${action.id} was already ${ledger.idState === 'reused' ? 'used with another input' : ledger.idState} in this session.`,
      nextStep: 'Start the delegation as a new call.',
    };
  }
  if (cap === null) return null;
  if (d.unbounded) {
    return {
      outcome: 'deny',
      code: 'UNBOUNDED_DELEGATION',
      explanation: `${action.tool} does not say how many subagents it starts, and the contract caps them at agents=${cap}.`,
      nextStep: 'Launch a fixed number of subagents in one call.',
    };
  }
  if (ledger.unresolved.length > 0) {
    return {
      outcome: 'deny',
      code: 'DELEGATION_STATE_UNPROVEN',
      explanation: `Earlier delegation cannot be accounted for (${ledger.unresolved.join(', ')}), so agents=${cap} cannot be proven.`,
      nextStep: 'Wait for the earlier subagents to finish, have the user run `remit ledger release` in a terminal, or start a new session.',
    };
  }
  if (d.lifecycleUnproven) {
    return {
      outcome: 'deny',
      code: 'DELEGATION_LIFECYCLE_UNPROVEN',
      explanation: `${action.tool} resumes or messages a subagent, which cannot be counted under agents=${cap}.`,
      nextStep: 'Start a new delegation call instead of resuming one.',
    };
  }
  if (ledger.reserved + d.count > cap) {
    return {
      outcome: 'deny',
      code: 'AGENT_BUDGET_EXHAUSTED',
      explanation: `The contract allows ${cap} concurrent subagent${cap === 1 ? '' : 's'}; ${ledger.reserved} reserved, this call needs ${d.count}.`,
      nextStep: `Wait for a subagent to finish, or ${raise(ledger.reserved + d.count)}.`,
    };
  }
  return null;
}

function ruleLock(input: DecisionInput): Verdict | null {
  const { action, contract } = input;
  if (contract.level !== 'lock' || action.mutability !== 'unknown') return null;
  return {
    outcome: 'ask',
    code: 'LOCK_EFFECT_UNPROVEN',
    explanation: `${describe(action, action.tool)} has an unproven effect (${action.analysis ?? 'unproven'}), and the level is lock.`,
    nextStep: `${approveLine.replace(/^or a/, 'A')}, or \`${directiveFor(contract, { level: 'guard' })}\`.`,
  };
}

function ruleRepeatedCheck(input: DecisionInput): Verdict | null {
  const threshold = input.repeatThreshold ?? 3;
  if (input.action.mutability !== 'check' || (input.repeatedChecks ?? 0) < threshold) return null;
  return {
    outcome: 'report',
    code: 'REPEATED_CHECK',
    explanation: `${describe(input.action, 'This check')} already ran ${input.repeatedChecks} times with no change in between.`,
    nextStep: 'Change something before running the same check again.',
  };
}

function ruleApprovedOnce(input: DecisionInput): Verdict | null {
  return input.approved ? { outcome: 'allow', code: 'APPROVED_ONCE', explanation: 'The user approved this exact action once.' } : null;
}

function ruleWithinContract(): Verdict {
  return { outcome: 'allow', code: 'WITHIN_CONTRACT', explanation: 'The action is inside the task contract.' };
}

/** One decision rule: its id, every reason code it can emit, and its check (null: no match). */
export interface DecisionRule {
  id: RuleId;
  codes: readonly ReasonCode[];
  check(input: DecisionInput, state: ControlState): Verdict | null;
}

/**
 * The rule table, in order; the first rule whose check matches decides. The last rule always
 * matches. A code belongs to exactly one rule (REASONS names it; a test holds both to that).
 */
export const RULES: readonly DecisionRule[] = [
  { id: 'damaged-state', codes: ['RECOVERY_READ_ONLY', 'STATE_DAMAGED'], check: ruleDamaged },
  { id: 'guard-error', codes: ['GUARD_ERROR'], check: ruleGuardError },
  { id: 'invalid-directive', codes: ['INVALID_DIRECTIVE'], check: ruleDirectiveError },
  { id: 'control-inactive', codes: ['CONTROL_OFF', 'CONTROL_INACTIVE'], check: ruleInactive },
  { id: 'approved-once', codes: ['APPROVED_ONCE'], check: ruleApprovedOnce },
  { id: 'self-protection', codes: ['GUARD_SELF_PROTECTION'], check: (input) => ruleSelfProtection(input, 'direct') },
  { id: 'checks-policy', codes: ['CHECKS_NOT_AUTHORIZED'], check: ruleChecks },
  { id: 'mode-forbids-mutation', codes: ['MODE_FORBIDS_MUTATION'], check: ruleModeForbidsMutation },
  { id: 'mode-requires-proof', codes: ['MUTABILITY_UNPROVEN'], check: ruleModeRequiresProof },
  { id: 'hash-policy', codes: ['HASH_NOT_AUTHORIZED'], check: intentPolicy('hash') },
  { id: 'files-scope', codes: ['PATH_OUTSIDE_CONTRACT', 'WRITE_PATH_UNPROVEN'], check: ruleFiles },
  { id: 'protected-folder', codes: ['GUARD_PROTECTED_FOLDER'], check: (input) => ruleSelfProtection(input, 'folder') },
  { id: 'dependency-policy', codes: ['DEPENDENCY_NOT_AUTHORIZED'], check: intentPolicy('dependency') },
  {
    id: 'agent-budget',
    codes: ['DUPLICATE_ACTION_ID', 'UNBOUNDED_DELEGATION', 'DELEGATION_STATE_UNPROVEN', 'DELEGATION_LIFECYCLE_UNPROVEN', 'AGENT_BUDGET_EXHAUSTED'],
    check: ruleDelegation,
  },
  { id: 'lock-requires-proof', codes: ['LOCK_EFFECT_UNPROVEN'], check: ruleLock },
  { id: 'repeated-check', codes: ['REPEATED_CHECK'], check: ruleRepeatedCheck },
  { id: 'within-contract', codes: ['WITHIN_CONTRACT'], check: ruleWithinContract },
];

function firstMatch(input: DecisionInput, state: ControlState): Verdict {
  for (const rule of RULES) {
    const verdict = rule.check(input, state);
    if (verdict) return verdict;
  }
  // Unreachable while within-contract closes the table; a table without it must not allow.
  throw new Error('no decision rule matched');
}

function toDecision(v: Verdict, state: ControlState): Decision {
  let outcome = v.outcome;
  let would: Decision['would'];
  // OBSERVING records what an armed session would do; invalid-directive and damaged-state speak for themselves.
  if (state === 'OBSERVING' && (outcome === 'ask' || outcome === 'deny') && v.code !== 'INVALID_DIRECTIVE') {
    would = outcome;
    outcome = 'report';
  }
  const d: Decision = { outcome, reasonCode: v.code, family: REASONS[v.code].family, controlState: state, explanation: v.explanation };
  if (would) d.would = would;
  if (v.code === 'STATE_DAMAGED' && outcome === 'report') d.would = 'deny';
  if (v.nextStep) d.nextStep = v.nextStep;
  if (v.factIndex !== undefined) d.factIndex = v.factIndex;
  return d;
}

/** docs/DESIGN.md#rule-table: first match wins. Never throws: a failure inside is a GUARD_ERROR verdict. */
export function decide(input: DecisionInput): Decision {
  const state: ControlState = input.damaged
    ? input.damaged.lastArmed
      ? 'ARMED'
      : 'OBSERVING'
    : controlStateOf(input.contract);
  try {
    const verdict = firstMatch(input, state);
    return toDecision(verdict, state);
  } catch {
    const m = (input.action as Partial<Action> | undefined)?.mutability;
    const blocks = state !== 'OBSERVING' && state !== 'OFF' && m !== 'read' && m !== 'control';
    return {
      outcome: blocks ? 'deny' : 'allow',
      reasonCode: 'GUARD_ERROR',
      family: REASONS.GUARD_ERROR.family,
      controlState: state,
      explanation: 'remit failed while deciding on this action.',
    };
  }
}
