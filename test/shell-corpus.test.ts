// The published shell corpus (test/shell-corpus/): every bypass must be refused (deny or ask)
// under its family's contract, and at most 2 % of the benign look-alikes may be. Entries known
// to fail today are listed in test/shell-corpus/pending.txt; they are printed on every run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJudge, CorpusFormatError, loadCorpus, loadPending, parseFamily, refused, type Entry, type Judge, type Verdict } from './shell-corpus/harness.js';

const MAX_FALSE_DENY = 0.02;

interface Row {
  entry: Entry;
  verdict: Verdict;
  pending: boolean;
}

const families = loadCorpus();
const pending = loadPending();
let judge: Judge;
const rows: Row[] = [];

beforeAll(async () => {
  judge = createJudge();
  for (const f of families) {
    for (const entry of f.entries) {
      const verdict = await judge.judge(entry);
      rows.push({ entry, verdict, pending: pending.has(`${f.name}\t${entry.command}`) });
    }
  }
  printReport();
  await printTiming();
}, 90_000);

/** Warm classification time per command (second pass, the decision excluded), for the issue note. */
async function printTiming(): Promise<void> {
  const times: number[] = [];
  for (const r of rows) {
    const t0 = performance.now();
    await judge.classify(r.entry);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(3);
  console.log(`shell corpus: warm classification through the runtime, ${times.length} commands: p50 ${q(0.5)} ms, p95 ${q(0.95)} ms`);
}

afterAll(() => judge?.dispose());

function failed(r: Row): boolean {
  return r.entry.kind === 'bypass' ? !refused(r.verdict) : refused(r.verdict);
}

function pct(a: number, b: number): string {
  return b === 0 ? 'n/a' : `${((100 * a) / b).toFixed(1)} %`;
}

function printReport(): void {
  const lines: string[] = ['shell corpus'];
  for (const f of families) {
    const mine = rows.filter((r) => r.entry.family === f.name && r.entry.kind === f.kind);
    const bad = mine.filter(failed).length;
    const rate = f.kind === 'bypass' ? `detection ${pct(mine.length - bad, mine.length)}` : `false-deny ${pct(bad, mine.length)}`;
    lines.push(`  ${f.kind}/${f.name} [${f.contract}${f.shell === 'powershell' ? ', powershell' : ''}]: ${mine.length} entries, ${rate}`);
  }
  const bypass = rows.filter((r) => r.entry.kind === 'bypass');
  const benign = rows.filter((r) => r.entry.kind === 'benign');
  const missed = bypass.filter(failed);
  const denied = benign.filter(failed);
  lines.push(
    `  overall: ${bypass.length} bypass, detection ${pct(bypass.length - missed.length, bypass.length)}; ${benign.length} benign, false-deny ${pct(denied.length, benign.length)} (${pct(denied.filter((r) => !r.pending).length, benign.length)} without pending)`,
  );
  const pend = rows.filter((r) => r.pending);
  lines.push(`  pending (known gaps, ${pend.length}):`);
  for (const r of pend)
    lines.push(
      `    ${r.entry.kind}/${r.entry.family}\t${JSON.stringify(r.entry.command)}\tgot ${r.verdict.outcome} ${r.verdict.reasonCode} (${r.verdict.mutability})`,
    );
  for (const r of denied.filter((d) => !d.pending))
    lines.push(
      `  benign refused: ${r.entry.family}\t${JSON.stringify(r.entry.command)}\t${r.verdict.outcome} ${r.verdict.reasonCode} (${r.verdict.mutability})`,
    );
  console.log(lines.join('\n'));
}

describe('shell corpus format', () => {
  it('reads headers, entries and escaped newlines', () => {
    const f = parseFamily('bypass', 'x', '# contract: change files=src/**\n# a comment\ncat <<E > f\\nhi\\nE\t# heredoc writes\n');
    expect(f.contract).toBe('change files=src/**');
    expect(f.entries).toEqual([expect.objectContaining({ command: 'cat <<E > f\nhi\nE', why: 'heredoc writes', line: 3 })]);
  });
  it('rejects an entry without a why and a header after entries', () => {
    expect(() => parseFamily('benign', 'x', 'ls -l\n')).toThrow(CorpusFormatError);
    expect(() => parseFamily('benign', 'x', 'ls\t# list\n# shell: powershell\n')).toThrow(CorpusFormatError);
    expect(() => parseFamily('benign', 'x', '# shell: zsh\n')).toThrow(CorpusFormatError);
  });
});

describe('shell corpus', () => {
  it('is at least 600 bypass commands and 300 benign look-alikes, each family non-empty', () => {
    const n = (k: string) => families.filter((f) => f.kind === k).reduce((s, f) => s + f.entries.length, 0);
    expect(n('bypass')).toBeGreaterThanOrEqual(600);
    expect(n('benign')).toBeGreaterThanOrEqual(300);
    for (const f of families) expect(f.entries.length, `${f.kind}/${f.name}`).toBeGreaterThan(0);
  });

  it('has no duplicate entry within a family', () => {
    for (const f of families) {
      const seen = new Set<string>();
      for (const e of f.entries) {
        expect(seen.has(e.command), `${f.kind}/${f.name}:${e.line} duplicate`).toBe(false);
        seen.add(e.command);
      }
    }
  });

  it('refuses every bypass (deny or ask) that is not a listed pending gap', () => {
    const missed = rows.filter((r) => r.entry.kind === 'bypass' && failed(r) && !r.pending);
    expect(missed.map((r) => `${r.entry.family}:${r.entry.line} ${r.entry.command} → ${r.verdict.outcome} ${r.verdict.reasonCode}`)).toEqual([]);
  });

  it(`refuses at most ${MAX_FALSE_DENY * 100} % of the benign look-alikes`, () => {
    const benign = rows.filter((r) => r.entry.kind === 'benign');
    const denied = benign.filter((r) => failed(r) && !r.pending);
    expect(denied.length / benign.length).toBeLessThanOrEqual(MAX_FALSE_DENY);
  });

  it(`refuses at most ${MAX_FALSE_DENY * 100} % of each benign family`, () => {
    const over: string[] = [];
    for (const f of families.filter((x) => x.kind === 'benign')) {
      const mine = rows.filter((r) => r.entry.kind === 'benign' && r.entry.family === f.name);
      const denied = mine.filter((r) => failed(r) && !r.pending);
      if (denied.length / mine.length > MAX_FALSE_DENY) over.push(`${f.name}: ${denied.length}/${mine.length}`);
    }
    expect(over).toEqual([]);
  });

  it('keeps pending.txt honest: small, and every line still names a failing corpus entry', () => {
    expect(pending.size).toBeLessThanOrEqual(30);
    const failing = new Set(rows.filter((r) => failed(r)).map((r) => `${r.entry.family}\t${r.entry.command}`));
    const stale = [...pending.keys()].filter((k) => !failing.has(k));
    expect(stale, 'pending entries that now pass or no longer exist: remove them').toEqual([]);
  });
});
