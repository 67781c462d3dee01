// Runs every loaded case through every target, in file order, one at a time (the hook path
// takes per-session locks and the machine's cores are shared).
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

export async function replayAll(loaded: LoadedCase[], targets: ReplayTarget[], options: ReplayOptions): Promise<ReplayRow[]> {
  const rows: ReplayRow[] = [];
  for (const l of loaded) {
    if (!l.case) {
      rows.push({ file: l.file, results: targets.map((t) => ({ target: targetName(t), status: 'fail', reason: l.error ?? 'invalid case', steps: [] })) });
      continue;
    }
    const results: CaseResult[] = [];
    for (const t of targets) results.push(await replayCase(l.case, t, options));
    rows.push({ file: l.file, title: l.case.title, results });
  }
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
