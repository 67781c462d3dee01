// The committed end-to-end matrix (docs/hosts/e2e-matrix.md, also inside HOST-ADAPTER-CONTRACT.md)
// must say what e2e/expectations.json promises: a promise added or withdrawn without a full run
// that shows it leaves the matrix stale, and this test names the cells.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HOSTS, hostLines } from '../adapters/hosts.js';
import { inRange } from '../adapters/command-hook/doctor-common.js';

type Expectation = 'proven' | 'gap' | 'n/a' | 'pending';

const LABEL_OF: Record<Exclude<Expectation, 'pending'>, string> = { proven: 'proven', gap: 'host gap', 'n/a': 'not applicable' };

interface Matrix {
  /** lane → scenario → the label shown in the table. */
  cells: Map<string, Map<string, string>>;
  /** host → the host versions its lanes ran. */
  versions: Map<string, Set<string>>;
  /** `lane/scenario` → the expectation the run recorded beside a listed cell. */
  recorded: Map<string, string>;
}

function parseMatrix(md: string): Matrix {
  const lines = md.split('\n');
  const headers = lines.flatMap((l, i) => (l.startsWith('| host (version) |') ? [i] : []));
  if (headers.length === 0) throw new Error('no matrix table');
  // Each table numbers its own scenarios (S1…, T1…): the column names are unique across tables.
  const scenarioOf = new Map<string, string>();
  for (const m of md.matchAll(/^- ([A-Z]\d+) `([^`]+)`$/gm)) scenarioOf.set(m[1]!, m[2]!);
  const cells = new Map<string, Map<string, string>>();
  for (const at of headers) {
    const columns = lines[at]!.split('|')
      .slice(2, -1)
      .map((c) => c.trim());
    for (const line of lines.slice(at + 2)) {
      if (!line.startsWith('| ')) break;
      const parts = line
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim());
      const lane = parts[0]!.split(' ')[0]!;
      const row = cells.get(lane) ?? new Map<string, string>();
      columns.forEach((col, i) => row.set(scenarioOf.get(col) ?? col, parts[i + 1] ?? ''));
      cells.set(lane, row);
    }
  }
  const recorded = new Map<string, string>();
  for (const m of md.matchAll(/^- (\S+) × (\S+)(?::[^(]*)? \(expected ([a-z/]+)\)/gm)) recorded.set(`${m[1]}/${m[2]}`, m[3]!);
  const versions = new Map<string, Set<string>>();
  for (const at of headers) {
    for (const line of lines.slice(at + 2)) {
      const m = /^\| ([a-z]+)\S* (\d+\.\d+\.\d+) /.exec(line);
      if (!m) break;
      versions.set(m[1]!, (versions.get(m[1]!) ?? new Set()).add(m[2]!));
    }
  }
  return { cells, recorded, versions };
}

/** The range a set of verified versions supports: each version's minor line, from the lowest verified release. */
function rangeOf(versions: string[]): string {
  const lowest = new Map<string, number[]>();
  for (const v of versions) {
    const [major, minor, patch] = v.split('.').map(Number) as [number, number, number];
    const key = `${major}.${minor}`;
    const seen = lowest.get(key);
    if (!seen || patch < seen[2]!) lowest.set(key, [major, minor, patch]);
  }
  return [...lowest.values()]
    .sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!)
    .map(([major, minor, patch]) => `>=${major}.${minor}.${patch} <${major}.${minor! + 1}.0`)
    .join(' || ');
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
  it('shows every cell as e2e/expectations.json promises it (else rerun REMIT_E2E_WRITE_MATRIX=1 npm run e2e, then npm run docs)', () => {
    const lanes = (JSON.parse(readFileSync('e2e/expectations.json', 'utf8')) as { lanes: Record<string, Record<string, Expectation>> }).lanes;
    expect(staleCells(parseMatrix(readFileSync('docs/hosts/e2e-matrix.md', 'utf8')), lanes)).toEqual([]);
  });

  it('verified versions in each capability record (and so doctor and the contract document) are the versions the matrix ran', () => {
    const matrix = parseMatrix(readFileSync('docs/hosts/e2e-matrix.md', 'utf8'));
    for (const h of HOSTS) {
      const c = h.capability;
      const ran = [...(matrix.versions.get(c.host) ?? [])].sort();
      expect({ host: c.host, versions: [...(c.verified.versions ?? [])].sort() }).toEqual({ host: c.host, versions: ran });
      expect({ host: c.host, range: c.verified.range }).toEqual({ host: c.host, range: rangeOf(ran) });
      for (const v of ran) expect(inRange(v, c.verified.range)).toBe(true);
      // A host's version lines (OpenCode 1.x, 2.x) split what it ran between them, each in its own range.
      const lines = hostLines(h).map((l) => l.capability.verified);
      expect(lines.flatMap((v) => v.versions ?? []).sort()).toEqual(ran);
      for (const v of lines) for (const version of v.versions ?? []) expect(inRange(version, v.range), `${version} in ${v.range}`).toBe(true);
    }
    expect(rangeOf(['2.1.332', '2.1.197'])).toBe('>=2.1.197 <2.2.0');
    expect(rangeOf(['1.6.0', '0.74.2'])).toBe('>=0.74.2 <0.75.0 || >=1.6.0 <1.7.0');
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
