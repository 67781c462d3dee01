// Before the suite: forget the last run's cell results. After it: write the coverage matrix
// (docs/hosts/e2e-matrix.md) from what actually ran, and print it.
import fs from 'node:fs';
import path from 'node:path';
import { LANES, TUI_LANES, laneKey } from './hosts/index.js';
import { MATRIX_FILE, RESULTS_DIR, readAllResults, readExpectations, renderMatrix } from './results.js';
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
  // Only a run of every lane may replace the committed matrix; a partial run (one lane, a filter)
  // is written beside the results so it cannot pass for the whole picture.
  const complete = [...LANES, ...TUI_LANES].every((l) => cells.some((c) => c.lane === laneKey(l)));
  const target = complete ? MATRIX_FILE : path.join(RESULTS_DIR, '..', 'e2e-matrix.partial.md');
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, markdown);
  process.stdout.write(`\n${markdown}\nmatrix written to ${target}\n`);
}
