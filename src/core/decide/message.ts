// The text a host shows the model (and the user) for a verdict: the reason code first, so a
// truncated message still names it; then the decisive fact and the authorising step.
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
