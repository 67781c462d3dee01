// Records what OpenCode 2 (`@opencode/cli` 2.x plugin API) hands a plugin: the process argv, the
// setup context's keys, and each hook's event. The directory comes from E2E_CAPTURE_DIR.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.env.E2E_CAPTURE_DIR;
let seq = 0;

function safe(value) {
  const seen = new WeakSet();
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

function record(hook, event) {
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  seq += 1;
  fs.writeFileSync(path.join(dir, `${hook}-${process.pid}-${String(seq).padStart(4, '0')}.json`), safe(event));
}

export default {
  id: 'e2e-capture',
  setup(ctx) {
    record('setup', { argv: process.argv, keys: Object.keys(ctx), location: ctx.location, options: ctx.options });
    ctx.session.hook('prompt', (e) => record('session.prompt', e));
    ctx.session.hook('context', (e) => record('session.context', { keys: Object.keys(e), sessionID: e.sessionID, system: e.system, messages: e.messages }));
    ctx.tool.hook('execute.before', (e) => record('tool.execute.before', e));
    ctx.tool.hook('execute.after', (e) => record('tool.execute.after', e));
    ctx.permission.hook('evaluate', (e) => record('permission.evaluate', e));
    ctx.event.subscribe((e) => record(`event.${e?.type ?? 'unknown'}`, e));
  },
};
