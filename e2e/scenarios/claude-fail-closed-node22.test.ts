// Claude Code 2.1.332 with remit's PreToolUse hook dead: `remit install claude`, run with that
// Claude Code on PATH, writes `onFailure: "block"` on the hook (docs/DESIGN.md#fail-modes). Here
// remit's installed hook is made to hang past its timeout, or to crash, under a `$remit change`
// contract that would allow the write: the write must not happen. The same hook without the
// setting lets the write through (the fail-open baseline the setting closes).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { claude22 } from '../harness/hosts/claude.js';
import { binary } from '../harness/hosts/driver.js';
import { installRemit } from '../harness/remit.js';
import { openSession, type HostSession } from '../harness/session.js';
import { fileState, resultOfCall } from './evidence.js';

type Handler = { type: string; command: string; timeout?: number; onFailure?: string };
type Settings = { hooks: Record<string, { hooks: Handler[] }[]> };

const skip = claude22.unavailable();

/** Installs remit with this Claude Code on PATH, then rewrites its PreToolUse handler. */
async function withBrokenHook(label: string, breakIt: (h: Handler, sb: HostSession['sb']) => void): Promise<{ session: HostSession; handler: Handler }> {
  const session = await openSession(claude22, { label, mode: 'bare', files: { 'a.txt': 'original\n' } });
  session.sb.env.PATH = [path.dirname(binary('claude', claude22.toolchain)), session.sb.env.PATH].join(path.delimiter);
  const install = await installRemit(claude22, session.sb);
  expect(install.via, install.installer?.stderr).toBe('installer');
  const file = path.join(session.sb.home, '.claude', 'settings.json');
  const settings = JSON.parse(fs.readFileSync(file, 'utf8')) as Settings;
  const handler = settings.hooks.PreToolUse!.flatMap((g) => g.hooks).find((h) => h.command.includes('hook claude PreToolUse'))!;
  breakIt(handler, session.sb);
  fs.writeFileSync(file, `${JSON.stringify(settings, null, 2)}\n`);
  return { session, handler };
}

async function writeUnderChange(session: HostSession) {
  const write = session.tools.write({ rel: 'b.txt', abs: path.join(session.sb.project, 'b.txt') }, 'written\n');
  const run = await session.run('$remit change -- create b.txt', { main: [{ calls: [write] }, { text: 'Finished.' }] });
  return { run, result: resultOfCall(run, write.name) };
}

/** A copy of the installed bundle cut in half: node exits 1 on a syntax error, remit never answers. */
function crash(h: Handler, sb: HostSession['sb']) {
  const bundle = /(\S+\/remit\.cjs)\b/.exec(h.command)![1]!.replace(/^['"]|['"]$/g, '');
  const broken = path.join(sb.root, 'broken-remit.cjs');
  const text = fs.readFileSync(bundle, 'utf8');
  fs.writeFileSync(broken, text.slice(0, Math.floor(text.length / 2)));
  h.command = h.command.replace(bundle, broken);
}

/** remit's hook held past its (shortened) timeout before it starts. */
function hang(h: Handler) {
  h.command = `sleep 30; ${h.command}`;
  h.timeout = 3;
}

describe.skipIf(skip !== undefined)('claude@node22: a dead remit hook blocks the tool (onFailure "block")', () => {
  it('install writes onFailure "block" on PreToolUse for Claude Code 2.1.332', async () => {
    const { session, handler } = await withBrokenHook('onfailure-written', () => {});
    try {
      expect(handler.onFailure).toBe('block');
    } finally {
      await session.close();
    }
  });

  for (const [name, label, breakIt] of [
    ['hangs past its timeout', 'hang', (h: Handler) => hang(h)],
    ['crashes', 'crash', crash],
  ] as const) {
    it(`a hook that ${name}: the write is blocked`, async () => {
      const { session } = await withBrokenHook(`fail-closed-${label}`, breakIt);
      try {
        const { run, result } = await writeUnderChange(session);
        expect(run.files['b.txt'], `${fileState(run, 'b.txt')}; model got ${JSON.stringify(result?.slice(0, 200))}`).toBeUndefined();
        expect(result).toBeDefined();
      } finally {
        await session.close();
      }
    });
  }

  it('baseline: the crashing hook without onFailure lets the write run', async () => {
    const { session } = await withBrokenHook('fail-open-baseline', (h, sb) => {
      crash(h, sb);
      delete h.onFailure;
    });
    try {
      const { run } = await writeUnderChange(session);
      expect(run.files['b.txt']).toBe('written\n');
    } finally {
      await session.close();
    }
  });
});
