// Shared pieces of `remit doctor` for the two command-hook hosts: finding the host binary,
// comparing its version with the verified range, and the live probe — which RUNS the
// registered hook command (declared in doctor's output) with a synthetic session: a review
// directive, then a write that must come back refused.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type Env = Readonly<Record<string, string | undefined>>;

export interface ExecResult {
  status: number | null;
  stdout: string;
  stderr: string;
  error?: string;
}

export interface DoctorContext {
  env: Env;
  cwd: string;
  /** Runs a command line through /bin/sh (injectable for tests). */
  exec(command: string, opts: { input?: string; cwd: string; env: Env; timeoutMs: number }): ExecResult;
  /** Finds an executable on PATH (injectable for tests). */
  which(name: string): string | null;
  /** Skip running host binaries and probes (for tests of the file checks). */
  noExec?: boolean;
}

export interface DoctorRow {
  host: string;
  protected: boolean;
  /** False when the host is not on this machine and nothing of remit's is registered for it. */
  applicable: boolean;
  lines: string[];
}

export function shellExec(command: string, opts: { input?: string; cwd: string; env: Env; timeoutMs: number }): ExecResult {
  const r = spawnSync('/bin/sh', ['-c', command], {
    input: opts.input ?? '',
    cwd: opts.cwd,
    env: opts.env as NodeJS.ProcessEnv,
    timeout: opts.timeoutMs,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  return { status: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '', ...(r.error ? { error: r.error.message } : {}) };
}

export function whichOnPath(env: Env): (name: string) => string | null {
  return (name) => {
    for (const dir of (env.PATH ?? '').split(path.delimiter)) {
      if (!dir) continue;
      const p = path.join(dir, name);
      try {
        accessSync(p, constants.X_OK);
        return p;
      } catch {
        // next
      }
    }
    return null;
  };
}

const parse = (v: string) => v.split('.').map((n) => Number.parseInt(n, 10) || 0);
function cmp(a: string, b: string): number {
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

/** `>=a <b` ranges, alternatives joined by `||`: the only forms the capability records use. */
export function inRange(version: string, range: string): boolean {
  return range.split('||').some((alt) => inSimpleRange(version, alt.trim()));
}

function inSimpleRange(version: string, range: string): boolean {
  return range.split(/\s+/).every((part) => {
    const m = /^(>=|<=|>|<|=)?(\d+\.\d+\.\d+)$/.exec(part);
    if (!m) return false;
    const c = cmp(version, m[2]!);
    switch (m[1]) {
      case '>=':
        return c >= 0;
      case '<=':
        return c <= 0;
      case '>':
        return c > 0;
      case '<':
        return c < 0;
      default:
        return c === 0;
    }
  });
}

export function hostVersionLine(ctx: DoctorContext, binary: string, display: string, range: string): { found: boolean; line: string } {
  const where = ctx.which(binary);
  if (!where) return { found: false, line: `${display}: \`${binary}\` not found on PATH` };
  if (ctx.noExec) return { found: true, line: `${display}: ${where} (version not checked)` };
  const r = ctx.exec(`${JSON.stringify(where)} --version`, { cwd: ctx.cwd, env: ctx.env, timeoutMs: 15_000 });
  const v = /(\d+\.\d+\.\d+)/.exec(r.stdout)?.[1];
  if (!v) return { found: true, line: `${display}: ${where}, version unknown` };
  return { found: true, line: `${display} ${v} at ${where}: ${inRange(v, range) ? 'within' : 'OUTSIDE'} the verified range ${range}` };
}

export interface ProbeSpec {
  host: string;
  directive: string;
  write: { tool: string; input: Record<string, unknown> };
  turnField: string;
}

/**
 * Runs the registered commands for UserPromptSubmit and PreToolUse as the host would, with
 * REMIT_HOME in a throwaway folder: the probe session never reaches the user's statistics.
 */
export function liveProbe(
  ctx: DoctorContext,
  spec: ProbeSpec,
  commands: { prompt: string; pre: string },
  cwd: string,
  extraEnv: Env = {},
): { ok: boolean; line: string } {
  const scratch = mkdtempSync(path.join(tmpdir(), 'remit-doctor-'));
  try {
    return probeIn(ctx, spec, commands, cwd, { ...ctx.env, ...extraEnv, REMIT_HOME: scratch });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function probeIn(ctx: DoctorContext, spec: ProbeSpec, commands: { prompt: string; pre: string }, cwd: string, env: Env): { ok: boolean; line: string } {
  const sessionId = `remit-doctor-probe-${Date.now().toString(36)}`;
  const base = { session_id: sessionId, transcript_path: null, cwd, [spec.turnField]: 'doctor' };
  const prompt = ctx.exec(commands.prompt, {
    input: JSON.stringify({ ...base, hook_event_name: 'UserPromptSubmit', prompt: spec.directive }),
    cwd,
    env,
    timeoutMs: 20_000,
  });
  if (prompt.status !== 0)
    return {
      ok: false,
      line: `live probe: the UserPromptSubmit command failed (exit ${prompt.status ?? 'none'}${prompt.error ? `, ${prompt.error}` : ''}${prompt.stderr ? `: ${prompt.stderr.trim().split('\n')[0]}` : ''}); the host treats that as no hook`,
    };
  const pre = ctx.exec(commands.pre, {
    input: JSON.stringify({ ...base, hook_event_name: 'PreToolUse', tool_name: spec.write.tool, tool_input: spec.write.input, tool_use_id: 'doctor-probe-1' }),
    cwd,
    env,
    timeoutMs: 20_000,
  });
  if (pre.status !== 0)
    return {
      ok: false,
      line: `live probe: the PreToolUse command failed (exit ${pre.status ?? 'none'}${pre.stderr ? `: ${pre.stderr.trim().split('\n')[0]}` : ''}); the host would run tools unguarded`,
    };
  try {
    const out = JSON.parse(pre.stdout) as { hookSpecificOutput?: { permissionDecision?: string; permissionDecisionReason?: string } };
    if (out.hookSpecificOutput?.permissionDecision === 'deny')
      return { ok: true, line: `live probe: ran the registered commands; a write under \`${spec.directive.split(' --')[0]}\` was refused, as it should be` };
  } catch {
    // fall through
  }
  return {
    ok: false,
    line: `live probe: the registered PreToolUse command did not refuse a write under \`${spec.directive.split(' --')[0]}\` (answer: ${pre.stdout.trim().slice(0, 120) || 'empty'})`,
  };
}
