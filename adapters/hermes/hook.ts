// `remit hook hermes <event>`: one Hermes hook payload (the JSON the remit Python plugin — or a
// Hermes shell hook — writes on stdin) → Hermes's answer on stdout. The wire shape is Hermes's
// shell-hook protocol (hooks.md): {hook_event_name, tool_name, tool_input, session_id, cwd,
// extra: {every other kwarg}}; the plugin adds extra.remit_source_session_id for a child
// session it mapped to its root (subagent_start tells it parent → child).
// Answers: pre_tool_call `{"action": "block", "message"}`; pre_llm_call `{"context"}`; else `{}`.
// `remit` (ignored by Hermes) carries the standing contract line the plugin re-injects each turn.
import { workingFolderOrRoot } from '../../src/core/paths/working-folder.js';
import type { PromptSubmitEvent } from '../../src/generated/types.js';
import type { ControllerResult } from '../../src/core/controller/result.js';
import type { NativeResponse } from '../../src/core/host/adapter.js';
import type { Runtime } from '../../src/core/host/runtime.js';
import { fromSlashCommand } from '../../src/core/contract/slash.js';
import { controlEvent, type EnvelopeFields } from '../plugin-host/control-event.js';
import { promptBlockAsContext } from '../plugin-host/prompt-text.js';
import { unreadableCall } from '../plugin-host/unreadable-call.js';
import { truncatedHead } from '../command-hook/payload.js';
import type { HookOptions } from '../host-module.js';
import { hermesToolRequest } from './tools.js';

const HERMES_EVENTS = [
  'on_session_start',
  'pre_llm_call',
  'pre_tool_call',
  'post_tool_call',
  'on_session_end',
  'on_session_finalize',
  'subagent_start',
  'subagent_stop',
  'remit_command',
] as const;

interface HermesPayload {
  hook_event_name?: unknown;
  tool_name?: unknown;
  tool_input?: unknown;
  session_id?: unknown;
  cwd?: unknown;
  extra?: Record<string, unknown>;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

function answer(body: Record<string, unknown>, stderr?: string): NativeResponse {
  return { stdout: JSON.stringify(body), exitCode: 0, ...(stderr ? { stderr } : {}) };
}

function standing(result: ControllerResult): Record<string, unknown> {
  return result.kind === 'context' ? { remit: { standing: result.text } } : {};
}

/** A tool result Hermes reports as an error: its tools answer JSON with an `error` field. */
function failed(result: unknown): boolean {
  if (typeof result !== 'string' || !result.trimStart().startsWith('{')) return false;
  try {
    const parsed = JSON.parse(result) as Record<string, unknown>;
    return parsed !== null && typeof parsed === 'object' && typeof parsed.error === 'string' && parsed.success !== true;
  } catch {
    return false;
  }
}

/** A block for a tool call remit could not check, with the runtime's audited GUARD_ERROR when it gives one. */
function refuseUnreadable(runtime: Runtime, f: EnvelopeFields, id: string, tool: string, code: 'EVENT_UNREADABLE' | 'PAYLOAD_TRUNCATED'): NativeResponse {
  const r = unreadableCall(runtime, f, id, tool, code);
  if (r?.kind === 'decision') {
    const { outcome } = r.decision;
    if (outcome === 'deny' || outcome === 'ask') return answer({ action: 'block', message: r.message });
    return answer({});
  }
  return answer({ action: 'block', message: 'remit refused this action: GUARD_ERROR (I)\nremit could not check this call. Run `remit doctor`.' });
}

export async function runHermesHook(event: string | undefined, stdinText: string, runtime: Runtime, opts: HookOptions = {}): Promise<NativeResponse> {
  let payload: HermesPayload;
  try {
    if (opts.truncated) throw new Error('truncated');
    const parsed: unknown = JSON.parse(stdinText);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    payload = parsed as HermesPayload;
  } catch {
    // Over the stdin cap or cut short: a tool call whose session the head names fails closed
    // (the plugin writes session_id before tool_input), as a command hook's does.
    const head = truncatedHead(stdinText);
    const name = head.event ?? str(event);
    const code = opts.truncated ? 'PAYLOAD_TRUNCATED' : 'EVENT_UNREADABLE';
    const f: EnvelopeFields = { host: { name: 'hermes' }, sessionId: head.sessionId ?? '', cwd: opts.cwd ?? workingFolderOrRoot() };
    if (name === 'pre_tool_call' && head.sessionId) return refuseUnreadable(runtime, f, `hermes-unreadable-${runtime.now().getTime()}`, 'unknown', code);
    // A prompt that may have carried a directive: the model is told it did not apply (Hermes
    // shows no block to the user), and the session's audit records it, as a command hook's does.
    if (name === 'pre_llm_call' && head.sessionId && runtime.failPrompt && /remit/i.test(stdinText.slice(0, 64 * 1024))) {
      try {
        const r = runtime.failPrompt(controlEvent(runtime, f, { kind: 'prompt.submit', prompt: '', origin: 'user' }) as PromptSubmitEvent, code);
        if (r.kind === 'prompt-block') return answer({ context: promptBlockAsContext(r) });
      } catch {
        // Answered below.
      }
    }
    return answer({}, 'remit: the Hermes hook payload was not a JSON object; nothing was checked\n');
  }
  // The payload's own event wins when it is one this adapter knows; the argument is the fallback.
  const fromPayload = str(payload.hook_event_name);
  const known = (e: string | undefined) => (e && (HERMES_EVENTS as readonly string[]).includes(e) ? e : undefined);
  const name = known(fromPayload) ?? known(str(event)) ?? '';
  const extra = payload.extra !== null && typeof payload.extra === 'object' ? payload.extra : {};
  const session = str(payload.session_id) ?? str(extra.session_id) ?? str(extra.parent_session_id) ?? 'hermes-unknown-session';
  const source = str(extra.remit_source_session_id);
  const cwd = str(payload.cwd) ?? opts.cwd ?? workingFolderOrRoot();
  const host = { name: 'hermes', ...(str(extra.hermes_version) ? { version: str(extra.hermes_version)! } : {}) };
  const f: EnvelopeFields = {
    host,
    sessionId: session,
    cwd,
    ...(source ? { sourceSessionId: source, agentId: source } : {}),
    ...(str(extra.turn_id) ? { turnId: str(extra.turn_id)! } : {}),
  };

  switch (name) {
    case 'on_session_start': {
      const result = await runtime.handle(controlEvent(runtime, f, { kind: 'session.start', source: 'startup' }));
      return answer(standing(result));
    }
    case 'pre_llm_call': {
      const prompt = typeof extra.user_message === 'string' ? extra.user_message : null;
      if (prompt === null) return answer({});
      const result = await runtime.handle(controlEvent(runtime, f, { kind: 'prompt.submit', prompt, origin: source ? 'subagent' : 'user' }));
      if (result.kind === 'prompt-block') return answer({ context: promptBlockAsContext(result) });
      if (result.kind === 'context') return answer({ context: result.text, ...standing(result) });
      return answer({});
    }
    case 'remit_command': {
      // The plugin's `/remit …` slash command (Hermes builds with register_command): the answer is for the user.
      const args = typeof extra.args === 'string' ? extra.args : '';
      const prompt = fromSlashCommand('remit', args) ?? '$remit';
      const result = await runtime.handle(controlEvent(runtime, f, { kind: 'prompt.submit', prompt, origin: 'user' }));
      const message = result.kind === 'context' ? (result.userLine ?? result.text) : result.kind === 'prompt-block' ? result.text : 'remit: nothing changed';
      return answer({ message, ...standing(result) });
    }
    case 'pre_tool_call': {
      const tool = str(payload.tool_name) ?? '';
      const id = str(extra.tool_call_id) ?? `hermes-${runtime.now().getTime()}-${Math.random().toString(36).slice(2, 8)}`;
      let result: ControllerResult;
      try {
        const request = hermesToolRequest(tool, payload.tool_input);
        const action = await runtime.classify(request, { id, tool, cwd });
        result = await runtime.handle(controlEvent(runtime, f, { kind: 'action.before', action }));
      } catch {
        // Hermes' plugin lets a call run on an empty answer: a call remit could not read or
        // classify takes the session's GUARD_ERROR path instead (deny while ARMED, audited).
        return refuseUnreadable(runtime, f, id, tool, 'EVENT_UNREADABLE');
      }
      if (result.kind !== 'decision') return answer({});
      // Hermes main also knows {"action": "approve"} (its human gate), but releases before it
      // ignore unknown actions and would run the tool: an ask is a block naming how to authorise it.
      if (result.decision.outcome === 'deny' || result.decision.outcome === 'ask') return answer({ action: 'block', message: result.message });
      // A report rides on the tool result: the plugin keeps it by call id for transform_tool_result.
      if (result.decision.outcome === 'report') return answer({ remit: { report: result.message } });
      return answer({});
    }
    case 'post_tool_call': {
      const id = str(extra.tool_call_id);
      if (!id) return answer({});
      const tool = str(payload.tool_name) ?? '';
      const background = tool.toLowerCase() === 'delegate_task' && (payload.tool_input as Record<string, unknown> | undefined)?.background === true;
      const lifecycle = failed(extra.result) ? 'failed' : background ? 'running' : 'joined';
      await runtime.handle(controlEvent(runtime, f, { kind: 'action.after', actionId: id, tool, lifecycle }));
      return answer({});
    }
    case 'subagent_start':
    case 'subagent_stop': {
      const root = str(extra.parent_session_id) ?? session;
      const child = str(extra.child_subagent_id) ?? str(extra.child_session_id);
      if (!child) return answer({});
      // The plugin names the delegate_task call running in that session when there is exactly one.
      const reservation = str(extra.remit_reservation_id);
      await runtime.handle(
        controlEvent(
          runtime,
          { host, sessionId: root, cwd, agentId: child },
          { kind: name === 'subagent_start' ? 'subagent.start' : 'subagent.stop', ...(reservation ? { reservationId: reservation } : {}) },
        ),
      );
      return answer({});
    }
    case 'on_session_end':
      // Hermes fires this at the end of every run_conversation() call: a turn, not the session.
      if (!source) await runtime.handle(controlEvent(runtime, f, { kind: 'turn.end' }));
      return answer({});
    case 'on_session_finalize':
      if (!source) await runtime.handle(controlEvent(runtime, f, { kind: 'session.end' }));
      return answer({});
    default:
      return answer({});
  }
}
