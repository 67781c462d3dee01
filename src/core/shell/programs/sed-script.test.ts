import { describe, expect, it } from 'vitest';
import { sedScriptEffects } from './sed-script.js';

describe('sedScriptEffects', () => {
  it.each([
    ['s/a/b/g', []],
    ['1,20p', []],
    ['/^#/d; s|x|y|', []],
    ['$!N; P; D', []],
    ['/start/,/end/{ s/a/b/; p }', []],
    ['y/abc/xyz/', []],
    ['a\\\nappended text', []],
    ['s/\\/w/x/', []],
  ])('reads with %j', (script, expected) => {
    expect(sedScriptEffects(script)).toEqual(expected);
  });

  it('finds w and W targets and the s///w flag', () => {
    expect(sedScriptEffects('/x/w out.txt')).toEqual(['out.txt']);
    expect(sedScriptEffects('s/a/b/gw changed.log')).toEqual(['changed.log']);
    expect(sedScriptEffects('1W first.txt')).toEqual(['first.txt']);
  });

  it('flags command execution', () => {
    expect(sedScriptEffects('1e date')).toBe('exec');
    expect(sedScriptEffects('s/.*/ls/e')).toBe('exec');
  });

  it('gives up on what it cannot read', () => {
    expect(sedScriptEffects('s/a/b')).toBe('unparsed');
    expect(sedScriptEffects('1 Xfoo')).toBe('unparsed');
    expect(sedScriptEffects('w')).toBe('unparsed');
  });
});
