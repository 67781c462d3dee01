// What the built hook loads of Node's own modules: a spawned hook's cost is mostly what it
// loads (docs/DESIGN.md#performance-budget), so `node:crypto` (with Node's streams and
// OpenSSL), `node:os` and the socket layer stay out of every hook shape a host sends, on a socket stdin
// (Claude Code) and a pipe (Codex). Each shape still answers as it must, and the audit its
// hashes chained verifies through `node:crypto` (`audit verify`).
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, constants, existsSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRepository } from '../support/repository.js';

const ROOT = path.resolve(__dirname, '..', '..');
const BIN = path.join(ROOT, 'dist', 'remit.cjs');
let dir: string;
let env: NodeJS.ProcessEnv;
let proj: string;
let preload: string;

beforeAll(() => {
  if (!existsSync(BIN)) execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build', 'build.mjs')]);
  dir = mkdtempSync(path.join(tmpdir(), 'remit-hook-modules-'));
  proj = path.join(dir, 'proj');
  makeRepository(proj);
  mkdirSync(path.join(proj, 'src'));
  writeFileSync(path.join(proj, 'src', 'a.ts'), 'export const a = 1;\n');
  env = {
    PATH: process.env.PATH,
    HOME: dir,
    LANG: 'C',
    XDG_STATE_HOME: path.join(dir, 'state'),
    XDG_CONFIG_HOME: path.join(dir, 'config'),
    XDG_DATA_HOME: path.join(dir, 'data'),
  };
  // Writes, at exit, the built-in modules loaded after the preload itself.
  preload = path.join(dir, 'modules.cjs');
  writeFileSync(
    preload,
    "const before = new Set(process.moduleLoadList);\nprocess.on('exit', () => require('fs').writeSync(2, `\\nloaded: ${process.moduleLoadList.filter((m) => !before.has(m)).join(',')}\\n`));\n",
  );
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
function payload(host: string, event: string, extra: object): string {
  return JSON.stringify({
    session_id: `modules-${host}`,
    transcript_path: null,
    cwd: proj,
    hook_event_name: event,
    ...(event === 'PreToolUse' ? { tool_use_id: `t${n++}` } : {}),
    ...extra,
  });
}

/** A FIFO holding `input` and no writer, as a host that wrote its payload and closed the pipe. */
function pipeWith(input: string): number {
  const fifo = path.join(dir, `stdin-${n++}.fifo`);
  execFileSync('mkfifo', [fifo]);
  const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
  const writer = openSync(fifo, constants.O_WRONLY);
  writeSync(writer, input);
  closeSync(writer);
  return reader;
}

function hook(host: string, input: string, stdin: 'socket' | 'pipe'): { out: string; loaded: string[] } {
  const args = ['-r', preload, BIN, 'hook', host];
  const fd = stdin === 'pipe' ? pipeWith(input) : null;
  const r = spawnSync(process.execPath, args, { env, encoding: 'utf8', ...(fd === null ? { input } : { stdio: [fd, 'pipe', 'pipe'] }) });
  if (fd !== null) closeSync(fd);
  expect(r.status).toBe(0);
  const loaded = /\nloaded: (.*)\n$/.exec(r.stderr)?.[1];
  expect(loaded).toBeDefined();
  return { out: r.stdout, loaded: loaded!.split(',') };
}

// node:os too: a hook takes the host name from /proc and the home folder from HOME (scripts/build/build.mjs).
const HEAVY = /^NativeModule (crypto|net|os|stream|internal\/crypto\/.*|internal\/streams\/.*)$/;

const bash = { tool_name: 'Bash', tool_input: { command: 'git status --short && grep -rn TODO src | head -5' } };
const patch = (file: string) => `*** Begin Patch\n*** Update File: ${file}\n@@\n-export const a = 1;\n+export const a = 2;\n*** End Patch\n`;
/** Each host's tool calls and what the answer to each must be. */
const shapes = (at: (file: string) => string): Record<'claude' | 'codex', [object, (out: string) => boolean][]> => ({
  claude: [
    [{ tool_name: 'Read', tool_input: { file_path: at('src/a.ts') } }, (out) => out === ''],
    [{ tool_name: 'Write', tool_input: { file_path: at('src/a.ts'), content: 'export const a = 2;\n' } }, (out) => out === ''],
    [{ tool_name: 'Write', tool_input: { file_path: at('README.md'), content: '# x\n' } }, (out) => out.includes('"deny"')],
    [bash, (out) => out === ''],
    // Unproven: asked, and watched (the watch's chunk hashes a settings file without node:crypto).
    [{ tool_name: 'Bash', tool_input: { command: `python3 -c "open(n, 'w')"` } }, (out) => out.includes('"ask"')],
  ],
  codex: [
    [{ tool_name: 'apply_patch', tool_input: { command: patch('src/a.ts') } }, (out) => out === ''],
    [{ tool_name: 'apply_patch', tool_input: { command: patch('README.md') } }, (out) => out.includes('"deny"')],
    [bash, (out) => out === ''],
  ],
});

describe.skipIf(process.platform !== 'linux')('a spawned hook loads neither node:crypto, node:os nor the socket layer', () => {
  for (const [host, stdin] of [
    ['claude', 'socket'],
    ['codex', 'pipe'],
  ] as const) {
    it(`${host}, stdin a ${stdin}: a directive, reads, writes in and out of scope, a shell command`, () => {
      const armed = hook(host, payload(host, 'UserPromptSubmit', { prompt: '$remit change files=src/** -- modules' }), stdin);
      expect(armed.out).toContain('remit ARMED');
      expect(armed.loaded.filter((m) => HEAVY.test(m))).toEqual([]);
      for (const [call, ok] of shapes((file) => path.join(proj, file))[host]) {
        const r = hook(host, payload(host, 'PreToolUse', call), stdin);
        expect(ok(r.out), r.out).toBe(true);
        expect(r.loaded.filter((m) => HEAVY.test(m))).toEqual([]);
      }
      const verify = spawnSync(process.execPath, [BIN, 'audit', 'verify', '--all'], { env, encoding: 'utf8' });
      expect(verify.stdout).toContain('intact');
      expect(verify.status).toBe(0);
    });
  }
});
