// Dry runs that still run something: `git push --dry-run` runs pre-push (unless --no-verify)
// and the receive-pack of a repository on this machine (which reads that repository's config),
// `git commit --dry-run` runs post-index-change when it builds an index (paths, -a) or refreshes
// it; an alias stands in for git-lfs or git-extras where they are missing. Each is a read only
// where none of that may run; checked against the real git with hooks that record their run.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { virtualContext } from '../../../../test/support/classify-context.js';
import { classifyShell } from '../classify-shell.js';

const REMOTE = '[remote "origin"]\n\turl = https://example.com/o/r.git\n';
const REPO = { '.git/HEAD': 'ref: refs/heads/main\n', '.git/config': `[core]\n${REMOTE}`, 'a.ts': 'a\n' };
const m = (cmd: string, files: Record<string, string> = {}) => classifyShell(cmd, virtualContext({ ...REPO, ...files })).mutability;

describe('git dry runs that run hooks', () => {
  it('push --dry-run reads only where no pre-push hook may run', () => {
    expect(m('git push --dry-run origin')).toBe('read');
    expect(m('git push --dry-run origin', { '.git/hooks/pre-push.sample': '#!/bin/sh\n' })).toBe('read');
    expect(m('git push --dry-run origin', { '.git/hooks/pre-push': '#!/bin/sh\n' })).toBe('unknown');
    expect(m('git push -n origin', { '.git/config': '[core]\n\thooksPath = .husky/_\n' })).toBe('unknown');
    expect(m('git push --dry-run --no-verify origin', { '.git/hooks/pre-push': '#!/bin/sh\n' })).toBe('read');
    expect(m('git push -n --no-verify --verify origin', { '.git/hooks/pre-push': '#!/bin/sh\n' })).not.toBe('read');
  });
  it('commit --dry-run reads only where no post-index-change hook may run; -p stages first', () => {
    expect(m('git commit --dry-run a.ts')).toBe('read');
    expect(m('git commit --dry-run a.ts', { '.git/hooks/post-index-change': '#!/bin/sh\n' })).toBe('unknown');
    expect(m('git commit -p --dry-run a.ts')).toBe('write');
    expect(m('git commit --interactive --dry-run')).toBe('write');
  });

  it('a hook a linked worktree shares, or a hooks path an included user config may set, may run', () => {
    const worktree = {
      'src/m/.git/HEAD': 'ref: refs/heads/main\n',
      'src/m/.git/config': '[core]\n',
      'src/m/.git/hooks/post-index-change': '#!/bin/sh\n',
      'src/m/.git/worktrees/n/HEAD': 'ref: refs/heads/n\n',
      'src/m/.git/worktrees/n/commondir': '../..\n',
      'src/n/.git': 'gitdir: ../m/.git/worktrees/n\n',
    };
    expect(m('git -C src/n status', worktree)).toBe('unknown');
    expect(m('git -C src/n status', { ...worktree, 'src/m/.git/hooks/post-index-change': undefined as unknown as string })).not.toBe('unknown');
    expect(m('git push -n origin', { '.git/config': `${REMOTE}[include]\n\tpath = ../hooks.cfg\n` })).toBe('unknown');
  });
  it('a push dry run reads only when it reaches a server: a repository on this machine runs its own config', () => {
    expect(m('git push -n origin', { '.git/config': REMOTE })).toBe('read');
    expect(m('git push -n', { '.git/config': REMOTE })).toBe('read');
    expect(m('git push -n https://example.com/o/r.git')).toBe('read');
    for (const r of ['src/evil.git', 'file:///tmp/x.git', 'host:x', 'ssh://host/x', 'nosuch', '.'])
      expect(m(`git push -n ${r}`, { '.git/config': REMOTE }), r).toBe('unknown');
    expect(m('git push -n origin', { '.git/config': '[remote "origin"]\n\turl = ../origin.git\n' })).toBe('unknown');
    expect(m('git push -n origin', { '.git/config': `${REMOTE}[url "../local/"]\n\tpushInsteadOf = https://example.com/\n` })).toBe('unknown');
  });
  it("the user's config is found where the environment puts it, with what it includes", () => {
    const home = '/work/proj/home';
    const me = (cmd: string, files: Record<string, string>, env: Record<string, string> = {}) =>
      classifyShell(cmd, virtualContext({ ...REPO, ...files }, { home, env })).mutability;
    const hooks = '[core]\n\thooksPath = .husky/_\n';
    const push = 'git push -n origin';
    expect(me(push, {})).toBe('read');
    expect(me(push, { 'home/.gitconfig': hooks })).toBe('unknown');
    expect(me(push, { 'home/.config/git/config': hooks })).toBe('unknown');
    expect(me(push, { 'xdg/git/config': hooks })).toBe('read');
    expect(me(push, { 'xdg/git/config': hooks }, { XDG_CONFIG_HOME: '/work/proj/xdg' })).toBe('unknown');
    expect(me(push, { 'g.cfg': hooks }, { GIT_CONFIG_GLOBAL: '/work/proj/g.cfg' })).toBe('unknown');
    expect(me(push, { 's.cfg': hooks }, { GIT_CONFIG_SYSTEM: '/work/proj/s.cfg' })).toBe('unknown');
    // A path relative to a folder remit does not know.
    expect(me(push, {}, { GIT_CONFIG_GLOBAL: 'g.cfg' })).toBe('unknown');
    // Includes are followed: from the home folder, or from the including file's folder.
    expect(me(push, { 'home/.gitconfig': '[include]\n\tpath = ~/.gitconfig.local\n', 'home/.gitconfig.local': hooks })).toBe('unknown');
    expect(me(push, { 'home/.gitconfig': '[includeIf "gitdir:~/work/"]\n\tpath = work.cfg\n', 'home/work.cfg': hooks })).toBe('unknown');
    expect(me(push, { 'home/.gitconfig': '[include]\n\tpath = ~/.gitconfig.local\n', 'home/.gitconfig.local': '[user]\n\tname = a\n' })).toBe('read');
    expect(me(push, { 'home/.gitconfig': '[include]\n\tpath = ~/missing\n' })).toBe('read');
    // Entries the environment gives, as git -c passes them on or GIT_CONFIG_COUNT sets them.
    expect(me(push, {}, { GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'core.hooksPath', GIT_CONFIG_VALUE_0: '/x' })).toBe('unknown');
    expect(me(push, {}, { GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'user.name', GIT_CONFIG_VALUE_0: 'a' })).toBe('read');
    expect(me(push, {}, { GIT_CONFIG_PARAMETERS: "'core.hookspath'='/x'" })).toBe('unknown');
    expect(me(push, {}, { GIT_CONFIG_PARAMETERS: "'user.name'='it'\\''s' 'color.ui=auto'" })).toBe('read');
    expect(me(push, {}, { GIT_CONFIG_PARAMETERS: 'core.hooksPath=/x' })).toBe('unknown');
    // An alias the user's config defines stands in for a missing git-lfs.
    expect(me('git lfs status', { 'home/.gitconfig': '[alias]\n\tlfs = !touch x\n' })).toBe('unknown');
    // GIT_DIR names another repository, whose config remit has not read.
    expect(me('git status', {}, { GIT_DIR: '/elsewhere/.git' })).toBe('unknown');
    expect(me('git status', {}, { GIT_DIR: '' })).toBe('read');
  });
  it("git status and git describe --dirty run post-index-change when they write the refreshed index, in the project's own repository too", () => {
    const hook = { '.git/hooks/post-index-change': '#!/bin/sh\n' };
    for (const c of ['git status', 'git status -s', 'git describe --dirty', 'git describe --broken=x', 'git describe --dir'])
      expect(m(c, hook), c).toBe('unknown');
    for (const c of ['git --no-optional-locks status', 'git describe', 'git log', 'git diff']) expect(m(c, hook), c).toBe('read');
    expect(m('git status')).toBe('read');
    expect(m('git status', { '.git/hooks/post-index-change.sample': '#!/bin/sh\n', '.git/hooks/pre-commit': '#!/bin/sh\n' })).toBe('read');
    // husky's hooks folder: only a post-index-change there counts.
    const husky = { '.git/config': `[core]\n\thooksPath = .husky/_\n${REMOTE}`, '.husky/_/pre-commit': '#!/bin/sh\n' };
    expect(m('git status', husky)).toBe('read');
    expect(m('git status', { ...husky, '.husky/_/post-index-change': '#!/bin/sh\n' })).toBe('unknown');
    expect(m('git -C src status', { ...husky, '.husky/_/post-index-change': '#!/bin/sh\n' })).toBe('unknown');
  });
  it('git branch -v with a name creates the branch', () => {
    expect(m('git branch -v newb')).toBe('write');
    expect(m('git branch -vv')).toBe('read');
  });
  it('an alias of a program git-lfs or git-extras would be runs where the program is not installed', () => {
    const aliased = { 'src/x/.git/HEAD': 'ref: refs/heads/main\n', 'src/x/.git/config': '[alias]\n\tlfs = !touch pwned\n' };
    expect(m('git -C src/x lfs status', aliased)).toBe('unknown');
    expect(m('git lfs status')).toBe('read');
  });

  const git = (cwd: string, ...args: string[]) => spawnSync('git', args, { cwd, encoding: 'utf8', input: '' });
  it.skipIf(spawnSync('git', ['--version']).status !== 0)('agrees with the real git: the hooks run in a dry run', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'remit-git-hooks-'));
    try {
      const origin = path.join(dir, 'origin.git');
      const work = path.join(dir, 'work');
      git(dir, 'init', '-q', '--bare', origin);
      git(dir, 'init', '-q', work);
      for (const [k, v] of [
        ['user.email', 'a@b'],
        ['user.name', 'a'],
      ])
        git(work, 'config', k!, v!);
      writeFileSync(path.join(work, 'a.ts'), 'a\n');
      git(work, 'add', 'a.ts');
      git(work, 'commit', '-qm', 'one');
      git(work, 'remote', 'add', 'origin', origin);
      const log = path.join(dir, 'ran.log');
      for (const hook of ['pre-push', 'post-index-change']) {
        const f = path.join(work, '.git', 'hooks', hook);
        writeFileSync(f, `#!/bin/sh\necho ${hook} >> '${log}'\n`);
        chmodSync(f, 0o755);
      }
      const ran = (args: string[]): string => {
        rmSync(log, { force: true });
        git(work, ...args);
        return existsSync(log) ? readFileSync(log, 'utf8') : '';
      };
      expect(ran(['push', '--dry-run', 'origin', 'HEAD'])).toContain('pre-push');
      expect(ran(['push', '--dry-run', '--no-verify', 'origin', 'HEAD'])).toBe('');
      writeFileSync(path.join(work, 'a.ts'), 'b\n');
      expect(ran(['commit', '--dry-run', 'a.ts'])).toContain('post-index-change');
      // A changed file's stat data: status writes the refreshed index and runs the hook.
      writeFileSync(path.join(work, 'a.ts'), 'a\n');
      expect(ran(['status'])).toContain('post-index-change');
      writeFileSync(path.join(work, 'a.ts'), 'a\n');
      expect(ran(['--no-optional-locks', 'status'])).toBe('');
      // A hooks folder the user's config names, where the environment puts that config.
      rmSync(path.join(work, '.git', 'hooks', 'pre-push'));
      const hooks = path.join(dir, 'hooks');
      mkdirSync(hooks);
      writeFileSync(path.join(hooks, 'pre-push'), `#!/bin/sh\necho pre-push >> '${log}'\n`);
      chmodSync(path.join(hooks, 'pre-push'), 0o755);
      mkdirSync(path.join(dir, 'xdg', 'git'), { recursive: true });
      writeFileSync(path.join(dir, 'xdg', 'git', 'config'), `[core]\n\thooksPath = ${hooks}\n`);
      writeFileSync(path.join(dir, 'inc.cfg'), '[include]\n\tpath = xdg/git/config\n');
      for (const env of [
        { XDG_CONFIG_HOME: path.join(dir, 'xdg') },
        { GIT_CONFIG_GLOBAL: path.join(dir, 'inc.cfg') },
        { GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'core.hooksPath', GIT_CONFIG_VALUE_0: hooks },
        { GIT_CONFIG_PARAMETERS: `'core.hooksPath'='${hooks}'` },
      ]) {
        rmSync(log, { force: true });
        spawnSync('git', ['push', '--dry-run', 'origin', 'HEAD'], { cwd: work, env: { ...process.env, ...env }, input: '' });
        expect(existsSync(log) ? readFileSync(log, 'utf8') : '', JSON.stringify(env)).toContain('pre-push');
        const files = { 'xdg/git/config': `[core]\n\thooksPath = /h\n`, 'inc.cfg': '[include]\n\tpath = xdg/git/config\n' };
        const local = {
          ...env,
          ...(env.XDG_CONFIG_HOME ? { XDG_CONFIG_HOME: '/work/proj/xdg' } : {}),
          ...(env.GIT_CONFIG_GLOBAL ? { GIT_CONFIG_GLOBAL: '/work/proj/inc.cfg' } : {}),
        };
        expect(classifyShell('git push --dry-run origin HEAD', virtualContext({ ...REPO, ...files }, { env: local })).mutability, JSON.stringify(env)).toBe(
          'unknown',
        );
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
