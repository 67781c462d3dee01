// Copilot CLI's hook payloads name no tool call, but its session log does: before it runs a
// preToolUse hook it appends `tool.execution_start` {toolCallId, toolName, arguments} and the
// hook's own `hook.start` {hookInvocationId, hookType, input: {toolCalls: [{id, name, args}]}} to
// `$COPILOT_HOME/session-state/<sessionId>/events.jsonl`, then `hook.end` when the hook answers and
// `tool.execution_complete` {toolCallId} when the call is over (1.0.102, seen in every captured
// run; a subagent's own agentStop names its parent's log, which is where remit looks). The call a
// hook is about is the one the log shows still open, found by where it stands in the log and
// never by its text alone: a preToolUse is about the newest start of the same tool and arguments
// whose call is not complete and whose own preToolUse has not yet answered; a postToolUse about
// the newest start still not complete (its completion is logged after the hook). An earlier
// identical call (declined, refused, or run) is closed in the log and so never taken for it.
// Matching by tool and arguments alone once gave an approved call the id of the declined one just
// before it, which means the hook ran before the log showed its own start: so a preToolUse that
// does not find its call yet looks again for a short while. When the log cannot say (missing, not a regular file, the call not in
// its tail), the id is derived from the call and the hook's own timestamp: unique, so a second
// identical call is never mistaken for a repeat of the first.
import path from 'node:path';
import { derivedCallId } from '../command-hook/call-id.js';
import type { Env } from '../host-module.js';
import { readRegularFileTailSync } from '../../src/core/state/files.js';
import { copilotHome } from './paths.js';

/** How much of the log's end is read: a call starts just before its hook runs. */
const TAIL_BYTES = 512 * 1024;
const SAFE_SESSION = /^[A-Za-z0-9_-]{1,128}$/;
/** How long a preToolUse waits for the log to show its call (the host appends it just before). */
const PRE_WAIT_MS = 300;
const PRE_POLL_MS = 20;

/** The end of the session's log; undefined when the session id is not a safe folder name or the log cannot be read. */
function logTail(env: Env, sessionId: string): string | undefined {
  if (!SAFE_SESSION.test(sessionId)) return undefined;
  try {
    return readRegularFileTailSync(path.join(copilotHome(env), 'session-state', sessionId, 'events.jsonl'), TAIL_BYTES).toString('utf8');
  } catch {
    return undefined;
  }
}

type LogEvent = {
  type?: unknown;
  data?: { toolCallId?: unknown; toolName?: unknown; arguments?: unknown; hookInvocationId?: unknown; hookType?: unknown; input?: { toolCalls?: unknown } };
};

const validId = (id: unknown): id is string => typeof id === 'string' && id !== '' && id.length <= 512;

/**
 * The toolCallId of the open call a `hook` (pre or post) run is about, read from the end of the
 * log `text`; undefined when the log does not show one.
 */
function openCallIn(text: string, hook: 'pre' | 'post', tool: string, args: unknown): string | undefined {
  const wanted = JSON.stringify(args ?? null);
  const complete = new Set<string>();
  const endedHooks = new Set<string>();
  const answered = new Set<string>();
  const lines = text.split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!;
    if (!line.includes('"tool.execution_') && !line.includes('"hook.')) continue;
    let e: LogEvent;
    try {
      e = JSON.parse(line) as LogEvent;
    } catch {
      continue; // A line cut by the tail's start, or not JSON: proves nothing.
    }
    const d = e.data;
    if (!d) continue;
    if (e.type === 'tool.execution_complete') {
      if (validId(d.toolCallId)) complete.add(d.toolCallId);
    } else if (e.type === 'hook.end') {
      if (validId(d.hookInvocationId)) endedHooks.add(d.hookInvocationId);
    } else if (e.type === 'hook.start') {
      // A preToolUse that has answered: the calls it names are no longer waiting for one.
      if (d.hookType === 'preToolUse' && validId(d.hookInvocationId) && endedHooks.has(d.hookInvocationId) && Array.isArray(d.input?.toolCalls))
        for (const c of d.input.toolCalls as { id?: unknown }[]) if (validId(c?.id)) answered.add(c.id);
    } else if (e.type === 'tool.execution_start' && d.toolName === tool && validId(d.toolCallId)) {
      if (complete.has(d.toolCallId) || (hook === 'pre' && answered.has(d.toolCallId))) continue;
      if (JSON.stringify(d.arguments ?? null) === wanted) return d.toolCallId;
    }
  }
  return undefined;
}

/** The toolCallId the session log gives the open call a hook run is about (see above), if it has one. */
export function loggedCallId(env: Env, sessionId: string, hook: 'pre' | 'post', tool: string, args: unknown): string | undefined {
  const text = logTail(env, sessionId);
  return text === undefined ? undefined : openCallIn(text, hook, tool, args);
}

const DECLINED = 'Denied by user via preToolUse hook prompt';

/**
 * The calls the person declined at Copilot's own approval prompt (remit's ask) in the session's
 * last interaction, oldest first. Copilot fires no hook for a "No" (no postToolUse, no
 * postToolUseFailure: seen on 1.0.102 in the terminal UI), but its session log closes the call
 * with `tool.execution_complete` {toolCallId, interactionId, success: false, error: {message:
 * "Denied by user via preToolUse hook prompt: …"}}. Read at agentStop, the end of that
 * interaction, so each is reported once. Empty when the log cannot say: nothing is claimed.
 */
export function declinedInLastInteraction(env: Env, sessionId: string): string[] {
  const text = logTail(env, sessionId);
  if (text === undefined) return [];
  const lines = text.split('\n');
  let interaction: string | undefined;
  const ids: string[] = [];
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!;
    const user = line.includes('"user.message"');
    if (!user && !(line.includes('"tool.execution_complete"') && line.includes(DECLINED))) continue;
    try {
      const e = JSON.parse(line) as {
        type?: unknown;
        data?: { interactionId?: unknown; toolCallId?: unknown; success?: unknown; error?: { message?: unknown } };
      };
      const at = e.data?.interactionId;
      if (typeof at !== 'string') continue;
      if (e.type === 'user.message') {
        // The newest prompt's interaction is the one ending; an older prompt ends the search.
        if (interaction === undefined) interaction = at;
        else if (at !== interaction) break;
        continue;
      }
      if (e.type !== 'tool.execution_complete' || e.data?.success !== false) continue;
      if (interaction !== undefined && at !== interaction) break;
      interaction ??= at;
      const id = e.data?.toolCallId;
      const message = e.data?.error?.message;
      if (validId(id) && typeof message === 'string' && message.startsWith(DECLINED)) ids.unshift(id);
    } catch {
      // A line cut by the tail's start, or not JSON: proves nothing.
    }
  }
  return ids;
}

/**
 * The call id a Copilot tool event carries: the logged one, else one unique to this hook run. A
 * preToolUse whose call the log does not show yet looks again until PRE_WAIT_MS have passed.
 */
export async function copilotCallId(env: Env, sessionId: string, hook: 'pre' | 'post', tool: string, args: unknown, timestamp: unknown): Promise<string> {
  const deadline = Date.now() + (hook === 'pre' ? PRE_WAIT_MS : 0);
  for (;;) {
    const text = logTail(env, sessionId);
    const id = text === undefined ? undefined : openCallIn(text, hook, tool, args);
    if (id !== undefined) return id;
    // No log at all: nothing to wait for.
    if (text === undefined || Date.now() >= deadline) break;
    // The global timer: node:timers/promises would be one more module every hook loads.
    await new Promise((resolve) => setTimeout(resolve, PRE_POLL_MS));
  }
  return derivedCallId(sessionId, tool, { args: args ?? null, at: timestamp ?? null });
}
