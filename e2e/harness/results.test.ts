import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MATRIX_FILE, breaksSuite, cellStatus, matrixTarget, readExpectations, renderMatrix } from './results.js';
import type { CellResult, Expectations } from './results.js';

const cell = (over: Partial<CellResult>): CellResult => ({
  lane: 'claude',
  scenario: 's1',
  status: 'proven',
  expected: 'pending',
  observed: 'ok',
  install: 'installer',
  version: '2.1.197',
  durationMs: 1,
  ...over,
});

describe('cell status', () => {
  it('is proven only when the scenario passed', () => {
    expect(cellStatus('proven', 'passed')).toBe('proven');
    expect(cellStatus('gap', 'passed')).toBe('proven');
    expect(cellStatus('proven', 'failed')).toBe('failed');
    expect(cellStatus('pending', 'failed')).toBe('failed');
    expect(cellStatus('gap', 'failed')).toBe('gap');
    expect(cellStatus('proven', 'not-run')).toBe('not-run');
    expect(cellStatus('n/a', 'not-applicable')).toBe('n/a');
  });

  it('breaks the suite only for a promised cell that did not pass', () => {
    expect(breaksSuite({ expected: 'proven', status: 'failed' })).toBe(true);
    expect(breaksSuite({ expected: 'proven', status: 'not-run' })).toBe(true);
    expect(breaksSuite({ expected: 'proven', status: 'proven' })).toBe(false);
    expect(breaksSuite({ expected: 'pending', status: 'failed' })).toBe(false);
    expect(breaksSuite({ expected: 'gap', status: 'gap' })).toBe(false);
    // A host whose setup may not work here (Hermes): not run is reported, not a failure; a run that failed still is.
    expect(breaksSuite({ expected: 'proven', status: 'not-run' }, true)).toBe(false);
    expect(breaksSuite({ expected: 'proven', status: 'failed' }, true)).toBe(true);
  });
});

describe('matrix target', () => {
  it('is the committed matrix only for a run of every lane that asks for it', () => {
    expect(matrixTarget(true, true)).toBe(MATRIX_FILE);
    expect(matrixTarget(true, false)).toMatch(/e2e\/\.work\/e2e-matrix\.md$/);
    expect(matrixTarget(false, true)).toMatch(/e2e\/\.work\/e2e-matrix\.partial\.md$/);
    expect(matrixTarget(false, false)).toMatch(/e2e\/\.work\/e2e-matrix\.partial\.md$/);
  });
});

describe('expectations file', () => {
  it('rejects an unknown expectation value with the cell named', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exp-'));
    try {
      const file = path.join(dir, 'e.json');
      fs.writeFileSync(file, JSON.stringify({ lanes: { claude: { s1: 'probably' } } }));
      expect(() => readExpectations(file)).toThrow(/claude\/s1 is "probably"/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads the committed expectations', () => {
    const exp = readExpectations();
    expect(Object.keys(exp.lanes)).toContain('codex/trust');
  });
});

describe('matrix', () => {
  it('labels every cell from the run, lists unproven cells with reasons and promotable ones', () => {
    const exp: Expectations = { lanes: {}, notes: { 'pi/agents': 'no subagent tool' } };
    const md = renderMatrix(
      [
        cell({ scenario: 's1', status: 'proven' }),
        cell({ scenario: 'agents', status: 'failed', expected: 'proven', observed: 'a child ran' }),
        cell({ lane: 'pi', scenario: 'agents', status: 'n/a', expected: 'n/a', version: '0.74.2', install: 'n/a' }),
      ],
      [{ prefix: 'S', scenarios: ['s1', 'agents'], lanes: ['claude', 'pi'] }],
      exp,
      '2026-12-02 12:00',
    );
    expect(md).toContain('| claude 2.1.197 [remit via installer] | proven | failed |');
    expect(md).toContain('| pi 0.74.2 | – | not applicable |');
    expect(md).toContain('claude × agents: failed (expected proven) — observed: a child ran');
    expect(md).toContain('pi × agents: not applicable (expected n/a) — no subagent tool');
    expect(md).toContain('- claude × s1 (expected pending)');
  });

  it('renders a second table with its own heading and numbering, and leaves out a table with no cells', () => {
    const exp: Expectations = { lanes: {}, notes: {} };
    const md = renderMatrix(
      [cell({ scenario: 's1' }), cell({ lane: 'claude/tui', scenario: 'tui-a', status: 'failed', observed: 'not reached' })],
      [
        { prefix: 'S', scenarios: ['s1'], lanes: ['claude'] },
        { prefix: 'T', heading: 'Interactive', scenarios: ['tui-a', 'tui-b'], lanes: ['claude/tui'] },
        { prefix: 'X', heading: 'Empty', scenarios: ['x'], lanes: ['nobody'] },
      ],
      exp,
      '2026-12-02 12:00',
    );
    expect(md).toContain('| host (version) | S1 |');
    expect(md).toContain('## Interactive\n\n| host (version) | T1 |\n| --- | --- |\n| claude/tui 2.1.197 [remit via installer] | failed |');
    expect(md).toContain('- T1 `tui-a`');
    expect(md).not.toContain('Empty');
    expect(md).toContain('claude/tui × tui-a: failed (expected pending) — observed: not reached');
  });
});
