// Case steps (docs/DESIGN.md#cases-and-replay) → the calls OpenCode 2.1.2 makes into a 2.x
// plugin, shaped as the host shapes them (the tool inputs its execute.before hook saw in the
// end-to-end lane). Prompts go the `opencode run` way (one pair of quotes around the text).
// `session.create` is the stand-in's own record of a child session OpenCode made (the plugin
// learns of it only by asking ctx.session.get), not a plugin call.
import type { Step, ToolRequest } from '../../src/generated/types.js';
import type { CaseRendering, NativeCall, StepRenderContext } from '../../src/core/host/adapter.js';
import { childSessionId, na } from './steps.js';

function nativeTool(req: ToolRequest): { tool: string; input: Record<string, unknown> } | string {
  switch (req.type) {
    case 'read':
      return req.paths?.[0] ? { tool: 'read', input: { path: req.paths[0] } } : { tool: 'glob', input: { pattern: '**/*' } };
    case 'write':
      return { tool: 'write', input: { path: req.path, content: req.content } };
    case 'edit':
      if (req.edits.length !== 1) return 'n/a: an OpenCode 2 edit call makes exactly one replacement';
      return { tool: 'edit', input: { path: req.path, oldString: req.edits[0]!.old, newString: req.edits[0]!.new } };
    case 'patch':
      return req.format === 'apply_patch'
        ? { tool: 'patch', input: { patchText: req.patch } }
        : `n/a: OpenCode 2's patch tool takes only the apply_patch format, not ${req.format}`;
    case 'shell':
      if (req.shell === 'powershell') return 'n/a: OpenCode 2 has no PowerShell tool';
      return { tool: 'shell', input: { command: req.command, ...(req.workdir ? { workdir: req.workdir } : {}) } };
    case 'delegate':
      if (req.unbounded) return 'n/a: OpenCode 2 has no unbounded delegation tool';
      if (req.resume) return { tool: 'subagent', input: { description: 'case step', prompt: 'continue', agent: 'general', sessionID: 'ses_resumed' } };
      if ((req.count ?? 1) !== 1) return 'n/a: one OpenCode 2 subagent call starts exactly one child session';
      return { tool: 'subagent', input: { description: 'case step', prompt: 'case step', agent: 'general' } };
    case 'control':
      return { tool: req.tool ?? 'todowrite', input: { todos: [] } };
    case 'other':
      return { tool: req.tool, input: (req.input && typeof req.input === 'object' ? req.input : {}) as Record<string, unknown> };
  }
}

function childCalls(root: string, child: string | undefined): NativeCall[] {
  return child ? [{ event: 'session.create', payload: { id: child, parentID: root } }] : [];
}

export function renderOpencode2Step(step: Step, ctx: StepRenderContext): CaseRendering {
  if ('prompt' in step) {
    if (step.origin === 'hook') return na('n/a: OpenCode 2 plugins see no prompt written by a hook');
    if (step.origin === 'synthetic') return na("n/a: OpenCode 2's prompt hook does not say whether a prompt is synthetic");
    const child = step.origin === 'subagent' ? childSessionId(ctx.sessionId, ctx.agentId ?? 'agent-case') : undefined;
    const sessionID = child ?? ctx.sessionId;
    return {
      calls: [
        ...childCalls(ctx.sessionId, child),
        { event: 'session.prompt', payload: { sessionID, messageID: `msg_${ctx.turn}`, prompt: { text: `"${step.prompt}"`, files: [] }, delivery: 'steer' } },
      ],
    };
  }
  if ('action' in step) {
    const t = nativeTool(step.action);
    if (typeof t === 'string') return na(t);
    const agent = step.agent ?? ctx.agentId;
    const child = agent ? childSessionId(ctx.sessionId, agent) : undefined;
    return {
      calls: [
        ...childCalls(ctx.sessionId, child),
        {
          event: 'execute.before',
          payload: { tool: t.tool, sessionID: child ?? ctx.sessionId, agent: 'build', messageID: 'm', id: ctx.callId, input: t.input },
        },
      ],
    };
  }
  if ('lifecycle' in step) {
    const l = step.lifecycle;
    const of = l.of ?? ctx.callId;
    const after = (tool: string, status: 'completed' | 'error'): CaseRendering => ({
      calls: [
        {
          event: 'execute.after',
          payload: { tool, sessionID: ctx.sessionId, agent: 'build', messageID: 'm', id: of, input: {}, status, result: { content: [] } },
        },
      ],
    });
    switch (l.kind) {
      case 'session_start':
        // The first context hook of a session is where the 2.x plugin records its start.
        if ((l.source ?? 'startup') !== 'startup')
          return na('n/a: OpenCode 2 tells a plugin of no session start or resume; the first model request of a session counts as its start');
        return { calls: [{ event: 'session.context', payload: { sessionID: ctx.sessionId, system: [], messages: [] } }] };
      case 'session_end':
        return na('n/a: OpenCode 2 gives a plugin no session end');
      case 'turn_end':
        return na('n/a: OpenCode 2 gives a plugin no turn end');
      case 'complete':
        return after(l.agent ? 'subagent' : 'shell', 'completed');
      case 'failed':
        return after('subagent', 'error');
      case 'subagent_start':
      case 'subagent_stop':
        return na('n/a: OpenCode 2 has no subagent start/stop hooks; a subagent call joins when its execute.after runs');
      case 'not_started':
      case 'running':
      case 'unknown':
        return na(`n/a: OpenCode 2 reports no "${l.kind}" state for a tool call`);
    }
  }
  return na('n/a: raw events and damage steps go to the core directly');
}
