// Package managers' own commands against the project's package scripts (packages.ts).
import { describe, expect, it } from 'vitest';
import { virtualContext } from '../../../../test/support/classify-context.js';
import { classifyShell } from '../classify-shell.js';

describe('a package manager runs its own command before a package script of that name', () => {
  const ctx = virtualContext({
    'package.json': JSON.stringify({ name: 'p', scripts: { publish: 'echo done', build: 'tsc --noEmit', pack: 'echo packed', lint: 'eslint .' } }),
    'yarn.lock': '',
  });
  const m = (cmd: string) => classifyShell(cmd, ctx).mutability;

  it('leaves yarn publish, pnpm pack and bun build to the manager, not the script', () => {
    for (const cmd of ['yarn publish', 'pnpm pack', 'bun build src/a.ts', 'bun build --compile src/a.ts --outfile app', 'bun bun', 'bun repl'])
      expect(m(cmd), cmd).toBe('unknown');
  });

  it('still runs a script no command of the manager shadows', () => {
    expect(m('yarn lint')).toBe('check');
    expect(m('pnpm build')).toBe('check');
    expect(m('bun run build')).toBe('check');
    expect(m('yarn run publish')).toBe('read');
  });
});

describe('reads found accepting options that act (the option audit)', () => {
  const ctx = virtualContext({ 'package.json': JSON.stringify({ name: 'p', scripts: { test: 'vitest run' } }), 'go.mod': 'module m\n\ngo 1.22\n' });
  const m = (cmd: string) => classifyShell(cmd, ctx).mutability;

  it('go list reads, but not with options that build, update go.mod or keep output', () => {
    for (const cmd of ['go list ./...', 'go list -m all', 'go list -json -deps ./...', 'go list -mod=readonly ./...']) expect(m(cmd), cmd).toBe('read');
    for (const cmd of [
      'go list -mod=mod ./...',
      'go list -mod mod ./...',
      'go list -export ./...',
      'go list -compiled ./...',
      'go list -modfile=other.mod ./...',
      'go list -work ./...',
    ])
      expect(m(cmd), cmd).toBe('unknown');
  });

  it('brew home opens a browser; npm run and yarn run alone list scripts only with reading options', () => {
    expect(m('brew home')).not.toBe('read');
    expect(m('brew list')).toBe('read');
    expect(m('npm run')).toBe('read');
    expect(m('yarn run')).toBe('read');
    expect(m('yarn run --mutex file:src/lock')).not.toBe('read');
    expect(m('npm run --cache src/c')).not.toBe('read');
  });
});

describe('an installer verb followed only by --help prints its usage', () => {
  const m = (cmd: string) => classifyShell(cmd, virtualContext()).mutability;
  it('reads brew home --help and apt-get install --help, not with an operand', () => {
    for (const cmd of ['brew home --help', 'brew install --help', 'apt-get install --help']) expect(m(cmd), cmd).toBe('read');
    for (const cmd of ['brew home', 'brew install x --help', 'brew frob --help']) expect(m(cmd), cmd).not.toBe('read');
  });
});
