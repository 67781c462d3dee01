// A decision read back from its audit record (docs/DESIGN.md#audit): the facts the hook's rules
// read, rebuilt from the record's contract, action and input summaries, so `remit explain`
// runs the same rule table over them. Words come from what the record holds: effects by index,
// the contract as typed when the caller knows it was the one in force (else a placeholder for
// files=), and the stored event's paths under REMIT_AUDIT=detail.
import type { Action, ContractSummary, Decision, RuntimeEvent, TaskContract } from '../../generated/types.js';
import { directiveFor } from './directive-text.js';
import { HIT_KEY, shownPath, type DecisionFacts, type PathHit, type Words } from './facts.js';
import { judge } from './decide.js';

/** The contract a summary stands for, with files= as a placeholder naming how many globs it had. */
function contractOfSummary(s: ContractSummary): TaskContract {
  const c: TaskContract = {
    mode: s.mode,
    level: s.level,
    files: s.files === null ? null : [],
    deps: s.deps,
    hash: s.hash,
    hostconfig: s.hostconfig,
    agents: s.agents,
    checks: s.checks,
    source: s.source,
  };
  if (s.files !== null) c.filesAsTyped = s.files === 0 ? [] : [`<${s.files} glob${s.files === 1 ? '' : 's'}>`];
  return c;
}

function storedAction(r: RuntimeEvent): Action | null {
  const a = (r.detail?.event as { action?: unknown } | undefined)?.action as Action | undefined;
  return a && Array.isArray(a.effects) ? a : null;
}

/** The facts of an action record, or null when it was written before remit kept decision inputs. */
function recordedFacts(r: RuntimeEvent, contractInForce?: TaskContract | null): DecisionFacts | null {
  if (r.kind !== 'action' || !r.contract || !r.action || !r.decision || !r.input) return null;
  const input = r.input;
  const stored = storedAction(r);
  const contract = contractInForce ?? r.detail?.contract ?? contractOfSummary(r.contract);
  // The audit keeps no paths (docs/DESIGN.md#audit): the file goes by the hook's own message
  // for this event, whose last line names the same evt_ id status and explain show.
  const effect = (i: number) => {
    const p = stored?.effects[i]?.path;
    return p ? shownPath(p, contract) : `the file the hook's message named (effect #${i})`;
  };
  const words: Words = {
    // The command's own text is never recorded, even in detail mode.
    segment: (_kinds, fallback) => fallback,
    effect,
    hit(owner, how) {
      const at = input[HIT_KEY[owner][how]] as PathHit | undefined;
      if (at === 'named') return 'a path the command names';
      return at === undefined ? 'a protected path' : effect(at);
    },
    files: () => (contract.filesAsTyped ?? []).join('|'),
    directive: (changes) => directiveFor(contract, changes),
    widenFiles: (target) => directiveFor(contract, { filesAsTyped: [...(contract.filesAsTyped ?? []), stored ? target : '<that file>'] }),
    directiveError: () => input.directiveError ?? '',
    callId: () => stored?.id ?? '',
  };
  const facts: DecisionFacts = {
    contract: r.contract,
    action: r.action,
    input,
    repeated: r.repeated ?? 0,
    // An action record names an error only when the hook failed closed (rule `guard-error`).
    guardError: r.error !== undefined,
    paths: {
      outside: () => input.outside ?? null,
      hit: (owner, how) => (input[HIT_KEY[owner][how]] as PathHit | undefined) ?? null,
    },
    words,
  };
  if (r.recovery) facts.damaged = { lastArmed: r.state === 'ARMED' };
  return facts;
}

/** The rule table run again over a record's facts; null when the record cannot be replayed. */
export function replayRecord(r: RuntimeEvent, contractInForce?: TaskContract | null): Decision | null {
  const facts = recordedFacts(r, contractInForce);
  return facts ? judge(facts) : null;
}
