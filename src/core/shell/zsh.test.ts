import { describe, expect, it } from 'vitest';
import { virtualContext } from '../../../test/support/classify-context.js';
import { classifyShell } from './classify-shell.js';
import { zshHookFunction, zshRunsCode } from './zsh.js';

describe('what zsh runs that bash does not (the host may run commands in zsh)', () => {
  it('finds evaluating glob qualifiers, parameter flags and =(…)', () => {
    for (const w of [
      "*(e:'rm -rf src':)",
      '*(e:"x":)',
      "**/*(e.'touch x'.)",
      '*(+rmfn)',
      "a.txt(e:'x':)",
      '${(e)x}',
      '=(rm -rf src)',
      "*(e:'a)b':)",
      '${~x}',
      '$~x',
    ]) {
      expect({ w, runs: zshRunsCode(w) }).toEqual({ w, runs: true });
    }
    for (const w of [
      '*(.)',
      '*(/)',
      'src/*(om[1])',
      '$(ls (x))',
      '$((n+1))',
      '<(sort a)',
      '@(src|test)',
      "'*(e:x:)'",
      '"*(e:x:)"',
      '\\*\\(e:x:\\)',
      '${x:-~}',
      'plain',
    ]) {
      expect({ w, runs: zshRunsCode(w) }).toEqual({ w, runs: false });
    }
  });
  it('knows the functions zsh calls by name', () => {
    for (const n of ['TRAPEXIT', 'TRAPDEBUG', 'TRAPZERR', 'TRAPINT', 'zshexit', 'precmd', 'preexec', 'chpwd', 'command_not_found_handler'])
      expect(zshHookFunction(n)).toBe(true);
    for (const n of ['trap', 'TRAP', 'precmd2', 'build']) expect(zshHookFunction(n)).toBe(false);
  });
  it('leaves such commands unproven, in every word position', () => {
    const m = (c: string) => classifyShell(c, virtualContext()).mutability;
    for (const c of [
      "ls *(e:'rm -rf src':)",
      "x='$(rm -rf src)'; echo ${(e)x}",
      "for f in *(e:'rm x':); do echo $f; done",
      "x=( *(e:'rm x':) )",
      "echo $(ls *(e:'rm x':))",
    ]) {
      expect({ c, m: m(c) }).toEqual({ c, m: 'unknown' });
    }
    // A hook function zsh calls: unproven, and its body counts (a function left defined runs later).
    for (const c of ['TRAPEXIT() { ls; }; ls', 'zshexit() { ls; }']) expect({ c, m: m(c) }).toEqual({ c, m: 'unknown' });
    expect(m('TRAPEXIT() { rm -rf src; }; ls')).toBe('write');
    for (const c of ['ls *(.)', 'n=0; n=$((n+1)); echo $n', 'cat <(ls)', 'ls **/*.ts']) expect({ c, m: m(c) }).toEqual({ c, m: 'read' });
  });
});
