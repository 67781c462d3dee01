// Wrappers that run another program, and what the wrapper itself writes (nohup's nohup.out).
import { describe, expect, it } from 'vitest';
import { TEST_ROOT as ROOT, virtualContext } from '../../../../test/support/classify-context.js';
import { classifyShell } from '../classify-shell.js';

const ctx = virtualContext({ 'a.txt': 'a\n' });
const run = (cmd: string) => classifyShell(cmd, ctx);

describe('nohup', () => {
  it.each([
    'nohup ls',
    'nohup cat a.txt &',
    'nohup ls 2>&1',
    'nohup ls 1>&2',
    'nohup ls | cat 1>&2 && nohup ls',
    // Redirections apply in order, and some targets are the terminal again.
    'nohup ls >/dev/tty',
    'nohup ls >/dev/stderr',
    'nohup ls >/dev/fd/2',
    'nohup ls >/dev/pts/0',
    'nohup ls >/proc/self/fd/2',
    'nohup ls >/dev/null 1>&2',
    'nohup ls >/dev/stdout',
    '{ nohup ls 1>&2; } > /dev/null',
    'nohup ls > $LOG',
  ])('%s appends to ./nohup.out', (cmd) => {
    const r = run(cmd);
    expect(r.mutability).toBe('write');
    expect(r.effects).toContainEqual(expect.objectContaining({ kind: 'write', path: `${ROOT}/nohup.out` }));
  });

  it('writes nohup.out in the folder it runs in', () => {
    expect(run('cd src && nohup ls').effects).toContainEqual(expect.objectContaining({ kind: 'write', path: `${ROOT}/src/nohup.out` }));
  });

  it.each([
    'nohup ls > /dev/null 2>&1 &',
    'nohup ls >/dev/null',
    'nohup ls &>/dev/null',
    'nohup ls | cat',
    '( nohup ls ) | cat',
    '{ nohup ls; } > /dev/null',
    'nohup ls >&/dev/null',
    'nohup ls 2>/dev/null 1>&2',
    'nohup ls >/dev/null >/dev/stdout',
    '{ nohup ls >/dev/stdout; } > /dev/null',
  ])('%s has its output elsewhere: no nohup.out', (cmd) => {
    expect(run(cmd).mutability).toBe('read');
  });

  it('a redirected nohup writes its log, not nohup.out', () => {
    const r = run('nohup ls > log.txt 2>&1');
    expect(r.effects.map((e) => e.path)).toEqual([`${ROOT}/log.txt`]);
  });

  it('classifies the command it wraps', () => {
    expect(run('nohup rm a.txt > /dev/null').effects).toContainEqual(expect.objectContaining({ kind: 'delete', path: `${ROOT}/a.txt` }));
  });
});
