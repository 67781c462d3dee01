// Case steps (docs/DESIGN.md#cases-and-replay) → the events a Pi-family runner hands an extension, in print
// mode (`-p`, no UI) as the end-to-end runs use. Each host supplies its own tool spelling.
import type { Step, ToolRequest } from '../../src/generated/types.js';
import type { CaseRendering, NativeCall, StepRenderContext } from '../../src/core/host/adapter.js';
import type { PiFamilyHost } from './flavor.js';

export type NativeTool = (req: ToolRequest) => { tool: string; input: Record<string, unknown> } | string;

export interface PiCallPayload {
  /** The acting session (a child's own id for subagent steps). */
  sessionId: string;
  /** The root session, so the stand-in can start it before a child acts. */
  rootSessionId: string;
  cwd: string;
  event: Record<string, unknown>;
}

const na = (why: string): CaseRendering => ({ calls: [], notApplicable: why });

function piChildSession(root: string, agent: string): string {
  return `${root}-child-${agent}`;
}

export function renderPiFamilyStep(step: Step, ctx: StepRenderContext, host: PiFamilyHost, nativeTool: NativeTool): CaseRendering {
  const call = (event: string, payload: Record<string, unknown>, sessionId = ctx.sessionId): NativeCall => ({
    event,
    payload: { sessionId, rootSessionId: ctx.sessionId, cwd: ctx.cwd, event: { type: event, ...payload } } satisfies PiCallPayload,
  });
  if ('prompt' in step) {
    if (step.origin === 'hook') return na(`n/a: ${host} extensions see no prompt written by a hook`);
    const session = step.origin === 'subagent' ? piChildSession(ctx.sessionId, ctx.agentId ?? 'agent-case') : ctx.sessionId;
    // omp -p never fires `input`; the prompt reaches extensions first through before_agent_start.
    if (host === 'omp') return { calls: [call('before_agent_start', { prompt: step.prompt, systemPrompt: [] }, session)] };
    return { calls: [call('input', { text: step.prompt, source: step.origin === 'synthetic' ? 'extension' : 'interactive' }, session)] };
  }
  if ('action' in step) {
    const t = nativeTool(step.action);
    if (typeof t === 'string') return na(t);
    const agent = step.agent ?? ctx.agentId;
    return {
      calls: [call('tool_call', { toolCallId: ctx.callId, toolName: t.tool, input: t.input }, agent ? piChildSession(ctx.sessionId, agent) : ctx.sessionId)],
    };
  }
  if ('lifecycle' in step) {
    const l = step.lifecycle;
    const of = l.of ?? ctx.callId;
    switch (l.kind) {
      case 'session_start':
        if (host === 'omp' && (l.source ?? 'startup') !== 'startup') return na('n/a: omp 18.x session_start carries no reason');
        return {
          calls: [
            call(
              'session_start',
              host === 'pi' ? { reason: { startup: 'startup', resume: 'resume', clear: 'new', compact: 'reload', fork: 'fork' }[l.source ?? 'startup'] } : {},
            ),
          ],
        };
      case 'session_end':
        if (l.allStopped) return na(`n/a: ${host} does not report that every subagent stopped`);
        return { calls: [call('session_shutdown', host === 'pi' ? { reason: 'quit' } : {})] };
      case 'turn_end':
        return { calls: [call('agent_end', { messages: [] })] };
      case 'complete':
      case 'failed':
        return {
          calls: [
            call('tool_result', {
              toolCallId: of,
              toolName: l.agent ? (host === 'omp' ? 'task' : 'subagent') : 'bash',
              input: {},
              content: [{ type: 'text', text: 'done' }],
              isError: l.kind === 'failed',
              details: undefined,
            }),
          ],
        };
      case 'subagent_start':
      case 'subagent_stop':
        return na(`n/a: ${host} has no subagent start/stop event; a delegating call joins when its tool_result arrives`);
      case 'not_started':
      case 'running':
      case 'unknown':
        return na(`n/a: ${host} reports no "${l.kind}" state for a tool call`);
    }
  }
  return na('n/a: raw events and damage steps go to the core directly');
}
