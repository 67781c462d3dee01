// Gemini CLI native events → ControlEvent v2 (payload shapes captured from Gemini CLI 0.61.0
// with a model double, e2e/harness/hosts/gemini.ts). Its payloads carry no call id and no turn
// id: a call's id is derived from what it is (adapters/command-hook/call-id.ts), the same for
// its BeforeTool and its AfterTool.
import type { ControlEvent } from '../../src/generated/types.js';
import type { ControllerResult } from '../../src/core/controller/result.js';
import type { Runtime } from '../../src/core/host/runtime.js';
import type { EnvelopeBase } from '../command-hook/envelope.js';
import { actionAfterEvent, actionBeforeEvent, requestWrites, sessionStartEvent } from '../command-hook/events-common.js';
import { objectField, stringField } from '../command-hook/payload.js';
import { geminiToolRequest } from './tools.js';

export const GEMINI_EVENTS = new Set(['SessionStart', 'BeforeAgent', 'BeforeTool', 'AfterTool', 'AfterAgent', 'SessionEnd']);

export async function geminiEvent(event: string, p: Record<string, unknown>, base: EnvelopeBase, runtime: Runtime): Promise<ControlEvent | null> {
  switch (event) {
    case 'SessionStart':
      return sessionStartEvent(base, p);
    case 'BeforeAgent':
      // The text the user submitted (0.61.0 fires it once per prompt, before the agent plans).
      return { ...base, kind: 'prompt.submit', prompt: typeof p.prompt === 'string' ? p.prompt : '', origin: base.agentId ? 'subagent' : 'user' };
    case 'BeforeTool':
      return actionBeforeEvent(base, p, geminiToolRequest(stringField(p, 'tool_name') ?? '', p.tool_input), runtime);
    case 'AfterTool': {
      const tool = stringField(p, 'tool_name') ?? '';
      // tool_response {llmContent, returnDisplay, error?}: an error is a call that failed.
      if (objectField(p, 'tool_response')?.error !== undefined) return actionAfterEvent(base, p, 'failed');
      const wrote = requestWrites(geminiToolRequest(tool, p.tool_input));
      return actionAfterEvent(base, p, 'joined', wrote === undefined ? {} : { wrote });
    }
    case 'AfterAgent':
      return { ...base, kind: 'turn.end' };
    case 'SessionEnd':
      return { ...base, kind: 'session.end' };
    default:
      return null;
  }
}

/**
 * A call remit refused never runs and fires no AfterTool, and the next call with the same input
 * gets the same derived id: it is reported as never started at once, so that call is judged
 * afresh (under the contract of that moment) rather than answered with the stored refusal.
 */
export async function geminiRefusedCall(
  event: string,
  p: Record<string, unknown>,
  base: EnvelopeBase,
  result: ControllerResult,
  runtime: Runtime,
): Promise<void> {
  if (event !== 'BeforeTool' || result.kind !== 'decision') return;
  const { outcome } = result.decision;
  if (outcome === 'deny' || outcome === 'ask') await runtime.handle(actionAfterEvent(base, p, 'not_started'));
}
