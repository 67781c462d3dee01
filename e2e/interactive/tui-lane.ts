// The interactive lane: a host's terminal UI driven in tmux, with remit installed by the real
// installer. One session per host walks through the cells below in order; each cell is recorded
// like a headless scenario (e2e/expectations.json, the coverage matrix), and a cell that fails
// stops the walk, so the cells after it are "not reached" rather than guessed.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { sanitise } from '../harness/capture/save.js';
import { E2E_DIR } from '../harness/hosts/driver.js';
import type { HostDriver } from '../harness/hosts/driver.js';
import { laneKey } from '../harness/hosts/index.js';
import { readAudit, remitBuild } from '../harness/remit.js';
import { breaksSuite, cellStatus, expectationOf, readExpectations, writeLaneResults } from '../harness/results.js';
import type { CellResult } from '../harness/results.js';
import { openSession } from '../harness/session.js';
import type { HostSession } from '../harness/session.js';
import { openScreen, tmuxAvailable } from '../harness/tmux.js';
import type { Screen } from '../harness/tmux.js';
import type { RuntimeEvent } from '../../src/generated/types.js';
import { TUI_SCENARIOS, type TuiScenario } from './cells.js';

export { TUI_SCENARIOS };

/**
 * Screens are written to e2e/.work/screens/ on every run; with E2E_SCREENS=1 to the committed
 * e2e/captures/interactive/ instead (machine paths replaced, as for the payload captures).
 */
const SCREENS = process.env.E2E_SCREENS === '1' ? path.join(E2E_DIR, 'captures', 'interactive') : path.join(E2E_DIR, '.work', 'screens');

export interface TuiWalk {
  session: HostSession;
  /** Starts the host's UI (a flow may restart it, e.g. after changing its configuration). */
  open(): Screen;
  /** Keeps one screen as `<lane>.<name>.txt`. */
  save(name: string, text: string): void;
  /** Checks one cell: the function returns what was observed, or throws with why it failed. */
  cell(id: TuiScenario, check: () => Promise<string>): Promise<void>;
}

export interface TuiFlow {
  /** The host's UI command: the headless invocation turned interactive. */
  command(session: HostSession): { file: string; args: string[] };
  /** Answers once what a person answers on first use (onboarding, trust), before the UI starts. */
  prepare?(session: HostSession): void;
  walk(w: TuiWalk): Promise<void>;
}

class CellFailed extends Error {}

export function defineTuiLane(driver: HostDriver, flow: TuiFlow): void {
  const lane = laneKey(driver);
  const expectations = readExpectations();
  const version = driver.version();
  const cells: CellResult[] = [];

  describe(`${lane} ${version}`, () => {
    afterAll(() => writeLaneResults(lane, cells));

    it(`${lane} › the terminal UI, cell by cell`, async () => {
      const started = Date.now();
      let since = started;
      const record = (id: TuiScenario, outcome: 'passed' | 'failed' | 'not-run' | 'not-applicable', observed: string, install: CellResult['install']) => {
        const expected = expectationOf(expectations, lane, id);
        cells.push({ lane, scenario: id, status: cellStatus(expected, outcome), expected, observed, install, version, durationMs: Date.now() - since });
        since = Date.now();
      };
      const finish = (why: (id: TuiScenario) => [Parameters<typeof record>[1], string], install: CellResult['install']) => {
        for (const s of TUI_SCENARIOS) {
          if (cells.some((c) => c.scenario === s.id)) continue;
          if (expectationOf(expectations, lane, s.id) === 'n/a') record(s.id, 'not-applicable', 'declared not applicable in expectations.json', 'n/a');
          else record(s.id, ...why(s.id), install);
        }
        const broken = cells.filter((c) => breaksSuite(c, driver.mayBeAbsent === true));
        if (broken.length > 0) throw new Error(broken.map((c) => `${lane} (${version}) › ${c.scenario}: ${c.observed}`).join('\n'));
      };

      const unavailable =
        tmuxAvailable() ?? driver.unavailable() ?? (fs.existsSync(remitBuild().bundle) ? undefined : `remit is not built (${remitBuild().bundle} missing)`);
      if (unavailable !== undefined) return finish(() => ['not-run', unavailable], 'none');

      const session = await openSession(driver, { label: 'tui', mode: 'remit', files: { 'a.txt': 'hello\n' } });
      const sb = session.sb;
      const screens: Screen[] = [];
      let current: Screen | undefined;
      const save = (name: string, text: string) => {
        fs.mkdirSync(SCREENS, { recursive: true });
        fs.writeFileSync(path.join(SCREENS, `${lane.replace(/\//g, '+')}.${name}.txt`), sanitise(text, sb).replace(/[ \t]+$/gm, ''));
      };
      let stopped: string | undefined;
      try {
        flow.prepare?.(session);
        const walk: TuiWalk = {
          session,
          open() {
            const { file, args } = flow.command(session);
            current = openScreen(sb, file, args, sb.env);
            screens.push(current);
            return current;
          },
          save,
          async cell(id, check) {
            if (expectationOf(expectations, lane, id) === 'n/a') throw new Error(`${lane}: ${id} is declared n/a but the flow checks it`);
            let observed: string;
            try {
              observed = await check();
            } catch (error) {
              const why = (error as Error).message.split('\n')[0] ?? 'failed';
              record(id, 'failed', why, session.install.via);
              if (current) save(`failed-${id}`, current.text());
              stopped = `not reached: ${id} failed before it`;
              throw new CellFailed((error as Error).message);
            }
            record(id, 'passed', observed, session.install.via);
          },
        };
        try {
          await flow.walk(walk);
        } catch (error) {
          if (!(error instanceof CellFailed)) {
            stopped = `not reached: the walk stopped (${(error as Error).message.split('\n')[0]})`;
            if (current) save('failed-walk', current.text());
          }
        }
      } finally {
        for (const s of screens) s.close();
        await session.close();
      }
      finish(() => ['failed', stopped ?? 'the walk does not drive this cell for this host'], session.install.via);
    });
  });
}

/** Waits until `check` returns a value (not undefined); throws `what` on timeout. For audit and file facts. */
export async function until<T>(check: () => T | undefined, what: string, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = check();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(what);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** The audit's decision records of a session, oldest first. */
export function decisions(session: HostSession): RuntimeEvent[] {
  return readAudit(session.sb).records.filter((r) => r.kind === 'action' && r.decision !== undefined);
}

/** The host effect recorded about a decision (`effect` records), if any. */
export function effectOf(session: HostSession, eventId: string | undefined): string | undefined {
  return readAudit(session.sb).records.find((r) => r.kind === 'effect' && r.about === eventId)?.hostEffect;
}

/** Model requests that offered tools after `from` (a model turn), for "answered without the model". */
export function modelTurnsSince(session: HostSession, from: number): number {
  return session.double.requests.slice(from).filter((r) => r.toolsOffered.length > 0).length;
}

/** The review prompt's write was refused as remit decided it: under ARMED / review, the file left unwritten. Throws otherwise. */
export async function reviewRefusalAudited(session: HostSession, target: { abs: string; rel: string }): Promise<void> {
  const deny = await until(
    () => decisions(session).find((r) => r.decision?.reasonCode === 'MODE_FORBIDS_MUTATION'),
    'no MODE_FORBIDS_MUTATION decision in the audit',
  );
  if (deny.state !== 'ARMED' || deny.contract?.mode !== 'review') throw new Error(`the refusal was decided in ${deny.state} / ${deny.contract?.mode}`);
  if (fs.existsSync(target.abs)) throw new Error(`${target.rel} was written`);
}

/** The host's headless invocation as its terminal UI: without `-p` and the given options (each with its value). */
export function interactiveCommand(driver: HostDriver, session: HostSession, dropWithValue: readonly string[]): { file: string; args: string[] } {
  const inv = driver.invocation(session.sb, '', {});
  const drop = ['-p', ...dropWithValue];
  return { file: inv.file, args: inv.args.filter((a, i, all) => !drop.includes(a) && !drop.includes(all[i - 1] ?? '')) };
}

/** The read before the refused write went on: allowed in the audit, and the model got the file's text. Throws otherwise. */
export function readAllowed(session: HostSession, tool: string, text: string): void {
  const decision = decisions(session).find((r) => r.action?.tool === tool);
  if (decision?.decision?.outcome !== 'allow') throw new Error(`the ${tool} call was ${decision?.decision?.outcome ?? 'not decided'}`);
  const result = session.double.toolResults().find((r) => r.toolName === tool);
  if (!result || result.isError || !result.text.includes(text)) throw new Error(`the model did not get the file through ${tool}: ${JSON.stringify(result)}`);
}

/** Submits `$remit status`, waits for its answer on screen, and checks that it cost no model turn; returns the screen. */
export async function statusWithoutModel(session: HostSession, screen: Screen): Promise<string> {
  const before = session.double.requests.length;
  await screen.submit('$remit status');
  const status = await screen.waitFor(/State: ARMED \/ review/, { scrollback: true });
  const n = modelTurnsSince(session, before);
  if (n > 0) throw new Error(`$remit status cost ${n} model turn(s)`);
  return status;
}
