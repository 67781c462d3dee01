// rsync reads popt's alias files before its own arguments: a read is proven only where none
// names rsync (checked against rsync 3.5.0: `rsync alias -q --log-file=x` in ~/.popt writes x
// for `rsync -n -q a b`).
import { describe, expect, it } from 'vitest';
import { EMPTY_CLASSIFIER_CONFIG, type ClassifyContext } from '../../classify/context.js';
import { virtualFileView } from '../../classify/file-view.js';
import { classifyShell } from '../classify-shell.js';

function context(files: Record<string, string>): ClassifyContext {
  return {
    cwd: '/work/proj',
    projectRoot: '/work/proj',
    home: '/home/dev',
    files: virtualFileView('/', { 'work/proj/a.txt': 'x\n', ...files }),
    config: EMPTY_CLASSIFIER_CONFIG,
    digestKey: 'k',
    realpath: false,
  };
}

describe('rsync and popt alias files', () => {
  it('is a read with no alias file, or one that names another program', () => {
    expect(classifyShell('rsync -n -q a.txt b.txt', context({})).mutability).toBe('read');
    expect(classifyShell('rsync -n -q a.txt b.txt', context({ 'home/dev/.popt': 'other alias -q --x\n' })).mutability).toBe('read');
  });

  it('is unproven when ~/.popt or /etc/popt holds rsync aliases, or /etc/popt.d exists', () => {
    const alias = 'rsync alias -q --log-file=out.txt\n';
    expect(classifyShell('rsync -n -q a.txt b.txt', context({ 'home/dev/.popt': alias })).mutability).toBe('unknown');
    expect(classifyShell('rsync -n -q a.txt b.txt', context({ 'etc/popt': alias })).mutability).toBe('unknown');
    expect(classifyShell('rsync --list-only a.txt', context({ 'etc/popt.d/x': alias })).mutability).toBe('unknown');
  });
});
