import { describe, expect, it } from 'vitest';
import type { Expect } from '../../generated/types.js';
import type { ReplayRow } from '../../core/replay/replay-all.js';
import type { CaseResult, StepResult } from '../../core/replay/replay-case.js';
import { renderTable, TABLE_WIDTH, wrap } from './replay-table.js';

const TARGETS = ['core', 'codex', 'claude', 'opencode', 'hermes', 'pi', 'omp'];

function steps(bad: Expect['outcome'], good: Expect['outcome']): StepResult[] {
  return [
    { arm: 'bad', index: 0, kind: 'prompt', ok: true },
    {
      arm: 'bad',
      index: 1,
      kind: 'action',
      ok: true,
      expect: { outcome: bad, reasonCode: 'MODE_FORBIDS_MUTATION' },
      got: { outcome: bad, reasonCode: 'MODE_FORBIDS_MUTATION', channel: 'core' },
    },
    { arm: 'good', index: 0, kind: 'prompt', ok: true },
    {
      arm: 'good',
      index: 1,
      kind: 'action',
      ok: true,
      expect: { outcome: good, reasonCode: 'WITHIN_CONTRACT' },
      got: { outcome: good, reasonCode: 'WITHIN_CONTRACT', channel: 'core' },
    },
  ];
}

const pass = (target: string): CaseResult => ({ target, status: 'pass', steps: steps('deny', 'allow') });
const na = (target: string, reason: string): CaseResult => ({ target, status: 'n/a', reason, steps: [] });
const LONG = 'a host reason that goes on and on, naming events, tools and versions, far longer than any cell could hold in a table';

describe('the replay table', () => {
  const rows: ReplayRow[] = [
    { file: 'I/MODE_FORBIDS_MUTATION/write-in-review.json', results: TARGETS.map(pass) },
    {
      file: 'I/MODE_FORBIDS_MUTATION/a-case-name-so-long-that-it-would-push-every-column-past-the-edge-of-the-terminal.json',
      results: TARGETS.map((t) => (t === 'core' ? pass(t) : na(t, LONG))),
    },
    {
      file: 'S/PATH_OUTSIDE_CONTRACT/edit-outside.json',
      results: TARGETS.map((t) =>
        t === 'claude'
          ? {
              target: t,
              status: 'fail',
              reason: 'x',
              steps: [{ ...steps('deny', 'allow')[1]!, ok: false, got: { outcome: 'allow', reasonCode: 'WITHIN_CONTRACT', channel: 'none' } }],
            }
          : pass(t),
      ),
    },
    {
      file: 'S/PATH_OUTSIDE_CONTRACT/torn.json',
      results: TARGETS.map((t) => ({ target: t, status: 'fail', reason: 'S/PATH_OUTSIDE_CONTRACT/torn.json: not JSON', steps: [] })),
    },
  ];
  const text = renderTable(rows, TARGETS);
  const lines = text.trimEnd().split('\n');

  it(`fits ${TABLE_WIDTH} columns, however long a name or a reason`, () => {
    for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(TABLE_WIDTH);
    expect(lines.some((l) => l.includes('…'))).toBe(true);
  });

  it('shows what both arms expect, one row per case under its rule folder', () => {
    expect(lines[0]).toMatch(/^case\s+bad → good\s+core\s+codex\s+claude\s+opencode\s+hermes\s+pi\s+omp$/);
    expect(lines[1]).toBe('I/MODE_FORBIDS_MUTATION');
    expect(lines[2]).toMatch(/^ {2}write-in-review\s+deny → allow\s+(✓\s+){6}✓$/);
  });

  it('puts reasons in footnotes, each text once', () => {
    expect(lines[3]).toMatch(/✓\s+(–1\s+){5}–1$/);
    expect(text.match(/a host reason that goes on/g)).toHaveLength(1);
    expect(text).toContain('claude, bad arm, step 2: expected deny/MODE_FORBIDS_MUTATION, got allow/WITHIN_CONTRACT (none)');
  });

  it('shows a case file that does not load once, not once per target', () => {
    const torn = lines.filter((l) => l.startsWith('  torn'));
    expect(torn).toHaveLength(1);
    expect(torn[0]).toMatch(/✗\d+ the case file does not load$/);
    expect(text.match(/not JSON/g)).toHaveLength(1);
  });

  it('wraps a long note under its number', () => {
    const w = wrap('  3  ', 'word '.repeat(40), 40);
    expect(w.length).toBeGreaterThan(1);
    for (const l of w) expect(l.length).toBeLessThanOrEqual(40);
    expect(w[1]).toMatch(/^ {5}word/);
  });
});
