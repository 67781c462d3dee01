// The shell corpus against the effect oracle: every corpus command whose programs are installed
// runs for real in the sandbox (test/oracle/oracle.ts), and remit's verdict must agree with what
// it did. A command remit calls a read must change nothing; a refused command must change
// something, or be listed in no-effect.txt with the reason it cannot here. Reads known to change
// something are listed in known-divergences.txt until their fix lands. ORACLE_CORPUS_ONLY=rsync,screen
// runs only the commands that name one of those programs (proving one model in minutes).
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJudge, loadCorpus, refused, type Entry, type Verdict } from '../shell-corpus/harness.js';
import { installedSet, missingPrograms, programsOf } from './installed.js';
import { loadDivergences, loadIncidental, loadNoEffect } from './lists.js';
import { changedAnything, createOracle, HOOK_FILES, describeEffect, realPrograms, systemPath, typedReal, unavailable, type Effect } from './oracle.js';

const skip = unavailable();
if (skip) console.log(`effect oracle: skipped: ${skip}`);

interface Row {
  entry: Entry;
  verdict: Verdict;
  effect: Effect;
}

const ONLY = process.env.ORACLE_CORPUS_ONLY ? new Set(process.env.ORACLE_CORPUS_ONLY.split(',').map((n) => n.trim())) : undefined;
const divergences = loadDivergences();
const noEffect = loadNoEffect();
const incidental = loadIncidental();
const rows: Row[] = [];
const notRun = new Map<string, number>();
let unclaimed = 0;

/** The effect without the paths a program writes for itself on every run (incidental.txt). */
let incidentalSeen = 0;
function meaningful(e: Effect): Effect {
  const changes = e.changes.filter((c) => !incidental.match(c.path));
  if (changes.length !== e.changes.length) incidentalSeen++;
  return { ...e, changes };
}

describe.skipIf(skip !== undefined)('shell corpus against the effect oracle', () => {
  beforeAll(async () => {
    const entries = loadCorpus()
      .flatMap((f) => f.entries)
      .filter((e) => e.shell === 'bash')
      .filter((e) => ONLY === undefined || (programsOf(e.command) ?? []).some((p) => ONLY.has(p)));
    // A command that types a name a canary stands in for (`vim --version`) runs the real program
    // where it is installed, and is not run where it is not (code, emacs: listed as not installed).
    const names = new Set<string>();
    for (const e of entries) for (const p of programsOf(e.command) ?? []) names.add(p);
    const installed = installedSet(names, systemPath());
    const runnable: Entry[] = [];
    for (const e of entries) {
      const missing = missingPrograms(e.command, installed);
      if (missing === undefined) notRun.set('(does not parse)', (notRun.get('(does not parse)') ?? 0) + 1);
      else if (missing.length) for (const m of missing) notRun.set(m, (notRun.get(m) ?? 0) + 1);
      else runnable.push(e);
    }
    const judge = createJudge(HOOK_FILES);
    const judged: { entry: Entry; verdict: Verdict }[] = [];
    try {
      for (const entry of runnable) judged.push({ entry, verdict: await judge.judge(entry) });
    } finally {
      judge.dispose();
    }
    // Only verdicts that claim something are checked: a read (changes nothing) and a refusal as a
    // write (changes something). An allowed write in scope or a refusal as unproven claims neither.
    const reads = judged.filter((j) => j.verdict.mutability === 'read');
    const writes = judged.filter((j) => refused(j.verdict) && j.verdict.mutability === 'write');
    unclaimed = judged.length - reads.length - writes.length;
    const real = realPrograms();
    const typed = (cmd: string) => typedReal(programsOf(cmd) ?? [], real);
    const oracle = createOracle({ parallel: 2 });
    const t0 = performance.now();
    try {
      // Reads in batches (rerun one by one when a batch changed anything), writes one by one.
      const readEffects = await oracle.runExpectedClean(
        reads.map((j) => j.entry.command),
        { batch: 20, timeoutMs: 3000, real: typed },
      );
      const writeEffects = await oracle.run(writes.map((j) => ({ cmd: j.entry.command, timeoutMs: 3000, real: typed(j.entry.command) })));
      reads.forEach((j, i) => rows.push({ ...j, effect: meaningful(readEffects[i]!) }));
      writes.forEach((j, i) => rows.push({ ...j, effect: meaningful(writeEffects[i]!) }));
    } finally {
      oracle.dispose();
    }
    const s = (performance.now() - t0) / 1000;
    if (process.env.ORACLE_DUMP) writeFileSync(process.env.ORACLE_DUMP, rows.map((r) => JSON.stringify(r)).join('\n'));
    const skipped = [...notRun].sort((a, b) => b[1] - a[1]);
    console.log(
      [
        `effect oracle over the shell corpus: ${entries.length} bash commands, ${runnable.length} with their programs installed, ${rows.length} run in ${s.toFixed(0)} s (${(rows.length / s).toFixed(1)} commands/s over 2 sandboxes); ${unclaimed} not run, their verdict claims no effect either way (allowed in scope, or refused as unproven)`,
        `  not run, program not installed here: ${skipped.map(([p, n]) => `${p} (${n})`).join(', ') || 'none'}`,
        `  reads: ${rows.filter(isRead).length} (changed something: ${rows.filter((r) => isRead(r) && changedAnything(r.effect)).length}), refused as writes: ${rows.filter(refusedAsWrite).length} (changed something: ${rows.filter((r) => refusedAsWrite(r) && changedAnything(r.effect)).length})`,
        `  incidental writes set aside (incidental.txt): ${incidentalSeen} commands; timed out: ${rows.filter((r) => r.effect.timedOut).length}`,
      ].join('\n'),
    );
  }, 1_500_000);

  afterAll(() => {
    const stale = [...divergences.keys()].filter((c) => rows.some((r) => r.entry.command === c && !(isRead(r) && changedAnything(r.effect))));
    for (const c of stale) console.log(`  known-divergences.txt: no longer diverges here, remove: ${JSON.stringify(c)}`);
  });

  it('every command remit calls a read changes nothing', () => {
    const bad = rows
      .filter((r) => isRead(r) && changedAnything(r.effect) && !divergences.has(r.entry.command))
      .map((r) => `${r.entry.kind}/${r.entry.family}:${r.entry.line}\t${JSON.stringify(r.entry.command)}\t${describeEffect(r.effect)}`);
    expect(bad).toEqual([]);
  });

  it('every command refused as a write changes something, or no-effect.txt says why it cannot here', () => {
    const bad = rows
      .filter((r) => refusedAsWrite(r) && !changedAnything(r.effect) && !noEffect.has(r.entry.command))
      .map(
        (r) =>
          `${r.entry.command.replace(/\n/g, '\\n')}\t${r.verdict.reasonCode}\texit ${r.effect.exit}${r.effect.timedOut ? ' (timed out)' : ''}: ${r.effect.stderr.split('\n')[0]}`,
      );
    expect(bad).toEqual([]);
  });

  it('no-effect.txt lists only commands remit refuses as writes', () => {
    const byCommand = new Map(rows.map((r) => [r.entry.command, r]));
    const wrong = [...noEffect.keys()].filter((c) => {
      const r = byCommand.get(c);
      return r !== undefined && !refusedAsWrite(r);
    });
    // One that changed something this time needs no entry; a command that gives up on the network
    // at the time limit may finish first on a faster machine and write its cache: printed, not failed.
    for (const c of noEffect.keys()) {
      const r = byCommand.get(c);
      if (r && changedAnything(r.effect)) console.log(`  no-effect.txt: changed something this run (${describeEffect(r.effect)}): ${JSON.stringify(c)}`);
    }
    expect(wrong).toEqual([]);
  });
});

/**
 * Refused because remit holds it writes. A command refused as unproven (`unknown`) makes no claim
 * either way, and one remit calls a read is held to the read rule whatever its verdict.
 */
function refusedAsWrite(r: Row): boolean {
  return refused(r.verdict) && r.verdict.mutability === 'write';
}

function isRead(r: Row): boolean {
  return r.verdict.mutability === 'read';
}
