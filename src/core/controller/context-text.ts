// The context remit injects (session start, an accepted directive, a subagent start). It is
// computed from this session's state only, never written into files every session loads.
import type { SessionState, TaskContract } from '../../generated/types.js';
import { controlStateOf } from '../contract/defaults.js';
import { contractLine } from '../contract/echo.js';
import { HOME_FIX } from '../decide/decide.js';
import { reservedUnits } from '../ledger/ledger.js';
import type { StateDamage } from '../state/decode.js';

const ARMED_GUIDANCE =
  'remit enforces this task contract. An action outside it is refused with a reason code and the exact `$remit` line that would allow it. ' +
  'Do not work around a refusal with another tool or command; tell the user what you need instead. Report what you find even when fixing it is outside the contract. ' +
  'Only the user changes the contract, with a `$remit` line in their own prompt.';

const OBSERVING_GUIDANCE =
  'remit is observing: nothing is blocked, but actions outside this contract are recorded and reported back. Stay inside it as if it were enforced.';

const UNCONFIRMED =
  'remit is watching this session, but the user has not set a task contract, so nothing is blocked and you must not claim that remit blocks anything. ' +
  'The user can set one with `$remit review -- …` (no edits) or `$remit change files=… -- …`.';

const OFF = 'remit is off for this session: nothing is checked or recorded.';

export function contractContext(state: SessionState): string {
  const c = state.contract;
  const lines: string[] = [];
  if (c.level === 'off') lines.push(OFF);
  else if (c.mode === 'unconfirmed') lines.push(UNCONFIRMED);
  else {
    lines.push(contractLine(c, reservedUnits(state.ledger)));
    lines.push(controlStateOf(c) === 'ARMED' ? ARMED_GUIDANCE : OBSERVING_GUIDANCE);
  }
  if (state.directiveError && c.level !== 'off') {
    lines.push(
      `A malformed directive is pending (${state.directiveError.code}): edits, unproven commands and subagents are refused until the user sends a valid \`$remit\` directive.`,
    );
  }
  return lines.join('\n');
}

export function recoveryContext(loaded: { detail: string; damage: StateDamage }, lastArmed: boolean): string {
  if (loaded.damage === 'home') return `${loaded.detail}: every session is refused changes, reads are allowed. ${HOME_FIX}`;
  const detail = loaded.detail;
  return (
    `remit cannot read this session's state (${detail}). ` +
    (lastArmed
      ? 'The session was armed, so only reads are allowed until the user runs `remit state repair` in a terminal or starts a new session.'
      : 'The session was not armed; actions are recorded as in an observing session until the user runs `remit state repair` or starts a new session.')
  );
}

export function subagentContext(contract: TaskContract, reserved: number): string {
  if (contract.level === 'off' || contract.mode === 'unconfirmed') return '';
  return `This subagent works under the root session's task contract and cannot change it.\n${contractLine(contract, reserved)}`;
}
