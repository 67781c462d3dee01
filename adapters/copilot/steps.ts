// Case steps (docs/DESIGN.md#cases-and-replay) → the payloads GitHub Copilot CLI 1.0.102 would
// send, field for field as captured, so replay runs the same hook path as the host.
import type { Step, ToolRequest } from '../../src/generated/types.js';
import type { CaseRendering, StepRenderContext } from '../../src/core/host/adapter.js';
import { hookCall as call, notApplicable as na, type Payload } from '../command-hook/case-steps.js';

/** Inside a subagent Copilot sends the subagent's id as sessionId, with parentAgentId (captured). */
/**
 * Copilot names no call, so remit tells calls apart by the log or, here, by the hook's timestamp:
 * one per case call id (a case that sends one call twice fixes its id, and gets one timestamp).
 */
function stamp(callId: string): number {
  let h = 0;
  for (const ch of callId) h = (h * 31 + ch.charCodeAt(0)) % 1_000_000_007;
  return 1_800_000_000_000 + h;
}

function common(ctx: StepRenderContext, cwd = ctx.cwd, agent = ctx.agentId): Payload {
  const p: Payload = { sessionId: agent ?? ctx.sessionId, timestamp: stamp(ctx.callId), cwd };
  if (agent) Object.assign(p, { agentId: agent, agentType: 'general-purpose', parentAgentId: ctx.sessionId });
  return p;
}

function toolCall(req: ToolRequest): { tool: string; input: unknown } | string {
  switch (req.type) {
    case 'read':
      return req.paths?.[0] ? { tool: req.tool ?? 'view', input: { path: req.paths[0] } } : { tool: req.tool ?? 'glob', input: { pattern: '**/*' } };
    case 'write':
      return { tool: 'create', input: { path: req.path, file_text: req.content } };
    case 'edit':
      if (req.edits.length === 1) return { tool: 'edit', input: { path: req.path, old_str: req.edits[0]!.old, new_str: req.edits[0]!.new } };
      return 'n/a: one Copilot edit call replaces one string';
    case 'patch':
      return req.format === 'apply_patch' ? { tool: 'apply_patch', input: req.patch } : `n/a: Copilot's apply_patch takes only its own patch format`;
    case 'shell':
      if (req.workdir) return 'n/a: Copilot shell calls run in the session folder';
      return { tool: req.shell === 'powershell' ? 'powershell' : 'bash', input: { command: req.command, description: 'case step' } };
    case 'delegate':
      if (req.unbounded) return 'n/a: Copilot has no tool that starts an unbounded number of agents';
      if (req.resume) return { tool: 'write_agent', input: { agent_id: 'agent-resumed', message: 'continue' } };
      if ((req.count ?? 1) !== 1) return 'n/a: one Copilot task call starts exactly one subagent';
      return { tool: 'task', input: { name: 'case', description: 'case step', prompt: 'case step', agent_type: 'general-purpose' } };
    case 'control':
      return { tool: req.tool ?? 'update_todo', input: {} };
    case 'other':
      return { tool: req.tool, input: req.input && typeof req.input === 'object' ? req.input : {} };
  }
}

export function renderCopilotStep(step: Step, ctx: StepRenderContext): CaseRendering {
  if ('prompt' in step) {
    if (step.origin === 'hook' || step.origin === 'synthetic') return na('n/a: Copilot hands prompt hooks only what the user typed (or a subagent its task)');
    const agent = step.origin === 'subagent' ? (ctx.agentId ?? 'agent-case') : undefined;
    return { calls: [call('userPromptSubmitted', { ...common(ctx, ctx.cwd, agent), prompt: step.prompt })] };
  }
  if ('action' in step) {
    const t = toolCall(step.action);
    if (typeof t === 'string') return na(t);
    return { calls: [call('preToolUse', { ...common(ctx, ctx.cwd, step.agent ?? ctx.agentId), toolName: t.tool, toolArgs: t.input })] };
  }
  if ('lifecycle' in step) {
    const l = step.lifecycle;
    const agent = l.agent;
    switch (l.kind) {
      case 'session_start':
        return { calls: [call('sessionStart', { ...common(ctx), source: l.source === 'resume' ? 'resume' : 'new', initialPrompt: '' })] };
      case 'session_end':
        if (l.allStopped) return na('n/a: Copilot does not report that every subagent stopped at session end');
        return { calls: [call('sessionEnd', { ...common(ctx), reason: 'complete' })] };
      case 'turn_end':
        return { calls: [call('agentStop', { ...common(ctx), stopReason: 'end_turn', stop_hook_active: false })] };
      case 'subagent_start':
        return {
          calls: [call('subagentStart', { ...common(ctx), agentName: 'general-purpose', agentId: agent ?? 'agent-case', agentType: 'general-purpose' })],
        };
      case 'subagent_stop':
        return {
          calls: [
            call('subagentStop', {
              ...common(ctx),
              agentId: agent ?? 'agent-case',
              agentType: 'general-purpose',
              stopReason: 'end_turn',
              stop_hook_active: false,
            }),
          ],
        };
      case 'complete':
      case 'running':
      case 'unknown':
      case 'failed':
      case 'not_started':
        // Copilot's post-tool payloads name no call: they cannot point at the case's call.
        return na('n/a: Copilot post-tool payloads carry no call id to link');
    }
  }
  return na('n/a: raw events and damage steps go to the core directly');
}
