// Records the arguments OpenCode (V1 plugin API) hands to each plugin hook. The directory comes from
// E2E_CAPTURE_DIR in the environment OpenCode was started with.
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

function record(hook, input, output) {
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  seq += 1;
  const name = `${hook}-${process.pid}-${String(seq).padStart(4, '0')}.json`;
  fs.writeFileSync(path.join(dir, name), safe({ hook, input, output }));
}

export const E2eCapture = async (ctx) => {
  record('plugin.init', { directory: ctx.directory, worktree: ctx.worktree, project: ctx.project }, undefined);
  return {
    event: async (input) => record(`event.${input?.event?.type ?? 'unknown'}`, input, undefined),
    'chat.message': async (input, output) => record('chat.message', input, output),
    'chat.params': async (input, output) => record('chat.params', input, output),
    'tool.execute.before': async (input, output) => record('tool.execute.before', input, output),
    'tool.execute.after': async (input, output) => record('tool.execute.after', input, output),
    'permission.ask': async (input, output) => record('permission.ask', input, output),
    'experimental.chat.system.transform': async (input, output) => record('experimental.chat.system.transform', input, output),
    'experimental.session.compacting': async (input, output) => record('experimental.session.compacting', input, output),
  };
};
