// Runs every loaded case through every target. Arms are isolated (each has its own project,
// REMIT_HOME and session), so cells run a few at a time: most of an arm is waiting on fsync
// and on lock timeouts, not on the CPU. Rows keep file order and columns keep target order.
import type { LoadedCase } from './load-cases.js';
import { replayCase, type CaseResult, type ReplayOptions } from './replay-case.js';
import { targetName, type ReplayTarget } from './target.js';

export interface ReplayRow {
  file: string;
  title?: string;
  results: CaseResult[];
}

export interface ReplayTotals {
  passed: number;
  failed: number;
  notApplicable: number;
}

export interface ReplayAllOptions extends ReplayOptions {
  /** Cells replayed at once (default 4). */
  concurrency?: number;
}

export async function replayAll(loaded: LoadedCase[], targets: ReplayTarget[], options: ReplayAllOptions): Promise<ReplayRow[]> {
  const rows: ReplayRow[] = loaded.map((l) => ({
    file: l.file,
    ...(l.case ? { title: l.case.title } : {}),
    results: targets.map((t): CaseResult => ({ target: targetName(t), status: 'fail', reason: l.error ?? 'not replayed', steps: [] })),
  }));
  const jobs: { row: number; col: number }[] = [];
  loaded.forEach((l, row) => {
    if (l.case) targets.forEach((_t, col) => jobs.push({ row, col }));
  });
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const { row, col } = jobs[next++]!;
      // A cell whose work is all synchronous never returns to the event loop; yielding here lets
      // another cell's timers (a lock wait in a lock-held case) run on time.
      await new Promise((resolve) => setImmediate(resolve));
      rows[row]!.results[col] = await replayCase(loaded[row]!.case!, targets[col]!, options);
    }
  };
  const n = Math.max(1, Math.min(options.concurrency ?? 4, jobs.length));
  await Promise.all(Array.from({ length: n }, worker));
  return rows;
}

export function totals(rows: ReplayRow[]): ReplayTotals {
  const t: ReplayTotals = { passed: 0, failed: 0, notApplicable: 0 };
  for (const r of rows) {
    for (const c of r.results) {
      if (c.status === 'pass') t.passed++;
      else if (c.status === 'fail') t.failed++;
      else t.notApplicable++;
    }
  }
  return t;
}
