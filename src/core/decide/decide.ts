// The decision table (docs/DESIGN.md#rule-table): one pure, total function. Rules run in order and the
// first that matches decides. Rules read DecisionFacts, metadata only (facts.ts): the hook
// derives them from the full input, `remit explain` reads them back from the audit record,
// and both run these same rules, so an explanation is a replay of the decision.
import type { ContractSummary, ControlState, Decision, DecisiveFact, ReasonCode } from '../../generated/types.js';
import { controlStateOf } from '../contract/defaults.js';
import { unprovenText } from './analysis-words.js';
import { liveFacts, type DecisionFacts, type How, type Owner } from './facts.js';
import type { DecisionInput } from './input.js';
import { REASONS } from './reasons.js';
import type { RuleId } from './rule-ids.js';

type Outcome = Decision['outcome'];

interface Verdict {
  outcome: Outcome;
  code: ReasonCode;
  explanation: string;
  fact: DecisiveFact;
  nextStep?: string;
  factIndex?: number;
}

const NON_MUTATING_MODES = new Set(['answer', 'review', 'monitor']);

function policyOutcome(policy: 'deny' | 'ask' | 'allow'): Outcome {
  return policy === 'ask' ? 'ask' : 'deny';
}

/** What the action does, in its own words where the classifier kept them. */
function described(f: DecisionFacts, fallback: string): string {
  return f.words.segment(['mutation', 'unproven'], fallback);
}

const approveLine = 'or approve this one action with `$remit allow <event id>`';

/** The one fix for a REMIT_HOME that cannot hold sessions (a file, a loop): no session's repair mends it. */
export const HOME_FIX = 'Make it a folder, or set REMIT_HOME to an absolute folder; `remit state repair` cannot mend this.';

function ruleDamaged(f: DecisionFacts): Verdict | null {
  if (!f.damaged) return null;
  const m = f.action.mutability;
  if (m === 'read' || m === 'control') {
    return {
      outcome: 'allow',
      code: 'RECOVERY_READ_ONLY',
      explanation: 'The session state is damaged; this action only reads.',
      fact: { kind: 'state', reason: `the session state is damaged and this ${m} action changes nothing` },
    };
  }
  const folder = f.damaged.folder;
  if (folder)
    return {
      outcome: 'deny',
      code: 'STATE_DAMAGED',
      explanation: `${folder}, so this ${m} action cannot be proven inside any contract.`,
      fact: { kind: 'state', reason: "remit's state folder cannot hold sessions" },
      nextStep: HOME_FIX,
    };
  return {
    outcome: f.damaged.lastArmed ? 'deny' : 'report',
    code: 'STATE_DAMAGED',
    explanation: `The session state is unreadable, fails its schema, or is not sealed as remit wrote it, so this ${m} action cannot be proven inside the contract.`,
    fact: { kind: 'state', reason: `the session state is damaged${f.damaged.lastArmed ? ' and the audit says the session was armed' : ''}` },
    nextStep: 'Run `remit state repair` in a terminal, or start a new session.',
  };
}

function ruleGuardError(f: DecisionFacts, state: ControlState): Verdict | null {
  if (!f.guardError) return null;
  const m = f.action.mutability;
  const blocks = state === 'ARMED' && (m === 'write' || m === 'unknown' || m === 'delegate' || m === 'check');
  // The action an adapter builds for a hook payload it could not read (unreadable-action.ts).
  const unread = f.action.analysis === 'input_malformed' && f.action.inputDigest === '';
  const why = unread ? 'the hook payload was cut short or could not be read' : 'internal error or session lock timeout';
  return {
    outcome: blocks ? 'deny' : 'allow',
    code: 'GUARD_ERROR',
    explanation: blocks
      ? `remit could not check this ${m} action (${why}), and the session is armed.`
      : 'remit could not check this action; it passes because it only reads or the session is not armed.',
    fact: {
      kind: 'guard',
      reason: blocks ? `remit could not check this ${m} action while armed` : 'remit could not check this action, which only reads or runs unarmed',
    },
    nextStep: blocks
      ? unread
        ? 'Retry the action; the host sent its call incomplete, which a retry usually mends.'
        : 'Retry the action; if it keeps failing run `remit doctor` in a terminal.'
      : undefined,
  };
}

function ruleDirectiveError(f: DecisionFacts): Verdict | null {
  const code = f.input.directiveError;
  if (!code || f.contract.level === 'off') return null;
  const m = f.action.mutability;
  if (m !== 'write' && m !== 'unknown' && m !== 'delegate') return null;
  return {
    outcome: 'deny',
    code: 'INVALID_DIRECTIVE',
    explanation: `The last $remit directive was malformed (${f.words.directiveError()}), so ${m} actions wait for a valid one.`,
    fact: { kind: 'directive', reason: `a malformed directive (${code}) is pending` },
    nextStep: 'Send a corrected directive, e.g. `$remit change -- <task>` (see `$remit help`).',
  };
}

function ruleInactive(f: DecisionFacts): Verdict | null {
  if (f.contract.level === 'off')
    return {
      outcome: 'allow',
      code: 'CONTROL_OFF',
      explanation: 'remit is off for this session.',
      fact: { kind: 'contract', reason: 'the contract says off' },
    };
  if (f.contract.mode === 'unconfirmed') {
    return {
      outcome: 'allow',
      code: 'CONTROL_INACTIVE',
      explanation: 'No task contract was given; remit only records.',
      fact: { kind: 'contract', reason: 'no task contract was given' },
    };
  }
  return null;
}

const OWNED: Record<Owner, string> = { remit: "remit's own state, audit or installed bundle", hostConfig: "a host's hook or plugin configuration" };

/**
 * Self-protection. Direct hits come first of all rules; folder hits (a change to a folder
 * above a protected path) come after the mode and files rules, so an action those already
 * refuse keeps their more precise reason, and one they allow is still stopped here.
 */
function ruleSelfProtection(f: DecisionFacts, how: How): Verdict | null {
  const code = how === 'direct' ? ('GUARD_SELF_PROTECTION' as const) : ('GUARD_PROTECTED_FOLDER' as const);
  if (how === 'direct' && f.input.remitCommand) {
    return {
      outcome: 'deny',
      code: 'GUARD_SELF_PROTECTION',
      explanation: `${described(f, 'The command')} runs one of remit's own mutating commands; only the user may run those, from a terminal.`,
      fact: { kind: 'command', reason: "it runs one of remit's own mutating commands" },
    };
  }
  const factOf = (owner: Owner, at: number | 'named'): Pick<Verdict, 'fact' | 'factIndex'> => {
    const where = how === 'folder' ? `a folder that holds ${OWNED[owner]}` : OWNED[owner];
    return at === 'named'
      ? { fact: { kind: 'named-path', reason: `its text names ${where}` } }
      : { fact: { kind: 'effect', reason: `it changes ${where}` }, factIndex: at };
  };
  const own = f.paths.hit('remit', how);
  if (own !== null) {
    return {
      outcome: 'deny',
      code,
      explanation: `${f.words.hit('remit', how)} belongs to remit's own state, audit or installed bundle, which the agent may never change.`,
      ...factOf('remit', own),
    };
  }
  if (how === 'direct' && f.input.hiddenPaths) {
    // Not a named path but a name built at run time through a decoder remit cannot read: it
    // may be remit's own state, so even hostconfig=allow asks (docs/DESIGN.md#rule-table).
    return {
      outcome: 'ask',
      code,
      explanation: `${described(f, 'The inline code')} writes through a name it decodes or reverses at run time, so remit cannot prove it stays off remit's own state and host hook configuration.`,
      fact: { kind: 'analysis', reason: 'it writes through a name built at run time by a decoder remit cannot read' },
      nextStep: `Write the path as a literal, ${approveLine}.`,
    };
  }
  if (f.contract.hostconfig === 'allow') return null;
  const host = f.paths.hit('hostConfig', how);
  if (host !== null) {
    return {
      outcome: policyOutcome(f.contract.hostconfig),
      code,
      explanation: `${f.words.hit('hostConfig', how)} is a host's hook or plugin configuration.`,
      nextStep: `\`${f.words.directive({ hostconfig: 'allow' })}\` ${approveLine}`,
      ...factOf('hostConfig', host),
    };
  }
  return null;
}

function ruleChecks(f: DecisionFacts): Verdict | null {
  if (f.action.mutability !== 'check' || f.contract.checks !== 'deny') return null;
  return {
    outcome: 'ask',
    code: 'CHECKS_NOT_AUTHORIZED',
    explanation: `${described(f, 'This check')} runs the project's checks, and the contract says checks=deny.`,
    fact: { kind: 'check', reason: "it runs the project's checks under checks=deny" },
    nextStep: `\`${f.words.directive({ checks: 'allow' })}\` ${approveLine}`,
  };
}

function ruleModeForbidsMutation(f: DecisionFacts): Verdict | null {
  if (f.action.mutability !== 'write' || !NON_MUTATING_MODES.has(f.contract.mode)) return null;
  const first = f.input.mutating ? f.input.first : undefined;
  const what = f.words.segment(['mutation'], first !== undefined ? `${f.action.tool} on ${f.words.effect(first)}` : f.action.tool);
  return {
    outcome: 'deny',
    code: 'MODE_FORBIDS_MUTATION',
    explanation: `${what} changes files, and the task mode is ${f.contract.mode}.`,
    fact:
      first !== undefined
        ? { kind: 'effect', reason: `it changes a file in ${f.contract.mode} mode` }
        : { kind: 'effect', reason: `a ${f.action.tool} write in ${f.contract.mode} mode` },
    nextStep: `\`${f.words.directive({ mode: 'change' })}\` if the task now includes changes.`,
    factIndex: first,
  };
}

function ruleModeRequiresProof(f: DecisionFacts): Verdict | null {
  if (f.action.mutability !== 'unknown' || !NON_MUTATING_MODES.has(f.contract.mode)) return null;
  return {
    outcome: 'ask',
    code: 'MUTABILITY_UNPROVEN',
    explanation: `${described(f, f.action.tool)} may change files (${unprovenText(f.action.analysis)}), and the task mode is ${f.contract.mode}.`,
    fact: { kind: 'analysis', reason: `remit cannot prove it changes nothing (${unprovenText(f.action.analysis)})` },
    nextStep: `${approveLine.replace(/^or a/, 'A')}, or \`${f.words.directive({ mode: 'change' })}\`.${f.action.analysis === 'shell_command_unproven' ? TEACH_LINE : ''}`,
  };
}

/** A command no model proves: the user may know it only reads (src/core/shell/taught.ts). */
const TEACH_LINE = " If the command only reads, teach remit once: `remit reads add '<program> <subcommand> [its options] [*]'`.";

/** The intents a contract setting authorises: hash= and deps= follow one policy. */
const INTENT_POLICIES = {
  hash: { setting: 'hash', code: 'HASH_NOT_AUTHORIZED', does: 'computes a hash or checksum' },
  dependency: { setting: 'deps', code: 'DEPENDENCY_NOT_AUTHORIZED', does: 'adds a dependency' },
} as const;

function intentPolicy(intent: keyof typeof INTENT_POLICIES): (f: DecisionFacts) => Verdict | null {
  const { setting, code, does } = INTENT_POLICIES[intent];
  return (f) => {
    const policy = f.contract[setting];
    if (!f.action[intent] || policy === 'allow') return null;
    if (f.action[`${intent}Hidden`]) {
      // Principle: unproven is not a read, nor is it proof of intent. What runs is not visible
      // (`$PM install x`, `eval "$X"`), so the user is asked, whatever deny says.
      return {
        outcome: 'ask',
        code,
        explanation: `${f.words.segment(['unproven', intent], f.action.tool)} runs something remit cannot see, which may add a dependency or compute a hash; the task did not request that.`,
        fact: { kind: 'intent', reason: `what it runs is not visible, and it may do what ${setting}=${policy} holds back` },
        nextStep: `\`${f.words.directive({ [setting]: 'allow' })}\` ${approveLine}`,
      };
    }
    return {
      outcome: policyOutcome(policy),
      code,
      explanation: `${f.words.segment([intent], f.action.tool)} ${does}, which the task did not request.`,
      fact: { kind: 'intent', reason: `it ${does} under ${setting}=${policy}` },
      nextStep: `\`${f.words.directive({ [setting]: 'allow' })}\` ${approveLine}`,
    };
  };
}

function ruleFiles(f: DecisionFacts): Verdict | null {
  if (f.contract.files === null) return null;
  const m = f.action.mutability;
  if (m !== 'write' && m !== 'unknown') return null;
  const typed = f.words.files();
  const outside = f.paths.outside();
  if (outside !== null) {
    const target = f.words.effect(outside);
    return {
      outcome: 'deny',
      code: 'PATH_OUTSIDE_CONTRACT',
      explanation: `${target} is outside files=${typed || '(none)'}.`,
      fact: { kind: 'effect', reason: 'it changes a file outside the files= globs' },
      nextStep: `\`${f.words.widenFiles(target)}\` if the task now includes that file.`,
      factIndex: outside,
    };
  }
  // An analysis reason on a write or unknown action means some target could not be proven,
  // even when others were (`rm x; rm $F`).
  if (!f.input.mutating || f.action.analysis !== undefined) {
    return {
      outcome: 'ask',
      code: 'WRITE_PATH_UNPROVEN',
      explanation: `${described(f, f.action.tool)} may write, and remit cannot prove which files${f.action.analysis ? ` (${unprovenText(f.action.analysis)})` : ''}; the contract limits files to ${typed || 'none'}.`,
      fact: { kind: 'analysis', reason: `remit cannot prove which files it changes${f.action.analysis ? ` (${unprovenText(f.action.analysis)})` : ''}` },
      nextStep: `Use a tool with a visible path, ${approveLine.replace(/^or /, '')}`,
    };
  }
  return null;
}

function ruleDelegation(f: DecisionFacts): Verdict | null {
  const a = f.action;
  if (a.mutability !== 'delegate') return null;
  const count = a.delegation ?? 1;
  const cap = f.contract.agents;
  const reserved = f.input.reserved ?? 0;
  const unresolved = f.input.unresolved ?? [];
  const idState = f.input.idState;
  const fact = (reason: string): DecisiveFact => ({ kind: 'delegation', reason });
  if (idState) {
    const id = f.words.callId();
    return {
      outcome: 'deny',
      code: 'DUPLICATE_ACTION_ID',
      explanation: `Call id ${id ? `${id} ` : ''}was already ${idState === 'reused' ? 'used with another input' : idState} in this session.`,
      fact: fact(`its call id was already ${idState === 'reused' ? 'used with another input' : idState}`),
      nextStep: 'Start the delegation as a new call.',
    };
  }
  if (cap === null) return null;
  if (a.unbounded) {
    return {
      outcome: 'deny',
      code: 'UNBOUNDED_DELEGATION',
      explanation: `${a.tool} does not say how many subagents it starts, and the contract caps them at agents=${cap}.`,
      fact: fact(`the number of subagents it starts is not known, under agents=${cap}`),
      nextStep: 'Launch a fixed number of subagents in one call.',
    };
  }
  if (unresolved.length > 0) {
    return {
      outcome: 'deny',
      code: 'DELEGATION_STATE_UNPROVEN',
      explanation: `Earlier delegation cannot be accounted for (${unresolved.join(', ')}), so agents=${cap} cannot be proven.`,
      fact: fact(`earlier delegation cannot be accounted for (${unresolved.join(', ')})`),
      nextStep: 'Wait for the earlier subagents to finish, have the user run `remit ledger release` in a terminal, or start a new session.',
    };
  }
  if (a.lifecycleUnproven) {
    return {
      outcome: 'deny',
      code: 'DELEGATION_LIFECYCLE_UNPROVEN',
      explanation: `${a.tool} resumes or messages a subagent, which cannot be counted under agents=${cap}.`,
      fact: fact(`it resumes or messages a subagent under agents=${cap}`),
      nextStep: 'Start a new delegation call instead of resuming one.',
    };
  }
  if (reserved + count > cap) {
    return {
      outcome: 'deny',
      code: 'AGENT_BUDGET_EXHAUSTED',
      explanation: `The contract allows ${cap} concurrent subagent${cap === 1 ? '' : 's'}; ${reserved} reserved, this call needs ${count}.`,
      fact: fact(`${reserved} subagent${reserved === 1 ? '' : 's'} reserved and this call needs ${count}, over agents=${cap}`),
      nextStep: `Wait for a subagent to finish, or \`${f.words.directive({ agents: reserved + count })}\`.`,
    };
  }
  return null;
}

function ruleLock(f: DecisionFacts): Verdict | null {
  if (f.contract.level !== 'lock' || f.action.mutability !== 'unknown') return null;
  return {
    outcome: 'ask',
    code: 'LOCK_EFFECT_UNPROVEN',
    explanation: `${described(f, f.action.tool)} has an unproven effect (${unprovenText(f.action.analysis)}), and the level is lock.`,
    fact: { kind: 'analysis', reason: `remit cannot prove what it does at level lock (${unprovenText(f.action.analysis)})` },
    nextStep: `${approveLine.replace(/^or a/, 'A')}, or \`${f.words.directive({ level: 'guard' })}\`.`,
  };
}

function ruleRepeatedCheck(f: DecisionFacts): Verdict | null {
  const threshold = f.input.threshold ?? 3;
  if (f.action.mutability !== 'check' || f.repeated < threshold) return null;
  return {
    outcome: 'report',
    code: 'REPEATED_CHECK',
    explanation: `${described(f, 'This check')} already ran ${f.repeated} times with no change in between.`,
    fact: { kind: 'check', reason: `the same check already ran ${f.repeated} times with no change in between` },
    nextStep: 'Change something before running the same check again.',
  };
}

function ruleApprovedOnce(f: DecisionFacts): Verdict | null {
  return f.input.approved
    ? {
        outcome: 'allow',
        code: 'APPROVED_ONCE',
        explanation: 'The user approved this exact action once.',
        fact: { kind: 'approval', reason: 'the user approved this exact input once' },
      }
    : null;
}

/** A read only because the user taught it (`remit reads add`): allowed, and said so in the audit and explain. */
function ruleTaughtRead(f: DecisionFacts): Verdict | null {
  if (f.action.taught !== true || f.action.mutability !== 'read') return null;
  return {
    outcome: 'allow',
    code: 'TAUGHT_READ',
    explanation: 'This command is a read you taught remit (remit reads list shows it).',
    fact: { kind: 'command', reason: 'a read the user taught (remit reads add) matched it' },
  };
}

function ruleWithinContract(): Verdict {
  return {
    outcome: 'allow',
    code: 'WITHIN_CONTRACT',
    explanation: 'The action is inside the task contract.',
    fact: { kind: 'contract', reason: 'no rule of the contract stops it' },
  };
}

/** One decision rule: its id, every reason code it can emit, and its check (null: no match). */
export interface DecisionRule {
  id: RuleId;
  codes: readonly ReasonCode[];
  check(facts: DecisionFacts, state: ControlState): Verdict | null;
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
  { id: 'self-protection', codes: ['GUARD_SELF_PROTECTION'], check: (f) => ruleSelfProtection(f, 'direct') },
  { id: 'checks-policy', codes: ['CHECKS_NOT_AUTHORIZED'], check: ruleChecks },
  { id: 'mode-forbids-mutation', codes: ['MODE_FORBIDS_MUTATION'], check: ruleModeForbidsMutation },
  { id: 'mode-requires-proof', codes: ['MUTABILITY_UNPROVEN'], check: ruleModeRequiresProof },
  { id: 'hash-policy', codes: ['HASH_NOT_AUTHORIZED'], check: intentPolicy('hash') },
  { id: 'files-scope', codes: ['PATH_OUTSIDE_CONTRACT', 'WRITE_PATH_UNPROVEN'], check: ruleFiles },
  { id: 'protected-folder', codes: ['GUARD_PROTECTED_FOLDER'], check: (f) => ruleSelfProtection(f, 'folder') },
  { id: 'dependency-policy', codes: ['DEPENDENCY_NOT_AUTHORIZED'], check: intentPolicy('dependency') },
  {
    id: 'agent-budget',
    codes: ['DUPLICATE_ACTION_ID', 'UNBOUNDED_DELEGATION', 'DELEGATION_STATE_UNPROVEN', 'DELEGATION_LIFECYCLE_UNPROVEN', 'AGENT_BUDGET_EXHAUSTED'],
    check: ruleDelegation,
  },
  { id: 'lock-requires-proof', codes: ['LOCK_EFFECT_UNPROVEN'], check: ruleLock },
  { id: 'repeated-check', codes: ['REPEATED_CHECK'], check: ruleRepeatedCheck },
  { id: 'taught-read', codes: ['TAUGHT_READ'], check: ruleTaughtRead },
  { id: 'within-contract', codes: ['WITHIN_CONTRACT'], check: ruleWithinContract },
];

function firstMatch(facts: DecisionFacts, state: ControlState): Verdict {
  for (const rule of RULES) {
    const verdict = rule.check(facts, state);
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
  const d: Decision = { outcome, reasonCode: v.code, family: REASONS[v.code].family, controlState: state, explanation: v.explanation, fact: v.fact };
  if (would) d.would = would;
  if (v.code === 'STATE_DAMAGED' && outcome === 'report') d.would = 'deny';
  if (v.nextStep) d.nextStep = v.nextStep;
  if (v.factIndex !== undefined) d.factIndex = v.factIndex;
  return d;
}

function stateOf(facts: { damaged?: { lastArmed: boolean }; contract: { level: ContractSummary['level'] } }): ControlState {
  if (facts.damaged) return facts.damaged.lastArmed ? 'ARMED' : 'OBSERVING';
  return controlStateOf(facts.contract);
}

/** docs/DESIGN.md#fail-modes: a failure while deciding blocks unless the session is not armed or the action only reads. */
function failure(state: ControlState, m: string | undefined): Decision {
  const blocks = state !== 'OBSERVING' && state !== 'OFF' && m !== 'read' && m !== 'control';
  return {
    outcome: blocks ? 'deny' : 'allow',
    reasonCode: 'GUARD_ERROR',
    family: REASONS.GUARD_ERROR.family,
    controlState: state,
    explanation: 'remit failed while deciding on this action.',
    fact: { kind: 'guard', reason: 'remit failed while deciding' },
  };
}

/**
 * docs/DESIGN.md#rule-table over facts, wherever they came from: the hook's live input or an
 * audit record. First match wins. Never throws: a failure inside is a GUARD_ERROR verdict.
 */
export function judge(facts: DecisionFacts): Decision {
  const state = stateOf(facts);
  try {
    return toDecision(firstMatch(facts, state), state);
  } catch {
    return failure(state, facts.action?.mutability);
  }
}

/** The decision and the facts it was made on, which the audit record keeps (null: the input could not be summarised). */
export function decideWithFacts(input: DecisionInput): { decision: Decision; facts: DecisionFacts | null } {
  const state = stateOf({ damaged: input.damaged, contract: input.contract });
  let facts: DecisionFacts;
  try {
    facts = liveFacts(input);
  } catch {
    return { decision: failure(state, (input.action as { mutability?: string } | undefined)?.mutability), facts: null };
  }
  return { decision: judge(facts), facts };
}

export function decide(input: DecisionInput): Decision {
  return decideWithFacts(input).decision;
}
