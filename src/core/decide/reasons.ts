// The reason catalogue: every reason code with its family and the one sentence that says
// what it means, and the one rule that emits it. A rule, its code, its text and its case
// folder are found from the code.
import type { Family, ReasonCode } from '../../generated/types.js';
import type { RuleId } from './rule-ids.js';

export interface ReasonInfo {
  /** The one decision rule that emits this code. */
  rule: RuleId;
  family: Family | null;
  /** What the code means, for `explain` and the docs. */
  meaning: string;
}

export const REASONS: Record<ReasonCode, ReasonInfo> = {
  RECOVERY_READ_ONLY: { rule: 'damaged-state', family: null, meaning: 'The session state is damaged; reads still pass.' },
  STATE_DAMAGED: {
    rule: 'damaged-state',
    family: 'I',
    meaning: 'The session state is unreadable, fails its schema, or is not sealed as remit wrote it, so nothing but reads can be proven inside the contract.',
  },
  GUARD_ERROR: { rule: 'guard-error', family: 'I', meaning: 'remit failed internally or could not take the session lock in time.' },
  INVALID_DIRECTIVE: { rule: 'invalid-directive', family: 'I', meaning: 'A malformed $remit directive is pending; mutating actions wait for a valid one.' },
  CONTROL_OFF: { rule: 'control-inactive', family: null, meaning: 'remit is off for this session.' },
  CONTROL_INACTIVE: { rule: 'control-inactive', family: null, meaning: 'No task contract was given; remit only records.' },
  APPROVED_ONCE: { rule: 'approved-once', family: null, meaning: 'The user approved this exact action once with $remit allow.' },
  GUARD_SELF_PROTECTION: { rule: 'self-protection', family: 'I', meaning: "The action would change remit's own files or a host's hook configuration." },
  MODE_FORBIDS_MUTATION: { rule: 'mode-forbids-mutation', family: 'I', meaning: 'The task mode does not allow changes.' },
  MUTABILITY_UNPROVEN: {
    rule: 'mode-requires-proof',
    family: 'I',
    meaning: 'The task mode does not allow changes, and remit cannot prove the action changes nothing.',
  },
  LOCK_EFFECT_UNPROVEN: { rule: 'lock-requires-proof', family: 'I', meaning: 'The level is lock, and remit cannot prove what the action does.' },
  CHECKS_NOT_AUTHORIZED: { rule: 'checks-policy', family: 'I', meaning: 'The contract does not allow running checks (checks=deny).' },
  HASH_NOT_AUTHORIZED: { rule: 'hash-policy', family: 'H', meaning: 'Hashing or checksums were not requested (hash=allow is needed).' },
  WRITE_PATH_UNPROVEN: { rule: 'files-scope', family: 'S', meaning: 'The contract limits files, and remit cannot prove which files this changes.' },
  PATH_OUTSIDE_CONTRACT: { rule: 'files-scope', family: 'S', meaning: 'The action changes a file outside the files= of the contract.' },
  GUARD_PROTECTED_FOLDER: {
    rule: 'protected-folder',
    family: 'I',
    meaning: "The action changes a folder that holds remit's own files or a host's hook configuration.",
  },
  DEPENDENCY_NOT_AUTHORIZED: { rule: 'dependency-policy', family: 'S', meaning: 'Adding a dependency was not requested (deps=allow is needed).' },
  UNBOUNDED_DELEGATION: { rule: 'agent-budget', family: 'S', meaning: 'The launch cannot say how many subagents it starts, and the contract caps them.' },
  DUPLICATE_ACTION_ID: { rule: 'agent-budget', family: 'S', meaning: 'This call id was already released or refused, or reused with another input.' },
  DELEGATION_STATE_UNPROVEN: {
    rule: 'agent-budget',
    family: 'S',
    meaning: 'Earlier delegation in this session cannot be accounted for, so the cap cannot be proven.',
  },
  DELEGATION_LIFECYCLE_UNPROVEN: { rule: 'agent-budget', family: 'S', meaning: 'Resuming or messaging a subagent cannot be counted under a finite cap.' },
  AGENT_BUDGET_EXHAUSTED: { rule: 'agent-budget', family: 'S', meaning: 'The launch would exceed the concurrent subagent cap (agents=N).' },
  REPEATED_CHECK: { rule: 'repeated-check', family: 'T', meaning: 'The same check ran again with no change in between.' },
  TAUGHT_READ: {
    rule: 'taught-read',
    family: null,
    meaning: 'The action is a read because a read the user taught remit (remit reads add) matched what no model proves.',
  },
  WITHIN_CONTRACT: { rule: 'within-contract', family: null, meaning: 'The action is inside the task contract.' },
};
