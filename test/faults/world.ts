// A throwaway world for the fault suite: a project, a REMIT_HOME, and the built bundle
// (dist/remit.cjs) run as Claude Code runs it (`remit hook claude`, the payload on stdin). Every
// run goes through `observe`, which counts crashes, armed writes that were allowed and records
// an answer names but the audit lacks (test/faults/tally.ts).
import { type ChildProcess, spawn, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { canonicalPath } from '../../src/core/paths/canonical.js';
import { auditDir, auditFile, sessionFile, sessionKey } from '../../src/core/state/home.js';
import { expect } from 'vitest';
import { countArmedAnswer, tally } from './tally.js';
import { makeRepository } from '../support/repository.js';

const ROOT = path.resolve(__dirname, '..', '..');
export const BUNDLE = path.join(ROOT, 'dist', 'remit.cjs');

/** Builds the bundle when a targeted run starts without one (`npm test` builds first). */
export function ensureBundle(): void {
  if (!existsSync(BUNDLE)) spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs')], { stdio: 'inherit' });
}

/** Whether the kernel's file-size limit can stand in for a full disk here (prlimit, util-linux). */
export const HAS_PRLIMIT = spawnSync('prlimit', ['--version']).status === 0;

export type Verdict = 'allow' | 'deny' | 'ask' | 'block' | 'context' | 'none';

export interface Run {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** What the host does with the answer; `none` is an empty answer (the host goes ahead). */
  verdict: Verdict;
  reason?: string;
  /** The audit record the answer names. */
  eventId?: string;
  /** Killed by the test (kill -9): a missing answer is then expected. */
  killed: boolean;
}

export interface RunOptions {
  /** `remit hook <host>` (default claude). */
  host?: string;
  /** More arguments after `hook <host>` (`--home rel`). */
  args?: string[];
  cwd?: string;
  env?: Record<string, string | undefined>;
  /** Run as this user (a read-only home for a non-root process when the suite runs as root). */
  uid?: number;
  gid?: number;
  /** RLIMIT_FSIZE in bytes: a write past it is cut short, then fails (EFBIG), as on a full disk. */
  fsize?: number;
  /** A run taking longer is a hang (the host would time the hook out and run the tool). */
  timeoutMs?: number;
}

const EVT = /evt_[0-9a-f]{28}/;
const STACK = /^\s+at .+:\d+:\d+\)?$/m;

function parseAnswer(stdout: string): Pick<Run, 'verdict' | 'reason' | 'eventId'> | null {
  const text = stdout.trim();
  if (!text) return { verdict: 'none' };
  if (text.includes('\n')) return null;
  let out: Record<string, any>;
  try {
    out = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof out !== 'object' || out === null) return null;
  const eventId = EVT.exec(text)?.[0];
  const h = out.hookSpecificOutput as Record<string, any> | undefined;
  const id = eventId ? { eventId } : {};
  if (h?.permissionDecision) return { verdict: h.permissionDecision, reason: String(h.permissionDecisionReason ?? ''), ...id };
  if (out.decision === 'block') return { verdict: 'block', reason: String(out.reason ?? ''), ...id };
  if (h?.additionalContext || out.systemMessage) return { verdict: 'context', ...id };
  return { verdict: 'none', ...id };
}

/**
 * Judges one finished run: a hook exits 0 with one JSON line or nothing; a command exits with
 * one of its documented codes; neither dies by a signal it was not sent, hangs, or prints a stack.
 */
function observe(
  r: { status: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string; error?: Error },
  kind: 'hook' | 'cli',
  killed: boolean,
): Run {
  const answer = parseAnswer(kind === 'hook' ? r.stdout : '');
  const run: Run = { status: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr, killed, verdict: answer?.verdict ?? 'none' };
  if (answer?.reason !== undefined) run.reason = answer.reason;
  if (answer?.eventId) run.eventId = answer.eventId;
  if (kind === 'hook') tally.hooks++;
  if (killed) return run;
  // A command's documented answers: 1 a refusal in one line, 4 and 5 `check`'s report or ask and deny, 6 a broken chain.
  const okStatus = kind === 'hook' ? r.status === 0 : [0, 1, 4, 5, 6].includes(r.status ?? -1);
  // EPIPE: the hook answered without reading past its stdin cap, as it should.
  const failed = r.error && (r.error as NodeJS.ErrnoException).code !== 'EPIPE';
  if (failed || r.signal || !okStatus || STACK.test(r.stderr) || (kind === 'hook' && answer === null)) {
    tally.crashes++;
    console.error(
      `fault suite: crash (${kind}, exit ${r.status}, signal ${r.signal}${r.error ? `, ${r.error.message}` : ''}): ${r.stderr.slice(0, 500)} ${r.stdout.slice(0, 200)}`,
    );
  }
  return run;
}

export const payloads = {
  prompt: (session: string, cwd: string, prompt: string) => ({ session_id: session, cwd, hook_event_name: 'UserPromptSubmit', prompt }),
  write: (session: string, cwd: string, id: string, file: string) => ({
    session_id: session,
    cwd,
    hook_event_name: 'PreToolUse',
    tool_name: 'Write',
    tool_use_id: id,
    tool_input: { file_path: file, content: 'x' },
  }),
  bash: (session: string, cwd: string, id: string, command: string) => ({
    session_id: session,
    cwd,
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_use_id: id,
    tool_input: { command },
  }),
  agent: (session: string, cwd: string, id: string) => ({
    session_id: session,
    cwd,
    hook_event_name: 'PreToolUse',
    tool_name: 'Agent',
    tool_use_id: id,
    tool_input: { description: 'look', prompt: 'look around', subagent_type: 'general-purpose' },
  }),
};

export class World {
  readonly dir: string;
  readonly home: string;
  readonly project: string;

  constructor(name: string) {
    this.dir = canonicalPath(mkdtempSync(path.join(tmpdir(), `remit-${name}-`)), '/');
    this.home = path.join(this.dir, 'home');
    this.project = path.join(this.dir, 'project');
    makeRepository(this.project);
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }

  env(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
    return { PATH: process.env.PATH, LANG: 'C', HOME: this.dir, REMIT_HOME: this.home, ...extra };
  }

  key(session: string): string {
    return sessionKey('claude', session);
  }

  stateFile(session: string): string {
    return sessionFile(this.home, this.key(session));
  }

  auditFile(session: string): string {
    return auditFile(this.home, this.key(session));
  }

  private command(args: string[], opts: RunOptions): { file: string; argv: string[]; options: SpawnSyncOptions } {
    const argv = [BUNDLE, ...args];
    const options: SpawnSyncOptions = { cwd: opts.cwd ?? this.project, env: this.env(opts.env), maxBuffer: 1 << 27, timeout: opts.timeoutMs ?? 60_000 };
    if (opts.uid !== undefined) options.uid = opts.uid;
    if (opts.gid !== undefined) options.gid = opts.gid;
    if (opts.fsize !== undefined) return { file: 'prlimit', argv: [`--fsize=${opts.fsize}:${opts.fsize}`, '--', process.execPath, ...argv], options };
    return { file: process.execPath, argv, options };
  }

  /** One `remit hook claude` with `payload` on stdin (an object is sent as JSON). */
  hook(payload: object | string | Buffer, opts: RunOptions = {}): Run {
    const c = this.command(['hook', opts.host ?? 'claude', ...(opts.args ?? [])], opts);
    const input = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload);
    const r = spawnSync(c.file, c.argv, { ...c.options, input, encoding: 'utf8' });
    return observe(
      { status: r.status, signal: r.signal, stdout: r.stdout ?? '', stderr: r.stderr ?? '', ...(r.error ? { error: r.error } : {}) },
      'hook',
      false,
    );
  }

  /** The same, as a child the caller may kill -9 after `killAfterMs`. */
  hookAsync(payload: object, opts: RunOptions & { killAfterMs?: number } = {}): Promise<Run> {
    const c = this.command(['hook', opts.host ?? 'claude', ...(opts.args ?? [])], opts);
    return new Promise((resolve) => {
      const child = spawn(c.file, c.argv, { cwd: c.options.cwd as string, env: c.options.env!, stdio: ['pipe', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      let killed = false;
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      child.stdin.on('error', () => {});
      child.stdin.end(JSON.stringify(payload));
      const timer =
        opts.killAfterMs === undefined
          ? undefined
          : setTimeout(() => {
              killed = child.exitCode === null && child.signalCode === null;
              if (killed) child.kill('SIGKILL');
            }, opts.killAfterMs);
      const hang = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 60_000);
      child.on('close', (status, signal) => {
        clearTimeout(timer);
        clearTimeout(hang);
        resolve(observe({ status, signal, stdout, stderr }, 'hook', killed && signal === 'SIGKILL'));
      });
    });
  }

  /** A `remit` command (status, audit verify, state repair …). */
  cli(args: string[], opts: RunOptions = {}): Run {
    const c = this.command(args, opts);
    const r = spawnSync(c.file, c.argv, { ...c.options, encoding: 'utf8' });
    return observe(
      { status: r.status, signal: r.signal, stdout: r.stdout ?? '', stderr: r.stderr ?? '', ...(r.error ? { error: r.error } : {}) },
      'cli',
      false,
    );
  }

  prompt(session: string, text: string, opts: RunOptions = {}): Run {
    return this.hook(payloads.prompt(session, this.project, text), opts);
  }

  write(session: string, id: string, file = path.join(this.project, 'a.ts'), opts: RunOptions = {}): Run {
    return this.hook(payloads.write(session, this.project, id, file), opts);
  }

  /** A write in a session the test armed: counted, and an allow is the one failure this suite exists for. */
  armedWrite(session: string, id: string, file?: string, opts: RunOptions = {}): Run {
    return countArmed(this.write(session, id, file, opts));
  }

  /** `remit status --json` for a session. */
  status(session: string): Record<string, any> {
    const r = this.cli(['status', '--json', '--host', 'claude', '--session', session]);
    return JSON.parse(r.stdout);
  }

  /** `remit audit verify --all`: its exit code. */
  verify(): number {
    return this.cli(['audit', 'verify', '--all']).status ?? -1;
  }

  /** Every record id in every audit file of this home. */
  recordIds(): Set<string> {
    const ids = new Set<string>();
    let names: string[] = [];
    try {
      names = readdirSync(auditDir(this.home));
    } catch {
      return ids;
    }
    for (const n of names) {
      const file = path.join(auditDir(this.home), n);
      if (!n.endsWith('.jsonl') || !statSync(file).isFile()) continue;
      for (const m of readFileSync(file, 'utf8').matchAll(/"id":"(evt_[0-9a-f]{28})"/g)) ids.add(m[1]!);
    }
    return ids;
  }

  /** Counts and returns the answers whose named record is not in the audit. */
  lostRecords(runs: Run[]): Run[] {
    const ids = this.recordIds();
    const named = runs.filter((r) => r.eventId);
    const lost = named.filter((r) => !ids.has(r.eventId!));
    tally.recordsChecked += named.length;
    tally.recordsLost += lost.length;
    return lost;
  }

  /** Counts and returns the lines of `before` that are no longer in the session's audit. */
  lostLines(session: string, before: string[]): string[] {
    const now = new Set(this.auditLines(session));
    const lost = before.filter((l) => !now.has(l));
    tally.recordsChecked += before.length;
    tally.recordsLost += lost.length;
    return lost;
  }

  auditLines(session: string): string[] {
    try {
      return readFileSync(this.auditFile(session), 'utf8').split('\n').filter(Boolean);
    } catch {
      return [];
    }
  }

  /**
   * Applies one tampering to the session's audit, runs `audit verify --all`, counts whether it
   * exited 6, and puts the original audit back.
   */
  tamper(session: string, apply: (file: string) => void): number {
    const file = this.auditFile(session);
    const saved = `${this.dir}/saved-audit`;
    cpSync(file, saved);
    tally.tamperings++;
    try {
      apply(file);
      const code = this.verify();
      if (code === 6) tally.tamperingsDetected++;
      return code;
    } finally {
      rmSync(file, { recursive: true, force: true });
      cpSync(saved, file);
      rmSync(saved);
    }
  }
}

/** Counts a write answered in an armed session; a hook killed before it answered gave no answer to count. */
export function countArmed(run: Run): Run {
  if (!(run.killed && run.verdict === 'none')) countArmedAnswer(run.verdict);
  return run;
}

/** Arms a review session in `w` and checks its first write is refused: the runs so far. */
export function armReview(w: World, session = 's'): Run[] {
  const runs = [w.prompt(session, '$remit review -- look only'), w.armedWrite(session, 'w0')];
  expect(runs[0]!.verdict).toBe('context');
  expect(runs[1]!.verdict).toBe('deny');
  return runs;
}

/** Counts one fault scenario. */
export function scenario(): void {
  tally.scenarios++;
}

/** Bundles test/faults/lock-holder-main.ts into `dir` (esbuild, as the concurrency test does). */
export async function buildLockHolder(dir: string): Promise<string> {
  const { build } = await import('esbuild');
  const out = path.join(dir, 'lock-holder.cjs');
  await build({
    entryPoints: [path.join(__dirname, 'lock-holder-main.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile: out,
    logLevel: 'silent',
  });
  return out;
}

/** Starts a real process holding `session`'s lock (see lock-holder-main.ts); resolves once it holds it. */
export function holdLock(holder: string, w: World, session: string, mode?: 'temp' | 'stall'): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [holder, w.home, w.key(session), ...(mode ? [mode] : [])], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.on('data', (d) => {
      if (String(d).includes('held')) resolve(child);
    });
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`lock holder exited ${code}`)));
  });
}

/** kill -9 and wait until the process is gone. */
export function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}
