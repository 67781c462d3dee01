// What the command-hook hosts' replay renderers (adapters/<host>/steps.ts) share: a native call
// is the payload as JSON text on stdin, a step a host cannot express is n/a with why, and the
// session and subagent lifecycle steps of the hosts whose hooks copy Claude Code's (Claude Code,
// Codex, Qwen Code) have one shape.
import type { LifecycleStep } from '../../src/generated/types.js';
import type { CaseRendering, NativeCall, StepRenderContext } from '../../src/core/host/adapter.js';

export type Payload = Record<string, unknown>;

/** One hook run: the host's event and the payload it writes to the hook's stdin. */
export const hookCall = (event: string, payload: Payload): NativeCall => ({ event, payload: JSON.stringify(payload) });

export const notApplicable = (why: string): CaseRendering => ({ calls: [], notApplicable: why });

/** The fields a host sends with every event (its session, transcript, cwd, the subagent's id …). */
export type CommonFields = (ctx: StepRenderContext, event: string, cwd?: string, agent?: string) => Payload;

export interface ClaudeStyleHost {
  /** The host as the n/a texts name it. */
  name: string;
  common: CommonFields;
  /** Session sources the host never sends (`fork`). */
  noSources?: readonly string[];
  /** SessionStart's own fields (the model). */
  sessionStart?: Payload;
  /** Fields SubagentStart and SubagentStop carry besides the common ones (the agent's type). */
  subagent?: Payload;
}

/**
 * session_start, session_end, turn_end and subagent_stop as Claude Code sends them (Codex and Qwen
 * Code send the same); undefined for the other kinds, which each host renders its own way.
 */
export function claudeStyleSessionStep(l: LifecycleStep['lifecycle'], ctx: StepRenderContext, host: ClaudeStyleHost): CaseRendering | undefined {
  const { common } = host;
  switch (l.kind) {
    case 'session_start':
      if (l.source !== undefined && host.noSources?.includes(l.source)) return notApplicable(`n/a: ${host.name} has no ${l.source} session source`);
      return { calls: [hookCall('SessionStart', { ...common(ctx, 'SessionStart'), source: l.source ?? 'startup', ...host.sessionStart })] };
    case 'session_end':
      if (l.allStopped) return notApplicable(`n/a: ${host.name} does not report that every subagent stopped at session end`);
      return { calls: [hookCall('SessionEnd', { ...common(ctx, 'SessionEnd'), reason: 'other' })] };
    case 'turn_end':
      return { calls: [hookCall('Stop', { ...common(ctx, 'Stop'), stop_hook_active: false, last_assistant_message: '' })] };
    case 'subagent_stop':
      return {
        calls: [hookCall('SubagentStop', { ...common(ctx, 'SubagentStop', ctx.cwd, l.agent ?? 'agent-case'), ...host.subagent, stop_hook_active: false })],
      };
    default:
      return undefined;
  }
}
