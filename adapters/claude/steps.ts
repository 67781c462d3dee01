// Case steps (docs/DESIGN.md#cases-and-replay) → the payloads Claude Code 2.1.197 would send, field for field
// as captured, so replay runs the same hook path as the host.
import type { Step, ToolRequest } from '../../src/generated/types.js';
import type { CaseRendering, StepRenderContext } from '../../src/core/host/adapter.js';
import { claudeStyleSessionStep, hookCall as call, notApplicable as na, type Payload } from '../command-hook/case-steps.js';

function common(ctx: StepRenderContext, event: string, cwd = ctx.cwd, agent = ctx.agentId): Payload {
  const p: Payload = {
    session_id: ctx.sessionId,
    transcript_path: `/tmp/remit-replay/${ctx.sessionId}.jsonl`,
    cwd,
    prompt_id: `prompt-${ctx.turn}`,
    permission_mode: 'default',
    hook_event_name: event,
  };
  if (agent) Object.assign(p, { agent_id: agent, agent_type: 'general-purpose' });
  return p;
}

function toolCall(req: ToolRequest): { tool: string; input: Payload; cwd?: string } | string {
  switch (req.type) {
    case 'read':
      return req.paths?.[0] ? { tool: req.tool ?? 'Read', input: { file_path: req.paths[0] } } : { tool: req.tool ?? 'Glob', input: { pattern: '**/*' } };
    case 'write':
      return { tool: 'Write', input: { file_path: req.path, content: req.content } };
    case 'edit':
      if (req.edits.length === 1) return { tool: 'Edit', input: { file_path: req.path, old_string: req.edits[0]!.old, new_string: req.edits[0]!.new } };
      return { tool: 'MultiEdit', input: { file_path: req.path, edits: req.edits.map((e) => ({ old_string: e.old, new_string: e.new })) } };
    case 'patch':
      return 'n/a: Claude Code has no patch tool';
    case 'shell':
      return {
        tool: req.shell === 'powershell' ? 'PowerShell' : 'Bash',
        input: { command: req.command, description: 'case step' },
        ...(req.workdir ? { cwd: req.workdir } : {}),
      };
    case 'delegate':
      if (req.unbounded) return { tool: 'Workflow', input: { description: 'case step' } };
      if (req.resume)
        return { tool: 'Agent', input: { description: 'case step', prompt: 'continue', subagent_type: 'general-purpose', resume: 'agent-resumed' } };
      if ((req.count ?? 1) !== 1) return 'n/a: one Claude Code Agent call starts exactly one subagent';
      return { tool: 'Agent', input: { description: 'case step', prompt: 'case step', subagent_type: 'general-purpose' } };
    case 'control':
      return { tool: req.tool ?? 'TodoWrite', input: { todos: [] } };
    case 'other':
      return { tool: req.tool, input: (req.input && typeof req.input === 'object' ? req.input : {}) as Payload };
  }
}

export function renderClaudeStep(step: Step, ctx: StepRenderContext): CaseRendering {
  if ('prompt' in step) {
    if (step.origin === 'hook' || step.origin === 'synthetic') return na('n/a: Claude Code hands prompt hooks only what the user typed');
    const agent = step.origin === 'subagent' ? (ctx.agentId ?? 'agent-case') : undefined;
    return { calls: [call('UserPromptSubmit', { ...common(ctx, 'UserPromptSubmit', ctx.cwd, agent), prompt: step.prompt })] };
  }
  if ('action' in step) {
    const t = toolCall(step.action);
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
    const session = claudeStyleSessionStep(l, ctx, { name: 'Claude Code', common, sessionStart: { model: 'claude-case' } });
    if (session) return session;
    switch (l.kind) {
      case 'subagent_start':
        return { calls: [call('SubagentStart', { ...common(ctx, 'SubagentStart', ctx.cwd, agent ?? 'agent-case') })] };
      case 'complete':
      case 'running':
      case 'unknown': {
        const status = l.kind === 'complete' ? 'completed' : l.kind === 'running' ? 'async_launched' : undefined;
        const response: Payload = { ...(status ? { status } : {}), ...(agent ? { agentId: agent } : {}) };
        const tool = agent || l.kind !== 'complete' ? 'Agent' : 'Bash';
        return { calls: [call('PostToolUse', { ...common(ctx, 'PostToolUse'), tool_name: tool, tool_input: {}, tool_response: response, tool_use_id: of })] };
      }
      case 'failed':
        return {
          calls: [
            call('PostToolUseFailure', {
              ...common(ctx, 'PostToolUseFailure'),
              tool_name: 'Agent',
              tool_input: {},
              tool_use_id: of,
              error: 'failed',
              is_interrupt: false,
            }),
          ],
        };
      case 'not_started':
        return {
          calls: [call('PermissionDenied', { ...common(ctx, 'PermissionDenied'), tool_name: 'Agent', tool_input: {}, tool_use_id: of, reason: 'denied' })],
        };
      default:
        return na(`n/a: no Claude Code event for a ${l.kind} step`);
    }
  }
  return na('n/a: raw events and damage steps go to the core directly');
}
