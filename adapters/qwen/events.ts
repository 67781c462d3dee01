// Qwen Code native events → ControlEvent v2 (payload shapes captured from Qwen Code 0.24.4
// with a model double, e2e/harness/hosts/qwen.ts). Qwen Code fires UserPromptSubmit before
// every model call it sends, not only for what the user typed: after each tool result it fires
// again with `prompt: ""`, and a continuation a hook asked for carries that hook's text. The
// text the user submitted is `submitted_prompt`, present only at a submission boundary.
import type { ControlEvent, PromptSubmitEvent } from '../../src/generated/types.js';
import type { Runtime } from '../../src/core/host/runtime.js';
import type { EnvelopeBase } from '../command-hook/envelope.js';
import { actionAfterEvent, actionBeforeEvent, requestWrites, sessionStartEvent, sharedLifecycleEvent } from '../command-hook/events-common.js';
import { objectField, stringField } from '../command-hook/payload.js';
import { isQwenAgentTool, qwenToolRequest } from './tools.js';

export const QWEN_EVENTS = new Set([
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'SubagentStart',
  'SubagentStop',
  'Stop',
  'SessionEnd',
]);

function promptEvent(base: EnvelopeBase, p: Record<string, unknown>): ControlEvent | null {
  const submitted = typeof p.submitted_prompt === 'string' ? p.submitted_prompt : undefined;
  const legacy = typeof p.prompt === 'string' ? p.prompt : '';
  // A send after a tool result: no prompt at all, so nothing for remit to read.
  if (submitted === undefined && legacy.trim() === '') return null;
  let origin: PromptSubmitEvent['origin'] = 'user';
  if (base.agentId) origin = 'subagent';
  // Model-bound text Qwen Code did not mark as submitted (a continuation, a hook's text):
  // never authority, whatever it says.
  else if (submitted === undefined) origin = 'synthetic';
  return { ...base, kind: 'prompt.submit', prompt: submitted ?? legacy, origin };
}

export async function qwenEvent(event: string, p: Record<string, unknown>, base: EnvelopeBase, runtime: Runtime): Promise<ControlEvent | null> {
  switch (event) {
    case 'SessionStart':
      return sessionStartEvent(base, p);
    case 'UserPromptSubmit':
      return promptEvent(base, p);
    case 'PreToolUse':
      return actionBeforeEvent(base, p, qwenToolRequest(String(stringField(p, 'tool_name') ?? ''), p.tool_input), runtime);
    case 'PostToolUse': {
      const tool = stringField(p, 'tool_name') ?? '';
      // The agent tool returns when its subagent has finished (0.24.4), or at launch with
      // `run_in_background`, whose child then runs on unlinked: its reservation stays.
      if (isQwenAgentTool(tool)) return actionAfterEvent(base, p, objectField(p, 'tool_input')?.run_in_background === true ? 'running' : 'joined');
      const wrote = requestWrites(qwenToolRequest(tool, p.tool_input));
      return actionAfterEvent(base, p, 'joined', wrote === undefined ? {} : { wrote });
    }
    case 'PostToolUseFailure':
      return actionAfterEvent(base, p, 'failed');
    default:
      return sharedLifecycleEvent(event, base) ?? null;
  }
}
