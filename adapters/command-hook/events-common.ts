// ControlEvent builders shared by the two JSON-over-stdin hosts. Each host's events.ts
// decides which native event becomes which kind; these only assemble the event.
import type { ActionAfterEvent, ActionBeforeEvent, ControlEvent, SessionStartEvent, ToolRequest } from '../../src/generated/types.js';
import { unreadableCallAction } from '../../src/core/classify/unreadable-action.js';
import type { Runtime } from '../../src/core/host/runtime.js';
import { derivedCallId } from './call-id.js';
import type { EnvelopeBase } from './envelope.js';
import { stringField } from './payload.js';

const SOURCES = new Set<SessionStartEvent['source']>(['startup', 'resume', 'clear', 'compact', 'fork']);

export function sessionStartEvent(base: EnvelopeBase, p: Record<string, unknown>): ControlEvent {
  const raw = stringField(p, 'source') as SessionStartEvent['source'] | undefined;
  return { ...base, kind: 'session.start', source: raw && SOURCES.has(raw) ? raw : 'startup' };
}

export function toolCallId(base: EnvelopeBase, p: Record<string, unknown>): string {
  const id = stringField(p, 'tool_use_id');
  // toolName, not String(): a hostile `tool_name` object (`{"toString": "x"}`) must not throw here.
  return id && id.length <= 512 ? id : derivedCallId(base.sessionId, toolName(p), p.tool_input);
}

export function toolName(p: Record<string, unknown>): string {
  const t = stringField(p, 'tool_name');
  return t ? t.slice(0, 256) : 'unknown';
}

/** The directory a shell call runs in when its input names one (Codex `workdir`). */
function callCwd(base: EnvelopeBase, request: ToolRequest): string {
  return request.type === 'shell' && request.workdir ? request.workdir : base.cwd;
}

export async function actionBeforeEvent(base: EnvelopeBase, p: Record<string, unknown>, request: ToolRequest, runtime: Runtime): Promise<ActionBeforeEvent> {
  // A throw here (classification, a payload too deep to digest) reaches runCommandHook, which
  // answers it through the runtime's GUARD_ERROR path: deny when the session is ARMED.
  const id = toolCallId(base, p);
  const tool = toolName(p);
  const action = await runtime.classify(request, { id, tool, cwd: callCwd(base, request) });
  return { ...base, kind: 'action.before', action };
}

/** An action remit could not read, for the GUARD_ERROR path: unknown, so never proven harmless. */
export function unreadableAction(base: EnvelopeBase, p: Record<string, unknown> | null): ActionBeforeEvent {
  const given = p ? stringField(p, 'tool_use_id') : undefined;
  const id = given && given.length <= 512 ? given : `unreadable-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  return { ...base, kind: 'action.before', action: unreadableCallAction(id, p ? toolName(p) : 'unknown') };
}

export function actionAfterEvent(
  base: EnvelopeBase,
  p: Record<string, unknown>,
  lifecycle: ActionAfterEvent['lifecycle'],
  extra: { agentIds?: string[]; wrote?: boolean } = {},
): ActionAfterEvent {
  const ev: ActionAfterEvent = { ...base, kind: 'action.after', actionId: toolCallId(base, p), tool: toolName(p), lifecycle };
  const agentIds = (extra.agentIds ?? []).filter((a) => a !== '' && a.length <= 512);
  if (agentIds.length) ev.agentIds = agentIds;
  if (extra.wrote !== undefined) ev.wrote = extra.wrote;
  return ev;
}

/** Whether a request, once done, certainly changed files (resets the repeated-check count). */
export function requestWrites(request: ToolRequest): boolean | undefined {
  return request.type === 'write' || request.type === 'edit' || request.type === 'patch' ? true : undefined;
}

/**
 * The events both command-hook hosts map the same way: a subagent's start and stop (only with
 * the `agent_id` that names it), the end of a turn and of the session. Undefined for others.
 */
export function sharedLifecycleEvent(event: string, base: EnvelopeBase): ControlEvent | null | undefined {
  switch (event) {
    case 'SubagentStart':
      return base.agentId ? { ...base, kind: 'subagent.start', agentId: base.agentId } : null;
    case 'SubagentStop':
      return base.agentId ? { ...base, kind: 'subagent.stop', agentId: base.agentId } : null;
    case 'Stop':
      return { ...base, kind: 'turn.end' };
    case 'SessionEnd':
      return { ...base, kind: 'session.end' };
    default:
      return undefined;
  }
}
