// The repository configuration git reads before any subcommand (docs/DESIGN.md#shell-classification,
// "Configuration a read loads"). A read subcommand runs programs its repository's config
// names: `git status` runs `core.fsmonitor`, `git diff` a textconv or `diff.external`, a
// clean filter, `git log --show-signature` the gpg program. The agent can make such a
// config where its contract lets it write (`git init src/x && git -C src/x config
// core.fsmonitor …`, or the Write tool on `src/x/.git/config`), so a git command is
// proven only when the config of the repository it runs in names no program.
import path from 'node:path';
import type { ShellWalker } from '../walker.js';
import { configEntries, readConfigs, readWithIncludes, userConfigs, inherited, type ConfigEntry, type ConfigText } from './git-config-read.js';

const BOOLEAN = /^(?:|true|false|yes|no|on|off|0|1)$/i;
/** The filter git-lfs installs (`git lfs install --local`); any other filter command is a program remit cannot see. */
const LFS_FILTER = /^git-lfs (?:clean|smudge|filter-process)(?: -- %f)?(?: --skip)?$/;

/** Entries that run a program only when git talks to another repository (fetch, push, ls-remote …). */
function networkEntryRuns(section: string, sub: string | undefined, key: string, value: string): boolean {
  switch (section) {
    case 'core':
      return key === 'askpass' || key === 'sshcommand' || key === 'gitproxy';
    case 'credential':
      return key === 'helper' && value !== '';
    case 'remote':
      return key === 'uploadpack' || key === 'receivepack' || key === 'vcs';
    case 'protocol':
      return key === 'allow';
    case 'url':
      // `url."ext::sh -c …".insteadOf = origin`: a rewrite to a transport that runs a command.
      return sub !== undefined && /^[A-Za-z][\w+.-]*::/.test(sub);
    default:
      return false;
  }
}

/**
 * Whether one config entry names a program git runs (or pulls in another config file).
 * `section` and `key` lower-case, `sub` as written; `network` when the subcommand talks to
 * another repository.
 */
function configEntryRuns(section: string, sub: string | undefined, key: string, value: string, network = true): boolean {
  if (network && networkEntryRuns(section, sub, key, value)) return true;
  switch (section) {
    case 'include':
    case 'includeif':
    case 'hook':
    case 'sendemail':
      return true;
    case 'core':
      if (key === 'fsmonitor') return !BOOLEAN.test(value);
      return ['pager', 'editor', 'alternaterefscommand'].includes(key);
    case 'pager':
      return !BOOLEAN.test(value);
    case 'diff':
      return key === 'external' || (sub !== undefined && (key === 'textconv' || key === 'command'));
    case 'difftool':
    case 'mergetool':
    case 'guitool':
    case 'browser':
    case 'man':
      return key === 'cmd' || key === 'path';
    case 'filter':
      return (key === 'clean' || key === 'smudge' || key === 'process') && !LFS_FILTER.test(value);
    case 'merge':
      return sub !== undefined && key === 'driver';
    case 'sequence':
      return key === 'editor';
    case 'gpg':
      return key === 'program' || key === 'defaultkeycommand';
    case 'trailer':
      return key === 'command' || key === 'cmd';
    case 'submodule':
      return key === 'update' && value.startsWith('!');
    case 'uploadpack':
      return key === 'packobjectshook';
    case 'web':
    case 'help':
      return key === 'browser';
    default:
      return false;
  }
}

/**
 * Whether a config text names a program git runs. Anything it cannot parse counts as
 * running one.
 */
export function configRunsPrograms(text: string, network = true): boolean {
  const entries = configEntries(text);
  return entries === null || entries.some((e) => configEntryRuns(e.section, e.sub, e.key, e.value, network));
}

/** A `core.hooksPath` line, in any section spelling (read as present, not parsed). */
const HOOKS_PATH = /^[^\S\n\r\u2028\u2029]*hookspath\s*=/im;

/**
 * Every config git reads for the repository found from `cwd`, with the files they include:
 * the repository's own (repositoryConfigs) and the user's, the system's and the environment's
 * (git-config-read.ts userConfigs). Null when one cannot be read.
 */
function allConfigs(w: ShellWalker, cwd: string | null): { files: string[]; configs: ConfigText[] } | null {
  if (cwd === null) return null;
  const files = repositoryConfigs(w, cwd);
  if (files === null) return null;
  const own = readWithIncludes(w, files);
  const user = userConfigs(w);
  return own && user ? { files, configs: [...own, ...user] } : null;
}

/** The entries of every config git reads from `cwd` (allConfigs), or null. */
function allEntries(w: ShellWalker, cwd: string | null): { files: string[]; entries: ConfigEntry[] } | null {
  const all = allConfigs(w, cwd);
  if (all === null) return null;
  const entries: ConfigEntry[] = [];
  for (const { text } of all.configs) {
    const e = configEntries(text);
    if (e === null) return null;
    entries.push(...e);
  }
  return { files: all.files, entries };
}

/**
 * Whether any config git reads may define the alias `name`. git takes an alias only when no
 * builtin or `git-<name>` program has the name, so an alias stands in for git-lfs or
 * git-extras where they are not installed (`alias.lfs = !cmd` runs cmd). Unreadable: it may.
 */
export function aliasMayRun(w: ShellWalker, cwd: string | null, name: string): boolean {
  const all = allEntries(w, cwd);
  const lower = name.toLowerCase();
  return all === null || all.entries.some((e) => e.section === 'alias' && e.key === lower);
}

/**
 * Whether `git help <page>` (and `git <command> --help`, which is that) may show the page with
 * a program other than man: GIT_MAN_VIEWER in the environment, or in any config git reads a
 * help.format other than man (web starts a browser, info runs info), a help.browser, a
 * man.viewer other than man, a man.<tool>.cmd or .path (`man.man.path` replaces man itself),
 * web.browser or a browser.<tool> entry. Checked with git 2.39: man.viewer with its cmd, and
 * man.man.path, each ran its program for `git help status`, `git status --help` and `git
 * --help status`. Unreadable: it may.
 */
export function helpViewerMayRun(w: ShellWalker, cwd: string | null): boolean {
  if (inherited(w, 'GIT_MAN_VIEWER') !== undefined) return true;
  const all = allEntries(w, cwd);
  return (
    all === null ||
    all.entries.some((e) => {
      switch (e.section) {
        case 'help':
          return (e.key === 'format' && e.value.toLowerCase() !== 'man') || e.key === 'browser';
        case 'man':
          return !(e.key === 'viewer' && e.value === 'man');
        case 'web':
          return e.key === 'browser';
        case 'browser':
          return true;
        default:
          return false;
      }
    })
  );
}

/** Whether a URL-rewriting prefix (`url.<base>.insteadOf`, and for a push `pushInsteadOf`) matches one of `urls`. */
function rewritten(entries: readonly ConfigEntry[], urls: readonly string[], push: boolean): boolean {
  return entries.some((e) => e.section === 'url' && (e.key === 'insteadof' || (push && e.key === 'pushinsteadof')) && urls.some((u) => u.startsWith(e.value)));
}

/**
 * The URLs a push to the remote `name` goes to, as the config sets them (`remote.<name>.pushurl`,
 * else `.url`; every remote's without a name); null when a config cannot be read or parsed, or
 * rewrites one of them (`insteadOf`, `pushInsteadOf`).
 */
export function remotePushUrls(w: ShellWalker, cwd: string | null, name: string | undefined): string[] | null {
  const all = allEntries(w, cwd);
  if (all === null) return null;
  const urls: string[] = [];
  const pushUrls: string[] = [];
  for (const e of all.entries) {
    if (e.section !== 'remote' || (name !== undefined && e.sub !== name)) continue;
    if (e.key === 'url') urls.push(e.value);
    else if (e.key === 'pushurl') pushUrls.push(e.value);
  }
  // Every remote's (no name: the default may be any of them).
  const out = name === undefined ? [...urls, ...pushUrls] : pushUrls.length > 0 ? pushUrls : urls;
  return rewritten(all.entries, out, true) ? null : out;
}

/** remote.c's valid_remote_nick: a name that may be a remote's (or a file under `remotes/`). */
const remoteNick = (name: string): boolean => name !== '' && name !== '.' && name !== '..' && !name.includes('/');

/**
 * The URLs git fetches from for `word` (a remote's name, or the URL or path itself), as
 * remote_get finds them: the remote's `url` entries in any config git reads (allConfigs), else a
 * file of that name under the git folder's `remotes/` or `branches/` (read as naming any URL),
 * else the word. No word: the default remote's, which is the current branch's
 * `branch.<name>.remote` or origin: origin's and every remote a branch names. Null when a file
 * cannot be read or parsed, or when a config (the repository's, the user's, the system's)
 * rewrites one of the URLs (`url.<base>.insteadOf`).
 */
export function remoteFetchUrls(w: ShellWalker, cwd: string | null, word: string | undefined): string[] | null {
  const all = allEntries(w, cwd);
  if (all === null) return null;
  const urls = new Map<string, string[]>();
  const names = new Set<string>(word === undefined ? ['origin'] : [word]);
  for (const e of all.entries) {
    if (e.section === 'remote' && e.key === 'url' && e.sub !== undefined) urls.set(e.sub, [...(urls.get(e.sub) ?? []), e.value]);
    else if (word === undefined && e.section === 'branch' && e.key === 'remote') names.add(e.value);
  }
  const out: string[] = [];
  for (const name of names) {
    const set = urls.get(name);
    if (set) out.push(...set);
    else if (remoteNick(name) && all.files.some((f) => legacyRemoteFile(w, path.posix.dirname(f), name))) return null;
    else if (word !== undefined) out.push(name);
  }
  return rewritten(all.entries, out, false) ? null : out;
}

/** `remotes/<name>` or `branches/<name>` in a git folder: an older way to name a remote's URL. */
function legacyRemoteFile(w: ShellWalker, gitDir: string, name: string): boolean {
  return ['remotes', 'branches'].some((d) => w.acc.mayHaveChanged(`${gitDir}/${d}/${name}`) || w.exists(`${gitDir}/${d}/${name}`));
}

/** `objects/` and `refs/` beside a `HEAD`: a folder git takes as a (bare) repository itself. */
function isGitDir(w: ShellWalker, dir: string): boolean {
  return w.exists(`${dir}/HEAD`) && w.isDirectory(`${dir}/objects`) && w.isDirectory(`${dir}/refs`);
}

/**
 * The config files of the repository git finds from `cwd`, as git discovers it: the first
 * folder up that holds `.git` (a folder, or a file naming one with `gitdir:`) or is a
 * repository itself; with a `commondir`, its config too. Null when a file that decides it
 * cannot be read, or the environment names the repository.
 */
function repositoryConfigs(w: ShellWalker, cwd: string): string[] | null {
  // GIT_DIR or GIT_COMMON_DIR in the environment git inherits names a repository of its own.
  if (inherited(w, 'GIT_DIR') !== undefined || inherited(w, 'GIT_COMMON_DIR') !== undefined) return null;
  let d = cwd;
  for (let i = 0; i < 128; i++) {
    const dotGit = d === '/' ? '/.git' : `${d}/.git`;
    let gitDir: string | undefined;
    if (w.isDirectory(dotGit)) gitDir = dotGit;
    else if (w.exists(dotGit)) {
      const text = w.readFile(dotGit, 4096);
      const m = text === undefined ? null : /^gitdir:\s*(.+)$/m.exec(text);
      if (!m) return null;
      // The path without its trailing blanks, one character at least (as `(.+?)\s*$` took it,
      // trying every end: quadratic in a line of blanks).
      const target = m[1]!.trimEnd();
      gitDir = path.posix.resolve(d, target === '' ? m[1]![0]! : target);
    } else if (isGitDir(w, d)) gitDir = d;
    if (gitDir !== undefined) {
      const out = [`${gitDir}/config`, `${gitDir}/config.worktree`];
      if (w.exists(`${gitDir}/commondir`)) {
        const common = w.readFile(`${gitDir}/commondir`, 4096);
        if (common === undefined) return null;
        out.push(`${path.posix.resolve(gitDir, common.trim())}/config`);
      }
      return out;
    }
    const parent = path.posix.dirname(d);
    if (parent === d) break;
    d = parent;
  }
  return [];
}

/**
 * Whether the repository git runs in (from `cwd`) is proven to name no program in its
 * config. A config this command may already have changed, or one we cannot read, is not.
 * A repository other than the project's own (one the agent may have made where it can
 * write) is proven only without hooks too: git runs them for commits, checkouts, ref
 * updates and index refreshes (`post-index-change` after a `git status`).
 */
export function repositoryConfigProven(w: ShellWalker, cwd: string | null, network: boolean): boolean {
  if (cwd === null) return false;
  const files = repositoryConfigs(w, cwd);
  if (files === null) return false;
  const configs = readConfigs(w, files);
  if (configs === null) return false;
  for (const { file, text } of configs) {
    if (configRunsPrograms(text, network)) return false;
    if (!file.startsWith(`${w.ctx.projectRoot}/.git/`) && HOOKS_PATH.test(text)) return false;
  }
  const gitDir = files[0]?.slice(0, -'/config'.length);
  if (gitDir !== undefined && gitDir !== `${w.ctx.projectRoot}/.git`) {
    // A linked worktree runs the hooks of the repository it belongs to (its commondir).
    for (const dir of new Set(files.map((f) => path.posix.dirname(f)))) {
      const hooks = `${dir}/hooks`;
      if (w.acc.mayHaveChanged(hooks)) return false;
      const names = w.listDir(hooks);
      if (names?.some((n) => !n.endsWith('.sample'))) return false;
    }
  }
  return true;
}

/**
 * Whether git may run the hook `name` for the repository found from `cwd`: a hooks folder named
 * by core.hooksPath (husky's `.husky/_`) in any config git reads (allConfigs: the repository's,
 * the user's wherever XDG_CONFIG_HOME or GIT_CONFIG_GLOBAL put it, the system's, the
 * environment's, and what they include), or `hooks/<name>` in the repository's git folder or
 * the one it shares (a `.sample` is no hook). What this command may already have changed, or a
 * config that cannot be read, may run one.
 */
export function hookMayRun(w: ShellWalker, cwd: string | null, name: string): boolean {
  const all = allConfigs(w, cwd);
  if (all === null || all.configs.some(({ text }) => HOOKS_PATH.test(text))) return true;
  for (const f of all.files) {
    const hook = `${path.posix.dirname(f)}/hooks/${name}`;
    if (w.acc.mayHaveChanged(hook) || w.exists(hook)) return true;
  }
  return false;
}

/**
 * Whether the hook file `name` may be where git looks for it, read exactly: `<dir>/<name>` for
 * the folder of every core.hooksPath any config git reads sets (a relative one from the work
 * tree's top, `~/` from the home folder) and `hooks/<name>` in the git folder and the one it
 * shares. For the project's own repository, whose other hooks (husky's `.husky/_` among them)
 * are the user's. What this command may already have changed, or a config that cannot be read,
 * may run.
 */
export function hookFileMayRun(w: ShellWalker, cwd: string | null, name: string): boolean {
  const all = allEntries(w, cwd);
  if (all === null || cwd === null) return true;
  const dirs = all.files.map((f) => `${path.posix.dirname(f)}/hooks`);
  const top = gitTopLevel(w, cwd) ?? cwd;
  for (const e of all.entries) {
    if (e.section !== 'core' || e.key !== 'hookspath') continue;
    if (e.value.startsWith('~/') && !w.pc.home) return true;
    dirs.push(e.value.startsWith('~/') ? `${w.pc.home}${e.value.slice(1)}` : path.posix.resolve(top, e.value));
  }
  return dirs.some((d) => w.acc.mayHaveChanged(`${d}/${name}`) || w.exists(`${d}/${name}`));
}

/**
 * The folder `git rev-parse --show-toplevel` prints from `cwd`: the nearest one up holding a
 * `.git`; null when there is none (git fails, so `cd "$(…)" && …` runs nothing after it).
 */
export function gitTopLevel(w: ShellWalker, cwd: string): string | null {
  let d = cwd;
  for (let i = 0; i < 128; i++) {
    if (w.exists(d === '/' ? '/.git' : `${d}/.git`)) return d;
    const parent = path.posix.dirname(d);
    if (parent === d) return null;
    d = parent;
  }
  return null;
}
