// vitest globalSetup: a folder where each fault test file leaves its counts (test/faults/tally.ts),
// and after the run one summary line over the whole fault suite. Prints nothing when no fault
// file ran.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { sumTallies, tallyLine, type Tally } from './tally.js';

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(path.join(tmpdir(), 'remit-fault-tally-'));
  const started = Date.now();
  project.provide('faultTallyDir', dir);
  return () => {
    try {
      const names = readdirSync(dir).filter((n) => n.endsWith('.json'));
      if (!names.length) return;
      const all = names.map((n) => JSON.parse(readFileSync(path.join(dir, n), 'utf8')) as Tally);
      const files = new Set(names.map((n) => n.split('.')[0])).size;
      console.log(`\n${tallyLine(sumTallies(all), files, (Date.now() - started) / 1000)}\n`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}
