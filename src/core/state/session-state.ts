// The shape of one session's state and its construction. Types are the schema's.
import type { Counters, HostRef, Ledger, SessionState, TaskContract } from '../../generated/types.js';

export const STATE_SCHEMA_VERSION = 3;

export function emptyLedger(): Ledger {
  return { reservations: [], nextId: 1, released: [], refused: [], unresolved: {} };
}

function emptyCounters(): Counters {
  return { checked: 0, allowed: 0, reported: 0, asked: 0, denied: 0, wouldAsk: 0, wouldDeny: 0, reasons: {}, denials: {}, asks: {}, guardErrors: 0 };
}

export function newSessionState(host: HostRef, contract: TaskContract, at: string, projectRoot?: string): SessionState {
  const state: SessionState = {
    schemaVersion: STATE_SCHEMA_VERSION,
    host: host.version ? { name: host.name, version: host.version } : { name: host.name },
    createdAt: at,
    lastUsedAt: at,
    contract,
    directiveError: null,
    ledger: emptyLedger(),
    open: {},
    approvals: [],
    recentDenials: [],
    checkRuns: {},
    counters: emptyCounters(),
    labels: {},
    flags: {},
  };
  if (projectRoot) state.projectRoot = projectRoot;
  return state;
}
