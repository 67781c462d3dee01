import type { Action, DirectiveError, TaskContract } from '../../generated/types.js';

/**
 * Everything the decision table needs, gathered by the controller. decide() itself reads
 * no file and keeps no state: rules that need the ledger or the audit get their facts here.
 */
export interface DecisionInput {
  contract: TaskContract;
  action: Action;
  /** Rule `damaged-state`: the session state was unreadable or failed its schema. `lastArmed`: the last contract the audit tail recorded was ARMED (or the tail shows an armed session whose contract is unknown). `folder`: REMIT_HOME itself cannot hold sessions (named so), which `remit state repair` cannot mend. */
  damaged?: { lastArmed: boolean; folder?: string };
  /** Rule `invalid-directive`: a malformed directive is pending. */
  directiveError?: DirectiveError | null;
  /** Rule `approved-once`: a one-time approval with this action's inputDigest is waiting. */
  approved?: boolean;
  /** Rules `self-protection` and `protected-folder`: canonical globs of remit's own files (never writable) and of host hook configuration (writable with hostconfig=allow). */
  protectedPaths: { remit: string[]; hostConfig: string[] };
  /** Rule `agent-budget`: the delegation ledger as it stands before this action. */
  ledger: {
    /** Subagents currently reserved (pending + bound). */
    reserved: number;
    /** Reasons the ledger cannot prove its count (unbounded launch, resume, undeclared adapter …). */
    unresolved: string[];
    /** What the ledger knows of this action id: new, or already released / refused / reused with a different input. */
    idState: 'new' | 'released' | 'refused' | 'reused';
  };
  /** T family: runs of this same check (inputDigest) since the last write, not counting this one. */
  repeatedChecks?: number;
  /** Default 3. */
  repeatThreshold?: number;
  /** Fail mode: an internal error or a lock timeout happened before the decision. */
  guardError?: boolean;
}
