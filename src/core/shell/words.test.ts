import { describe, expect, it } from 'vitest';
import { parseShell, type ShCommand } from './parse.js';
import { argPath, expandWord, isPathLike, type Arg, type Env } from './words.js';

function args(src: string, env: Env = new Map()): Arg[] {
  const r = parseShell(src, { nodes: 0 });
  if (!r.ok || r.root.k !== 'seq') throw new Error('parse');
  const cmd = r.root.items[0] as ShCommand;
  const out: Arg[] = [];
  for (const w of cmd.words) expandWord(w, env, out);
  return out;
}

const PC = { realpath: false, home: '/home/u' };

describe('expandWord', () => {
  it('substitutes known literal variables and splits unquoted ones', () => {
    const env: Env = new Map([
      ['D', 'sub'],
      ['F', 'a b'],
    ]);
    expect(args('rm $D/x "$F" $F', env).map((a) => a.value)).toEqual(['rm', 'sub/x', 'a b', 'a', 'b']);
  });

  it('leaves unknown and poisoned variables dynamic', () => {
    const env: Env = new Map([['X', null]]);
    expect(args('rm $X $Y ${Z:-d}', env).map((a) => a.value)).toEqual(['rm', null, null, null]);
  });

  it('expands brace lists and marks globs', () => {
    const out = args('touch {a,b}.txt *.log');
    expect(out.map((a) => [a.value, a.glob])).toEqual([
      ['touch', false],
      ['a.txt', false],
      ['b.txt', false],
      ['*.log', true],
    ]);
  });

  it('turns a process substitution into a descriptor path', () => {
    expect(args('diff <(ls) b')[1]!.value).toBe('/dev/fd/63');
  });
});

describe('argPath', () => {
  const lit = (value: string, extra: Partial<Arg> = {}): Arg => ({ value, glob: false, tilde: false, text: value, ...extra });

  it('resolves relative paths against the directory and expands an unquoted tilde', () => {
    expect(argPath(lit('../x'), '/p/sub', PC)).toBe('/p/x');
    expect(argPath(lit('~/x', { tilde: true }), '/p', PC)).toBe('/home/u/x');
  });

  it('keeps a quoted tilde as a folder name', () => {
    expect(argPath(lit('~/x'), '/p', PC)).toBe('/p/~/x');
  });

  it('cannot name ~user, dynamic values or relative paths after an unknown cd', () => {
    expect(argPath(lit('~root/x', { tilde: true }), '/p', PC)).toBeNull();
    expect(argPath({ value: null, glob: false, tilde: false, text: '$x' }, '/p', PC)).toBeNull();
    expect(argPath(lit('x'), null, PC)).toBe(null);
    expect(argPath(lit('/abs/x'), null, PC)).toBe('/abs/x');
  });

  it('keeps a last-segment glob as a pattern and refuses others', () => {
    expect(argPath(lit('src/*.ts', { glob: true }), '/p', PC)).toBe('/p/src/*.ts');
    expect(argPath(lit('*/x', { glob: true }), '/p', PC)).toBeNull();
    expect(argPath(lit('.*', { glob: true }), '/p', PC)).toBeNull();
  });

  it('keeps Windows-style paths', () => {
    expect(argPath(lit('C:\\Users\\x\\a.txt'), '/p', PC)).toBe('C:/Users/x/a.txt');
  });
});

describe('isPathLike', () => {
  it('accepts words with separators or a leading dot or tilde', () => {
    expect(['./a', 'a/b', '~/x', '.env', 'C:\\x'].map(isPathLike)).toEqual([true, true, true, true, true]);
    expect(['name', '-f', 'https://x/y', ''].map(isPathLike)).toEqual([false, false, false, false]);
  });
});
