// 32 real hook processes race to launch one subagent each under agents=4 (docs/DESIGN.md#performance-budget).
// The lock timeout is raised so a loaded machine cannot turn this into a timing test; the
// default-timeout run is measured by `npm run bench` (scripts/bench/state.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createController } from './controller.js';
import { events } from '../../../test/support/events.js';
import { auditFile, sessionKey } from '../state/home.js';
import { readSession } from '../state/store.js';
import { verifyAuditFile } from '../audit/verify.js';
import { canonicalPath } from '../paths/canonical.js';
import { makeRepository } from '../../../test/support/repository.js';

let dir: string;
let probe: string;

beforeAll(async () => {
  dir = canonicalPath(mkdtempSync(path.join(tmpdir(), 'remit-race-')), '/');
  probe = path.join(dir, 'hook-probe.cjs');
  await build({
    entryPoints: [path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../test/support/hook-probe-main.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile: probe,
    logLevel: 'silent',
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [probe, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

describe('32 concurrent hook processes under agents=4', () => {
  it('admit exactly 4, with no GUARD_ERROR, no torn line, and an intact chain', async () => {
    const home = path.join(dir, 'home');
    const project = path.join(dir, 'project');
    makeRepository(project);
    const c = createController({
      home,
      env: {},
      now: () => new Date(),
      protectedPaths: { remit: [], hostConfig: [] },
      userConfig: { status: 'absent', config: null, path: '' },
      repoConfig: () => ({ status: 'absent', config: null, path: '' }),
    });
    expect((await c.handle(events.prompt({ sessionId: 'race', cwd: project }, '$remit change agents=4'))).kind).toBe('context');

    const results = await Promise.all(Array.from({ length: 32 }, (_, i) => run([home, 'race', project, `launch-${i}`, '120000'])));
    for (const r of results) expect(r.code, r.err).toBe(0);
    const verdicts = results.map((r) => JSON.parse(r.out) as { outcome: string; reasonCode: string });
    expect(verdicts.filter((v) => v.outcome === 'allow')).toHaveLength(4);
    expect(verdicts.filter((v) => v.reasonCode === 'AGENT_BUDGET_EXHAUSTED')).toHaveLength(28);
    expect(verdicts.some((v) => v.reasonCode === 'GUARD_ERROR')).toBe(false);

    const key = sessionKey('test', 'race');
    const loaded = readSession(home, key);
    if (loaded.kind !== 'ok') throw new Error(loaded.kind);
    expect(loaded.state.ledger.reservations).toHaveLength(4);
    expect(loaded.state.counters).toMatchObject({ checked: 32, allowed: 4, denied: 28 });
    const lines = readFileSync(auditFile(home, key), 'utf8').split('\n');
    expect(lines.at(-1)).toBe('');
    for (const l of lines.slice(0, -1)) expect(() => JSON.parse(l)).not.toThrow();
    expect(lines.length - 1).toBe(33);
    expect(verifyAuditFile(auditFile(home, key), key)).toEqual({ session: key, records: 33, intact: true });
  }, 300_000);
});
