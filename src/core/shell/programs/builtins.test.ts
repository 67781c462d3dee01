// Builtins whose effect outlives the command: ulimit's core-file limit.
import { describe, expect, it } from 'vitest';
import { virtualContext } from '../../../../test/support/classify-context.js';
import { classifyShell } from '../classify-shell.js';

const ctx = virtualContext({});
const m = (cmd: string) => classifyShell(cmd, ctx).mutability;

describe('ulimit', () => {
  it.each(['ulimit -a', 'ulimit -n', 'ulimit -n 4096', 'ulimit -c', 'ulimit -c 0', 'ulimit -Sc 0', 'ulimit -Hn', 'ulimit unlimited'])('%s is a read', (cmd) => {
    expect(m(cmd)).toBe('read');
  });

  it.each([
    'ulimit -c unlimited',
    'ulimit -c 1024',
    'ulimit -Sc unlimited',
    'ulimit -cS unlimited',
    'ulimit -n 100 -c 5',
    'ulimit -c "$N"',
    'ulimit -c unlimited; ./a.out',
  ])('%s lets a crash write a core file: unknown', (cmd) => {
    expect(m(cmd)).toBe('unknown');
  });
});
