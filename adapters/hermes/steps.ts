// Case steps (docs/DESIGN.md#cases-and-replay) → the payloads the remit Hermes plugin writes to `remit hook
// hermes <event>` (Hermes's shell-hook wire shape, built from the kwargs Hermes passes).
import type { Step, ToolRequest } from '../../src/generated/types.js';
import type { CaseRendering, NativeCall, StepRenderContext } from '../../src/core/host/adapter.js';

const na = (why: string): CaseRendering => ({ calls: [], notApplicable: why });

function nativeTool(req: ToolRequest): { tool: string; input: Record<string, unknown> } | string {
  switch (req.type) {
    case 'read':
      return req.paths?.[0] ? { tool: 'read_file', input: { path: req.paths[0] } } : { tool: 'search_files', input: { pattern: '*' } };
    case 'write':
      return { tool: 'write_file', input: { path: req.path, content: req.content } };
    case 'edit':
      if (req.edits.length !== 1) return 'n/a: a Hermes replace-mode patch makes exactly one replacement';
      return { tool: 'patch', input: { mode: 'replace', path: req.path, old_string: req.edits[0]!.old, new_string: req.edits[0]!.new } };
    case 'patch':
      return req.format === 'v4a' ? { tool: 'patch', input: { mode: 'patch', patch: req.patch } } : `n/a: Hermes patches are V4A, not ${req.format}`;
    case 'shell':
      if (req.shell === 'powershell') return 'n/a: Hermes has no PowerShell tool';
      return { tool: 'terminal', input: { command: req.command, ...(req.workdir ? { workdir: req.workdir } : {}) } };
    case 'delegate':
      if (req.unbounded) return 'n/a: a Hermes delegate_task batch is always a finite list';
      if (req.resume) return { tool: 'delegate_task', input: { action: 'steer', message: 'continue' } };
      if ((req.count ?? 1) === 1) return { tool: 'delegate_task', input: { goal: 'case step' } };
      return { tool: 'delegate_task', input: { tasks: Array.from({ length: req.count ?? 1 }, (_, i) => ({ goal: `case step ${i + 1}` })) } };
    case 'control':
      return { tool: 'todo', input: { todos: [] } };
    case 'other':
      return { tool: req.tool, input: (req.input && typeof req.input === 'object' ? req.input : {}) as Record<string, unknown> };
  }
}

export function renderHermesStep(step: Step, ctx: StepRenderContext): CaseRendering {
  const call = (
    event: string,
    body: { tool_name?: string; tool_input?: unknown; extra?: Record<string, unknown> },
    session = ctx.sessionId,
    source?: string,
  ): NativeCall => ({
    event,
    payload: JSON.stringify({
      hook_event_name: event,
      tool_name: body.tool_name ?? null,
      tool_input: body.tool_input ?? null,
      session_id: session,
      cwd: ctx.cwd,
      extra: { turn_id: `turn-${ctx.turn}`, ...(source ? { remit_source_session_id: source } : {}), ...(body.extra ?? {}) },
    }),
  });
  const child = (agent: string) => `${ctx.sessionId}-child-${agent}`;
  if ('prompt' in step) {
    if (step.origin === 'hook' || step.origin === 'synthetic') return na('n/a: Hermes hands plugins only the user message');
    const source = step.origin === 'subagent' ? child(ctx.agentId ?? 'agent-case') : undefined;
    return {
      calls: [
        call('pre_llm_call', { extra: { user_message: step.prompt, is_first_turn: ctx.turn <= 1, model: 'case', platform: 'cli' } }, ctx.sessionId, source),
      ],
    };
  }
  if ('action' in step) {
    const t = nativeTool(step.action);
    if (typeof t === 'string') return na(t);
    const agent = step.agent ?? ctx.agentId;
    return {
      calls: [
        call(
          'pre_tool_call',
          { tool_name: t.tool, tool_input: t.input, extra: { tool_call_id: ctx.callId, task_id: '' } },
          ctx.sessionId,
          agent ? child(agent) : undefined,
        ),
      ],
    };
  }
  if ('lifecycle' in step) {
    const l = step.lifecycle;
    const of = l.of ?? ctx.callId;
    switch (l.kind) {
      case 'session_start':
        if ((l.source ?? 'startup') !== 'startup') return na('n/a: Hermes announces only the first turn of a new session');
        return { calls: [call('on_session_start', { extra: { model: 'case', platform: 'cli' } })] };
      case 'session_end':
        if (l.allStopped) return na('n/a: Hermes does not report that every subagent stopped');
        return { calls: [call('on_session_finalize', { extra: { platform: 'cli' } })] };
      case 'turn_end':
        return { calls: [call('on_session_end', { extra: { completed: true, interrupted: false } })] };
      case 'complete':
      case 'failed':
        return {
          calls: [
            call('post_tool_call', {
              tool_name: l.agent ? 'delegate_task' : 'terminal',
              tool_input: {},
              extra: { tool_call_id: of, result: l.kind === 'failed' ? '{"error": "failed"}' : '{"output": "done"}', duration_ms: 1 },
            }),
          ],
        };
      case 'running':
        return {
          calls: [
            call('post_tool_call', {
              tool_name: 'delegate_task',
              tool_input: { goal: 'case', background: true },
              extra: { tool_call_id: of, result: '{"status": "running"}', duration_ms: 1 },
            }),
          ],
        };
      case 'subagent_start':
      case 'subagent_stop': {
        const agent = l.agent ?? 'agent-case';
        return {
          calls: [
            call(l.kind, {
              extra: {
                parent_session_id: ctx.sessionId,
                child_session_id: child(agent),
                child_subagent_id: agent,
                child_role: 'worker',
                child_goal: 'case',
                ...(l.of || l.kind === 'subagent_start' ? { remit_reservation_id: of } : {}),
              },
            }),
          ],
        };
      }
      case 'not_started':
      case 'unknown':
        return na(`n/a: Hermes reports no "${l.kind}" state for a tool call`);
    }
  }
  return na('n/a: raw events and damage steps go to the core directly');
}
