// Before the suite: forget the last run's cell results. After it: write the coverage matrix
// (docs/hosts/e2e-matrix.md) from what actually ran, and print it.
import fs from 'node:fs';
import path from 'node:path';
import { LANES, laneKey } from './hosts/index.js';
import { MATRIX_FILE, RESULTS_DIR, readAllResults, readExpectations, renderMatrix } from './results.js';
import { SCENARIOS } from '../scenarios/catalogue.js';

export function setup(): void {
  fs.rmSync(RESULTS_DIR, { recursive: true, force: true });
}

export function teardown(): void {
  const cells = readAllResults();
  if (cells.length === 0) return;
  const markdown = renderMatrix(
    cells,
    SCENARIOS.map((s) => s.id),
    LANES.map((l) => laneKey(l)),
    readExpectations(),
    new Date().toISOString().slice(0, 16).replace('T', ' '),
  );
  fs.mkdirSync(path.dirname(MATRIX_FILE), { recursive: true });
  fs.writeFileSync(MATRIX_FILE, markdown);
  process.stdout.write(`\n${markdown}\nmatrix written to ${MATRIX_FILE}\n`);
}
