// Reads the effect oracle saw keep what they fetched: not reads (docs/DESIGN.md#effect-oracle).
import { describe, expect, it } from 'vitest';
import { virtualContext } from '../../../../test/support/classify-context.js';
import { classifyShell } from '../classify-shell.js';

const m = (cmd: string) => classifyShell(cmd, virtualContext({ 'package.json': '{}', 'package-lock.json': '{}' })).mutability;

describe('commands that keep what they fetch', () => {
  it('npm audit signatures stores TUF metadata under ~/.npm/_tuf', () => {
    expect(m('npm audit signatures')).toBe('unknown');
    expect(m('npm audit --json signatures')).toBe('unknown');
    expect(m('npm audit --json fix')).toBe('write');
    expect(m('npm audit --json')).toBe('read');
  });
  it('docker trust inspect makes and fills ~/.docker/trust', () => {
    expect(m('docker trust inspect alpine')).not.toBe('read');
    expect(m('docker image inspect alpine')).toBe('read');
  });
});

describe('composer', () => {
  it('search keeps the package list it fetches; browse and home open a browser', () => {
    for (const c of ['composer search monolog', 'composer sea monolog', 'composer browse monolog/monolog', 'composer home x/y'])
      expect(m(c), c).toBe('unknown');
    expect(m('composer show')).toBe('read');
  });
});
