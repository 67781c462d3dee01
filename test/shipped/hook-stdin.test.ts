// The built hook reads its payload the way each host hands it over: a socket (Claude Code,
// Node and Bun hosts), a pipe (Codex, Hermes), a file, and a pipe the host never closes. Every
// one gives the same verdict, and none waits longer than the silence limit.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRepository } from '../support/repository.js';

const ROOT = path.resolve(__dirname, '..', '..');
const BIN = path.join(ROOT, 'dist', 'remit.cjs');
let dir: string;
let env: NodeJS.ProcessEnv;
let proj: string;

beforeAll(() => {
  if (!existsSync(BIN)) execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build', 'build.mjs')]);
  dir = mkdtempSync(path.join(tmpdir(), 'remit-hook-stdin-'));
  proj = path.join(dir, 'proj');
  makeRepository(proj);
  env = {
    PATH: process.env.PATH,
    HOME: dir,
    LANG: 'C',
    XDG_STATE_HOME: path.join(dir, 'state'),
    XDG_CONFIG_HOME: path.join(dir, 'config'),
    XDG_DATA_HOME: path.join(dir, 'data'),
  };
  const arm = spawnSync(process.execPath, [BIN, 'hook', 'claude'], {
    env,
    encoding: 'utf8',
    input: JSON.stringify(payload('UserPromptSubmit', { prompt: '$remit change files=src/** -- stdin kinds' })),
  });
  expect(arm.stdout).toContain('remit ARMED');
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function payload(event: string, extra: object): object {
  return { session_id: 'stdin-kinds', transcript_path: null, cwd: proj, hook_event_name: event, ...extra };
}

let n = 0;
function outOfScope(): string {
  return JSON.stringify(
    payload('PreToolUse', { tool_name: 'Write', tool_use_id: `t${n++}`, tool_input: { file_path: path.join(proj, 'README.md'), content: 'x' } }),
  );
}

const denies = (out: string) => JSON.parse(out).hookSpecificOutput.permissionDecision === 'deny';

describe('the hook reads every kind of stdin', () => {
  it('a socket, as a Node or Bun host gives', () => {
    const r = spawnSync(process.execPath, [BIN, 'hook', 'claude'], { env, encoding: 'utf8', input: outOfScope() });
    expect(denies(r.stdout)).toBe(true);
  });

  it('a pipe and a file, as Codex and Hermes give', () => {
    const file = path.join(dir, 'payload.json');
    writeFileSync(file, outOfScope());
    const piped = spawnSync('sh', ['-c', `cat "$1" | "$2" "$3" hook claude`, 'sh', file, process.execPath, BIN], { env, encoding: 'utf8' });
    expect(denies(piped.stdout)).toBe(true);
    writeFileSync(file, outOfScope());
    const redirected = spawnSync('sh', ['-c', `"$2" "$3" hook claude < "$1"`, 'sh', file, process.execPath, BIN], { env, encoding: 'utf8' });
    expect(denies(redirected.stdout)).toBe(true);
  });

  it('a pipe its host never closes: the whole payload is answered after the silence limit', () => {
    const file = path.join(dir, 'held.json');
    writeFileSync(file, outOfScope());
    const t0 = Date.now();
    // The writer holds the pipe open for 5 s; the hook's own end is timed by the date after it.
    const r = spawnSync('sh', ['-c', `(cat "$1"; sleep 5) | { "$2" "$3" hook claude; date +%s%3N >&2; }`, 'sh', file, process.execPath, BIN], {
      env,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(denies(r.stdout)).toBe(true);
    const answeredAfter = Number(r.stderr.trim().split('\n').pop()) - t0;
    expect(answeredAfter).toBeGreaterThan(1500);
    expect(answeredAfter).toBeLessThan(4500);
  }, 30_000);

  it('a socket its host never closes: answered after the silence limit too', async () => {
    const t0 = Date.now();
    const child = spawn(process.execPath, [BIN, 'hook', 'claude'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stdin.write(outOfScope());
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.stdin.destroy();
    expect(code).toBe(0);
    expect(denies(out)).toBe(true);
    expect(Date.now() - t0).toBeGreaterThan(1500);
    expect(Date.now() - t0).toBeLessThan(10_000);
  }, 30_000);
});
