// git ls-remote, git remote show and git remote prune -n: a read only when git reaches the
// repository without running the ssh helper, checked against the real git with GIT_SSH_COMMAND
// pointing at a program that records its run.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { virtualContext } from '../../../../test/support/classify-context.js';
import { classifyShell } from '../classify-shell.js';

const m = (cmd: string) => classifyShell(cmd, virtualContext({ '.git/HEAD': 'ref: refs/heads/main\n', '.git/config': '[core]\n' })).mutability;
/** With a home folder inside the virtual tree, so a user config can be given. */
const mc = (cmd: string, files: Record<string, string>) =>
  classifyShell(cmd, virtualContext({ '.git/HEAD': 'ref: refs/heads/main\n', '.git/config': '[core]\n', ...files }, { home: '/work/proj/home' })).mutability;
const SSH_ORIGIN = '[remote "origin"]\n\turl = git@example.com:o/r.git\n';
const HTTPS_ORIGIN = '[remote "origin"]\n\turl = https://example.com/o/r.git\n';

const OPERANDS = [
  'HEAD:README.md',
  ':(top)README.md',
  'host:repo',
  'C:/x',
  'ssh://host/x',
  'git+ssh://host/x',
  './a:b',
  'origin',
  '../other',
  'file:///tmp/none',
];

describe('git ls-remote, git remote show and git remote prune -n', () => {
  it('an scp-style or ssh repository runs the ssh helper: not a read', () => {
    for (const r of ['HEAD:README.md', "':(top)README.md'", 'host:repo', 'ssh://host/x', '--heads host:x', '-- host:x'])
      expect(m(`git ls-remote ${r}`), r).toBe('unknown');
  });
  it('a remote name, a local path, an https URL or --get-url are reads', () => {
    for (const r of ['', 'origin', './a:b', '../other', 'https://example.invalid/x.git', '--get-url host:x', '--tags origin'])
      expect(m(`git ls-remote ${r}`), r).toBe('read');
  });
  it('a remote is reached at its URL: an ssh one, or one a config rewrites, is not a read', () => {
    for (const c of ['git ls-remote origin', 'git ls-remote', 'git remote show origin', 'git remote prune -n origin', 'git remote -v show origin'])
      expect(mc(c, { '.git/config': SSH_ORIGIN }), c).toBe('unknown');
    for (const c of ['git ls-remote origin', 'git ls-remote', 'git remote show origin', 'git remote prune -n origin', 'git remote show -n origin'])
      expect(mc(c, { '.git/config': HTTPS_ORIGIN }), c).toBe('read');
    // -n reads the config alone.
    expect(mc('git remote show -n origin', { '.git/config': SSH_ORIGIN })).toBe('read');
    // The default remote is the current branch's: any remote a branch names counts.
    expect(mc('git ls-remote', { '.git/config': `${HTTPS_ORIGIN}[remote "up"]\n\turl = h:x\n[branch "main"]\n\tremote = up\n` })).toBe('unknown');
    // url.<base>.insteadOf in the user's config turns an https URL into an ssh one.
    const rewrite = { 'home/.gitconfig': '[url "git@example.com:"]\n\tinsteadOf = https://example.com/\n' };
    expect(mc('git ls-remote https://example.com/o/r.git', rewrite)).toBe('unknown');
    expect(mc('git remote show origin', { ...rewrite, '.git/config': HTTPS_ORIGIN })).toBe('unknown');
    expect(mc('git ls-remote https://other.example/o/r.git', rewrite)).toBe('read');
    // A remote named by the older remotes/ or branches/ files.
    expect(mc('git remote show old', { '.git/remotes/old': 'URL: host:x\n' })).toBe('unknown');
    expect(mc('git ls-remote old', { '.git/branches/old': 'host:x\n' })).toBe('unknown');
  });
  it('--upload-pack, however abbreviated, runs the program it names', () => {
    for (const r of ['--upload-pack=x .', '--upl=x .', '--upload x .']) expect(m(`git ls-remote ${r}`), r).toBe('unknown');
    expect(m('git ls-remote --no-upload-pack .')).toBe('read');
  });

  it.skipIf(spawnSync('git', ['--version']).status !== 0)('agrees with the real git on which operands run ssh', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'remit-ls-remote-'));
    try {
      const log = path.join(dir, 'ssh.log');
      const ssh = path.join(dir, 'ssh');
      writeFileSync(ssh, `#!/bin/sh\necho ran >> '${log}'\nexit 1\n`);
      chmodSync(ssh, 0o755);
      spawnSync('git', ['init', '-q', path.join(dir, 'repo')]);
      for (const r of OPERANDS) {
        writeFileSync(log, '');
        spawnSync('git', ['ls-remote', r], { cwd: path.join(dir, 'repo'), env: { ...process.env, GIT_SSH_COMMAND: ssh }, timeout: 10_000 });
        const ran = readFileSync(log, 'utf8') !== '';
        expect(m(`git ls-remote '${r}'`) === 'read', r).toBe(!ran);
        for (const sub of [
          ['remote', 'show'],
          ['remote', 'prune', '-n'],
        ]) {
          writeFileSync(log, '');
          spawnSync('git', [...sub, r], { cwd: path.join(dir, 'repo'), env: { ...process.env, GIT_SSH_COMMAND: ssh }, timeout: 10_000 });
          const ranToo = readFileSync(log, 'utf8') !== '';
          expect(m(`git ${sub.join(' ')} '${r}'`) === 'read', `${sub.join(' ')} ${r}`).toBe(!ranToo);
        }
      }
      // A remote whose URL is scp-style: listing it, showing it or pruning it runs ssh; -n does not.
      spawnSync('git', ['remote', 'add', 'far', 'host:repo'], { cwd: path.join(dir, 'repo') });
      for (const [args, runs] of [
        [['ls-remote', 'far'], true],
        [['remote', 'show', 'far'], true],
        [['remote', 'prune', '-n', 'far'], true],
        [['remote', 'show', '-n', 'far'], false],
      ] as const) {
        writeFileSync(log, '');
        spawnSync('git', args, { cwd: path.join(dir, 'repo'), env: { ...process.env, GIT_SSH_COMMAND: ssh }, timeout: 10_000 });
        expect(readFileSync(log, 'utf8') !== '', args.join(' ')).toBe(runs);
        expect(mc(`git ${args.join(' ')}`, { '.git/config': '[remote "far"]\n\turl = host:repo\n' }) === 'read', args.join(' ')).toBe(!runs);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
