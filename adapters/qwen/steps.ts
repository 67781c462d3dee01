// Case steps (docs/DESIGN.md#cases-and-replay) → the payloads Qwen Code 0.24.4 would send,
// field for field as seen from the real host (e2e/harness/hosts/qwen.ts), so replay runs the same hook path
// as the host.
import type { Step, ToolRequest } from '../../src/generated/types.js';
import type { CaseRendering, StepRenderContext } from '../../src/core/host/adapter.js';
import { claudeStyleSessionStep, hookCall as call, notApplicable as na, type Payload } from '../command-hook/case-steps.js';

function common(ctx: StepRenderContext, event: string, cwd = ctx.cwd, agent = ctx.agentId): Payload {
  const p: Payload = {
    session_id: ctx.sessionId,
    transcript_path: `/tmp/remit-replay/${ctx.sessionId}.jsonl`,
    cwd,
    hook_event_name: event,
    timestamp: '2026-12-06T00:00:00.000Z',
    permission_mode: 'yolo',
    prompt_id: `${ctx.sessionId}########${ctx.turn}`,
  };
  if (agent) p.agent_id = agent;
  return p;
}

function toolCall(req: ToolRequest): { tool: string; input: Payload } | string {
  switch (req.type) {
    case 'read':
      return req.paths?.[0] ? { tool: 'read_file', input: { file_path: req.paths[0] } } : { tool: 'glob', input: { pattern: '**/*' } };
    case 'write':
      return { tool: 'write_file', input: { file_path: req.path, content: req.content } };
    case 'edit':
      if (req.edits.length !== 1) return 'n/a: one Qwen Code edit call replaces one string';
      return { tool: 'edit', input: { file_path: req.path, old_string: req.edits[0]!.old, new_string: req.edits[0]!.new } };
    case 'patch':
      return 'n/a: Qwen Code has no patch tool';
    case 'shell':
      if (req.shell === 'powershell') return 'n/a: Qwen Code runs shell commands through bash here';
      return { tool: 'run_shell_command', input: { command: req.command, ...(req.workdir ? { directory: req.workdir } : {}) } };
    case 'delegate':
      if (req.resume) return { tool: 'send_message', input: { to: 'agent-resumed', message: 'continue' } };
      if (req.unbounded || (req.count ?? 1) !== 1) return 'n/a: one Qwen Code agent call starts exactly one subagent';
      return { tool: 'agent', input: { description: 'case step', prompt: 'case step', subagent_type: 'general-purpose' } };
    case 'control':
      return { tool: req.tool ?? 'todo_write', input: { todos: [] } };
    case 'other':
      return { tool: req.tool, input: (req.input && typeof req.input === 'object' ? req.input : {}) as Payload };
  }
}

export function renderQwenStep(step: Step, ctx: StepRenderContext): CaseRendering {
  if ('prompt' in step) {
    if (step.origin === 'hook') return na('n/a: Qwen Code hands its prompt hook no text a hook wrote on its own');
    if (step.origin === 'synthetic') return { calls: [call('UserPromptSubmit', { ...common(ctx, 'UserPromptSubmit'), prompt: step.prompt })] };
    const agent = step.origin === 'subagent' ? (ctx.agentId ?? 'agent-case') : undefined;
    const submitted = agent ? {} : { submitted_prompt: step.prompt };
    return { calls: [call('UserPromptSubmit', { ...common(ctx, 'UserPromptSubmit', ctx.cwd, agent), prompt: step.prompt, ...submitted })] };
  }
  if ('action' in step) {
    const t = toolCall(step.action);
    if (typeof t === 'string') return na(t);
    return {
      calls: [
        call('PreToolUse', {
          ...common(ctx, 'PreToolUse', ctx.cwd, step.agent ?? ctx.agentId),
          tool_name: t.tool,
          tool_input: t.input,
          tool_use_id: ctx.callId,
          tool_call_id: `call_${ctx.turn}`,
        }),
      ],
    };
  }
  if ('lifecycle' in step) {
    const l = step.lifecycle;
    const of = l.of ?? ctx.callId;
    const subagent = { agent_type: 'general-purpose' };
    const session = claudeStyleSessionStep(l, ctx, { name: 'Qwen Code', common, noSources: ['fork'], sessionStart: { model: 'qwen-case' }, subagent });
    if (session) return session;
    switch (l.kind) {
      case 'subagent_start':
        return { calls: [call('SubagentStart', { ...common(ctx, 'SubagentStart', ctx.cwd, l.agent ?? 'agent-case'), ...subagent })] };
      case 'complete':
        return { calls: [call('PostToolUse', { ...common(ctx, 'PostToolUse'), tool_name: 'agent', tool_input: {}, tool_response: {}, tool_use_id: of })] };
      case 'running':
        return {
          calls: [
            call('PostToolUse', {
              ...common(ctx, 'PostToolUse'),
              tool_name: 'agent',
              tool_input: { run_in_background: true },
              tool_response: {},
              tool_use_id: of,
            }),
          ],
        };
      case 'unknown':
        return na('n/a: a Qwen Code agent call ends either finished or launched in the background');
      case 'failed':
        return {
          calls: [call('PostToolUseFailure', { ...common(ctx, 'PostToolUseFailure'), tool_name: 'agent', tool_input: {}, tool_use_id: of, error: 'failed' })],
        };
      case 'not_started':
        return na('n/a: Qwen Code reports a refused call only in its AUTO mode (PermissionDenied), which remit does not register');
      default:
        return na(`n/a: no Qwen Code event for a ${l.kind} step`);
    }
  }
  return na('n/a: raw events and damage steps go to the core directly');
}
