// The committed end-to-end matrix (docs/hosts/e2e-matrix.md, also inside HOST-ADAPTER-CONTRACT.md)
// must say what e2e/expectations.json promises: a promise added or withdrawn without a full run
// that shows it leaves the matrix stale, and this test names the cells.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Expectation = 'proven' | 'gap' | 'n/a' | 'pending';

const LABEL_OF: Record<Exclude<Expectation, 'pending'>, string> = { proven: 'proven', gap: 'host gap', 'n/a': 'not applicable' };

interface Matrix {
  /** lane → scenario → the label shown in the table. */
  cells: Map<string, Map<string, string>>;
  /** `lane/scenario` → the expectation the run recorded beside a listed cell. */
  recorded: Map<string, string>;
}

function parseMatrix(md: string): Matrix {
  const lines = md.split('\n');
  const header = lines.find((l) => l.startsWith('| host (version) |'));
  if (header === undefined) throw new Error('no matrix table');
  const columns = header.split('|').slice(2, -1).map((c) => c.trim());
  const scenarioOf = new Map<string, string>();
  for (const m of md.matchAll(/^- (S\d+) `([^`]+)`$/gm)) scenarioOf.set(m[1]!, m[2]!);
  const cells = new Map<string, Map<string, string>>();
  for (const line of lines.slice(lines.indexOf(header) + 2)) {
    if (!line.startsWith('| ')) break;
    const parts = line.split('|').slice(1, -1).map((c) => c.trim());
    const lane = parts[0]!.split(' ')[0]!;
    const row = new Map<string, string>();
    columns.forEach((col, i) => row.set(scenarioOf.get(col) ?? col, parts[i + 1] ?? ''));
    cells.set(lane, row);
  }
  const recorded = new Map<string, string>();
  for (const m of md.matchAll(/^- (\S+) × (\S+)(?::[^(]*)? \(expected ([a-z/]+)\)/gm)) recorded.set(`${m[1]}/${m[2]}`, m[3]!);
  return { cells, recorded };
}

/** Every way the matrix disagrees with the expectations, one line each. */
function staleCells(matrix: Matrix, lanes: Record<string, Record<string, Expectation>>): string[] {
  const out: string[] = [];
  for (const [lane, scenarios] of Object.entries(lanes)) {
    const row = matrix.cells.get(lane);
    if (row === undefined) {
      out.push(`${lane}: no row in the matrix`);
      continue;
    }
    for (const [scenario, expected] of Object.entries(scenarios)) {
      const shown = row.get(scenario);
      if (expected !== 'pending' && shown !== LABEL_OF[expected]) out.push(`${lane} × ${scenario}: promised ${expected}, matrix shows ${shown ?? 'nothing'}`);
      const rec = matrix.recorded.get(`${lane}/${scenario}`);
      if (rec !== undefined && rec !== expected) out.push(`${lane} × ${scenario}: the matrix was written when it was "${rec}", now "${expected}"`);
    }
  }
  for (const lane of matrix.cells.keys()) if (lanes[lane] === undefined) out.push(`${lane}: in the matrix, not in expectations.json`);
  return out;
}

describe('e2e matrix', () => {
  it('shows every cell as e2e/expectations.json promises it (else rerun npm run e2e, then npm run docs)', () => {
    const lanes = (JSON.parse(readFileSync('e2e/expectations.json', 'utf8')) as { lanes: Record<string, Record<string, Expectation>> }).lanes;
    expect(staleCells(parseMatrix(readFileSync('docs/hosts/e2e-matrix.md', 'utf8')), lanes)).toEqual([]);
  });

  it('names a promise the matrix does not show, a stale annotation, and a missing lane', () => {
    const md = [
      '| host (version) | S1 | S2 |',
      '| --- | --- | --- |',
      '| claude 2.1.197 [remit via installer] | proven | failed |',
      '',
      '- S1 `write`',
      '- S2 `status`',
      '',
      '- claude × status: failed (expected pending) — observed: x',
      '- claude × write (expected pending)',
    ].join('\n');
    expect(staleCells(parseMatrix(md), { claude: { write: 'proven', status: 'proven' }, pi: { write: 'proven' } })).toEqual([
      'claude × write: the matrix was written when it was "pending", now "proven"',
      'claude × status: promised proven, matrix shows failed',
      'claude × status: the matrix was written when it was "pending", now "proven"',
      'pi: no row in the matrix',
    ]);
    expect(staleCells(parseMatrix(md), { claude: { write: 'pending', status: 'pending' } })).toEqual([]);
  });
});
