// Case steps (docs/DESIGN.md#cases-and-replay) → the payloads Gemini CLI 0.61.0 would send,
// field for field as seen from the real host (e2e/harness/hosts/gemini.ts), so replay runs the
// same hook path as the host. Its payloads carry no call id and no turn id.
import type { Step, ToolRequest } from '../../src/generated/types.js';
import type { CaseRendering, StepRenderContext } from '../../src/core/host/adapter.js';
import { hookCall as call, notApplicable as na, type Payload } from '../command-hook/case-steps.js';

function common(ctx: StepRenderContext, event: string): Payload {
  return {
    session_id: ctx.sessionId,
    transcript_path: `/tmp/remit-replay/${ctx.sessionId}.jsonl`,
    cwd: ctx.cwd,
    hook_event_name: event,
    timestamp: '2026-12-06T00:00:00.000Z',
  };
}

function toolCall(req: ToolRequest): { tool: string; input: Payload } | string {
  switch (req.type) {
    case 'read':
      return req.paths?.[0] ? { tool: 'read_file', input: { file_path: req.paths[0] } } : { tool: 'glob', input: { pattern: '**/*' } };
    case 'write':
      return { tool: 'write_file', input: { file_path: req.path, content: req.content } };
    case 'edit':
      if (req.edits.length !== 1) return 'n/a: one Gemini CLI replace call replaces one string';
      return { tool: 'replace', input: { file_path: req.path, instruction: 'case step', old_string: req.edits[0]!.old, new_string: req.edits[0]!.new } };
    case 'patch':
      return 'n/a: Gemini CLI has no patch tool';
    case 'shell':
      if (req.shell === 'powershell') return 'n/a: Gemini CLI runs shell commands through bash here';
      return { tool: 'run_shell_command', input: { command: req.command, ...(req.workdir ? { dir_path: req.workdir } : {}) } };
    case 'delegate':
      if (req.resume) return 'n/a: Gemini CLI cannot resume a subagent';
      if (req.unbounded || (req.count ?? 1) !== 1) return 'n/a: one Gemini CLI invoke_agent call starts exactly one subagent';
      return { tool: 'invoke_agent', input: { agent_name: 'generalist', prompt: 'case step' } };
    case 'control':
      return { tool: req.tool ?? 'write_todos', input: { todos: [] } };
    case 'other':
      return { tool: req.tool, input: (req.input && typeof req.input === 'object' ? req.input : {}) as Payload };
  }
}

export function renderGeminiStep(step: Step, ctx: StepRenderContext): CaseRendering {
  if ('prompt' in step) {
    if (step.origin !== undefined && step.origin !== 'user') return na('n/a: Gemini CLI hands BeforeAgent only what the user submitted');
    return { calls: [call('BeforeAgent', { ...common(ctx, 'BeforeAgent'), prompt: step.prompt })] };
  }
  if ('action' in step) {
    if (step.agent ?? ctx.agentId) return na("n/a: Gemini CLI's hook payloads do not name a subagent");
    const t = toolCall(step.action);
    if (typeof t === 'string') return na(t);
    return { calls: [call('BeforeTool', { ...common(ctx, 'BeforeTool'), tool_name: t.tool, tool_input: t.input })] };
  }
  if ('lifecycle' in step) {
    const l = step.lifecycle;
    switch (l.kind) {
      case 'session_start':
        if (l.source === 'fork' || l.source === 'compact') return na(`n/a: Gemini CLI has no ${l.source} session source`);
        return { calls: [call('SessionStart', { ...common(ctx, 'SessionStart'), source: l.source ?? 'startup' })] };
      case 'session_end':
        if (l.allStopped) return na('n/a: Gemini CLI does not report that every subagent stopped at session end');
        return { calls: [call('SessionEnd', { ...common(ctx, 'SessionEnd'), reason: 'exit' })] };
      case 'turn_end':
        return { calls: [call('AfterAgent', { ...common(ctx, 'AfterAgent'), prompt: '', prompt_response: '', stop_hook_active: false })] };
      default:
        // The lifecycle of a call needs its id, which Gemini CLI's payloads do not carry.
        return na('n/a: Gemini CLI sends no call id and no subagent events, so a lifecycle step cannot name its call');
    }
  }
  return na('n/a: raw events and damage steps go to the core directly');
}
