// Copilot CLI's hook payloads name no tool call, but its session log does: before it runs a
// preToolUse hook it appends `tool.execution_start` {toolCallId, toolName, arguments} to
// `$COPILOT_HOME/session-state/<sessionId>/events.jsonl` (1.0.102, seen in every captured run;
// a subagent's own agentStop names its parent's log, which is where remit looks). The newest start of the same tool with the same
// arguments is the call a pre- or post-tool hook is about, so both carry one id and remit can
// tell two identical calls apart. When the log cannot say (missing, not a regular file, the
// call not in its tail), the id is derived from the call and the hook's own timestamp: unique,
// so a second identical call is never mistaken for a repeat of the first.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import { derivedCallId } from '../command-hook/call-id.js';
import type { Env } from '../host-module.js';
import { copilotHome } from './paths.js';

/** How much of the log's end is read: a call starts just before its hook runs. */
const TAIL_BYTES = 512 * 1024;
const SAFE_SESSION = /^[A-Za-z0-9_-]{1,128}$/;

function tail(file: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
    const st = fstatSync(fd);
    if (!st.isFile()) return undefined;
    const length = Math.min(st.size, TAIL_BYTES);
    const buf = Buffer.allocUnsafe(length);
    let off = 0;
    while (off < length) {
      const n = readSync(fd, buf, off, length - off, st.size - length + off);
      if (n <= 0) break;
      off += n;
    }
    return buf.subarray(0, off).toString('utf8');
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
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

/** The call id a Copilot tool event carries: the logged one, else one unique to this hook run. */
export function copilotCallId(env: Env, sessionId: string, tool: string, args: unknown, timestamp: unknown): string {
  return loggedCallId(env, sessionId, tool, args) ?? derivedCallId(sessionId, tool, { args: args ?? null, at: timestamp ?? null });
}
