import { describe, expect, it } from 'vitest';
import type { Case } from '../../generated/types.js';
import { createRuntime } from '../host/create-runtime.js';
import type { LoadedCase } from './load-cases.js';
import { replayAll, totals } from './replay-all.js';
import { CORE_TARGET } from './target.js';

function writeCase(mode: 'review' | 'change', expected: 'deny' | 'allow'): Case {
  const step = { action: { type: 'write' as const, path: 'a.txt', content: 'x' } };
  const code = expected === 'deny' ? 'MODE_FORBIDS_MUTATION' : 'WITHIN_CONTRACT';
  return {
    title: `${mode} expects ${expected}`,
    bad: { steps: [{ prompt: `$remit ${mode}` }, { ...step, expect: { outcome: expected, reasonCode: code } }] },
    good: { steps: [{ ...step, expect: { outcome: 'allow', reasonCode: 'CONTROL_INACTIVE' } }] },
  };
}

describe('replayAll', () => {
  it('keeps file order and target order whatever finishes first, and counts cells', async () => {
    const loaded: LoadedCase[] = [
      { file: 'I/MODE_FORBIDS_MUTATION/a.json', case: writeCase('review', 'deny') },
      { file: 'I/MODE_FORBIDS_MUTATION/broken.json', error: 'broken.json: not JSON' },
      { file: 'I/MODE_FORBIDS_MUTATION/c.json', case: writeCase('change', 'deny') },
      { file: 'I/MODE_FORBIDS_MUTATION/d.json', case: writeCase('change', 'allow') },
    ];
    const rows = await replayAll(loaded, [CORE_TARGET, CORE_TARGET], { createRuntime: (o) => createRuntime(o), concurrency: 3 });
    expect(rows.map((r) => r.file)).toEqual(loaded.map((l) => l.file));
    expect(rows.map((r) => r.results.map((x) => x.status))).toEqual([
      ['pass', 'pass'],
      ['fail', 'fail'],
      ['fail', 'fail'],
      ['pass', 'pass'],
    ]);
    expect(rows[1]!.results[0]!.reason).toBe('broken.json: not JSON');
    expect(rows[1]!.title).toBeUndefined();
    expect(totals(rows)).toEqual({ passed: 4, failed: 4, notApplicable: 0 });
  });

  it('no cases, no cells', async () => {
    expect(await replayAll([], [CORE_TARGET], { createRuntime: (o) => createRuntime(o) })).toEqual([]);
  });
});
