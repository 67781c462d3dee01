// Grammar fuzzing against the effect oracle: commands generated from each program's full option
// list (test/oracle/fuzz/), classified by remit, and every one remit calls a read run for real in
// the sandbox. A read that changed anything fails the run, unless known-divergences.txt lists it.
// Each command draws one fixture variant (VARIANTS in fuzz/programs.ts: nothing planted, or the
// programs' own configuration planted), seeded, and is classified against it and run in it.
// `npm test` runs a small deterministic slice; `npm run fuzz` the full run (ORACLE_FUZZ=full),
// every read it generates. ORACLE_FUZZ_SEED picks the seed; ORACLE_FUZZ_BUDGET_S bounds the time
// spent in the sandbox, and a run the budget stops before its last read FAILS (reads not run are
// reads not proven); ORACLE_FUZZ_MAX_RUN runs only the first N reads in their seeded order (a
// sample asked for, reported as such); ORACLE_FUZZ_OUT names the file the reads that changed
// something are written to; ORACLE_FUZZ_PROGRESS names a file each chunk's progress is appended to;
// ORACLE_FUZZ_ONLY=rsync,screen fuzzes only the programs it names (the whole target shared among them).
import { appendFileSync, writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createJudge } from '../shell-corpus/harness.js';
import { seededRandom } from '../support/random.js';
import { generate } from './fuzz/generate.js';
import { figGrammar, helpGrammar, type Grammar } from './fuzz/grammar.js';
import { PROGRAMS, VARIANTS } from './fuzz/programs.js';
import { installedSet } from './installed.js';
import { loadDivergences, loadIncidental } from './lists.js';
import { changedAnything, createOracle, HOOK_FILES, describeEffect, systemPath, unavailable, type Effect } from './oracle.js';

const FULL = process.env.ORACLE_FUZZ === 'full';
const SEED = Number(process.env.ORACLE_FUZZ_SEED ?? 20261206);
const TARGET = FULL ? 220_000 : 4_000;
const BUDGET_S = Number(process.env.ORACLE_FUZZ_BUDGET_S ?? (FULL ? 3600 : 600));
/** The setup hook's own limit: the sandbox budget, and half an hour to generate, classify and build fixtures. */
const HOOK_MS = (BUDGET_S + 1800) * 1000;
const MAX_RUN = Number(process.env.ORACLE_FUZZ_MAX_RUN ?? Number.POSITIVE_INFINITY);
/** The programs named in ORACLE_FUZZ_ONLY (comma-separated), else every program. */
const ONLY = process.env.ORACLE_FUZZ_ONLY ? new Set(process.env.ORACLE_FUZZ_ONLY.split(',').map((n) => n.trim())) : undefined;
const FUZZED = ONLY ? PROGRAMS.filter((p) => ONLY.has(p.name)) : PROGRAMS;
const skip = unavailable();
if (skip) console.log(`grammar fuzz: skipped: ${skip}`);

interface Found {
  command: string;
  variant: string;
  effect: Effect;
}

/** A read to run, and the index in VARIANTS of the fixture it was classified against. */
interface Read {
  command: string;
  variant: number;
}

const found: Found[] = [];
let stats = { programs: 0, generated: 0, reads: 0, run: 0, changed: 0, known: 0, notRun: 0, seconds: 0, budgetCut: false };
const perVariant = VARIANTS.map(() => ({ generated: 0, reads: 0, run: 0, changed: 0 }));
/** A run narrowed by ORACLE_FUZZ_ONLY also counts per program: each command's program, and its figures. */
const programOf = new Map<string, string>();
const perProgram = new Map<string, { generated: number; reads: number; run: number; changed: number }>();
function count(command: string, name?: string) {
  if (name !== undefined) programOf.set(command, name);
  const p = programOf.get(command)!;
  if (!perProgram.has(p)) perProgram.set(p, { generated: 0, reads: 0, run: 0, changed: 0 });
  return perProgram.get(p)!;
}

describe.skipIf(skip !== undefined)('grammar fuzzing against the effect oracle', () => {
  beforeAll(async () => {
    const installed = installedSet(
      FUZZED.map((p) => p.name),
      systemPath(),
    );
    const grammars: { prog: (typeof PROGRAMS)[number]; g: Grammar }[] = [];
    const missing: string[] = [];
    const unknownNames = [...(ONLY ?? [])].filter((n) => !PROGRAMS.some((p) => p.name === n));
    if (unknownNames.length) throw new Error(`ORACLE_FUZZ_ONLY names no fuzzed program: ${unknownNames.join(', ')}`);
    for (const prog of FUZZED) {
      if (!installed.has(prog.name)) {
        missing.push(`${prog.name} (not installed)`);
        continue;
      }
      const g = prog.source === 'help' ? helpGrammar(prog.name, prog.help, prog.subs) : await figGrammar(prog.name);
      if (g) grammars.push({ prog, g });
      else missing.push(`${prog.name} (no grammar)`);
    }
    const shares = grammars.reduce((n, { prog }) => n + (prog.slow ? 0.1 : 1), 0);
    const per = Math.ceil(TARGET / shares);
    const commands: string[] = [];
    grammars.forEach(({ prog, g }, i) => {
      const mine = generate(prog, g, Math.ceil(per * (prog.slow ? 0.1 : 1)), SEED + i);
      for (const c of mine) {
        commands.push(c);
        if (ONLY) count(c, prog.name).generated++;
      }
    });
    // Each command's variant, drawn from its own seeded sequence so the commands stay the same.
    const draw = seededRandom(SEED ^ 0x5a17);
    const judges = VARIANTS.map((v) => createJudge({ ...HOOK_FILES, ...v.plant.proj }));
    const reads: Read[] = [];
    try {
      for (const command of commands) {
        const variant = Math.floor(draw() * VARIANTS.length);
        perVariant[variant]!.generated++;
        const action = await judges[variant]!.classify({ command, shell: 'bash' });
        if (action.mutability !== 'read') continue;
        reads.push({ command, variant });
        perVariant[variant]!.reads++;
        if (ONLY) count(command).reads++;
      }
    } finally {
      for (const j of judges) j.dispose();
    }
    // Seeded order, so a run cut short by its time budget still samples every program.
    const r = seededRandom(SEED);
    for (let i = reads.length - 1; i > 0; i--) {
      const j = Math.floor(r() * (i + 1));
      [reads[i], reads[j]] = [reads[j]!, reads[i]!];
    }
    const divergences = loadDivergences();
    const incidental = loadIncidental();
    // One oracle per variant, two sandboxes each; a chunk's reads run variant by variant, so only
    // two sandboxes work at a time.
    const oracles = VARIANTS.map((v) => createOracle({ parallel: 2, plant: v.plant }));
    const t0 = performance.now();
    let run = 0;
    let budgetCut = false;
    const progress = process.env.ORACLE_FUZZ_PROGRESS;
    try {
      const limit = Math.min(reads.length, MAX_RUN);
      for (let i = 0; i < limit; i += 2000) {
        if ((performance.now() - t0) / 1000 > BUDGET_S) {
          budgetCut = true;
          break;
        }
        const chunk = reads.slice(i, Math.min(i + 2000, limit));
        for (const [v, oracle] of oracles.entries()) {
          const mine = chunk.filter((x) => x.variant === v).map((x) => x.command);
          const effects = await oracle.runExpectedClean(mine, { batch: 25, timeoutMs: 3000 });
          perVariant[v]!.run += mine.length;
          if (ONLY) for (const c of mine) count(c).run++;
          mine.forEach((command, k) => {
            const e = effects[k]!;
            const meaningful = { ...e, changes: e.changes.filter((c) => !incidental.match(c.path)) };
            if (!changedAnything(meaningful)) return;
            stats.changed++;
            perVariant[v]!.changed++;
            if (ONLY) count(command).changed++;
            if (divergences.has(command)) stats.known++;
            else found.push({ command, variant: VARIANTS[v]!.name, effect: meaningful });
          });
        }
        run += chunk.length;
        if (progress) appendFileSync(progress, `${new Date().toISOString()} run ${run}/${limit}, changed ${stats.changed}\n`);
      }
    } finally {
      for (const o of oracles) o.dispose();
    }
    const seconds = (performance.now() - t0) / 1000;
    stats = { ...stats, programs: grammars.length, generated: commands.length, reads: reads.length, run, notRun: reads.length - run, seconds, budgetCut };
    console.log(
      [
        `grammar fuzz (seed ${SEED}${FULL ? ', full' : ', slice'}): ${stats.generated} commands generated over ${stats.programs} programs (${grammars.filter((x) => x.g.source === 'fig').length} from @withfig/autocomplete, the rest from their own help)`,
        `  classified read: ${stats.reads}; run through the oracle: ${run} in ${seconds.toFixed(0)} s (${(run / seconds).toFixed(1)} commands/s); changed something: ${stats.changed} (${stats.known} known)`,
        stats.notRun
          ? `  ${budgetCut ? `time budget (${BUDGET_S} s) reached` : `capped at ${MAX_RUN} reads (ORACLE_FUZZ_MAX_RUN)`}: ${stats.notRun} reads not run`
          : '  every read was run',
        ...VARIANTS.map((v, k) => {
          const n = perVariant[k]!;
          return `  variant ${v.name} (${v.about}): generated ${n.generated}, read ${n.reads}, run ${n.run}, changed ${n.changed}`;
        }),
        ...[...perProgram].map(([name, n]) => `  ${name}: generated ${n.generated}, read ${n.reads}, run ${n.run}, changed ${n.changed}`),
        missing.length ? `  not fuzzed: ${missing.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('\n'),
    );
    if (found.length) {
      const out = process.env.ORACLE_FUZZ_OUT ?? '/tmp/remit-fuzz-findings.txt';
      writeFileSync(out, found.map((f) => `${f.command}\t# [${f.variant}] ${describeEffect(f.effect)}`).join('\n') + '\n');
      console.log(`  reads that changed something: ${out}`);
    }
  }, HOOK_MS);

  // A run narrowed by ORACLE_FUZZ_ONLY fuzzes every program it names, no more.
  it(ONLY ? 'generates commands for every program ORACLE_FUZZ_ONLY names' : 'generates commands for at least 60 programs', () => {
    if (ONLY) expect(stats.programs).toBe(ONLY.size);
    else expect(stats.programs).toBeGreaterThanOrEqual(60);
  });

  // A budget that stops the run leaves reads unproven: a failure, never a quiet pass. Only a cap
  // asked for (ORACLE_FUZZ_MAX_RUN) runs fewer than every read.
  it('runs every read it generated before its time budget ran out', () => {
    expect(stats.budgetCut ? `time budget (${BUDGET_S} s) reached with ${stats.notRun} of ${stats.reads} reads not run` : 'every read run').toBe(
      'every read run',
    );
  });

  it('no command remit calls a read changes anything', () => {
    expect(found.map((f) => `${f.command}\t[${f.variant}] ${describeEffect(f.effect)}`)).toEqual([]);
  });
});
