// Many real hook processes at once, through the built bundle: kill -9 at random points during
// ARMED writes, and 64 concurrent subagent launches under agents=4. Counts go to
// test/faults/tally.ts.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushTally } from './tally.js';
import { countArmed, ensureBundle, payloads, scenario, World, type Run } from './world.js';
import { seededRandom } from '../support/random.js';

const worlds: World[] = [];
beforeAll(() => ensureBundle(), 120_000);
afterAll(() => {
  for (const w of worlds) w.dispose();
  flushTally('processes');
});

/** Files a killed writer could leave in REMIT_HOME: temp files, lock folders and links. */
function leftovers(home: string): string[] {
  const out: string[] = [];
  for (const sub of ['sessions', 'audit', 'projects']) {
    let names: string[] = [];
    try {
      names = readdirSync(path.join(home, sub));
    } catch {
      continue;
    }
    for (const n of names) if (/\.tmp$|\.lock|\.stale$/.test(n)) out.push(`${sub}/${n}`);
  }
  return out;
}

describe.sequential('real hook processes', () => {
  it('kill -9 at random points during ARMED writes: chain intact, no record lost, still armed', async () => {
    const seed = Number(process.env.REMIT_FAULT_SEED ?? 10);
    const rand = seededRandom(seed);
    const w = new World('kill');
    worlds.push(w);
    const runs: Run[] = [w.prompt('s', '$remit review -- look only'), w.armedWrite('s', 'w0')];
    expect(runs[1]!.verdict).toBe('deny');
    const waves = 12;
    const width = 10;
    // The first wave runs to the end: its length sets the window the later kills fall in.
    let windowMs = 0;
    let killed = 0;
    for (let wave = 0; wave < waves; wave++) {
      scenario();
      const t0 = performance.now();
      const batch = await Promise.all(
        Array.from({ length: width }, (_, i) => {
          const payload = payloads.write('s', w.project, `k${wave}-${i}`, path.join(w.project, `f${i}.ts`));
          return w.hookAsync(payload, wave === 0 ? {} : { killAfterMs: Math.floor(rand() * windowMs) });
        }),
      );
      if (wave === 0) windowMs = performance.now() - t0;
      for (const r of batch) {
        countArmed(r);
        if (r.killed) killed++;
        if (!r.killed || r.verdict !== 'none') expect(r.verdict, r.stdout).toBe('deny');
      }
      runs.push(...batch);
    }
    const answered = runs.filter((r) => r.verdict !== 'none');
    const left = leftovers(w.home);
    // The next hook finds whatever the killed ones left (a lock, a temp file) and carries on.
    const last = w.armedWrite('s', 'after');
    expect(last.verdict).toBe('deny');
    expect(last.reason, `seed ${seed}; left by the killed hooks: ${left.join(', ')}`).toContain('MODE_FORBIDS_MUTATION');
    runs.push(last);
    expect(leftovers(w.home), `seed ${seed}`).toEqual([]);
    expect(w.lostRecords(answered.concat(last)), `seed ${seed}`).toEqual([]);
    expect(w.verify(), `seed ${seed}`).toBe(0);
    expect(w.status('s')).toMatchObject({ controlState: 'ARMED', recovery: false, contract: { mode: 'review' } });
    const guard = answered.filter((r) => r.reason?.includes('GUARD_ERROR')).length;
    console.log(
      `kill loop (seed ${seed}): ${waves * width} hooks, ${killed} killed within ${windowMs.toFixed(0)} ms, ${answered.length} answered (${guard} GUARD_ERROR), every answer a refusal with its record; the killed left ${left.length} lock(s)/temp file(s), all taken over or reused by the next hook`,
    );
  }, 240_000);

  it('64 concurrent subagent launches under agents=4: exactly 4 admitted, every record present, chain intact', async () => {
    scenario();
    const w = new World('race64');
    worlds.push(w);
    expect(w.prompt('race', '$remit change agents=4').verdict).toBe('context');
    const runs = await Promise.all(Array.from({ length: 64 }, (_, i) => w.hookAsync(payloads.agent('race', w.project, `launch-${i}`))));
    const admitted = runs.filter((r) => r.verdict === 'none' || r.verdict === 'allow');
    const refused = runs.filter((r) => r.verdict === 'deny');
    expect(admitted).toHaveLength(4);
    expect(refused).toHaveLength(60);
    // A refusal is the budget's, or (a lock wait past 5 s on a loaded machine) a GUARD_ERROR: never an admission.
    for (const r of refused) expect(r.reason).toMatch(/AGENT_BUDGET_EXHAUSTED|GUARD_ERROR/);
    const records = w
      .auditLines('race')
      .map((l) => JSON.parse(l))
      .filter((r) => r.kind === 'action');
    // A decision whose state write failed is superseded by the GUARD_ERROR record the host was
    // given (docs/DESIGN.md#fail-modes): each call has exactly one record that took effect.
    const superseded = new Set(records.map((r) => r.supersedes).filter(Boolean));
    const launches = records.filter((r) => !superseded.has(r.id));
    // On a mismatch, say which records there are: a second record for one call names a fault after its decision.
    const shown = () =>
      records
        .map(
          (r) =>
            `${r.seq} ${r.decision.outcome} ${r.decision.reasonCode}${r.error ? ` ${r.error}` : ''}${r.supersedes ? ` supersedes ${r.supersedes}` : ''} ${String(r.action?.inputDigest).slice(0, 10)}`,
        )
        .join('\n');
    expect(launches, shown()).toHaveLength(64);
    expect(launches.filter((r) => r.decision.outcome === 'allow')).toHaveLength(4);
    expect(w.lostRecords(refused)).toEqual([]);
    expect(w.status('race')).toMatchObject({ agents: { reserved: 4, cap: 4 } });
    expect(w.verify()).toBe(0);
    const guard = refused.filter((r) => r.reason?.includes('GUARD_ERROR')).length;
    console.log(
      `64 launches under agents=4: 4 admitted, ${refused.length - guard} AGENT_BUDGET_EXHAUSTED, ${guard} GUARD_ERROR, 64 records in effect (${superseded.size} superseded), chain intact`,
    );
  }, 240_000);
});
