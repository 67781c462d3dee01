// Figures for remit's memory: audit append (lock + chain), one full action.before with state
// persisted, `status` on a 100,000-record log in-process and `runtime --all` over 100,000
// records in 100 sessions (1,000,000 in 1,000 with --full). The data set is generated into a
// temp folder that is removed before the process exits. Prints one JSON row per figure for
// scripts/bench/bench.mjs. `--make-status-home <dir>` only writes the 100,000-record session
// into <dir>, for the spawned `status` figure of the interleaved run (spawn.mjs).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { appendRecord, auditKeyOf } from '../../src/core/audit/chain.js';
import { newEventId } from '../../src/core/audit/event-id.js';
import { createController } from '../../src/core/controller/controller.js';
import { renderStatus, runtimeView, statusView } from '../../src/core/controller/readback.js';
import { delegateAction, events, makeAction } from '../../test/support/events.js';
import { auditFile, sessionFile, sessionKey } from '../../src/core/state/home.js';
import { withLock } from '../../src/core/state/lock.js';
import { newSessionState } from '../../src/core/state/session-state.js';
import { defaultContract } from '../../src/core/contract/defaults.js';
import type { RuntimeEvent, TaskContract } from '../../src/generated/types.js';
import { probeLaunch } from '../../test/support/hook-probe.js';
import { readSession } from '../../src/core/state/store.js';
import { verifyAuditFile } from '../../src/core/audit/verify.js';
import { ms, pct, row } from './lib/rows.js';

const quick = process.argv.includes('--quick');
const full = process.argv.includes('--full');
const root = process.cwd();
const bundle = path.join(root, 'dist', 'remit.cjs');

const CONTRACT: TaskContract = {
  ...defaultContract(),
  mode: 'change',
  level: 'guard',
  files: ['/p/src/**'],
  filesAsTyped: ['src/**'],
  agents: 4,
  source: 'directive',
};

function sampleRecord(i: number): Omit<RuntimeEvent, 'v' | 'seq' | 'prev'> {
  const denied = i % 7 === 0;
  return {
    id: newEventId(new Date(Date.UTC(2026, 0, 1) + i * 1000)),
    at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
    kind: 'action',
    host: { name: 'claude', version: '2.1.0' },
    state: 'ARMED',
    contract: { mode: 'change', level: 'guard', files: 1, deps: 'ask', hash: 'deny', hostconfig: 'deny', agents: 4, checks: 'allow', source: 'directive' },
    action: { tool: 'Bash', mutability: denied ? 'write' : 'read', effects: 1, inputDigest: createHash('sha256').update(String(i)).digest('hex').slice(0, 32) },
    decision: denied
      ? { outcome: 'deny', reasonCode: 'PATH_OUTSIDE_CONTRACT', family: 'S', factIndex: 0, channel: 'json-deny' }
      : { outcome: 'allow', reasonCode: 'WITHIN_CONTRACT', family: null, channel: 'none' },
    hostEffect: 'unobserved',
    durationMs: 0.41,
  };
}

/** A session's audit file with a real chain, and its state file with matching counters. */
function writeSession(home: string, host: string, id: string, records: number): void {
  const key = sessionKey(host, id);
  const lines: string[] = [];
  let prev: string | null = null;
  const s = newSessionState({ name: host, version: '2.1.0' }, CONTRACT, new Date(Date.UTC(2026, 0, 1)).toISOString(), `/projects/${id}`);
  for (let i = 0; i < records; i++) {
    const r = sampleRecord(i);
    const line: string = JSON.stringify({ v: 1, seq: i + 1, prev, ...r });
    prev = createHash('sha256').update(line).digest('hex');
    lines.push(line);
    const c = s.counters;
    c.checked++;
    c.reasons[r.decision!.reasonCode] = (c.reasons[r.decision!.reasonCode] ?? 0) + 1;
    if (r.decision!.outcome === 'deny') {
      c.denied++;
      c.denials[r.decision!.reasonCode] = (c.denials[r.decision!.reasonCode] ?? 0) + 1;
    } else c.allowed++;
  }
  mkdirSync(path.dirname(auditFile(home, key)), { recursive: true, mode: 0o700 });
  mkdirSync(path.dirname(sessionFile(home, key)), { recursive: true, mode: 0o700 });
  writeFileSync(auditFile(home, key), lines.join('\n') + '\n', { mode: 0o600 });
  writeFileSync(sessionFile(home, key), JSON.stringify(s), { mode: 0o600 });
}

function spawnTimes(args: string[], runs: number): { hook: number[]; floor: number[] } {
  const hook: number[] = [];
  const floor: number[] = [];
  // Two unmeasured runs first: they write the bundle's code cache for this command.
  for (let i = 0; i < 2; i++) spawnSync(process.execPath, [bundle, ...args]);
  for (let i = 0; i < runs; i++) {
    let t = performance.now();
    spawnSync(process.execPath, ['-e', '0']);
    floor.push(performance.now() - t);
    t = performance.now();
    const r = spawnSync(process.execPath, [bundle, ...args], { encoding: 'utf8' });
    hook.push(performance.now() - t);
    if (r.status !== 0) throw new Error(`remit ${args.join(' ')} exited ${r.status}: ${r.stderr.split('\n')[0]}`);
  }
  hook.sort((a, b) => a - b);
  floor.sort((a, b) => a - b);
  return { hook, floor };
}

/**
 * Writes the system's dirty pages out first (`sync`): a disk figure is remit's own metadata
 * operations, not the writeback an earlier bench step left (the 32 racing hooks, a build),
 * which otherwise made appends here wait on the journal for a millisecond each.
 */
function settleDisk(): void {
  try {
    execFileSync('sync', { stdio: 'ignore' });
  } catch {
    // No `sync` here: measured as it is.
  }
}

async function appendTimes(parent: string): Promise<number[]> {
  settleDisk();
  const dir = mkdtempSync(path.join(parent, 'remit-bench-append-'));
  try {
    const file = auditFile(dir, 'a'.repeat(24));
    const lockOn = sessionFile(dir, 'a'.repeat(24));
    const n = quick ? 500 : 5000;
    const times: number[] = [];
    for (let i = 0; i < n + 50; i++) {
      const body = sampleRecord(i);
      const t0 = performance.now();
      await withLock(lockOn, 5000, () => appendRecord(file, body));
      if (i >= 50) times.push(performance.now() - t0);
    }
    return times.sort((a, b) => a - b);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function benchAppend(): Promise<void> {
  const times = await appendTimes(tmpdir());
  row('audit append (lock + chain)', `p50 ${ms(pct(times, 50))}, p99 ${ms(pct(times, 99))}`, 'p99 <= 1 ms', pct(times, 99) <= 1);
  // The lock is two metadata operations (mkdir, rmdir); on a journaling disk they dominate.
  if (existsSync('/dev/shm')) {
    const shm = await appendTimes('/dev/shm');
    row('audit append (lock + chain), REMIT_HOME on tmpfs', `p50 ${ms(pct(shm, 50))}, p99 ${ms(pct(shm, 99))}`, 'p99 <= 1 ms', pct(shm, 99) <= 1);
  }
  await actionBefore(tmpdir(), '');
  await actionBefore(tmpdir(), '', true);
  // The same on a memory-backed REMIT_HOME: what the path costs without the disk's fsync.
  if (existsSync('/dev/shm')) await actionBefore('/dev/shm', ', REMIT_HOME on tmpfs');
}

/**
 * One action.before after another in a session, timed, each with its state persisted and
 * audited, keyed and sealed under an install's audit key as every runtime is
 * (src/core/host/create-runtime.ts). Each allowed write is followed, untimed, by its
 * action.after, as a host reports a tool that ran (the spawned shapes do the same): the state
 * keeps no call nobody closed. With `open` the calls are never closed, so the state fills up to
 * its 256 open calls (some 65 KB read, sealed and written by every later call), the worst case.
 */
async function actionBefore(parent: string, label: string, open = false): Promise<void> {
  settleDisk();
  const dir = mkdtempSync(path.join(parent, 'remit-bench-controller-'));
  try {
    const home = path.join(dir, 'home');
    const c = createController({
      home,
      env: {},
      now: () => new Date(),
      protectedPaths: { remit: [`${home}/**`], hostConfig: [] },
      userConfig: { status: 'absent', config: null, path: '' },
      repoConfig: () => ({ status: 'absent', config: null, path: '' }),
      auditKey: auditKeyOf(randomBytes(32).toString('hex')),
    });
    const base = { sessionId: 'bench', cwd: dir };
    await c.handle(events.prompt(base, '$remit change agents=4'));
    const times: number[] = [];
    for (let i = 0; i < (quick ? 300 : 2000); i++) {
      const delegate = i % 10 === 0;
      const id = delegate ? `d${i}` : `w${i}`;
      const a = delegate
        ? delegateAction(id)
        : makeAction({ id, tool: 'Write', mutability: 'write', effects: [{ kind: 'write', path: path.join(dir, 'src', 'a.ts') }] });
      const t0 = performance.now();
      await c.handle(events.before(base, a));
      times.push(performance.now() - t0);
      if (delegate || !open) await c.handle(events.after(base, id, 'joined'));
    }
    times.sort((a, b) => a - b);
    const p50 = pct(times, 50);
    const p99 = pct(times, 99);
    const what = `in-process action.before, state persisted (lock, state write, audit; fsync only on an authority change)${open ? ', 256 calls left open' : ''}${label}`;
    row(what, `p50 ${ms(p50)}, p99 ${ms(p99)}`, open ? '-' : 'p50 <= 1 ms, p99 <= 3 ms', open ? undefined : p50 <= 1 && p99 <= 3, { p50, p99 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function dataDir(parent: string): string {
  const dir = mkdtempSync(path.join(parent, 'remit-bench-data-'));
  const t0 = performance.now();
  writeSession(path.join(dir, 'status-home'), 'claude', 'big', 100_000);
  const sessions = full ? 1000 : quick ? 20 : 100;
  for (let i = 0; i < sessions; i++) writeSession(path.join(dir, 'runtime-home'), 'claude', `s${i}`, 1000);
  process.stderr.write(`generated bench data (${((performance.now() - t0) / 1000).toFixed(1)} s)\n`);
  return dir;
}

async function benchReadbacks(): Promise<void> {
  const dir = dataDir(tmpdir());
  try {
    await readbacks(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function readbacks(dir: string): Promise<void> {
  const statusHome = path.join(dir, 'status-home');
  const runtimeHome = path.join(dir, 'runtime-home');
  const records = '100,000';
  const key = sessionKey('claude', 'big');

  const inproc: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t0 = performance.now();
    renderStatus(statusView(statusHome, key, { user: 'absent', repo: 'absent', problems: [] }));
    inproc.push(performance.now() - t0);
  }
  inproc.sort((a, b) => a - b);
  row(`status on a ${records}-record log (in-process)`, `p50 ${ms(pct(inproc, 50))}`, 'state file + audit tail only', undefined);

  const t1 = performance.now();
  const v = runtimeView(runtimeHome, 'all');
  const runtimeIn = performance.now() - t1;
  row(`runtime --all, ${v.checked.toLocaleString('en')} records in ${v.sessions} sessions (in-process)`, ms(runtimeIn), '<= 2 s', runtimeIn <= 2000);

  if (!existsSync(bundle)) {
    row('runtime --all spawned', 'skipped: dist/remit.cjs missing', '-', undefined);
    return;
  }
  // `status` spawned is measured with the hook shapes, in the one interleaved run (spawn.mjs).
  const r = spawnTimes(['runtime', '--all', '--home', runtimeHome], quick ? 3 : 5);
  const rMed = pct(r.hook, 50);
  row(
    `runtime --all, ${v.checked.toLocaleString('en')} records in ${v.sessions} sessions (spawned)`,
    `median ${ms(rMed)} (floor ${ms(pct(r.floor, 50))})`,
    '<= 2 s',
    rMed <= 2000,
  );
}

function runProbe(args: string[]): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [process.argv[1]!, '--probe', ...args], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('close', () => resolve(out));
  });
}

/** 32 hook processes, default 5 s lock timeout, one launch each under agents=4. */
async function benchRace(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'remit-bench-race-'));
  try {
    const home = path.join(dir, 'home');
    mkdirSync(path.join(dir, 'project', '.git'), { recursive: true });
    const base = { sessionId: 'race', cwd: path.join(dir, 'project') };
    const c = createController({
      home,
      env: {},
      now: () => new Date(),
      protectedPaths: { remit: [], hostConfig: [] },
      userConfig: { status: 'absent', config: null, path: '' },
      repoConfig: () => ({ status: 'absent', config: null, path: '' }),
    });
    await c.handle(events.prompt(base, '$remit change agents=4'));
    const t0 = performance.now();
    const outs = await Promise.all(Array.from({ length: 32 }, (_, i) => runProbe([home, 'race', base.cwd, `launch-${i}`])));
    const wall = performance.now() - t0;
    const verdicts = outs.map((o) => {
      try {
        return JSON.parse(o) as { outcome?: string; reasonCode?: string };
      } catch {
        return {};
      }
    });
    const admitted = verdicts.filter((v) => v.outcome === 'allow').length;
    const guard = verdicts.filter((v) => v.reasonCode === 'GUARD_ERROR').length;
    const key = sessionKey('test', 'race');
    const v = verifyAuditFile(auditFile(home, key), key);
    const loaded = readSession(home, key);
    const reserved = loaded.kind === 'ok' ? loaded.state.ledger.reservations.length : -1;
    const ok = admitted === 4 && guard === 0 && v.intact && reserved === 4;
    row(
      '32 concurrent hook processes under agents=4',
      `${admitted} admitted, ${guard} GUARD_ERROR, chain ${v.intact ? 'intact' : 'BROKEN'} (${v.records} records), ${(wall / 1000).toFixed(1)} s wall`,
      '4 admitted, 0 GUARD_ERROR, chain verifies',
      ok,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (process.argv[2] === '--probe') return probeLaunch(process.argv.slice(3));
  // For spawn.mjs: the 100,000-record session `status` reads, written where it is told.
  if (process.argv[2] === '--make-status-home') return writeSession(process.argv[3]!, 'claude', 'big', 100_000);
  await benchAppend();
  await benchRace();
  await benchReadbacks();
}

void main().catch((err) => {
  process.stderr.write(`bench state: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
