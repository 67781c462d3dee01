// remit's Claude Code plugin (plugins/claude, loaded here with --plugin-dir) carries
// `onFailure: "block"` on its PreToolUse hook: one file serves every Claude Code, so the key must
// block on 2.1.332 and be harmless on 2.1.197 (which drops keys it does not know). The plugin's
// launcher finds the bundle a `remit install claude --scope project` put on the machine; that
// install's own settings hooks are taken out, so only the plugin's hooks run.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { claude, claude22 } from '../harness/hosts/claude.js';
import { REPO_DIR, type HostDriver } from '../harness/hosts/driver.js';
import { remitBuild } from '../harness/remit.js';
import { openSession, type HostSession } from '../harness/session.js';
import { runProcess } from '../harness/spawn.js';
import { fileState, resultOfCall } from './evidence.js';

type Handler = { command: string; timeout?: number; onFailure?: string };
type HooksFile = { hooks: Record<string, { hooks: Handler[] }[]> };

const pluginDir = (session: HostSession) => path.join(session.sb.root, 'remit-plugin');

/** The host driver with remit's plugin copy passed as --plugin-dir on every run. */
function withPlugin(driver: HostDriver): HostDriver {
  return {
    ...driver,
    invocation(sb, prompt, options) {
      const inv = driver.invocation(sb, prompt, options);
      return { ...inv, args: [...inv.args, '--plugin-dir', path.join(sb.root, 'remit-plugin')] };
    },
  };
}

/** A session whose only remit hooks are the plugin's, `change` to its PreToolUse handler first. */
async function pluginSession(driver: HostDriver, label: string, change: (h: Handler, session: HostSession) => void = () => {}): Promise<HostSession> {
  const session = await openSession(withPlugin(driver), { label, mode: 'bare', files: { 'a.txt': 'original\n' } });
  const build = remitBuild(driver.toolchain.node);
  const install = await runProcess({
    file: build.node,
    args: [build.bundle, 'install', 'claude', '--scope', 'project'],
    cwd: session.sb.project,
    env: session.sb.env,
    timeoutMs: 60_000,
  });
  expect(install.exit, install.stderr).toBe(0);
  // The bundle and its pointer stay; the project's settings hooks go.
  fs.rmSync(path.join(session.sb.project, '.claude', 'settings.json'));
  fs.cpSync(path.join(REPO_DIR, 'plugins', 'claude'), pluginDir(session), { recursive: true });
  const file = path.join(pluginDir(session), 'hooks', 'hooks.json');
  const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as HooksFile;
  change(doc.hooks.PreToolUse![0]!.hooks[0]!, session);
  fs.writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
  return session;
}

async function write(session: HostSession, prompt: string) {
  const call = session.tools.write({ rel: 'b.txt', abs: path.join(session.sb.project, 'b.txt') }, 'written\n');
  const run = await session.run(`${prompt} -- create b.txt`, { main: [{ calls: [call] }, { text: 'Finished.' }] });
  return { run, result: resultOfCall(run, call.name) };
}

/** The launcher cut in half: node exits 1 on a syntax error, remit never answers. */
function crash(_h: Handler, session: HostSession) {
  const launcher = path.join(pluginDir(session), 'launch.cjs');
  const text = fs.readFileSync(launcher, 'utf8');
  fs.writeFileSync(launcher, text.slice(0, Math.floor(text.length / 2)));
}

describe.skipIf(claude.unavailable() !== undefined)('claude 2.1.197: the plugin with onFailure loads and guards', () => {
  it('a write under $remit review is refused by the plugin hook', async () => {
    const session = await pluginSession(claude, 'plugin-197');
    try {
      const { run, result } = await write(session, '$remit review');
      expect(run.files['b.txt'], `${fileState(run, 'b.txt')}; exit ${run.exit}; ${run.stderr.slice(0, 300)}`).toBeUndefined();
      expect(result).toMatch(/MODE_FORBIDS_MUTATION/);
    } finally {
      await session.close();
    }
  });
});

describe.skipIf(claude22.unavailable() !== undefined)('claude@node22 2.1.332: a dead plugin hook blocks the tool (onFailure "block")', () => {
  it('the working plugin refuses a write under $remit review', async () => {
    const session = await pluginSession(claude22, 'plugin-332');
    try {
      const { run, result } = await write(session, '$remit review');
      expect(run.files['b.txt'], fileState(run, 'b.txt')).toBeUndefined();
      expect(result).toMatch(/MODE_FORBIDS_MUTATION/);
    } finally {
      await session.close();
    }
  });

  for (const [name, label, change] of [
    ['crashes', 'plugin-crash', crash],
    [
      'hangs past its timeout',
      'plugin-hang',
      (h: Handler) => {
        h.command = `sleep 30; ${h.command}`;
        h.timeout = 3;
      },
    ],
  ] as const) {
    it(`a plugin hook that ${name}: the write under $remit change is blocked`, async () => {
      const session = await pluginSession(claude22, label, change);
      try {
        const { run, result } = await write(session, '$remit change');
        expect(run.files['b.txt'], `${fileState(run, 'b.txt')}; model got ${JSON.stringify(result?.slice(0, 200))}`).toBeUndefined();
        expect(result).toBeDefined();
      } finally {
        await session.close();
      }
    });
  }

  it('baseline: the crashing plugin hook without onFailure lets the write run', async () => {
    const session = await pluginSession(claude22, 'plugin-crash-open', (h, s) => {
      crash(h, s);
      delete h.onFailure;
    });
    try {
      const { run } = await write(session, '$remit change');
      expect(run.files['b.txt']).toBe('written\n');
    } finally {
      await session.close();
    }
  });
});
