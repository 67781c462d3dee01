// Claude Code native events → ControlEvent v2 (payload shapes captured from Claude Code
// 2.1.197 with a model double; see conformance/).
import type { ActionAfterEvent, ControlEvent, PromptSubmitEvent } from '../../src/generated/types.js';
import { fromSlashCommand } from '../../src/core/contract/slash.js';
import type { Runtime } from '../../src/core/host/runtime.js';
import type { EnvelopeBase } from '../command-hook/envelope.js';
import { actionAfterEvent, actionBeforeEvent, requestWrites, sessionStartEvent, sharedLifecycleEvent } from '../command-hook/events-common.js';
import { objectField, stringField } from '../command-hook/payload.js';
import { declinedInLastTurn } from './declined.js';
import { claudeToolRequest, isClaudeAgentTool } from './tools.js';

export const CLAUDE_EVENTS = new Set([
  'SessionStart',
  'UserPromptSubmit',
  'UserPromptExpansion',
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'PermissionDenied',
  'SubagentStart',
  'SubagentStop',
  'Stop',
  'SessionEnd',
]);

// Claude Code 2.1.197 hands a finished background agent back to the main loop as a prompt
// that starts with this tag; it fires UserPromptSubmit but was not typed by the user.
const TASK_NOTIFICATION = /^\s*<task-notification>/;

function promptOrigin(base: EnvelopeBase, prompt: string): PromptSubmitEvent['origin'] {
  if (base.agentId) return 'subagent';
  if (TASK_NOTIFICATION.test(prompt)) return 'synthetic';
  return 'user';
}

function agentLifecycle(p: Record<string, unknown>): { lifecycle: ActionAfterEvent['lifecycle']; agentIds?: string[] } {
  const r = objectField(p, 'tool_response');
  const status = r ? stringField(r, 'status') : undefined;
  const agentId = r ? stringField(r, 'agentId') : undefined;
  const ids = agentId ? [agentId] : undefined;
  // 2.1.197: a foreground agent answers `completed`; `run_in_background` answers `async_launched`.
  if (status === 'completed') return { lifecycle: 'joined', ...(ids ? { agentIds: ids } : {}) };
  if (status === 'async_launched') return { lifecycle: 'running', ...(ids ? { agentIds: ids } : {}) };
  return { lifecycle: 'unknown', ...(ids ? { agentIds: ids } : {}) };
}

/**
 * A "No" at Claude Code's permission prompt fires no hook; the transcript holds it (declined.ts).
 * Each declined call of the last turn is reported as never started before the event that
 * follows it, so the audit records what the host did with an asked call.
 */
async function reportDeclined(p: Record<string, unknown>, base: EnvelopeBase, runtime: Runtime): Promise<void> {
  if (base.agentId) return;
  for (const id of declinedInLastTurn(stringField(p, 'transcript_path'))) {
    await runtime.handle(actionAfterEvent(base, { tool_use_id: id }, 'not_started'));
  }
}

export async function claudeEvent(event: string, p: Record<string, unknown>, base: EnvelopeBase, runtime: Runtime): Promise<ControlEvent | null> {
  switch (event) {
    case 'SessionStart':
      return sessionStartEvent(base, p);
    case 'UserPromptSubmit': {
      const prompt = typeof p.prompt === 'string' ? p.prompt : '';
      await reportDeclined(p, base, runtime);
      return { ...base, kind: 'prompt.submit', prompt, origin: promptOrigin(base, prompt) };
    }
    case 'UserPromptExpansion': {
      // A typed `/remit …` fires UserPromptExpansion (command_name "remit") and then
      // UserPromptSubmit with the raw "/remit …" text, which is not a directive — so the
      // directive is read here, once. A model's own Skill call fires no expansion (2.1.197).
      if (stringField(p, 'expansion_type') !== 'slash_command' || base.agentId) return null;
      const name = stringField(p, 'command_name');
      const prompt = name ? fromSlashCommand(name, typeof p.command_args === 'string' ? p.command_args : '') : null;
      return prompt === null ? null : { ...base, kind: 'prompt.submit', prompt, origin: 'user' };
    }
    case 'PreToolUse':
      return actionBeforeEvent(base, p, claudeToolRequest(String(p.tool_name ?? ''), p.tool_input), runtime);
    case 'PostToolUse': {
      const tool = String(p.tool_name ?? '');
      if (isClaudeAgentTool(tool)) return actionAfterEvent(base, p, agentLifecycle(p).lifecycle, { agentIds: agentLifecycle(p).agentIds ?? [] });
      const wrote = requestWrites(claudeToolRequest(tool, p.tool_input));
      return actionAfterEvent(base, p, 'joined', wrote === undefined ? {} : { wrote });
    }
    case 'PostToolUseFailure':
      return actionAfterEvent(base, p, 'failed');
    case 'PermissionDenied':
      // The tool never ran (auto-mode classifier or a permission rule refused it).
      return actionAfterEvent(base, p, 'not_started');
    case 'SessionEnd':
      await reportDeclined(p, base, runtime);
      return sharedLifecycleEvent(event, base) ?? null;
    default:
      return sharedLifecycleEvent(event, base) ?? null;
  }
}
