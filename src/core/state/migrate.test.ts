import { describe, expect, it } from 'vitest';
import { migrateState } from './migrate.js';

const v2 = (asked: number, denied: number, denials: Record<string, number>) => ({
  schemaVersion: 2,
  counters: { checked: asked + denied, asked, denied, denials },
});

describe('version 2 counters, which counted asks and refusals by reason in one map', () => {
  it('are refusals when the session asked nothing, asks when it refused nothing, and kept whole as unsplit otherwise', () => {
    const counters = (m: ReturnType<typeof migrateState>) => (m.ok ? (m.state.counters as Record<string, unknown>) : m.detail);
    expect(counters(migrateState(v2(0, 2, { PATH_OUTSIDE_CONTRACT: 2 }), 2))).toMatchObject({ denials: { PATH_OUTSIDE_CONTRACT: 2 }, asks: {} });
    expect(counters(migrateState(v2(3, 0, { DEPENDENCY_CHANGE: 3 }), 2))).toMatchObject({ denials: {}, asks: { DEPENDENCY_CHANGE: 3 } });
    const both = counters(migrateState(v2(1, 1, { DEPENDENCY_CHANGE: 1, PATH_OUTSIDE_CONTRACT: 1 }), 2));
    expect(both).toMatchObject({ denials: {}, asks: {}, unsplit: { DEPENDENCY_CHANGE: 1, PATH_OUTSIDE_CONTRACT: 1 } });
    expect(migrateState(v2(0, 0, {}), 2)).toMatchObject({ ok: true, state: { schemaVersion: 3 } });
    expect(migrateState({ schemaVersion: 2 }, 2)).toEqual({ ok: false, detail: 'version 2 state has no counters' });
  });
});
