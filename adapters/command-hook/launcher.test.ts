// The portable launcher as a host runs it: a separate Node process, the event as its fourth word.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LAUNCHER_SOURCE } from './launcher.js';

let dir: string;
let launcher: string;
let data: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'remit-launcher-'));
  launcher = path.join(dir, 'launch.cjs');
  writeFileSync(launcher, LAUNCHER_SOURCE);
  data = path.join(dir, 'data');
  mkdirSync(path.join(data, 'remit'), { recursive: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const pointer = () => path.join(data, 'remit', 'current');

function launch(event: string, host = 'claude') {
  // A launcher that blocks would be killed here; the host would have run the tool by then.
  const r = spawnSync(process.execPath, [launcher, 'hook', host, event], {
    env: { HOME: dir, XDG_DATA_HOME: data },
    encoding: 'utf8',
    timeout: 15_000,
  });
  return { status: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

describe('portable launcher', () => {
  it('runs the bundle the pointer names, with the hook arguments', () => {
    const bundle = path.join(dir, 'remit.cjs');
    writeFileSync(bundle, "process.stdout.write('bundle:' + process.argv.slice(2).join(' '));");
    writeFileSync(pointer(), `${bundle}\n`);
    expect(launch('PreToolUse')).toMatchObject({ status: 0, stdout: 'bundle:hook claude PreToolUse' });
  });

  it('with no pointer, remit is not installed here: one line, and the host goes on', () => {
    const r = launch('PreToolUse');
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('remit: not installed on this machine; this hook is inactive (run remit install)\n');
  });

  it.each([
    ['a FIFO', () => spawnSync('mkfifo', [pointer()]), /is not a file/],
    ['a folder', () => mkdirSync(pointer()), /is not a file/],
    ['an empty file', () => writeFileSync(pointer(), ''), /names no installed bundle/],
    ['a path to a bundle that is gone', () => writeFileSync(pointer(), path.join(dir, 'gone', 'remit.cjs')), /names no installed bundle/],
    ['a relative path', () => writeFileSync(pointer(), 'remit.cjs'), /names no installed bundle/],
    ['a path to a folder', () => writeFileSync(pointer(), dir), /names no installed bundle/],
    [
      'a path to a bundle that cannot load (a chunk missing)',
      () => {
        const bundle = path.join(dir, 'remit.cjs');
        writeFileSync(bundle, "require('./remit-hook.cjs');");
        writeFileSync(pointer(), bundle);
      },
      /remit\.cjs cannot be loaded \(MODULE_NOT_FOUND\)/,
    ],
  ])('a pointer that is %s is damage: a tool call is refused at once, other events go on', (_what, make, why) => {
    make();
    const tool = launch('PreToolUse');
    expect(tool.signal).toBeNull();
    expect(tool.status).toBe(2);
    expect(launch('PreToolUse', 'codex').status).toBe(2);
    expect(launch('preToolUse', 'copilot').status).toBe(2);
    expect(launch('userPromptSubmitted', 'copilot').status).toBe(0);
    expect(tool.stderr).toMatch(/^remit: its install on this machine is damaged: \//);
    expect(tool.stderr).toMatch(why);
    expect(tool.stderr.trim().split('\n')).toHaveLength(1);
    const stop = launch('Stop');
    expect(stop.signal).toBeNull();
    expect(stop.status).toBe(0);
    expect(stop.stderr).toMatch(why);
  });
});
