// The ledger as an audit record states it: units reserved, the cap, how many entries are
// unresolved. One definition for the controller and the CLI operations.
import type { RuntimeEvent, SessionState } from '../../generated/types.js';
import { reservedUnits, unresolvedReasons } from './ledger.js';

export function ledgerSummary(s: SessionState): NonNullable<RuntimeEvent['ledger']> {
  return { reserved: reservedUnits(s.ledger), cap: s.contract.agents, unresolved: unresolvedReasons(s.ledger).length };
}
