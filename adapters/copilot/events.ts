// GitHub Copilot CLI native hook events → ControlEvent v2. Payloads captured from 1.0.102 with a
// model double: camelCase `{sessionId, timestamp, cwd, …}`, `toolName`/`toolArgs` (an object) on
// tool events, `agentId`/`parentAgentId` on a subagent's events. `normalizeCopilotPayload` puts
// them in the snake_case shape the command-hook path reads, once, before anything else.
import type { ControlEvent } from '../../src/generated/types.js';
import type { Runtime } from '../../src/core/host/runtime.js';
import type { EnvelopeBase } from '../command-hook/envelope.js';
import { actionAfterEvent, actionBeforeEvent, requestWrites, sessionStartEvent, sharedLifecycleEvent } from '../command-hook/events-common.js';
import { stringField } from '../command-hook/payload.js';
import { copilotCallId, declinedInLastInteraction } from './call-id.js';
import { copilotDelegateLifecycle, copilotToolRequest } from './tools.js';

export const COPILOT_EVENTS = new Set([
  'sessionStart',
  'userPromptSubmitted',
  'preToolUse',
  'postToolUse',
  'postToolUseFailure',
  'subagentStart',
  'subagentStop',
  'agentStop',
  'sessionEnd',
]);

const SOURCE: Record<string, string> = { new: 'startup', startup: 'startup', resume: 'resume', clear: 'clear', compact: 'compact' };

/**
 * Copilot's payload → the field names the shared path reads. Inside a subagent Copilot sends the
 * subagent's own id as `sessionId` (equal to `agentId`) with `parentAgentId`: those calls act
 * under the parent session, as `agent_id` calls do on Claude Code.
 */
export function normalizeCopilotPayload(p: Record<string, unknown>): Record<string, unknown> {
  const sessionId = stringField(p, 'sessionId');
  const agentId = stringField(p, 'agentId');
  const parent = stringField(p, 'parentAgentId');
  const inSubagent = agentId !== undefined && parent !== undefined && sessionId === agentId;
  const out: Record<string, unknown> = {};
  const session = inSubagent ? parent : sessionId;
  if (session !== undefined) out.session_id = session;
  if (typeof p.cwd === 'string') out.cwd = p.cwd;
  if (agentId !== undefined) out.agent_id = agentId;
  if (typeof p.toolName === 'string') out.tool_name = p.toolName;
  if ('toolArgs' in p) out.tool_input = p.toolArgs;
  if (typeof p.timestamp === 'number') out.timestamp = p.timestamp;
  if (typeof p.prompt === 'string') out.prompt = p.prompt;
  const source = stringField(p, 'source');
  if (source !== undefined && SOURCE[source] !== undefined) out.source = SOURCE[source];
  return out;
}

export async function copilotEvent(event: string, payload: Record<string, unknown>, base: EnvelopeBase, runtime: Runtime): Promise<ControlEvent | null> {
  const tool = typeof payload.tool_name === 'string' ? payload.tool_name : '';
  // Tool events get the call id Copilot's session log gives the open call (call-id.ts).
  const p =
    tool === ''
      ? payload
      : {
          ...payload,
          tool_use_id: await copilotCallId(runtime.env, base.sessionId, event === 'preToolUse' ? 'pre' : 'post', tool, payload.tool_input, payload.timestamp),
        };
  switch (event) {
    case 'sessionStart':
      return sessionStartEvent(base, p);
    case 'userPromptSubmitted': {
      const prompt = typeof p.prompt === 'string' ? p.prompt : '';
      return { ...base, kind: 'prompt.submit', prompt, origin: base.agentId ? 'subagent' : 'user' };
    }
    case 'preToolUse':
      return actionBeforeEvent(base, p, copilotToolRequest(tool, p.tool_input), runtime);
    case 'postToolUse': {
      const lifecycle = copilotDelegateLifecycle(tool, p.tool_input);
      if (lifecycle) return actionAfterEvent(base, p, lifecycle);
      const wrote = requestWrites(copilotToolRequest(tool, p.tool_input));
      return actionAfterEvent(base, p, 'joined', wrote === undefined ? {} : { wrote });
    }
    case 'postToolUseFailure':
      return actionAfterEvent(base, p, 'failed');
    case 'subagentStart':
      return sharedLifecycleEvent('SubagentStart', base) ?? null;
    case 'subagentStop':
      return sharedLifecycleEvent('SubagentStop', base) ?? null;
    case 'agentStop':
      // A subagent's own stop arrives as subagentStop on the parent's side.
      if (base.agentId) return null;
      // A "No" at Copilot's approval prompt fires no hook: the session log says which calls it refused.
      for (const id of declinedInLastInteraction(runtime.env, base.sessionId)) await runtime.handle(actionAfterEvent(base, { tool_use_id: id }, 'not_started'));
      return { ...base, kind: 'turn.end' };
    case 'sessionEnd':
      return base.agentId ? null : { ...base, kind: 'session.end' };
    default:
      return null;
  }
}
