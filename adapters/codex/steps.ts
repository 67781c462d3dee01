// Case steps (docs/DESIGN.md#cases-and-replay) → the payloads Codex 0.171.0 would send, field for field as
// captured. Codex has no read, write or edit tool of its own: reads are shell commands and
// every file change is an apply_patch call.
import path from 'node:path';
import type { Step, ToolRequest } from '../../src/generated/types.js';
import type { CaseRendering, StepRenderContext } from '../../src/core/host/adapter.js';
import { claudeStyleSessionStep, hookCall as call, notApplicable as na, type Payload } from '../command-hook/case-steps.js';

function common(ctx: StepRenderContext, event: string, cwd = ctx.cwd, agent = ctx.agentId): Payload {
  const p: Payload = {
    session_id: ctx.sessionId,
    turn_id: `turn-${ctx.turn}`,
    transcript_path: null,
    cwd,
    hook_event_name: event,
    model: 'gpt-case',
    permission_mode: 'default',
  };
  if (agent) Object.assign(p, { agent_id: agent, agent_type: 'default' });
  return p;
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** apply_patch wants relative paths ("NEVER ABSOLUTE"). */
function rel(p: string, cwd: string): string {
  return path.isAbsolute(p) ? path.relative(cwd, p) || '.' : p;
}

function lines(prefix: string, text: string): string {
  const body = text.endsWith('\n') ? text.slice(0, -1) : text;
  return body
    .split('\n')
    .map((l) => prefix + l)
    .join('\n');
}

function toolCall(req: ToolRequest, cwd: string): { tool: string; input: Payload; cwd?: string } | string {
  switch (req.type) {
    case 'read':
      return { tool: 'Bash', input: { command: req.paths?.length ? `cat ${req.paths.map(quote).join(' ')}` : 'ls' } };
    case 'write':
      return { tool: 'apply_patch', input: { command: `*** Begin Patch\n*** Add File: ${rel(req.path, cwd)}\n${lines('+', req.content)}\n*** End Patch\n` } };
    case 'edit': {
      const hunks = req.edits.map((e) => `@@\n${lines('-', e.old)}\n${lines('+', e.new)}`).join('\n');
      return { tool: 'apply_patch', input: { command: `*** Begin Patch\n*** Update File: ${rel(req.path, cwd)}\n${hunks}\n*** End Patch\n` } };
    }
    case 'patch':
      return req.format === 'apply_patch'
        ? { tool: 'apply_patch', input: { command: req.patch } }
        : `n/a: Codex takes only apply_patch patches, not ${req.format}`;
    case 'shell':
      if (req.shell === 'powershell') return 'n/a: Codex runs shell commands through bash';
      // 0.171.0 reports a call's workdir as the payload cwd and sends only {command}.
      return { tool: 'Bash', input: { command: req.command }, ...(req.workdir ? { cwd: req.workdir } : {}) };
    case 'delegate':
      if (req.unbounded || (req.count ?? 1) > 1) return 'n/a: one Codex spawn_agent call starts exactly one subagent';
      if (req.resume) return { tool: 'send_input', input: { target: 'agent-resumed', message: 'continue' } };
      return { tool: 'spawn_agent', input: { message: 'case step' } };
    case 'control':
      return { tool: req.tool ?? 'update_plan', input: { plan: [] } };
    case 'other':
      return { tool: req.tool, input: (req.input && typeof req.input === 'object' ? req.input : {}) as Payload };
  }
}

export function renderCodexStep(step: Step, ctx: StepRenderContext): CaseRendering {
  if ('prompt' in step) {
    if (step.origin === 'hook' || step.origin === 'synthetic') return na('n/a: Codex hands prompt hooks only what the user typed and subagent tasks');
    const agent = step.origin === 'subagent' ? (ctx.agentId ?? 'agent-case') : undefined;
    return { calls: [call('UserPromptSubmit', { ...common(ctx, 'UserPromptSubmit', ctx.cwd, agent), prompt: step.prompt })] };
  }
  if ('action' in step) {
    const t = toolCall(step.action, ctx.cwd);
    if (typeof t === 'string') return na(t);
    const agent = step.agent ?? ctx.agentId;
    return {
      calls: [call('PreToolUse', { ...common(ctx, 'PreToolUse', t.cwd ?? ctx.cwd, agent), tool_name: t.tool, tool_input: t.input, tool_use_id: ctx.callId })],
    };
  }
  if ('lifecycle' in step) {
    const l = step.lifecycle;
    const of = l.of ?? ctx.callId;
    const agent = l.agent;
    const session = claudeStyleSessionStep(l, ctx, { name: 'Codex', common, noSources: ['fork'] });
    if (session) return session;
    switch (l.kind) {
      case 'subagent_start': {
        const start = call('SubagentStart', { ...common(ctx, 'SubagentStart', ctx.cwd, agent ?? 'agent-case') });
        if (!l.of) return { calls: [start] };
        // Codex 0.171.0 links a child to its launch only through PostToolUse(spawn_agent), whose
        // tool_response names the child's agent_id; SubagentStart follows it.
        const launched = call('PostToolUse', {
          ...common(ctx, 'PostToolUse'),
          tool_name: 'spawn_agent',
          tool_input: { message: 'case step' },
          tool_response: JSON.stringify({ agent_id: agent ?? 'agent-case', nickname: 'case' }),
          tool_use_id: l.of,
        });
        return { calls: [launched, start] };
      }
      case 'running':
      case 'unknown':
      case 'complete': {
        if (!agent && l.kind === 'complete') {
          return {
            calls: [
              call('PostToolUse', { ...common(ctx, 'PostToolUse'), tool_name: 'Bash', tool_input: { command: 'true' }, tool_response: '', tool_use_id: of }),
            ],
          };
        }
        const response = agent && l.kind !== 'unknown' ? JSON.stringify({ agent_id: agent, nickname: 'case' }) : '';
        const calls = [
          call('PostToolUse', {
            ...common(ctx, 'PostToolUse'),
            tool_name: 'spawn_agent',
            tool_input: { message: 'case step' },
            tool_response: response,
            tool_use_id: of,
          }),
        ];
        // A spawned Codex agent runs on after spawn_agent returns; completion is its SubagentStop.
        if (l.kind === 'complete' && agent) calls.push(call('SubagentStop', { ...common(ctx, 'SubagentStop', ctx.cwd, agent), stop_hook_active: false }));
        return { calls };
      }
      case 'failed':
        return na('n/a: Codex reports no tool failure event (PostToolUse fires either way)');
      case 'not_started':
        return na('n/a: Codex reports no refused-before-start event');
      default:
        return na(`n/a: no Codex event for a ${l.kind} step`);
    }
  }
  return na('n/a: raw events and damage steps go to the core directly');
}
