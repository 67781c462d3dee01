// The text a host shows for a verdict. `decisionMessage` is read by the model (a deny's reason,
// a report's note): the reason code first, so a truncated message still names it; then the
// decisive fact and the authorising step. `approvalQuestion` is read by the person at a host's
// own approval prompt (Claude Code's native ask, Pi's confirm dialog).
import type { Decision, TaskContract } from '../../generated/types.js';

const HEADLINE: Record<Decision['outcome'], string> = {
  deny: 'remit refused this action',
  ask: 'remit needs the user to approve this action',
  report: 'remit noted this action (observing only; it was not blocked)',
  allow: 'remit allowed this action',
};

export function decisionMessage(d: Decision, eventId: string | undefined, contract: TaskContract): string {
  const lines = [`${HEADLINE[d.outcome]}: ${d.reasonCode}${d.family ? ` (${d.family})` : ''}`, d.explanation];
  if (d.would) lines.push(`An armed session would ${d.would === 'deny' ? 'refuse' : 'ask about'} it.`);
  if (d.nextStep) {
    const step = eventId ? d.nextStep.replace('<event id>', eventId) : d.nextStep;
    lines.push(`To authorise: ${step}`);
  }
  if (d.outcome === 'deny' || d.outcome === 'ask') {
    lines.push('Do not work around this refusal with another tool or command; report it to the user if the task needs it.');
  }
  lines.push(`State: ${d.controlState} / ${contract.mode}${eventId ? ` / ${eventId}` : ''}`);
  return lines.join('\n');
}

const ONE_TIME = /^\$remit allow /;

/**
 * The question beside a host's own Yes/No: what needs approval and why, in the words the rule
 * chose, and what Yes does. No model-directed lines (a person reads it), no `$remit allow`
 * (Yes is that approval); a directive that would allow such actions for the rest of the task
 * is offered when the rule names one. The reason code stays on the first line, where the
 * host's reading of the answer looks for it. Worded for either reader: where no person can
 * answer (Claude Code in -p mode denies the ask and hands this text to the model; verified on
 * 2.1.197 and 2.1.332) the model learns that the user's approval is needed, not that it may
 * give it.
 */
export function approvalQuestion(d: Decision): string {
  const lines = [
    `remit needs the user's approval for this action (${d.reasonCode}):`,
    d.explanation,
    'Approving lets this one call run; declining refuses it.',
  ];
  const lasting = [...(d.nextStep ?? '').matchAll(/`(\$remit [^`]*)`/g)].map((m) => m[1]!).filter((l) => !ONE_TIME.test(l));
  if (lasting.length) lines.push(`To allow such actions for the rest of the task, start your next prompt with \`${lasting[0]}\`.`);
  const teach = /`(remit reads add [^`]*)`/.exec(d.nextStep ?? '');
  if (teach) lines.push(`If this command only reads, you can teach remit in a terminal: \`${teach[1]}\` (remit reads --help).`);
  return lines.join('\n');
}
