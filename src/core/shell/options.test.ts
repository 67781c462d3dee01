import { describe, expect, it } from 'vitest';
import { parseArgs, onlyKnownOptions } from './options.js';
import type { Arg } from './words.js';

const argv = (...v: (string | null)[]): Arg[] => v.map((value) => ({ value, glob: false, tilde: false, text: value ?? '$x' }));

describe('parseArgs', () => {
  it('splits short clusters and takes attached or next-word values', () => {
    const p = parseArgs(argv('curl', '-sSo', 'out', '-Hx: y', 'url'), 1, { flags: 'sS', values: 'oH' });
    expect(p.options.map((o) => [o.name, o.value?.value])).toEqual([
      ['s', undefined],
      ['S', undefined],
      ['o', 'out'],
      ['H', 'x: y'],
    ]);
    expect(p.operands.map((a) => a.value)).toEqual(['url']);
  });

  it('accepts unambiguous long-option prefixes and --name=value', () => {
    const p = parseArgs(argv('x', '--recur', '--target=dir', '--suffix', '.bak', 'a'), 1, {
      longFlags: ['recursive'],
      longValues: ['target-directory', 'suffix'],
    });
    expect(p.options.map((o) => [o.name, o.value?.value])).toEqual([
      ['recursive', undefined],
      ['target-directory', 'dir'],
      ['suffix', '.bak'],
    ]);
    expect(p.unknown).toEqual([]);
  });

  it('reports options it does not know and treats everything after -- as operands', () => {
    const p = parseArgs(argv('rm', '-z', '--', '-f', 'x'), 1, { flags: 'f' });
    expect(p.unknown).toEqual(['-z']);
    expect(p.operands.map((a) => a.value)).toEqual(['-f', 'x']);
  });

  it('stops at the first operand for wrappers', () => {
    const p = parseArgs(argv('timeout', '-s', 'KILL', '5', 'rm', '-f', 'x'), 1, { values: 's', stopAtOperand: true });
    expect(p.rest).toBe(3);
    expect(p.operands).toEqual([]);
  });

  it('keeps dynamic words as operands', () => {
    const p = parseArgs(argv('rm', null, '-f'), 1, { flags: 'f' });
    expect(p.operands).toHaveLength(1);
  });
});

describe('onlyKnownOptions', () => {
  const known = new Set(['--list', '--file', '-l', '-z', '-f']);
  const takesValue = new Set(['--file', '-f']);
  it('takes listed options, their values, clusters and operands', () => {
    expect(onlyKnownOptions(argv('--list', 'a.b'), known, takesValue)).toBe(true);
    expect(onlyKnownOptions(argv('--file', '--evil', '-lz'), known, takesValue)).toBe(true);
    expect(onlyKnownOptions(argv('-lf', '--evil', '--file=x'), known, takesValue)).toBe(true);
    expect(onlyKnownOptions(argv('-fx', 'k', '--', '--anything'), known, takesValue)).toBe(true);
  });
  it('refuses an option it does not list, in any spelling, and a word known only at run time', () => {
    expect(onlyKnownOptions(argv('--frob'), known, takesValue)).toBe(false);
    expect(onlyKnownOptions(argv('--frob=1'), known, takesValue)).toBe(false);
    expect(onlyKnownOptions(argv('-lq'), known, takesValue)).toBe(false);
    expect(onlyKnownOptions(argv('--lis'), known, takesValue)).toBe(false);
    expect(onlyKnownOptions(argv('a.b', null), known, takesValue)).toBe(false);
  });
});

describe('short options whose value is only attached', () => {
  it('GNU xargs -l, -e, -i take the rest of their word or nothing', () => {
    const words = (s: string) => s.split(' ').map((value) => ({ value, glob: false, tilde: false, text: value }));
    const spec = { flags: 'r', values: 'n', optionalValues: 'eil', stopAtOperand: true };
    expect(parseArgs(words('xargs -l rm -r'), 1, spec).rest).toBe(2);
    expect(parseArgs(words('xargs -l1 echo'), 1, spec).options).toEqual([{ name: 'l', value: expect.objectContaining({ value: '1' }) }]);
    expect(parseArgs(words('xargs -e rm'), 1, spec).options).toEqual([{ name: 'e', value: undefined }]);
    expect(parseArgs(words('xargs -n 1 rm'), 1, spec).rest).toBe(3);
  });
});
