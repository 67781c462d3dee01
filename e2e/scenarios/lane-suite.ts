// Defines the vitest suite of one host lane: every scenario becomes one test named
// "<lane> › <scenario>". A test fails only when expectations.json promises the cell as proven (a
// host that may be absent here, HostDriver.mayBeAbsent, is skipped with the reason instead).
import { afterAll, describe, it } from 'vitest';
import type { HostDriver } from '../harness/hosts/driver.js';
import { laneKey } from '../harness/hosts/index.js';
import { remitBuild } from '../harness/remit.js';
import { breaksSuite, cellStatus, expectationOf, readExpectations, writeLaneResults } from '../harness/results.js';
import type { CellResult } from '../harness/results.js';
import { openSession } from '../harness/session.js';
import { SCENARIOS } from './catalogue.js';
import type { Check } from './evidence.js';
import fs from 'node:fs';

export function defineLaneSuite(driver: HostDriver): void {
  const lane = laneKey(driver);
  const expectations = readExpectations();
  const cells: CellResult[] = [];
  const version = driver.version();

  describe(`${lane} ${version}`, () => {
    afterAll(() => writeLaneResults(lane, cells));

    for (const scenario of SCENARIOS) {
      it(`${lane} › ${scenario.id}`, async (ctx) => {
        const expected = expectationOf(expectations, lane, scenario.id);
        const started = Date.now();
        const record = (outcome: 'passed' | 'failed' | 'not-run' | 'not-applicable', observed: string, install: CellResult['install']) => {
          const cell: CellResult = {
            lane,
            scenario: scenario.id,
            status: cellStatus(expected, outcome),
            expected,
            observed,
            install,
            version,
            durationMs: Date.now() - started,
          };
          cells.push(cell);
          if (breaksSuite(cell, driver.mayBeAbsent === true)) {
            throw new Error(`${lane} (${version}) › ${scenario.id}: expected "${scenario.title}", but ${observed}`);
          }
        };

        if (expected === 'n/a') return record('not-applicable', 'declared not applicable in expectations.json', 'n/a');
        const vocabularyGap = (scenario.needs ?? []).find((need) => {
          const tools = driver.tools();
          return need === 'patch' ? tools.patch === undefined : tools.delegate === undefined;
        });
        if (vocabularyGap !== undefined) return record('not-applicable', `the host offers no ${vocabularyGap} tool`, 'n/a');
        const unavailable = driver.unavailable();
        if (unavailable !== undefined) {
          record('not-run', unavailable, 'none');
          // Reached only when the absence does not fail the suite: shown as skipped, with the reason.
          return ctx.skip(unavailable);
        }
        if (!fs.existsSync(remitBuild().bundle))
          return record('failed', `remit is not built (${remitBuild().bundle} missing), so nothing guarded the host`, 'none');

        const session = await openSession(driver, { label: scenario.id, mode: 'remit', files: scenario.files });
        try {
          let check: Check;
          try {
            check = await scenario.run(session);
          } catch (error) {
            check = { ok: false, observed: `the scenario itself failed: ${(error as Error).message}` };
          }
          const via = session.install.via;
          const installNote =
            via === 'by-hand'
              ? ` [remit registered by hand: installer exit ${session.install.installer?.exit}: ${(session.install.installer?.stderr ?? '').trim().split('\n')[0]?.slice(0, 160)}]`
              : '';
          return record(check.ok ? 'passed' : 'failed', `${check.observed}${check.ok ? '' : installNote}`, via);
        } finally {
          await session.close();
        }
      });
    }
  });
}
