// Records the event objects Pi / Oh My Pi hand to an extension. The directory comes from
// E2E_CAPTURE_DIR. Loaded by the host itself (jiti for Pi, Bun for omp), so it imports only node:*.
import fs from 'node:fs';
import path from 'node:path';

const EVENTS = [
  'session_start',
  'session_shutdown',
  'input',
  'before_agent_start',
  'agent_start',
  'agent_end',
  'turn_start',
  'turn_end',
  'message_start',
  'message_end',
  'tool_call',
  'tool_result',
  'tool_execution_start',
  'tool_execution_end',
  'before_subagent_spawn',
  'session_stop',
  'session_before_compact',
  'session_compact',
  'agent_settled',
  'context',
];

function safe(value: unknown): string {
  const seen = new WeakSet<object>();
  return JSON.stringify(
    value,
    (_key, v) => {
      if (typeof v === 'function') return '[function]';
      if (typeof v === 'bigint') return String(v);
      if (v && typeof v === 'object') {
        if (seen.has(v)) return '[circular]';
        seen.add(v);
      }
      return v;
    },
    2,
  );
}

export default function capture(pi: { on: (name: string, handler: (event: unknown, ctx: unknown) => unknown) => void }) {
  const dir = process.env.E2E_CAPTURE_DIR;
  let seq = 0;
  for (const name of EVENTS) {
    pi.on(name, (event: unknown, ctx: unknown) => {
      if (!dir) return undefined;
      fs.mkdirSync(dir, { recursive: true });
      seq += 1;
      const c = ctx as { cwd?: unknown; hasUI?: unknown; mode?: unknown; sessionManager?: { getSessionId?: () => unknown; getSessionFile?: () => unknown } };
      let sessionId: unknown;
      let sessionFile: unknown;
      try {
        sessionId = c?.sessionManager?.getSessionId?.();
        sessionFile = c?.sessionManager?.getSessionFile?.();
      } catch {
        // not every event has a session yet
      }
      const ctxView = { cwd: c?.cwd, hasUI: c?.hasUI, mode: c?.mode, sessionId, sessionFile, keys: c ? Object.keys(c) : [] };
      fs.writeFileSync(path.join(dir, `${name}-${process.pid}-${Date.now()}-${String(seq).padStart(3, '0')}.json`), safe({ event, ctx: ctxView }));
      return undefined;
    });
  }
}
