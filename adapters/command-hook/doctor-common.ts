import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DoctorContext, Env } from '../host-module.js';

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

export interface ProbeSpec {
  host: string;
  directive: string;
  write: { tool: string; input: Record<string, unknown> };
  turnField: string;
  /** The host's payloads and refusal, when not snake_case ones like Codex's and Claude Code's (Copilot CLI). */
  wire?: ProbeWire;
  /** For a snake_case host: its names for the prompt and the pre-tool events (default UserPromptSubmit, PreToolUse). */
  events?: { prompt: string; pre: string };
  /** Fields the host adds to a typed prompt's payload (Qwen Code's `submitted_prompt`). */
  promptFields?: (directive: string) => Record<string, unknown>;
  /** Whether the pre-tool answer refuses the call (default: `hookSpecificOutput.permissionDecision` "deny"). */
  refused?: (answer: Record<string, unknown>) => boolean;
}

/** What the probe sends for the prompt and the write, and how it reads a refusal. */
export interface ProbeWire {
  /** The host's names for the two events, for the probe's lines. */
  events: { prompt: string; pre: string };
  prompt(sessionId: string, cwd: string, directive: string): Record<string, unknown>;
  pre(sessionId: string, cwd: string, write: ProbeSpec['write']): Record<string, unknown>;
  denied(answer: Record<string, unknown>): boolean;
}

function permissionDenied(answer: Record<string, unknown>): boolean {
  const out = answer.hookSpecificOutput as { permissionDecision?: unknown } | undefined;
  return out?.permissionDecision === 'deny';
}

function snakeCaseWire(spec: ProbeSpec): ProbeWire {
  const base = (sessionId: string, cwd: string) => ({ session_id: sessionId, transcript_path: null, cwd, [spec.turnField]: 'doctor' });
  const events = spec.events ?? { prompt: 'UserPromptSubmit', pre: 'PreToolUse' };
  return {
    events,
    prompt: (sessionId, cwd, directive) => ({
      ...base(sessionId, cwd),
      hook_event_name: events.prompt,
      prompt: directive,
      ...(spec.promptFields?.(directive) ?? {}),
    }),
    pre: (sessionId, cwd, write) => ({
      ...base(sessionId, cwd),
      hook_event_name: events.pre,
      tool_name: write.tool,
      tool_input: write.input,
      tool_use_id: 'doctor-probe-1',
    }),
    denied: spec.refused ?? permissionDenied,
  };
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
  const wire = spec.wire ?? snakeCaseWire(spec);
  const events = wire.events;
  const prompt = ctx.exec(commands.prompt, {
    input: JSON.stringify(wire.prompt(sessionId, cwd, spec.directive)),
    cwd,
    env,
    timeoutMs: 20_000,
  });
  if (prompt.status !== 0)
    return {
      ok: false,
      line: `live probe: the ${events.prompt} command failed (exit ${prompt.status ?? 'none'}${prompt.error ? `, ${prompt.error}` : ''}${prompt.stderr ? `: ${prompt.stderr.trim().split('\n')[0]}` : ''}); the host treats that as no hook`,
    };
  const pre = ctx.exec(commands.pre, {
    input: JSON.stringify(wire.pre(sessionId, cwd, spec.write)),
    cwd,
    env,
    timeoutMs: 20_000,
  });
  if (pre.status !== 0)
    return {
      ok: false,
      line: `live probe: the ${events.pre} command failed (exit ${pre.status ?? 'none'}${pre.stderr ? `: ${pre.stderr.trim().split('\n')[0]}` : ''}); the host would run tools unguarded`,
    };
  try {
    const out = JSON.parse(pre.stdout) as unknown;
    if (out !== null && typeof out === 'object' && wire.denied(out as Record<string, unknown>))
      return { ok: true, line: `live probe: ran the registered commands; a write under \`${spec.directive.split(' --')[0]}\` was refused, as it should be` };
  } catch {
    // fall through
  }
  return {
    ok: false,
    line: `live probe: the registered ${events.pre} command did not refuse a write under \`${spec.directive.split(' --')[0]}\` (answer: ${pre.stdout.trim().slice(0, 120) || 'empty'})`,
  };
}
