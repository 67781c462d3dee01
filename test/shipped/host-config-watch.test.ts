// The watch on host configuration through the built bundle, as a host runs it: the real
// commands run between the spawned PreToolUse and PostToolUse hooks, and what they did to the
// project's host configuration is put back (docs/DESIGN.md#host-configuration-watch).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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
  dir = mkdtempSync(path.join(tmpdir(), 'remit-watch-bundle-'));
  proj = path.join(dir, 'proj');
  makeRepository(proj);
  env = { PATH: process.env.PATH, HOME: path.join(dir, 'home'), LANG: 'C', REMIT_HOME: path.join(dir, 'state') };
  mkdirSync(env.HOME!);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
function hook(host: 'claude' | 'codex', session: string, event: string, extra: object): string {
  const input = JSON.stringify({ session_id: session, transcript_path: null, cwd: proj, hook_event_name: event, ...extra });
  const r = spawnSync(process.execPath, [BIN, 'hook', host], { env, cwd: proj, encoding: 'utf8', input });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

/** One Bash call as the host makes it: the PreToolUse hook, the command itself when allowed, the PostToolUse hook. */
function call(host: 'claude' | 'codex', session: string, command: string): { before: string; after: string } {
  const id = `call_${n++}`;
  const tool = { tool_name: 'Bash', tool_input: { command }, tool_use_id: id, ...(host === 'codex' ? { turn_id: 'turn-1' } : {}) };
  const before = hook(host, session, 'PreToolUse', tool);
  if (!before.includes('"deny"')) spawnSync('bash', ['-c', command], { cwd: proj, env });
  const after = hook(host, session, 'PostToolUse', { ...tool, tool_response: host === 'codex' ? 'ok' : { stdout: '' } });
  return { before, after };
}

const settings = (host: string) => path.join(proj, host === 'codex' ? '.codex/hooks.json' : '.claude/settings.json');

describe.skipIf(process.platform !== 'linux')('the watch on host configuration, through the built hook', () => {
  for (const host of ['claude', 'codex'] as const) {
    it(`${host}: inline code that builds the name puts nothing in force; a command that changes nothing there is not reported`, () => {
      const session = `watch-${host}`;
      const file = settings(host);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, '{"mine":true}\n');
      expect(hook(host, session, 'UserPromptSubmit', { prompt: '$remit change -- tidy up' })).toContain('remit ARMED');
      const rel = path.relative(proj, file);
      // The name comes from a file the agent wrote earlier: no reading of the command can see it,
      // the command is unproven, and `change` lets it run.
      writeFileSync(path.join(proj, 'name.txt'), `${rel}\n`);
      const r = call(host, session, `python3 -c "open(open('name.txt').read().strip(), 'w').write('{\\"hooks\\": \\"evil\\"}')"`);
      expect(r.before).not.toContain('"deny"');
      expect(readFileSync(file, 'utf8')).toBe('{"mine":true}\n');
      expect(r.after).toContain('put back');
      expect(r.after).toContain(`\`${rel}\``);
      const kept = path.join(env.REMIT_HOME!, 'watch', 'kept');
      const finding = readdirSync(kept).at(-1)!;
      expect(readFileSync(path.join(kept, finding, '0'), 'utf8')).toBe('{"hooks": "evil"}');
      // A directory the command made under a watched tree is removed too.
      const dirname = host === 'codex' ? '.codex/hooks' : '.claude/hooks';
      writeFileSync(path.join(proj, 'name.txt'), `${dirname}/x\n`);
      const made = call(host, session, `python3 -c "import os; d=open('name.txt').read().strip(); os.makedirs(d); open(d + '/run.sh', 'w').write('id')"`);
      expect(made.after).toContain('put back');
      expect(existsSync(path.join(proj, dirname, 'x'))).toBe(false);
      // Work elsewhere in the project: nothing to say.
      const fine = call(host, session, `python3 -c "n='notes'; open(n + '.txt', 'w').write('ok')"`);
      expect(fine.after).not.toContain('remit:');
      expect(readFileSync(path.join(proj, 'notes.txt'), 'utf8')).toBe('ok');
      const status = spawnSync(process.execPath, [BIN, 'status', '--host', host, '--session', session], { env, cwd: proj, encoding: 'utf8' });
      expect(status.stdout).toContain("changed a host's hook or plugin configuration");
    });
  }
});
