import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { virtualContext } from '../../../../test/support/classify-context.js';
import { classifyShell } from '../classify-shell.js';
import { configRunsPrograms } from './git-config.js';

describe('a repository config that names a program (issue 9 principles 3 and 6)', () => {
  it('finds the keys git runs, however the file spells them', () => {
    for (const text of [
      '[core]\n\tfsmonitor = rm -rf ../docs\n',
      '[CORE]\n\tFsMonitor = "sh -c x"\n',
      '[core] fsmonitor = ./hook\n',
      '[core]\n\tpager = less; rm x\n',
      '[diff "bin"]\n\ttextconv = ./conv\n',
      '[diff]\n\texternal = ./d\n',
      '[filter "x"]\n\tclean = ./c\n',
      '[filter "lfs"]\n\tsmudge = "git-lfs smudge -- %f; rm x"\n',
      '[gpg]\n\tprogram = ./g\n',
      '[gpg "ssh"]\n\tprogram = ./g\n',
      '[include]\n\tpath = ../other.cfg\n',
      '[includeIf "gitdir:/"]\n\tpath = x\n',
      '[pager]\n\tlog = ./p\n',
      '[merge "m"]\n\tdriver = ./m %O %A %B\n',
      '[hook "pre-commit"]\n\tcommand = ./h\n',
      '[diff.bin]\n\ttextconv = ./conv\n',
      '[core]\n\tfsmonitor = a\\\n b\n',
      '[core\n',
      'fsmonitor = x\n',
    ]) {
      expect({ text, runs: configRunsPrograms(text, false) }).toEqual({ text, runs: true });
    }
  });
  it('takes an ordinary repository config, lfs and hooksPath included', () => {
    const usual =
      '[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n\tlogallrefupdates = true\n\thooksPath = .husky/_\n\tfsmonitor = false\n' +
      '[remote "origin"]\n\turl = git@github.com:o/r.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n[branch "main"]\n\tremote = origin\n\tmerge = refs/heads/main\n' +
      '[filter "lfs"]\n\tclean = git-lfs clean -- %f\n\tsmudge = git-lfs smudge -- %f\n\tprocess = git-lfs filter-process\n\trequired = true\n' +
      '[pager]\n\tbranch = false\n[alias]\n\tst = status\n; a comment\n# another\n[credential]\n\thelper = store\n';
    expect(configRunsPrograms(usual, false)).toBe(false);
    // The credential helper runs only when git talks to another repository.
    expect(configRunsPrograms(usual, true)).toBe(true);
    expect(configRunsPrograms('[url "ext::sh -c x"]\n\tinsteadOf = origin\n', true)).toBe(true);
    expect(configRunsPrograms('[url "https://mirror/"]\n\tinsteadOf = https://github.com/\n', true)).toBe(false);
    // An unquoted `;` starts a comment, as git reads it.
    expect(configRunsPrograms('[filter "lfs"]\n\tsmudge = git-lfs smudge -- %f ; trailing note\n', false)).toBe(false);
  });
});

describe('git in a repository whose config runs a program', () => {
  const ctx = virtualContext({
    '.git/config': '[core]\n\tbare = false\n',
    '.git/HEAD': 'ref: refs/heads/main\n',
    'src/a.ts': 'x\n',
    'src/made/.git/config': '[core]\n\tfsmonitor = rm -rf ../../docs\n',
    'src/linked/.git': 'gitdir: ../made/.git\n',
    'src/hooked/.git/config': '[core]\n\tbare = false\n',
    'src/hooked/.git/hooks/post-index-change': '#!/bin/sh\nrm -rf ../../docs\n',
    'src/sampled/.git/config': '[core]\n\tbare = false\n',
    'src/sampled/.git/hooks/pre-commit.sample': '#!/bin/sh\n',
    'src/hookpath/.git/config': '[core]\n\thooksPath = h\n',
  });
  const m = (c: string) => classifyShell(c, ctx).mutability;

  it('proves git in the project, not in a repository the agent made with a program in its config', () => {
    expect(m('git status')).toBe('read');
    expect(m('git -C src log --oneline')).toBe('read');
    expect(m('git -C src/made status')).toBe('unknown');
    expect(m('cd src/made && git diff')).toBe('unknown');
    // A `.git` file naming the other repository's folder.
    expect(m('git -C src/linked status')).toBe('unknown');
    // The program may install or hash: deps= and hash= hold for it.
    expect(classifyShell('git -C src/made status', ctx).intents).toMatchObject({ dependency: true, hash: true });
    // Another repository's hooks run for commits, checkouts and index refreshes.
    expect(m('git -C src/hooked status')).toBe('unknown');
    expect(m('git -C src/hooked commit -m x')).toBe('write');
    expect(classifyShell('git -C src/hooked commit -m x', ctx).analysis).toBe('git_arguments_unproven');
    expect(m('git -C src/sampled status')).toBe('read');
    expect(m('git -C src/hookpath status')).toBe('unknown');
    // `cd` to the top level found from a folder: the project's own repository.
    expect(m('cd src && cd "$(git rev-parse --show-toplevel)" && git status')).toBe('read');
    expect(m('cd src/made && cd "$(git rev-parse --show-toplevel)" && git status')).toBe('unknown');
  });
  it('judges a config this command changed before running git as unread', () => {
    const r = classifyShell('echo x >> .git/config; git status', ctx);
    expect(r.mutability).toBe('write');
    expect(r.analysis).toBe('git_arguments_unproven');
  });
  it('keeps the config proven after git add or commit (they write the index, objects and refs), not after git config', () => {
    const r = classifyShell('git add -A && git commit -m wip', ctx);
    expect(r.mutability).toBe('write');
    expect(r.analysis).toBeUndefined();
    expect(r.intents).toMatchObject({ dependency: false, hash: false });
    expect(classifyShell('git status && git add src/a.ts && git commit -m x && git log -1', ctx).analysis).toBeUndefined();
    for (const c of ['git add -A && git config core.hooksPath h && git commit -m wip', 'git commit -m x && git config core.pager p && git log']) {
      expect(classifyShell(c, ctx).analysis, c).toBe('git_arguments_unproven');
    }
    // A `.git` file points at a folder elsewhere: git add records the whole `.git`.
    expect(classifyShell('git -C src/linked add -A', ctx).mutability).toBe('write');
  });
  it('refuses transports that run a command, and reads a pattern with two colons', () => {
    expect(m("git ls-remote 'ext::sh -c touch% x'")).toBe('unknown');
    expect(m('git fetch --dry-run fd::3')).toBe('unknown');
    expect(m("git grep 'std::vector'")).toBe('read');
  });
});

describe('git help shows a page with man, or with what a config names', () => {
  const me = (cmd: string, files: Record<string, string> = {}, env: Record<string, string> = {}) =>
    classifyShell(cmd, virtualContext({ '.git/HEAD': 'ref: refs/heads/main\n', '.git/config': '[core]\n', ...files }, { home: '/work/proj/home', env }))
      .mutability;
  it('is a read with man, and unknown where a viewer or browser may run', () => {
    for (const c of ['git help status', 'git status --help', 'git --help status', 'git -h status', 'git help --man status', 'git blame --help'])
      expect(me(c), c).toBe('read');
    for (const c of ['git help', 'git help -a', 'git --help', 'git -h', 'git status -s --help'])
      expect(me(c, { 'home/.gitconfig': '[help]\n\tformat = web\n' }), c).toBe('read');
    for (const cfg of [
      '[help]\n\tformat = web\n',
      '[help]\n\tformat = info\n',
      '[man]\n\tviewer = woman\n',
      '[man "foo"]\n\tcmd = ./x\n',
      '[man "man"]\n\tpath = ./x\n',
      '[web]\n\tbrowser = firefox\n',
      '[browser "x"]\n\tcmd = ./x\n',
    ]) {
      for (const c of ['git help status', 'git status --help', 'git --help status', 'git -h status', 'git help --man status']) {
        expect(me(c, { 'home/.gitconfig': cfg }), `${c} ${cfg}`).toBe('unknown');
        expect(me(c, { 'xdg/git/config': cfg }, { XDG_CONFIG_HOME: '/work/proj/xdg' }), `${c} ${cfg}`).toBe('unknown');
      }
    }
    expect(me('git help status', { 'home/.gitconfig': '[man]\n\tviewer = man\n[help]\n\tformat = man\n' })).toBe('read');
    expect(me('git help status', {}, { GIT_MAN_VIEWER: 'woman' })).toBe('unknown');
    expect(me('git -c man.viewer=foo help status')).toBe('unknown');
  });

  it.skipIf(spawnSync('git', ['--version']).status !== 0)('agrees with the real git: a configured viewer runs', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'remit-git-help-'));
    try {
      const log = path.join(dir, 'ran.log');
      const viewer = path.join(dir, 'viewer');
      writeFileSync(viewer, `#!/bin/sh\necho "$@" >> '${log}'\n`);
      chmodSync(viewer, 0o755);
      spawnSync('git', ['init', '-q', path.join(dir, 'repo')]);
      const cfg = path.join(dir, 'g.cfg');
      writeFileSync(cfg, `[man]\n\tviewer = v\n[man "v"]\n\tcmd = ${viewer}\n`);
      for (const args of [
        ['help', 'status'],
        ['status', '--help'],
        ['--help', 'status'],
        ['-h', 'status'],
      ]) {
        rmSync(log, { force: true });
        spawnSync('git', args, { cwd: path.join(dir, 'repo'), env: { ...process.env, GIT_CONFIG_GLOBAL: cfg }, input: '', timeout: 10_000 });
        expect(existsSync(log), args.join(' ')).toBe(true);
        expect(me(`git ${args.join(' ')}`, { 'g.cfg': '[man]\n\tviewer = v\n[man "v"]\n\tcmd = ./v\n' }, { GIT_CONFIG_GLOBAL: '/work/proj/g.cfg' })).toBe(
          'unknown',
        );
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
