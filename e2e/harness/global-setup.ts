// Before the suite: forget the last run's cell results. After it: write the coverage matrix from
// what actually ran, and print it. It goes to e2e/.work/ (not committed) unless the run covered
// every lane and REMIT_E2E_WRITE_MATRIX=1 asks for the committed docs/hosts/e2e-matrix.md, so a
// local run never leaves the committed matrix (and `npm test`, which checks it) stale.
import fs from 'node:fs';
import path from 'node:path';
import { LANES, TUI_LANES, laneKey } from './hosts/index.js';
import { RESULTS_DIR, matrixTarget, readAllResults, readExpectations, renderMatrix } from './results.js';
import { SCENARIOS } from '../scenarios/catalogue.js';
import { TUI_SCENARIOS } from '../interactive/cells.js';

export function setup(): void {
  fs.rmSync(RESULTS_DIR, { recursive: true, force: true });
}

export function teardown(): void {
  const cells = readAllResults();
  if (cells.length === 0) return;
  const markdown = renderMatrix(
    cells,
    [
      { prefix: 'S', scenarios: SCENARIOS.map((s) => s.id), lanes: LANES.map((l) => laneKey(l)) },
      {
        prefix: 'T',
        heading: 'Interactive lane: the terminal UIs in tmux',
        intro:
          'One UI session per host, typed into with tmux send-keys and read with capture-pane (screens: e2e/captures/interactive/); a cell that fails stops the session, so the cells after it are "not reached".',
        scenarios: TUI_SCENARIOS.map((s) => s.id),
        lanes: TUI_LANES.map((l) => laneKey(l)),
      },
    ],
    readExpectations(),
    new Date().toISOString().slice(0, 16).replace('T', ' '),
  );
  // Only a run of every lane may replace the committed matrix, and only when asked; a partial run
  // (one lane, a filter) is written as .partial so it cannot pass for the whole picture.
  const complete = [...LANES, ...TUI_LANES].every((l) => cells.some((c) => c.lane === laneKey(l)));
  const target = matrixTarget(complete, process.env.REMIT_E2E_WRITE_MATRIX === '1');
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, markdown);
  process.stdout.write(`\n${markdown}\nmatrix written to ${target}\n`);
}
