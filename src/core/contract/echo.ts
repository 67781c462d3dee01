// The effective contract echoed back after a directive (context for the model, a visible
// line where the host has one) and the answer to `$remit help`.
import type { TaskContract } from '../../generated/types.js';
import { controlStateOf } from './defaults.js';
import { printable } from './directive-error.js';

function filesText(c: TaskContract): string {
  if (c.files === null) return 'unbounded';
  const shown = c.filesAsTyped ?? c.files;
  return shown.length === 0 ? 'none' : shown.map(printable).join('|');
}

function agentsText(c: TaskContract, reserved?: number): string {
  if (c.agents === null) return 'unlimited';
  return reserved === undefined ? String(c.agents) : `${reserved}/${c.agents} reserved`;
}

/**
 * One line, e.g. `remit ARMED: mode=review level=guard files=src/**|test/** deps=ask hash=deny
 * hostconfig=deny agents=2 checks=allow`. Globs as the user typed them; `files=unbounded` when
 * no files= was given, `files=none` for `files=` (no writes); never the raw unlimited sentinel.
 */
export function contractLine(c: TaskContract, reserved?: number): string {
  return (
    `remit ${controlStateOf(c)}: mode=${c.mode} level=${c.level} files=${filesText(c)} ` +
    `deps=${c.deps} hash=${c.hash} hostconfig=${c.hostconfig} agents=${agentsText(c, reserved)} checks=${c.checks}`
  );
}

export function helpText(): string {
  return [
    'remit keeps the agent inside the task you give it.',
    '',
    'Start the first line of a prompt with a directive; the task follows `--` or `: `:',
    '  $remit review -- look over this diff',
    '  $remit change files=src/**|test/** deps=allow: add the retry option',
    'A directive replaces the whole contract; fields you leave out return to their defaults.',
    '',
    'Modes: answer, review, monitor (no edits), change.',
    'Levels: watch (observe and report), guard (enforce), lock (enforce; unproven commands need approval), off.',
    'A mode alone means guard; a level or field alone means change.',
    'files=glob|glob   where writes may go (from the project root; files= means no writes)',
    'deps=deny|ask|allow   adding dependencies (default ask)',
    'hash=deny|ask|allow   hashing and checksums (default deny)',
    'hostconfig=deny|ask|allow   editing agent hook and plugin settings (default deny)',
    'agents=N   concurrent subagents (0 = none; default unlimited)',
    'checks=allow|deny   running tests, linters and type checkers in non-editing modes (default allow)',
    '',
    'In an armed session, "review only", "don\'t edit anything", 只审查 or 不要修改 switch to a',
    'non-editing mode and "stop" to answer; going back to editing needs `$remit change`.',
    '',
    'Commands (the whole prompt): $remit status | $remit runtime [all] | $remit explain evt_… |',
    '$remit label evt_… correct|incorrect|inconclusive | $remit allow evt_… (allow that denied action once) | $remit help',
  ].join('\n');
}
