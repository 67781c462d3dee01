// The built files as a user runs them: dist/remit.cjs loads its chunks (shell parser, file
// classifiers, commands) from beside itself, also after `remit install` copied them away.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const dist = path.resolve('dist');
let dir: string;
let env: Record<string, string>;

function hook(bundle: string, payload: object): string {
  return execFileSync(process.execPath, [bundle, 'hook', 'claude'], { input: JSON.stringify(payload), env, encoding: 'utf8' });
}

beforeAll(() => {
  if (!existsSync(path.join(dist, 'remit.cjs'))) execFileSync('node', ['scripts/build.mjs']);
  dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'remit-bundle-')));
  mkdirSync(path.join(dir, 'proj', '.git'), { recursive: true });
  env = { PATH: process.env.PATH ?? '', HOME: dir, XDG_DATA_HOME: path.join(dir, 'data'), XDG_STATE_HOME: path.join(dir, 'state'), XDG_CONFIG_HOME: path.join(dir, 'config') };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the built bundle', () => {
  it('ships remit.cjs with its chunks beside it', () => {
    const files = readdirSync(dist).filter((f) => f.endsWith('.cjs')).sort();
    expect(files).toEqual(['remit-cli.cjs', 'remit-files.cjs', 'remit-shell.cjs', 'remit.cjs']);
  });

  it('answers hooks through every chunk, from an installed copy too', () => {
    execFileSync(process.execPath, [path.join(dist, 'remit.cjs'), 'install', 'claude'], { env, cwd: path.join(dir, 'proj'), encoding: 'utf8' });
    const installed = path.join(dir, 'data', 'remit');
    const version = readdirSync(installed).find((f) => /^\d/.test(f))!;
    const bundle = path.join(installed, version, 'remit.cjs');
    expect(readdirSync(path.dirname(bundle)).filter((f) => f.endsWith('.cjs')).sort()).toEqual(['remit-cli.cjs', 'remit-files.cjs', 'remit-shell.cjs', 'remit.cjs']);
    const base = { session_id: 'bundle-test', transcript_path: null, cwd: path.join(dir, 'proj') };
    hook(bundle, { ...base, hook_event_name: 'UserPromptSubmit', prompt: '$remit change files=src/** -- bundle test' });
    const shell = JSON.parse(hook(bundle, { ...base, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: 't1', tool_input: { command: 'echo hi > README.md' } }));
    expect(shell.hookSpecificOutput.permissionDecisionReason).toContain('PATH_OUTSIDE_CONTRACT');
    const write = JSON.parse(hook(bundle, { ...base, hook_event_name: 'PreToolUse', tool_name: 'Write', tool_use_id: 't2', tool_input: { file_path: path.join(dir, 'proj', 'package.json'), content: '{"dependencies":{"left-pad":"1"}}' } }));
    expect(write.hookSpecificOutput.permissionDecisionReason).toMatch(/DEPENDENCY_NOT_AUTHORIZED|PATH_OUTSIDE_CONTRACT/);
    expect(hook(bundle, { ...base, hook_event_name: 'PreToolUse', tool_name: 'Write', tool_use_id: 't3', tool_input: { file_path: path.join(dir, 'proj', 'src', 'a.ts'), content: 'x' } })).toBe('');
    const status = execFileSync(process.execPath, [bundle, 'status', '--host', 'claude', '--session', 'bundle-test'], { env, encoding: 'utf8' });
    expect(status).toContain('files=src/**');
  });
});
