// The reason catalogue: every reason code with its family and the one sentence that says
// what it means. A rule, its code, its text and its case folder are found from the code.
import type { Family, ReasonCode } from '../../generated/types.js';

export interface ReasonInfo {
  family: Family | null;
  /** What the code means, for `explain` and the docs. */
  meaning: string;
}

export const REASONS: Record<ReasonCode, ReasonInfo> = {
  RECOVERY_READ_ONLY: { family: null, meaning: 'The session state is damaged; reads still pass.' },
  STATE_DAMAGED: { family: 'I', meaning: 'The session state is unreadable or fails its schema, so nothing but reads can be proven inside the contract.' },
  GUARD_ERROR: { family: 'I', meaning: 'remit failed internally or could not take the session lock in time.' },
  INVALID_DIRECTIVE: { family: 'I', meaning: 'A malformed $remit directive is pending; mutating actions wait for a valid one.' },
  CONTROL_OFF: { family: null, meaning: 'remit is off for this session.' },
  CONTROL_INACTIVE: { family: null, meaning: 'No task contract was given; remit only records.' },
  APPROVED_ONCE: { family: null, meaning: 'The user approved this exact action once with $remit allow.' },
  GUARD_SELF_PROTECTION: { family: 'I', meaning: "The action would change remit's own files or a host's hook configuration." },
  MODE_FORBIDS_MUTATION: { family: 'I', meaning: 'The task mode does not allow changes.' },
  MUTABILITY_UNPROVEN: { family: 'I', meaning: 'remit cannot prove the action changes nothing.' },
  CHECKS_NOT_AUTHORIZED: { family: 'I', meaning: 'The contract does not allow running checks (checks=deny).' },
  HASH_NOT_AUTHORIZED: { family: 'H', meaning: 'Hashing or checksums were not requested (hash=allow is needed).' },
  WRITE_PATH_UNPROVEN: { family: 'S', meaning: 'The contract limits files, and remit cannot prove which files this changes.' },
  PATH_OUTSIDE_CONTRACT: { family: 'S', meaning: 'The action changes a file outside the files= of the contract.' },
  DEPENDENCY_NOT_AUTHORIZED: { family: 'S', meaning: 'Adding a dependency was not requested (deps=allow is needed).' },
  UNBOUNDED_DELEGATION: { family: 'S', meaning: 'The launch cannot say how many subagents it starts, and the contract caps them.' },
  DUPLICATE_ACTION_ID: { family: 'S', meaning: 'This call id was already released or refused, or reused with another input.' },
  DELEGATION_STATE_UNPROVEN: { family: 'S', meaning: 'Earlier delegation in this session cannot be accounted for, so the cap cannot be proven.' },
  DELEGATION_LIFECYCLE_UNPROVEN: { family: 'S', meaning: 'Resuming or messaging a subagent cannot be counted under a finite cap.' },
  AGENT_BUDGET_EXHAUSTED: { family: 'S', meaning: 'The launch would exceed the concurrent subagent cap (agents=N).' },
  REPEATED_CHECK: { family: 'T', meaning: 'The same check ran again with no change in between.' },
  WITHIN_CONTRACT: { family: null, meaning: 'The action is inside the task contract.' },
};
