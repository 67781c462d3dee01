// The table `remit replay` (and `npm start`) prints: one row per case under its rule's folder,
// the verdicts both arms expect, and one narrow cell per target, so it fits a 120-column
// terminal. Whatever is long (why a host is not applicable, a note on how a host matched, what
// a failure got) is a numbered footnote, each text once; a case file that does not load is
// one line, not one failure per target.
import type { ReplayRow } from '../../core/replay/replay-all.js';
import { totals } from '../../core/replay/replay-all.js';
import { describeExpect, type CaseResult, type StepResult } from '../../core/replay/replay-case.js';

export const TABLE_WIDTH = 120;

class Footnotes {
  readonly texts: string[] = [];
  private readonly index = new Map<string, number>();
  mark(text: string): number {
    let n = this.index.get(text);
    if (n === undefined) {
      this.texts.push(text);
      n = this.texts.length;
      this.index.set(text, n);
    }
    return n;
  }
}

/** The bad arm's decisive step: the one that expects the case folder's reason code. */
function decisive(steps: readonly StepResult[], code: string | undefined): { bad?: StepResult; good?: StepResult } {
  const bad = steps.filter((s) => s.arm === 'bad' && s.expect);
  const b = bad.find((s) => s.expect!.reasonCode === code) ?? bad.at(-1);
  const good = steps.filter((s) => s.arm === 'good' && s.expect);
  // The good arm differs in one decisive fact: its step at the same place, else its last verdict.
  const g = (b && good.find((s) => s.index === b.index)) ?? good.at(-1);
  return { ...(b ? { bad: b } : {}), ...(g ? { good: g } : {}) };
}

/** What both arms expect, e.g. `deny → allow`. */
function arms(row: ReplayRow): string {
  const code = row.file.split('/')[1];
  const withSteps = row.results.find((r) => r.steps.length > 0);
  if (!withSteps) return '?';
  const { bad, good } = decisive(withSteps.steps, code);
  return `${bad?.expect?.outcome ?? '?'} → ${good?.expect?.outcome ?? '?'}`;
}

function failureText(target: string, result: CaseResult): string {
  const failed = result.steps.find((s) => !s.ok);
  if (!failed) return `${target}: ${result.reason ?? 'failed'}`;
  const where = `${failed.arm} arm, step ${failed.index + 1}`;
  if (failed.error) return `${target}, ${where}: ${failed.error}`;
  const got = failed.got ? `${describeExpect(failed.got)} (${failed.got.channel})` : 'nothing';
  return `${target}, ${where}: expected ${describeExpect(failed.expect!)}, got ${got}`;
}

function cellOf(result: CaseResult, notes: Footnotes): string {
  if (result.status === 'n/a') return `–${notes.mark(result.reason ?? 'no reason given')}`;
  if (result.status === 'fail') return `✗${notes.mark(failureText(result.target, result))}`;
  const note = result.steps.find((s) => s.note)?.note;
  return note ? `✓${notes.mark(note)}` : '✓';
}

/** Words of `text` in lines of at most `width`, the first after `lead`, the rest indented to match. */
export function wrap(lead: string, text: string, width: number): string[] {
  const pad = ' '.repeat(lead.length);
  const lines: string[] = [];
  let line = lead;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const sep = line === lead || line === pad ? '' : ' ';
    if ((line + sep + word).length > width && line !== lead && line !== pad) {
      lines.push(line);
      line = pad + word;
    } else line += sep + word;
    while (line.length > width) {
      lines.push(line.slice(0, width));
      line = pad + line.slice(width);
    }
  }
  lines.push(line);
  return lines;
}

function clip(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, Math.max(0, width - 1))}…`;
}

export function renderTable(rows: ReplayRow[], targets: string[], width = TABLE_WIDTH): string {
  const notes = new Footnotes();
  const GAP = 2;
  const armsCol = Math.max('bad → good'.length, ...rows.map((r) => arms(r).length));
  // Cells are a mark and a footnote number; the widest number is known only after marking, so
  // the cells are made first.
  const cells = rows.map((r) =>
    r.results.length && r.results.every((x) => x.status === 'fail' && x.steps.length === 0) ? null : r.results.map((res) => cellOf(res, notes)),
  );
  const broken = rows.map((r, i) =>
    cells[i] === null ? `✗${notes.mark(r.results[0]?.reason ?? `${r.file}: not replayed`)} the case file does not load` : null,
  );
  const colWidths = targets.map((t, i) => Math.max(t.length, ...cells.map((c) => (c ? c[i]!.length : 0))));
  const fixed = GAP + armsCol + colWidths.reduce((a, w) => a + GAP + w, 0);
  const slugWidth = Math.max(
    8,
    Math.min(
      Math.max(
        ...rows.map(
          (r) =>
            r.file
              .split('/')
              .slice(2)
              .join('/')
              .replace(/\.json$/, '').length,
        ),
        4,
      ),
      width - 2 - fixed,
    ),
  );
  const line = (slug: string, a: string, cols: string[]) =>
    [clip(slug, 2 + slugWidth).padEnd(2 + slugWidth), a.padEnd(armsCol), ...cols.map((c, i) => c.padEnd(colWidths[i]!))].join(' '.repeat(GAP)).trimEnd();

  const out = [line('case', 'bad → good', targets)];
  let group = '';
  rows.forEach((r, i) => {
    const parts = r.file.split('/');
    const folder = parts.length > 2 ? parts.slice(0, 2).join('/') : '';
    if (folder !== group) {
      group = folder;
      out.push(clip(folder || '(top level)', width));
    }
    const slug = `  ${(parts.length > 2 ? parts.slice(2).join('/') : r.file).replace(/\.json$/, '')}`;
    const b = broken[i];
    out.push(
      b !== null && b !== undefined ? clip(`${clip(slug, 2 + slugWidth).padEnd(2 + slugWidth)}${' '.repeat(GAP)}${b}`, width) : line(slug, arms(r), cells[i]!),
    );
  });
  const t = totals(rows);
  out.push('', '✓ agrees  ✗ disagrees  – not applicable; a number points to a note below.');
  out.push(
    ...wrap(
      '',
      'bad → good: the verdict each arm expects; none: remit lets the call or prompt pass without a verdict (a directive applied, context added, nothing to say).',
      width,
    ),
  );
  notes.texts.forEach((text, k) => out.push(...wrap(`${String(k + 1).padStart(3)}  `, text, width)));
  out.push('');
  if (t.notApplicable > 0) out.push(`${t.notApplicable} not applicable`);
  out.push(`${t.passed} passed, ${t.failed} failed`);
  return out.join('\n') + '\n';
}
