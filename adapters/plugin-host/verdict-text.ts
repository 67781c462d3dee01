// Reads remit's own verdict back out of the text a host delivered (a thrown message, a block
// reason, a tool-result note). The first line of every verdict message names the outcome and
// the reason code (src/core/decide/message.ts), so a host-visible text is enough to tell what
// the host will do. Host-neutral: used by the OpenCode, Pi, omp and Hermes adapters.

export type VerdictOutcome = 'allow' | 'report' | 'ask' | 'deny';

const HEADLINE = /^remit (refused this action|needs the user to approve this action|noted this action[^:]*|allowed this action): ([A-Z][A-Z_]+)/;

export function readVerdictText(text: unknown): { outcome: VerdictOutcome; reasonCode: string } | null {
  if (typeof text !== 'string') return null;
  const m = HEADLINE.exec(text.trimStart());
  if (!m) return null;
  const head = m[1]!;
  const outcome: VerdictOutcome = head.startsWith('refused') ? 'deny' : head.startsWith('needs') ? 'ask' : head.startsWith('noted') ? 'report' : 'allow';
  return { outcome, reasonCode: m[2]! };
}
