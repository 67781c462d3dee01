// Copilot CLI's hook payloads name no tool call, but its session log does: before it runs a
// preToolUse hook it appends `tool.execution_start` {toolCallId, toolName, arguments} to
// `$COPILOT_HOME/session-state/<sessionId>/events.jsonl` (1.0.102, seen in every captured run;
// a subagent's own agentStop names its parent's log, which is where remit looks). The newest start of the same tool with the same
// arguments is the call a pre- or post-tool hook is about, so both carry one id and remit can
// tell two identical calls apart. When the log cannot say (missing, not a regular file, the
// call not in its tail), the id is derived from the call and the hook's own timestamp: unique,
// so a second identical call is never mistaken for a repeat of the first.
import path from 'node:path';
import { derivedCallId } from '../command-hook/call-id.js';
import type { Env } from '../host-module.js';
import { readRegularFileTailSync } from '../../src/core/state/files.js';
import { copilotHome } from './paths.js';

/** How much of the log's end is read: a call starts just before its hook runs. */
const TAIL_BYTES = 512 * 1024;
const SAFE_SESSION = /^[A-Za-z0-9_-]{1,128}$/;

function tail(file: string): string | undefined {
  try {
    return readRegularFileTailSync(file, TAIL_BYTES).toString('utf8');
  } catch {
    return undefined;
  }
}

/** The toolCallId of the newest logged start of `tool` with exactly `args`, if the log has one. */
export function loggedCallId(env: Env, sessionId: string, tool: string, args: unknown): string | undefined {
  if (!SAFE_SESSION.test(sessionId)) return undefined;
  const text = tail(path.join(copilotHome(env), 'session-state', sessionId, 'events.jsonl'));
  if (text === undefined) return undefined;
  const wanted = JSON.stringify(args ?? null);
  const lines = text.split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!;
    if (!line.includes('"tool.execution_start"')) continue;
    try {
      const e = JSON.parse(line) as { type?: unknown; data?: { toolCallId?: unknown; toolName?: unknown; arguments?: unknown } };
      if (e.type !== 'tool.execution_start' || e.data?.toolName !== tool) continue;
      if (JSON.stringify(e.data.arguments ?? null) !== wanted) continue;
      const id = e.data.toolCallId;
      return typeof id === 'string' && id !== '' && id.length <= 512 ? id : undefined;
    } catch {
      // A line cut by the tail's start, or not JSON: not this call.
    }
  }
  return undefined;
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
  if (!SAFE_SESSION.test(sessionId)) return [];
  const text = tail(path.join(copilotHome(env), 'session-state', sessionId, 'events.jsonl'));
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
      if (typeof id === 'string' && id !== '' && id.length <= 512 && typeof message === 'string' && message.startsWith(DECLINED)) ids.unshift(id);
    } catch {
      // A line cut by the tail's start, or not JSON: proves nothing.
    }
  }
  return ids;
}

/** The call id a Copilot tool event carries: the logged one, else one unique to this hook run. */
export function copilotCallId(env: Env, sessionId: string, tool: string, args: unknown, timestamp: unknown): string {
  return loggedCallId(env, sessionId, tool, args) ?? derivedCallId(sessionId, tool, { args: args ?? null, at: timestamp ?? null });
}
