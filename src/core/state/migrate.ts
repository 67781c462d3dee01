// In-memory migration of older state files (docs/DESIGN.md#session-state: never counts as damage). The
// migrated form is written by the next locked mutation, never by a read.
//
// Version 1 (remit before per-check counts and labels) had no recentDenials, checkRuns,
// labels or flags, and its counters lacked denials/wouldAsk/wouldDeny. Version 2 counted asks
// and refusals by reason in one map (`denials`); version 3 keeps them apart (`denials`,
// `asks`). A version 2 map is one of them when the session had only that kind, else it is kept
// whole as `unsplit`, which status shows as asks and refusals together.

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

function fromV2(v2: Record<string, unknown>): Migrated {
  const counters = v2.counters;
  if (!isRecord(counters)) return { ok: false, detail: 'version 2 state has no counters' };
  const { denials, ...rest } = counters;
  const both = isRecord(denials) ? denials : {};
  const split =
    counters.asked === 0
      ? { denials: both, asks: {} }
      : counters.denied === 0
        ? { denials: {}, asks: both }
        : { denials: {}, asks: {}, ...(Object.keys(both).length ? { unsplit: both } : {}) };
  return { ok: true, state: { ...v2, schemaVersion: 3, counters: { ...rest, ...split } } };
}

export function migrateState(raw: Record<string, unknown>, version: number): Migrated {
  switch (version) {
    case 1: {
      const v2 = fromV1(raw);
      return v2.ok ? fromV2(v2.state) : v2;
    }
    case 2:
      return fromV2(raw);
    default:
      return { ok: false, detail: `no migration from schemaVersion ${version}` };
  }
}
