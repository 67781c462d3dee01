// Case steps (docs/DESIGN.md#cases-and-replay) → the calls OpenCode 1.18.33 makes into a plugin, shaped as the
// host shapes them. Prompts go the `opencode run` way (one pair of quotes around the text).
import type { Step, ToolRequest } from '../../src/generated/types.js';
import type { CaseRendering, NativeCall, StepRenderContext } from '../../src/core/host/adapter.js';

export const na = (why: string): CaseRendering => ({ calls: [], notApplicable: why });

/** The id replay gives a child session of `root` started for `agent` (both plugin forms). */
export function childSessionId(root: string, agent: string): string {
  return `${root}-child-${agent}`;
}

function nativeTool(req: ToolRequest): { tool: string; args: Record<string, unknown> } | string {
  switch (req.type) {
    case 'read':
      return req.paths?.[0] ? { tool: 'read', args: { filePath: req.paths[0] } } : { tool: 'glob', args: { pattern: '**/*' } };
    case 'write':
      return { tool: 'write', args: { filePath: req.path, content: req.content } };
    case 'edit':
      if (req.edits.length !== 1) return 'n/a: an OpenCode edit call makes exactly one replacement';
      return { tool: 'edit', args: { filePath: req.path, oldString: req.edits[0]!.old, newString: req.edits[0]!.new } };
    case 'patch':
      return req.format === 'apply_patch'
        ? { tool: 'apply_patch', args: { patchText: req.patch } }
        : `n/a: OpenCode's apply_patch takes only the apply_patch format, not ${req.format}`;
    case 'shell':
      if (req.shell === 'powershell') return 'n/a: OpenCode has no PowerShell tool';
      return { tool: 'bash', args: { command: req.command, description: 'case step', ...(req.workdir ? { workdir: req.workdir } : {}) } };
    case 'delegate':
      if (req.unbounded) return 'n/a: OpenCode has no unbounded delegation tool';
      if (req.resume) return { tool: 'task', args: { description: 'case step', prompt: 'continue', subagent_type: 'general', task_id: 'ses_resumed' } };
      if ((req.count ?? 1) !== 1) return 'n/a: one OpenCode task call starts exactly one child session';
      return { tool: 'task', args: { description: 'case step', prompt: 'case step', subagent_type: 'general' } };
    case 'control':
      return { tool: req.tool ?? 'todowrite', args: { todos: [] } };
    case 'other':
      return { tool: req.tool, args: (req.input && typeof req.input === 'object' ? req.input : {}) as Record<string, unknown> };
  }
}

function event(type: string, properties: unknown): NativeCall {
  return { event: 'event', payload: { event: { type, properties } } };
}

function sessionInfo(id: string, cwd: string, parentID?: string) {
  return { id, projectID: 'p1', directory: cwd, title: '', version: '1.18.33', time: { created: 0, updated: 0 }, ...(parentID ? { parentID } : {}) };
}

export function renderOpencodeStep(step: Step, ctx: StepRenderContext): CaseRendering {
  if ('prompt' in step) {
    const messageID = `msg_${ctx.turn}`;
    const child = step.origin === 'subagent' ? childSessionId(ctx.sessionId, ctx.agentId ?? 'agent-case') : undefined;
    if (step.origin === 'hook') return na('n/a: OpenCode plugins see no prompt written by a hook');
    const sessionID = child ?? ctx.sessionId;
    const part = {
      id: `prt_${ctx.turn}`,
      sessionID,
      messageID,
      type: 'text',
      text: `"${step.prompt}"`,
      ...(step.origin === 'synthetic' ? { synthetic: true } : {}),
    };
    const calls: NativeCall[] = child ? [event('session.created', { info: sessionInfo(child, ctx.cwd, ctx.sessionId) })] : [];
    calls.push({
      event: 'chat.message',
      payload: {
        input: { sessionID, messageID, agent: 'build' },
        output: { message: { id: messageID, sessionID, role: 'user', time: { created: 0 }, agent: 'build' }, parts: [part] },
      },
    });
    return { calls };
  }
  if ('action' in step) {
    const t = nativeTool(step.action);
    if (typeof t === 'string') return na(t);
    const agent = step.agent ?? ctx.agentId;
    const sessionID = agent ? childSessionId(ctx.sessionId, agent) : ctx.sessionId;
    const calls: NativeCall[] = agent ? [event('session.created', { info: sessionInfo(sessionID, ctx.cwd, ctx.sessionId) })] : [];
    calls.push({ event: 'tool.execute.before', payload: { input: { tool: t.tool, sessionID, callID: ctx.callId }, output: { args: t.args } } });
    return { calls };
  }
  if ('lifecycle' in step) {
    const l = step.lifecycle;
    const of = l.of ?? ctx.callId;
    switch (l.kind) {
      case 'session_start':
        if ((l.source ?? 'startup') !== 'startup') return na('n/a: OpenCode announces only new sessions to plugins');
        return { calls: [event('session.created', { info: sessionInfo(ctx.sessionId, ctx.cwd) })] };
      case 'session_end':
        if (l.allStopped) return na('n/a: OpenCode does not report that every child session stopped');
        return { calls: [event('session.deleted', { info: sessionInfo(ctx.sessionId, ctx.cwd) })] };
      case 'turn_end':
        return { calls: [event('session.idle', { sessionID: ctx.sessionId })] };
      case 'complete': {
        const metadata = l.agent ? { sessionId: childSessionId(ctx.sessionId, l.agent) } : {};
        return {
          calls: [
            {
              event: 'tool.execute.after',
              payload: {
                input: { tool: l.agent ? 'task' : 'bash', sessionID: ctx.sessionId, callID: of, args: {} },
                output: { title: '', output: 'done', metadata },
              },
            },
          ],
        };
      }
      case 'failed':
        return {
          calls: [
            event('message.part.updated', {
              part: {
                id: `prt_${of}`,
                sessionID: ctx.sessionId,
                messageID: 'm',
                type: 'tool',
                callID: of,
                tool: 'task',
                state: { status: 'error', error: 'failed' },
              },
            }),
          ],
        };
      case 'subagent_start':
      case 'subagent_stop':
        return na('n/a: OpenCode has no subagent start/stop events; a task call joins when its tool.execute.after runs');
      case 'not_started':
      case 'running':
      case 'unknown':
        return na(`n/a: OpenCode reports no "${l.kind}" state for a tool call`);
    }
  }
  return na('n/a: raw events and damage steps go to the core directly');
}
