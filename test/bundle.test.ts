// The built files as a user runs them: dist/remit.cjs starts the loader (remit-loader.cjs), which
// loads the hook's bundle or the CLI's and their chunks (shell parser, file classifiers,
// commands) from beside itself, each through a V8 code cache kept there, also after `remit
// install` copied them away.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRepository } from './support/repository.js';

const dist = path.resolve('dist');
let dir: string;
let env: Record<string, string>;

function hook(bundle: string, payload: object): string {
  return execFileSync(process.execPath, [bundle, 'hook', 'claude'], { input: JSON.stringify(payload), env, encoding: 'utf8' });
}

beforeAll(() => {
  if (!existsSync(path.join(dist, 'remit.cjs'))) execFileSync('node', ['scripts/build/build.mjs']);
  dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'remit-bundle-')));
  makeRepository(path.join(dir, 'proj'));
  env = {
    PATH: process.env.PATH ?? '',
    HOME: dir,
    XDG_DATA_HOME: path.join(dir, 'data'),
    XDG_STATE_HOME: path.join(dir, 'state'),
    XDG_CONFIG_HOME: path.join(dir, 'config'),
  };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The chunk files of dist/, as installers copy them. */
const shipped = () =>
  readdirSync(dist)
    .filter((f) => f.endsWith('.cjs'))
    .sort();

describe('the built bundle', () => {
  it('ships remit.cjs with its chunks beside it', () => {
    const files = shipped();
    // The shell classifier's core and a chunk per program family (scripts/build/shell-chunks.mjs).
    expect(files.filter((f) => !f.startsWith('remit-shell-'))).toEqual([
      'remit-cli.cjs',
      'remit-files.cjs',
      'remit-hermes.cjs',
      'remit-hook.cjs',
      'remit-loader.cjs',
      'remit-main.cjs',
      'remit-readback.cjs',
      'remit-shell.cjs',
      'remit-state-schema.cjs',
      'remit-watch.cjs',
      'remit.cjs',
    ]);
    expect(files).toContain('remit-shell-network.cjs');
    expect(files).toContain('remit-shell-powershell.cjs');
  });

  it('answers hooks through every chunk, from an installed copy too', () => {
    execFileSync(process.execPath, [path.join(dist, 'remit.cjs'), 'install', 'claude'], { env, cwd: path.join(dir, 'proj'), encoding: 'utf8' });
    const installed = path.join(dir, 'data', 'remit');
    const version = readdirSync(installed).find((f) => /^\d/.test(f))!;
    const bundle = path.join(installed, version, 'remit.cjs');
    expect(
      readdirSync(path.dirname(bundle))
        .filter((f) => f.endsWith('.cjs'))
        .sort(),
    ).toEqual(shipped());
    const base = { session_id: 'bundle-test', transcript_path: null, cwd: path.join(dir, 'proj') };
    hook(bundle, { ...base, hook_event_name: 'UserPromptSubmit', prompt: '$remit change files=src/** -- bundle test' });
    const shell = JSON.parse(
      hook(bundle, { ...base, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_use_id: 't1', tool_input: { command: 'echo hi > README.md' } }),
    );
    expect(shell.hookSpecificOutput.permissionDecisionReason).toContain('PATH_OUTSIDE_CONTRACT');
    const write = JSON.parse(
      hook(bundle, {
        ...base,
        hook_event_name: 'PreToolUse',
        tool_name: 'Write',
        tool_use_id: 't2',
        tool_input: { file_path: path.join(dir, 'proj', 'package.json'), content: '{"dependencies":{"left-pad":"1"}}' },
      }),
    );
    expect(write.hookSpecificOutput.permissionDecisionReason).toMatch(/DEPENDENCY_NOT_AUTHORIZED|PATH_OUTSIDE_CONTRACT/);
    expect(
      hook(bundle, {
        ...base,
        hook_event_name: 'PreToolUse',
        tool_name: 'Write',
        tool_use_id: 't3',
        tool_input: { file_path: path.join(dir, 'proj', 'src', 'a.ts'), content: 'x' },
      }),
    ).toBe('');
    const status = execFileSync(process.execPath, [bundle, 'status', '--host', 'claude', '--session', 'bundle-test'], { env, encoding: 'utf8' });
    expect(status).toContain('files=src/**');
  });

  it('keeps a code cache beside an installed copy, and answers the same from a damaged or foreign one', () => {
    const installed = path.join(dir, 'data', 'remit');
    const version = readdirSync(installed).find((f) => /^\d/.test(f))!;
    const bundle = path.join(installed, version, 'remit.cjs');
    const cache = path.join(installed, version, '.remit-hook.cjs.v8cache');
    expect(existsSync(cache)).toBe(true);
    const header = readFileSync(cache, 'latin1').split('\n')[0]!;
    expect(header).toMatch(/^remit-v8cache 3 [0-9a-f]{32} \d+ [\d.]+ v\d+\.\d+\.\d+ \S+ \d+ [A-Za-z0-9._:+,-]+$/);
    // The hooks above took a prompt, a refused shell command and a refused and an allowed write: each path is held.
    // The refused write (a manifest) read the intent readers; the allowed one (`x` into a.ts) carries no intent without them.
    expect(header).toContain('claude.prompt.submit.context');
    expect(header).toContain('claude.action.before.write.deny+files');
    expect(header.split(' ').pop()!.split(',')).toContain('claude.action.before.write.allow');
    const base = { session_id: 'cache-test', transcript_path: null, cwd: path.join(dir, 'proj') };
    hook(bundle, { ...base, hook_event_name: 'UserPromptSubmit', prompt: '$remit review -- cache test' });
    const deny = (): string =>
      JSON.parse(
        hook(bundle, {
          ...base,
          hook_event_name: 'PreToolUse',
          tool_name: 'Write',
          tool_use_id: `t${Math.random()}`,
          tool_input: { file_path: path.join(dir, 'proj', 'src', 'a.ts'), content: 'x' },
        }),
      ).hookSpecificOutput.permissionDecision;
    expect(deny()).toBe('deny');
    // Flipped bytes under a valid header: V8 rejects the data, the bundle compiles from source
    // and the cache is rewritten.
    const good = readFileSync(cache);
    const bad = Buffer.from(good);
    for (let i = header.length + 1; i < bad.length; i += 7) bad[i] = bad[i]! ^ 0x5a;
    writeFileSync(cache, bad);
    expect(deny()).toBe('deny');
    expect(readFileSync(cache).equals(bad)).toBe(false);
    // A cache made for other bytes (another build) is never handed to V8.
    writeFileSync(cache, Buffer.concat([Buffer.from(`remit-v8cache 3 ${'0'.repeat(32)} 1 1 v0.0.0 x 0 -\n`), good.subarray(header.length + 1)]));
    expect(deny()).toBe('deny');
    expect(readFileSync(cache, 'latin1').split('\n')[0]).not.toContain('0'.repeat(32));
  });

  it('keeps the hook chunk a code cache per event the command names, and the shared one for any other word', () => {
    const installed = path.join(dir, 'data', 'remit');
    const version = readdirSync(installed).find((f) => /^\d/.test(f))!;
    const folder = path.join(installed, version);
    const bundle = path.join(folder, 'remit.cjs');
    const base = { session_id: 'event-cache', transcript_path: null, cwd: path.join(dir, 'proj') };
    const run = (event: string, payload: object): string =>
      execFileSync(process.execPath, [bundle, 'hook', 'claude', event], { input: JSON.stringify(payload), env, encoding: 'utf8' });
    expect(run('UserPromptSubmit', { ...base, hook_event_name: 'UserPromptSubmit', prompt: '$remit review -- event caches' })).toContain('remit ARMED');
    const read = { ...base, hook_event_name: 'PreToolUse', tool_name: 'Read', tool_use_id: 'ev1', tool_input: { file_path: path.join(dir, 'proj', 'a.ts') } };
    expect(run('PreToolUse', read)).toBe('');
    const caches = () => readdirSync(folder).filter((f) => f.startsWith('.remit-hook.cjs') && f.endsWith('.v8cache'));
    expect(caches()).toEqual(expect.arrayContaining(['.remit-hook.cjs.UserPromptSubmit.v8cache', '.remit-hook.cjs.PreToolUse.v8cache']));
    const prompt = readFileSync(path.join(folder, '.remit-hook.cjs.UserPromptSubmit.v8cache'), 'latin1').split('\n')[0]!;
    expect(prompt).toContain('claude.prompt.submit.context');
    expect(prompt).not.toContain('action.before');
    // A word that is not a plain name never reaches a file name: the shared cache serves it.
    const before = caches();
    expect(run('../x', { ...read, tool_use_id: 'ev2' })).toBe('');
    expect(run('Pre-Tool', { ...read, tool_use_id: 'ev3' })).toBe('');
    expect(caches().filter((f) => !before.includes(f) && f !== '.remit-hook.cjs.v8cache')).toEqual([]);
    expect(readdirSync(path.dirname(folder)).some((f) => f.includes('x.v8cache'))).toBe(false);
  });

  it('loads the session-state validator only for a state whose seal does not verify', () => {
    const installed = path.join(dir, 'data', 'remit');
    const version = readdirSync(installed).find((f) => /^\d/.test(f))!;
    const folder = path.join(installed, version);
    const bundle = path.join(folder, 'remit.cjs');
    // Every hook so far read sealed states: the validator's chunk never loaded, so it has no cache.
    expect(existsSync(path.join(folder, '.remit-state-schema.cjs.v8cache'))).toBe(false);
    const base = { session_id: 'schema-test', transcript_path: null, cwd: path.join(dir, 'proj') };
    hook(bundle, { ...base, hook_event_name: 'UserPromptSubmit', prompt: '$remit review -- schema test' });
    // The session's file: the first 24 hex of sha256(`host:session`) (src/core/state/home.ts sessionKey).
    const key = createHash('sha256').update('claude:schema-test').digest('hex').slice(0, 24);
    const file = path.join(dir, 'state', 'remit', 'sessions', `${key}.json`);
    expect(readFileSync(file, 'utf8')).toMatch(/,"seal":"[0-9a-f]{64}"\}$/);
    // The seal taken off by hand: the hook validates the file in full, from the validator's chunk.
    writeFileSync(file, readFileSync(file, 'utf8').replace(/,"seal":"[0-9a-f]{64}"\}$/, '}'));
    const answer = JSON.parse(
      hook(bundle, {
        ...base,
        hook_event_name: 'PreToolUse',
        tool_name: 'Write',
        tool_use_id: 'schema-1',
        tool_input: { file_path: path.join(dir, 'proj', 'a.ts'), content: 'x' },
      }),
    );
    expect(answer.hookSpecificOutput.permissionDecision).toBe('deny');
    expect(existsSync(path.join(folder, '.remit-state-schema.cjs.v8cache'))).toBe(true);
  });

  it('starts the loader from a code cache of its own, and answers the same from a damaged or foreign one', () => {
    const installed = path.join(dir, 'data', 'remit');
    const version = readdirSync(installed).find((f) => /^\d/.test(f))!;
    const bundle = path.join(installed, version, 'remit.cjs');
    const cache = path.join(installed, version, '.remit-loader.cjs.v8cache');
    expect(existsSync(cache)).toBe(true);
    const header = readFileSync(cache, 'latin1').split('\n')[0]!;
    expect(header).toMatch(/^remit-v8cache 3 [0-9a-f]{32} \d+ [\d.]+ v\d+\.\d+\.\d+ \S+$/);
    const settled = readFileSync(cache);
    const base = { session_id: 'loader-cache-test', transcript_path: null, cwd: path.join(dir, 'proj') };
    const armed = () => hook(bundle, { ...base, hook_event_name: 'UserPromptSubmit', prompt: '$remit review -- loader cache test' });
    expect(armed()).toContain('remit ARMED');
    // A cache that V8 takes is kept as it is.
    expect(readFileSync(cache).equals(settled)).toBe(true);
    // Flipped bytes under a valid header: rejected, compiled from source, the cache rewritten.
    const bad = Buffer.from(settled);
    for (let i = header.length + 1; i < bad.length; i += 7) bad[i] = bad[i]! ^ 0x5a;
    writeFileSync(cache, bad);
    expect(armed()).toContain('remit ARMED');
    expect(readFileSync(cache).equals(bad)).toBe(false);
    // A cache made for another loader's bytes is never handed to V8.
    writeFileSync(cache, Buffer.concat([Buffer.from(`remit-v8cache 3 ${'0'.repeat(32)} 1 1 v0.0.0 x\n`), settled.subarray(header.length + 1)]));
    expect(armed()).toContain('remit ARMED');
    expect(readFileSync(cache, 'latin1').split('\n')[0]).toBe(header);
  });
});
