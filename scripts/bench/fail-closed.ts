// What failing closed costs on the hook path (docs/DESIGN.md#fail-modes): the audit append
// with its own lock, the lock alone, the session lock, the non-blocking state read, and (when strace is on PATH) the system calls of one
// append and of one armed PreToolUse through the built hook. Prints one JSON row per figure for
// scripts/bench.mjs; everything it creates in the temp folder is removed before it exits.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, constants, existsSync, fstatSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { appendChained, auditKeyOf } from '../../src/core/audit/chain.js';
import { newEventId } from '../../src/core/audit/event-id.js';
import { protectedTree } from '../../src/core/paths/protected.js';
import { lockSync, tryLock, LOCK_STALE_MS } from '../../src/core/state/lock.js';
import type { RuntimeEvent } from '../../src/generated/types.js';
import { ms, pct, row } from './lib/rows.js';

const quick = process.argv.includes('--quick');
const root = process.cwd();
const bundle = path.join(root, 'dist', 'remit.cjs');
const KEY = auditKeyOf(randomBytes(32).toString('hex'));

function body(i: number): Omit<RuntimeEvent, 'v' | 'seq' | 'prev'> {
  return {
    id: newEventId(new Date(Date.UTC(2026, 0, 1) + i * 1000)),
    at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
    kind: 'action',
    host: { name: 'claude', version: '2.1.0' },
    state: 'ARMED',
    contract: {
      mode: 'review',
      level: 'guard',
      files: null,
      deps: 'ask',
      hash: 'deny',
      hostconfig: 'deny',
      agents: null,
      checks: 'allow',
      source: 'directive',
    },
    action: { tool: 'Write', mutability: 'write', effects: 1, inputDigest: randomBytes(16).toString('hex') },
    decision: { outcome: 'deny', reasonCode: 'MODE_FORBIDS_MUTATION', family: 'I', factIndex: 0, channel: 'json-deny' },
    hostEffect: 'unobserved',
    durationMs: 0.4,
  };
}

function times(n: number, fn: (i: number) => void): number[] {
  for (let i = 0; i < 50; i++) fn(-1 - i);
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    fn(i);
    out.push(performance.now() - t0);
  }
  return out.sort((a, b) => a - b);
}

function inProcess(parent: string, label: string): void {
  const dir = mkdtempSync(path.join(parent, 'remit-bench-failclosed-'));
  try {
    const n = quick ? 500 : 3000;
    const audit = path.join(dir, 'audit', 'a.jsonl');
    const append = times(n, (i) => appendChained(audit, body(i), { key: KEY }));
    row(`audit append, keyed, with its lock${label}`, `p50 ${ms(pct(append, 50))}, p99 ${ms(pct(append, 99))}`, 'p99 <= 1 ms', pct(append, 99) <= 1, {
      p50: pct(append, 50),
      p99: pct(append, 99),
    });
    const lock = times(n, () => lockSync(audit, 3000, 2000).release());
    row(`  of which the audit lock (symlink, readlink, unlink)${label}`, `p50 ${ms(pct(lock, 50))}, p99 ${ms(pct(lock, 99))}`, '-', undefined, {
      p50: pct(lock, 50),
      p99: pct(lock, 99),
    });
    const state = path.join(dir, 'sessions', 's.json');
    mkdirSync(path.dirname(state), { recursive: true });
    writeFileSync(state, JSON.stringify({ schemaVersion: 3, pad: 'x'.repeat(1200) }));
    const now = times(n, () => tryLock(state, LOCK_STALE_MS)!.release());
    row(`session lock + release: symlink naming its holder${label}`, `p50 ${ms(pct(now, 50))}, p99 ${ms(pct(now, 99))}`, '-', undefined, {
      p50: pct(now, 50),
      p99: pct(now, 99),
    });
    const nonblocking = times(n, () => {
      const fd = openSync(state, constants.O_RDONLY | constants.O_NONBLOCK);
      try {
        if (fstatSync(fd).isFile()) readFileSync(fd, 'utf8');
      } finally {
        closeSync(fd);
      }
    });
    const plain = times(n, () => readFileSync(state, 'utf8'));
    row(`state read: O_NONBLOCK + type check${label}`, `p50 ${ms(pct(nonblocking, 50))} (readFileSync: ${ms(pct(plain, 50))})`, '-', undefined, {
      p50: pct(nonblocking, 50),
      plainP50: pct(plain, 50),
    });
    // Self-protection through symlinked subfolders lists REMIT_HOME two levels down on every
    // hook that checks a path: its cost grows with the number of sessions kept.
    const home = path.join(dir, 'home');
    for (const sub of ['sessions', 'audit', 'projects']) mkdirSync(path.join(home, sub), { recursive: true });
    const tree: string[] = [];
    for (const sessions of [1, 1000]) {
      for (let i = 0; i < sessions; i++) {
        const k = i.toString(16).padStart(24, '0');
        writeFileSync(path.join(home, 'sessions', `${k}.json`), '{}');
        writeFileSync(path.join(home, 'audit', `${k}.jsonl`), '');
      }
      const t = times(quick ? 50 : 200, () => protectedTree(home));
      tree.push(`${sessions} session${sessions === 1 ? '' : 's'}: p50 ${ms(pct(t, 50))}`);
    }
    row(`protected REMIT_HOME resolved (listing two levels down)${label}`, tree.join('; '), '-', undefined);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `strace -c` summary: calls per syscall name. */
function straceCounts(args: string[]): Map<string, number> | null {
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'remit-bench-strace-')), 'c.txt');
  try {
    const r = spawnSync('strace', ['-f', '-c', '-o', out, ...args], { encoding: 'utf8' });
    if (r.status !== 0) return null;
    const counts = new Map<string, number>();
    for (const line of readFileSync(out, 'utf8').split('\n')) {
      const cols = line.trim().split(/\s+/);
      const name = cols.at(-1)!;
      const calls = Number(cols[3]);
      if (cols.length >= 5 && /^[a-z_0-9]+$/.test(name) && Number.isInteger(calls) && name !== 'total') counts.set(name, calls);
    }
    return counts;
  } finally {
    rmSync(path.dirname(out), { recursive: true, force: true });
  }
}

function perCall(many: Map<string, number>, none: Map<string, number>, n: number): { total: number; by: string } {
  const by: [string, number][] = [];
  for (const [name, calls] of many) {
    const d = (calls - (none.get(name) ?? 0)) / n;
    if (d >= 0.5) by.push([name, d]);
  }
  by.sort((a, b) => b[1] - a[1]);
  return { total: by.reduce((s, [, d]) => s + d, 0), by: by.map(([k, d]) => `${k} ${d.toFixed(1)}`).join(', ') };
}

function syscalls(): void {
  if (spawnSync('strace', ['-V']).status !== 0) {
    row('syscalls per audit append', 'skipped: strace not on PATH', '-', undefined);
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'remit-bench-sys-'));
  try {
    const n = TRACED_APPENDS;
    const self = [process.execPath, process.argv[1]!];
    const none = straceCounts([...self, '--appends', '0', dir]);
    const many = straceCounts([...self, '--appends', String(n), dir]);
    if (none && many) {
      const p = perCall(many, none, n);
      row('syscalls per audit append (lock, tail read, one write)', `${p.total.toFixed(1)}: ${p.by}`, '-', undefined, { syscalls: p.total });
    }
    if (existsSync(bundle)) hookSyscalls(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every system call one armed PreToolUse makes on REMIT_HOME (paths and fds resolved by strace -y). */
function hookSyscalls(dir: string): void {
  const home = path.join(dir, 'home');
  const project = path.join(dir, 'project');
  mkdirSync(path.join(project, '.git'), { recursive: true });
  writeFileSync(path.join(project, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  const env = { PATH: process.env.PATH, HOME: dir, REMIT_HOME: home };
  const hook = (payload: object) =>
    spawnSync(process.execPath, [bundle, 'hook', 'claude'], { input: JSON.stringify(payload), env, encoding: 'utf8', cwd: project });
  hook({ session_id: 's', cwd: project, hook_event_name: 'UserPromptSubmit', prompt: '$remit review -- bench' });
  const write = (id: string) =>
    JSON.stringify({
      session_id: 's',
      cwd: project,
      hook_event_name: 'PreToolUse',
      tool_name: 'Write',
      tool_use_id: id,
      tool_input: { file_path: path.join(project, 'a.ts'), content: 'x' },
    });
  for (let i = 0; i < 3; i++) spawnSync(process.execPath, [bundle, 'hook', 'claude'], { input: write(`warm${i}`), env, cwd: project });
  const log = path.join(dir, 'strace.log');
  const r = spawnSync('strace', ['-f', '-y', '-qq', '-o', log, process.execPath, bundle, 'hook', 'claude'], {
    input: write('measured'),
    env,
    cwd: project,
    encoding: 'utf8',
  });
  if (r.status !== 0 || !r.stdout.includes('"deny"')) {
    row('syscalls of one armed PreToolUse on REMIT_HOME', `not measurable: ${r.stderr.split('\n')[0]}`, '-', false);
    return;
  }
  const lines = readFileSync(log, 'utf8').split('\n');
  const all = lines.filter((l) => /^\d+\s+[a-z_0-9]+\(/.test(l)).length;
  const on = lines.filter((l) => l.includes(home));
  const by = new Map<string, number>();
  for (const l of on) {
    const name = /^\d+\s+([a-z_0-9]+)\(/.exec(l)?.[1];
    if (name) by.set(name, (by.get(name) ?? 0) + 1);
  }
  const list = [...by]
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  row('syscalls of one armed PreToolUse Write on REMIT_HOME', `${on.length} of ${all}: ${list}`, '-', undefined, { homeSyscalls: on.length, allSyscalls: all });
}

const TRACED_APPENDS = 400;

/** Traced child: the same records are made whatever `--appends` says, so the difference is the appends alone. */
function child(): void {
  const i = process.argv.indexOf('--appends');
  const n = Number(process.argv[i + 1]);
  const dir = process.argv[i + 2]!;
  const audit = path.join(dir, 'child-audit', `${process.pid}.jsonl`);
  const bodies = Array.from({ length: TRACED_APPENDS + 1 }, (_, k) => body(k));
  appendChained(audit, bodies[0]!, { key: KEY });
  for (let k = 0; k < n; k++) appendChained(audit, bodies[k + 1]!, { key: KEY });
}

if (process.argv.includes('--appends')) child();
else {
  inProcess(tmpdir(), '');
  if (existsSync('/dev/shm')) inProcess('/dev/shm', ', tmpfs');
  syscalls();
}
