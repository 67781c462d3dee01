// In-memory migration of older state files (docs/DESIGN.md#session-state: never counts as damage). The
// migrated form is written by the next locked mutation, never by a read.
//
// Version 1 (remit before per-check counts and labels) had no recentDenials, checkRuns,
// labels or flags, and its counters lacked denials/wouldAsk/wouldDeny.

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export type Migrated = { ok: true; state: Record<string, unknown> } | { ok: false; detail: string };

function fromV1(v1: Record<string, unknown>): Migrated {
  const counters = v1.counters;
  if (!isRecord(counters)) return { ok: false, detail: 'version 1 state has no counters' };
  return {
    ok: true,
    state: {
      ...v1,
      schemaVersion: 2,
      recentDenials: [],
      checkRuns: {},
      labels: {},
      flags: {},
      counters: { denials: {}, wouldAsk: 0, wouldDeny: 0, ...counters },
    },
  };
}

export function migrateState(raw: Record<string, unknown>, version: number): Migrated {
  switch (version) {
    case 1:
      return fromV1(raw);
    default:
      return { ok: false, detail: `no migration from schemaVersion ${version}` };
  }
}
