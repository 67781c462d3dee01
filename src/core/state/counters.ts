// Per-session counters (docs/DESIGN.md#session-state), kept under the session lock so `runtime --all`
// reads one small object per session instead of every audit line.
import type { Counters, Decision } from '../../generated/types.js';

export function countDecision(c: Counters, d: Pick<Decision, 'outcome' | 'reasonCode' | 'would'>): void {
  c.checked++;
  c.reasons[d.reasonCode] = (c.reasons[d.reasonCode] ?? 0) + 1;
  switch (d.outcome) {
    case 'allow':
      c.allowed++;
      break;
    case 'report':
      c.reported++;
      if (d.would === 'ask') c.wouldAsk = (c.wouldAsk ?? 0) + 1;
      if (d.would === 'deny') c.wouldDeny = (c.wouldDeny ?? 0) + 1;
      break;
    case 'ask':
      c.asked++;
      c.asks[d.reasonCode] = (c.asks[d.reasonCode] ?? 0) + 1;
      break;
    case 'deny':
      c.denied++;
      c.denials[d.reasonCode] = (c.denials[d.reasonCode] ?? 0) + 1;
      break;
  }
  if (d.reasonCode === 'GUARD_ERROR') c.guardErrors++;
}
