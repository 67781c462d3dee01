// Codex native events → ControlEvent v2 (payload shapes captured from Codex 0.171.0 with a
// model double; see conformance/). Codex has no PostToolUseFailure or PermissionDenied:
// PostToolUse also fires after a failed command.
import type { ActionAfterEvent, ControlEvent } from '../../src/generated/types.js';
import type { Runtime } from '../../src/core/host/runtime.js';
import type { EnvelopeBase } from '../command-hook/envelope.js';
import { actionAfterEvent, actionBeforeEvent, requestWrites, sessionStartEvent, sharedLifecycleEvent } from '../command-hook/events-common.js';
import { objectOrJsonField, stringField } from '../command-hook/payload.js';
import { codexToolKey, codexToolRequest } from './tools.js';

export const CODEX_EVENTS = new Set(['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'SubagentStart', 'SubagentStop', 'Stop', 'SessionEnd']);

function spawnLifecycle(p: Record<string, unknown>): { lifecycle: ActionAfterEvent['lifecycle']; agentIds: string[] } {
  // 0.171.0: spawn_agent returns at once with `{"agent_id": …, "nickname": …}` as a JSON
  // string; the child keeps running until it stops (SubagentStop) or is closed.
  const r = objectOrJsonField(p, 'tool_response');
  const agentId = r ? stringField(r, 'agent_id') : undefined;
  return agentId ? { lifecycle: 'running', agentIds: [agentId] } : { lifecycle: 'unknown', agentIds: [] };
}

export async function codexEvent(event: string, p: Record<string, unknown>, base: EnvelopeBase, runtime: Runtime): Promise<ControlEvent | null> {
  switch (event) {
    case 'SessionStart':
      return sessionStartEvent(base, p);
    case 'UserPromptSubmit': {
      const prompt = typeof p.prompt === 'string' ? p.prompt : '';
      // 0.171.0 fires UserPromptSubmit inside a spawned agent with its task as the prompt and
      // `agent_id` set: that text comes from the parent model, not the user.
      return { ...base, kind: 'prompt.submit', prompt, origin: base.agentId ? 'subagent' : 'user' };
    }
    case 'PreToolUse':
      return actionBeforeEvent(base, p, codexToolRequest(String(p.tool_name ?? ''), p.tool_input), runtime);
    case 'PostToolUse': {
      const tool = String(p.tool_name ?? '');
      if (codexToolKey(tool) === 'spawn_agent') {
        const { lifecycle, agentIds } = spawnLifecycle(p);
        return actionAfterEvent(base, p, lifecycle, { agentIds });
      }
      const wrote = requestWrites(codexToolRequest(tool, p.tool_input));
      return actionAfterEvent(base, p, 'joined', wrote === undefined ? {} : { wrote });
    }
    default:
      return sharedLifecycleEvent(event, base) ?? null;
  }
}
