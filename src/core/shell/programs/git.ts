// git: read subcommands are reads only with options from an exact list (an unknown option
// is `git_arguments_unproven`, `--output` is a write); write subcommands name the paths
// they touch where git's own syntax says so, the repository's `.git` for index/ref-only
// changes, and a whole-tree change (`checkout <branch>`, `merge`, `reset --hard`) as a
// write whose paths are unproven.
import path from 'node:path';
import { parsePatch } from '../../patch/parse-patch.js';
import { canonicalPath } from '../../paths/canonical.js';
import { cloneScope, type Handler, type Invocation, type ShellWalker } from '../walker.js';
import { argPath, type Arg } from '../words.js';
import { aliasMayRun, helpViewerMayRun, hookFileMayRun, hookMayRun, remoteFetchUrls, remotePushUrls, repositoryConfigProven } from './git-config.js';
import { gitFetchRewrite, plainEditor, plainPager } from '../exec-env.js';
import { lookupTable } from '../../lookup-table.js';
import { decideByModel, programModel, type ModelState } from '../program-model.js';
import { parseGitOptions } from '../parsers/git-options.js';
import { compileSpec, isOn, lastOf, mayBeOption } from '../parsers/types.js';
import { trimEndOf } from '../../intents/line-text.js';
import GIT_MODEL_DATA from '../models/git.json' with { type: 'json' };

/** The subcommands decided by data (models/git.json): parsed by git's parse-options, decided from the parsed state. */
const GIT_MODEL = programModel(GIT_MODEL_DATA);

interface GitCall {
  w: ShellWalker;
  inv: Invocation;
  /** Directory git runs in (after `-C`). */
  cwd: string | null;
  sub: string;
  /** Arguments after the subcommand. */
  args: readonly Arg[];
}

type GitHandler = (g: GitCall) => void;

const SAFE_CONFIG =
  /^(?:color\..*|core\.quotepath|core\.abbrev|log\..*|i18n\..*|advice\..*|user\.name|user\.email|init\.defaultbranch|safe\.directory|commit\.gpgsign|tag\.gpgsign|gc\.auto|pager\..*|column\..*|diff\.renames|diff\.noprefix|status\..*|format\.pretty|protocol\.version|http\.sslverify|credential\.helper)$/i;

/**
 * Some safe keys take a program as their value: `pager.log` may name a pager command and
 * `credential.helper` a helper (`!rm -rf src` runs in a shell). Those are safe only with a
 * boolean (pager) or an empty value (no helper).
 */
function safeConfigValue(kv: string): boolean {
  const eq = kv.indexOf('=');
  const key = (eq < 0 ? kv : kv.slice(0, eq)).toLowerCase();
  const value = eq < 0 ? 'true' : kv.slice(eq + 1);
  // `git -c core.pager=cat log`: a pager or editor that only prints or does nothing.
  if (key === 'core.pager') return plainPager(value);
  if (key === 'core.editor' || key === 'sequence.editor') return plainEditor(value);
  if (!SAFE_CONFIG.test(key)) return false;
  if (key.startsWith('pager.')) return /^(?:true|false|yes|no|on|off|0|1)$/i.test(value) || plainPager(value);
  if (key === 'credential.helper') return value === '';
  return true;
}

// Option names (without dashes) that only shape what a read subcommand prints.
export const READ_LONG = new Set(
  (
    'stat numstat shortstat dirstat dirstat-by-file cumulative summary name-only name-status patch-with-stat patch-with-raw raw patch ' +
    'no-patch unified minimal patience histogram diff-algorithm anchored word-diff word-diff-regex color color-words color-moved ' +
    'color-moved-ws no-color-moved no-color-moved-ws no-color no-renames renames find-renames find-copies find-copies-harder irreversible-delete ' +
    'break-rewrites ignore-all-space ignore-space-change ignore-space-at-eol ignore-blank-lines ignore-cr-at-eol ignore-submodules ' +
    'ignore-matching-lines inter-hunk-context function-context exit-code quiet cached staged merge-base no-index src-prefix ' +
    'dst-prefix no-prefix default-prefix line-prefix relative no-relative text binary full-index abbrev no-abbrev ' +
    'ita-invisible-in-index ita-visible-in-index check submodule compact-summary stat-width stat-name-width stat-graph-width ' +
    'stat-count diff-filter indent-heuristic no-indent-heuristic no-ext-diff no-textconv output-indicator-new output-indicator-old ' +
    'output-indicator-context oneline pretty format abbrev-commit no-abbrev-commit decorate no-decorate decorate-refs ' +
    'decorate-refs-exclude clear-decorations source graph first-parent all branches tags remotes author committer grep all-match ' +
    'invert-grep regexp-ignore-case extended-regexp fixed-strings perl-regexp basic-regexp since after until before max-count skip merges ' +
    'no-merges min-parents max-parents no-min-parents no-max-parents reverse date relative-date follow log-size topo-order ' +
    'date-order author-date-order walk-reflogs reflog left-right cherry-pick cherry-mark cherry boundary simplify-by-decoration ' +
    'full-history dense sparse ancestry-path show-signature show-notes no-notes notes encoding expand-tabs no-expand-tabs mailmap ' +
    'use-mailmap no-mailmap full-diff parents children left-only right-only not glob exclude remerge-diff diff-merges combined ' +
    'dense-combined cc show-pulls no-walk do-walk count since-as-filter exclude-first-parent-only show-linear-break ' +
    'short branch porcelain long verbose untracked-files ignored column no-column ahead-behind no-ahead-behind show-stash null ' +
    'incremental line-porcelain root show-stats show-name show-number ignore-rev ignore-revs-file color-lines color-by-age progress ' +
    'no-progress score-debug contents show-email show-toplevel show-prefix show-cdup git-dir git-common-dir absolute-git-dir is-inside-work-tree ' +
    'is-inside-git-dir is-bare-repository is-shallow-repository abbrev-ref symbolic symbolic-full-name verify local-env-vars ' +
    'path-format show-superproject-working-tree shared-index-path default prefix sq sq-quote git-path resolve-git-dir show-object-format ' +
    'show-ref-format deleted modified others stage unmerged killed directory no-empty-directory eol full-name recurse-submodules ' +
    'exclude-from exclude-per-directory exclude-standard error-unmatch with-tree debug deduplicate list show-current merged no-merged ' +
    'contains no-contains points-at sort ignore-case omit-empty tags long dirty broken always exact-match candidates match ' +
    'summary numbered email group batch batch-check batch-command batch-all-objects filters follow-symlinks unordered buffer ' +
    'name-status object-only full-tree heads refs exit-code get-url symref hash head dereference exclude-existing ' +
    'is-ancestor independent fork-point octopus name-only no-undefined always refs annotate stdin-paths ' +
    'no-index stdin z line-number column-number heading break show-function function-context max-depth word-regexp files-with-matches ' +
    'files-without-match count untracked fallback-to-index recurse-submodules and or threads ' +
    'format-version show-origin show-scope get get-all get-regexp get-urlmatch includes no-includes type bool int bool-or-int path expiry-date ' +
    'creator-ref no-color no-standard-notes standard-notes notes-ref left right no-merges no-commit-id objects objects-edge ' +
    'objects-edge-aggressive unpacked missing in-commit-order no-object-names object-names disk-usage human-readable'
  ).split(/\s+/),
);
/** Short read options that take their value attached or as the next word. */
export const READ_SHORT_VALUE = 'nUMCBSGLA';
/** `-O` is left out on purpose: `git grep -O` runs a pager program. */
export const READ_SHORT_FLAGS = 'psuvzqrtdlacmiefwbhHEPIVxRkNoFgnyTWXD0123456789';

/** Checks a read subcommand's options; returns 'ok', 'unknown' or the `--output` targets. */
function readOptions(g: GitCall, extraLong: readonly string[] = [], extraShort = ''): { ok: boolean; outputs: Arg[] } {
  const outputs: Arg[] = [];
  const args = g.args;
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) continue;
    if (v === '--') break;
    if (!v.startsWith('-') || v === '-') continue;
    if (v.startsWith('--')) {
      const eq = v.indexOf('=');
      const name = eq >= 0 ? v.slice(2, eq) : v.slice(2);
      if (name === 'output') {
        const t = eq >= 0 ? { ...args[i]!, value: v.slice(eq + 1) } : args[++i];
        if (t) outputs.push(t);
        continue;
      }
      if (READ_LONG.has(name) || extraLong.includes(name)) continue;
      return { ok: false, outputs };
    }
    if (/^-\d+$/.test(v)) continue;
    const first = v[1]!;
    if (READ_SHORT_VALUE.includes(first)) continue;
    for (let j = 1; j < v.length; j++) {
      const c = v[j]!;
      if (READ_SHORT_VALUE.includes(c)) break;
      if (!READ_SHORT_FLAGS.includes(c) && !extraShort.includes(c)) return { ok: false, outputs };
    }
  }
  return { ok: true, outputs };
}

function operands(args: readonly Arg[], valueOpts: readonly string[] = []): { before: Arg[]; after: Arg[]; dashdash: boolean } {
  const before: Arg[] = [];
  const after: Arg[] = [];
  let dashdash = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (dashdash) {
      after.push(a);
      continue;
    }
    if (v === '--') {
      dashdash = true;
      continue;
    }
    if (v !== null && v.startsWith('-') && v !== '-') {
      if (valueOpts.includes(v)) i++;
      continue;
    }
    before.push(a);
  }
  return { before, after, dashdash };
}

function has(args: readonly Arg[], ...names: string[]): boolean {
  for (const a of args) {
    const v = a.value;
    if (v === null) continue;
    if (v === '--') return false;
    if (names.includes(v)) return true;
    const eq = v.indexOf('=');
    if (eq > 0 && names.includes(v.slice(0, eq))) return true;
    // Short clusters: `-fd` has `-f`.
    if (/^-[A-Za-z]{2,}$/.test(v)) for (const n of names) if (n.length === 2 && n[0] === '-' && v.includes(n[1]!)) return true;
  }
  return false;
}

/** The repository's `.git` (walking up from git's directory), for index and ref changes. */
function gitDir(g: GitCall): string | null {
  if (g.cwd === null) return null;
  let d = g.cwd;
  for (let i = 0; i < 64; i++) {
    const candidate = d === '/' ? '/.git' : `${d}/.git`;
    if (g.w.exists(candidate)) return candidate;
    const parent = path.posix.dirname(d);
    if (parent === d) break;
    d = parent;
  }
  const root = g.w.ctx.projectRoot;
  return `${root}/.git`;
}

function workTree(g: GitCall): string | null {
  const d = gitDir(g);
  return d ? path.posix.dirname(d) : null;
}

function repoWrite(g: GitCall): void {
  const d = gitDir(g);
  if (d) g.w.effectPath(g.inv, 'write', d);
  else g.w.acc.unprovenWrite('write_path_missing', g.inv.text);
}

/**
 * The parts of the repository a subcommand writes, when `.git` is a folder: `git add` writes
 * the index and objects, `git commit` the objects, refs, reflogs, HEAD and the message file
 * (checked against git 2.39). Not the config or the hooks, so a later git in the same command
 * still reads the config it proved (git-config.ts). A `.git` file (a linked worktree, a
 * submodule) points elsewhere: the whole `.git` then, as repoWrite.
 */
function repoPartsWrite(g: GitCall, parts: readonly string[]): void {
  const d = gitDir(g);
  if (!d || !g.w.isDirectory(d)) return repoWrite(g);
  for (const p of parts) g.w.effectPath(g.inv, 'write', `${d}/${p}`);
}

const INDEX_PARTS = ['index', 'objects'];
const COMMIT_PARTS = ['index', 'objects', 'refs', 'logs', 'packed-refs', 'reftable', 'HEAD', 'ORIG_HEAD', 'COMMIT_EDITMSG'];

/** A change to files git picks (a branch switch, a merge): `.git` plus unproven paths. */
function treeWrite(g: GitCall): void {
  repoWrite(g);
  g.w.acc.unprovenWrite('write_path_missing', g.inv.text);
}

/**
 * A pathspec as git resolves it: `:/path` and `:(top)path` name a path from the work tree's
 * root whatever folder git runs in (gitglossary(7), pathspec magic), `:(literal)` the path
 * as typed; other magic (`icase`, `glob`, `exclude`, `attr`, `:!`, `:^`) matches paths we
 * cannot name. Returns the word to resolve and the folder it is relative to, or null.
 */
function pathspec(g: GitCall, a: Arg): { arg: Arg; base: string | null } | null {
  const v = a.value;
  if (v === null || !v.startsWith(':')) return { arg: a, base: g.cwd };
  let rest: string;
  let top = false;
  if (v.startsWith(':(')) {
    const close = v.indexOf(')');
    if (close < 0) return null;
    for (const magic of v.slice(2, close).split(',')) {
      const word = magic.trim().toLowerCase();
      if (word === 'top') top = true;
      else if (word !== 'literal') return null;
    }
    rest = v.slice(close + 1);
  } else {
    // Short magic: `:/` is top; any other mnemonic (`!`, `^`) or an unknown one is not a plain path.
    let k = 1;
    for (; k < v.length && v[k] !== ':'; k++) {
      if (v[k] === '/') top = true;
      else if (/[A-Za-z0-9]/.test(v[k]!)) break;
      else return null;
    }
    rest = v.slice(v[k] === ':' ? k + 1 : k);
  }
  const base = top ? workTree(g) : g.cwd;
  return { arg: { ...a, value: rest === '' ? '.' : rest }, base };
}

function pathEffect(g: GitCall, kind: 'write' | 'delete' | 'create' | 'move' | 'read', a: Arg): void {
  const spec = pathspec(g, a);
  if (!spec) {
    if (kind !== 'read') g.w.acc.unprovenWrite('write_path_missing', g.inv.text);
    return;
  }
  const p = argPath(spec.arg, spec.base, g.w.pc);
  if (p) g.w.effectPath(g.inv, kind, p);
  else if (kind !== 'read') g.w.acc.unprovenWrite('dynamic_word', g.inv.text);
}

function unknown(g: GitCall): void {
  g.w.unknown(g.inv, 'git_arguments_unproven');
}

function readSub(extraLong: readonly string[] = [], extraShort = ''): GitHandler {
  return (g) => {
    const r = readOptions(g, extraLong, extraShort);
    if (!r.ok) return unknown(g);
    if (r.outputs.length === 0) return g.w.acc.read();
    for (const o of r.outputs) pathEffect(g, 'write', o);
  };
}

export const readOnly: GitHandler = readSub();

/** `git ls-remote -h` as git 2.39–2.47 list it (parse-options, stopping at the repository). */
const LS_REMOTE_SPEC = compileSpec([
  { names: ['-q', '--quiet'], arity: 'none', negatable: true },
  { names: ['--upload-pack'], arity: 'required', negatable: true },
  { names: ['-t', '--tags'], arity: 'none', negatable: true },
  { names: ['-h', '--heads'], arity: 'none', negatable: true },
  { names: ['-b', '--branches'], arity: 'none', negatable: true },
  { names: ['--refs'], arity: 'none', negatable: true },
  { names: ['--get-url'], arity: 'none', negatable: true },
  { names: ['--sort'], arity: 'required', negatable: true },
  { names: ['--exit-code'], arity: 'none', negatable: true },
  { names: ['--symref'], arity: 'none', negatable: true },
  { names: ['-o', '--server-option'], arity: 'required', negatable: true },
]);

/** A `scheme://` URL's scheme, lower-case; undefined for a path or an scp-style address. */
const urlScheme = (url: string): string | undefined => /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(url)?.[1]?.toLowerCase();

/** URL schemes whose transport runs no program the command or the environment names (ssh's do). */
const LOCAL_HELPER_SCHEMES = new Set(['http', 'https', 'ftp', 'ftps', 'file', 'git']);

/**
 * Whether git reaches `url` for a query with no program the command, the environment or a
 * config names, as transport_get decides: a `scheme://` URL by its scheme, and otherwise by
 * url_is_local_not_ssh (connect.c) — a word with no colon, or a slash before its first colon,
 * is a path on this machine (its upload-pack lists refs and runs nothing that repository's
 * config names, checked with git 2.39); any other (`host:path`, `HEAD:README.md`, `:(top)x`,
 * `<helper>::<address>`) is an scp-style ssh remote, reached by running GIT_SSH_COMMAND,
 * GIT_SSH, core.sshCommand or ssh, or a remote helper.
 */
function urlQueriedPlainly(url: string): boolean {
  const scheme = urlScheme(url);
  if (scheme !== undefined) return LOCAL_HELPER_SCHEMES.has(scheme);
  const colon = url.indexOf(':');
  const slash = url.indexOf('/');
  return colon < 0 || (slash >= 0 && slash < colon);
}

/**
 * Whether listing the refs of `word` (a remote's name, a URL or a path; none: the default
 * remote) reaches only servers and repositories on this machine: every URL git may use for it
 * (git-config.ts remoteFetchUrls: a remote's URLs, no URL rewriting) is queried plainly.
 */
function queryReachesPlainly(g: GitCall, word: string | undefined): boolean {
  const urls = remoteFetchUrls(g.w, g.cwd, word);
  return urls !== null && urls.every(urlQueriedPlainly);
}

/**
 * `git ls-remote [options] [<repository> [<patterns>…]]`, read by parse-options (abbreviations:
 * `--upl=x` is `--upload-pack`, which runs x). `--get-url` prints the URL and connects to
 * nothing; otherwise the repository is reached as queryReachesPlainly says.
 */
const lsRemote: GitHandler = (g) => {
  const p = parseGitOptions(g.args, 0, LS_REMOTE_SPEC, { stopAtOperand: true });
  if (p.problem !== undefined) return p.usage ? g.w.acc.read() : unknown(g);
  if (isOn(p, '--upload-pack')) return unknown(g);
  if (isOn(p, '--get-url')) return g.w.acc.read();
  const repo = p.operands[0];
  if (repo !== undefined && repo.value === null) return g.w.unknown(g.inv, 'dynamic_word');
  if (queryReachesPlainly(g, repo?.value ?? undefined)) return g.w.acc.read();
  unknown(g);
};

/**
 * `git remote show <name>…` (without -n) and `git remote prune -n <name>…` list each remote's
 * refs first, as ls-remote does (its model decides that they query): each name, or the URL
 * given in its place, must be reached plainly. Checked with git 2.39: `git remote show
 * host:path` and a remote whose URL is `host:path` run GIT_SSH_COMMAND.
 */
function remoteQuery(g: GitCall, names: readonly Arg[]): void {
  if (names.some((a) => a.value === null)) return g.w.unknown(g.inv, 'dynamic_word');
  if (names.every((a) => queryReachesPlainly(g, a.value!))) return g.w.acc.read();
  g.w.unknownProgram(g.inv, 'git_arguments_unproven');
}

/** What `git worktree add`, `move` and `remove` change (their models decide that they do): the repository's worktree list and the folders named. */
function worktreeWrite(g: GitCall, kind: 'create' | 'move' | 'delete', paths: readonly Arg[]): void {
  repoWrite(g);
  for (const p of paths) pathEffect(g, kind, p);
}

/**
 * What a `git config` that sets, unsets, renames or edits writes (its model decides that it
 * does): the file `-f` names, the global or system file, or the repository's config (its
 * config.worktree with --worktree). A key set (or a section renamed to) `url.<base>.insteadOf`
 * swaps where git fetches from: a dependency source.
 */
function configWrite(g: GitCall, state: ModelState): void {
  const p = state.parsed;
  const file = lastOf(p, '-f');
  let target: string | null;
  if (file && !file.negated) target = file.value ? argPath(file.value, g.cwd, g.w.pc) : null;
  else if (isOn(p, '--global')) target = canonicalPath('~/.gitconfig', '/', { realpath: g.w.pc.realpath, home: g.w.pc.home });
  else if (isOn(p, '--system')) target = '/etc/gitconfig';
  else {
    const d = gitDir(g);
    target = d ? `${d}/${isOn(p, '--worktree') ? 'config.worktree' : 'config'}` : null;
  }
  if (target) g.w.effectPath(g.inv, 'write', target);
  else g.w.acc.unprovenWrite('write_path_missing', g.inv.text);
  const sub = state.path[0];
  const unsets = sub === 'unset' || sub === 'remove-section' || state.vars.has('unset') || state.vars.has('unset-all') || state.vars.has('remove-section');
  const keys = p.operands;
  const renamesToUrl = (sub === 'rename-section' || state.vars.has('rename-section')) && keys.some((k) => k.value === null || /^url\./i.test(k.value));
  if (!unsets && (renamesToUrl || (keys[0] !== undefined && (keys[0].value === null || gitFetchRewrite(keys[0].value)))))
    g.w.acc.addDependency('command', 'package source url.insteadOf');
}

const checkout: GitHandler = (g) => {
  if (has(g.args, '-p', '--patch')) return treeWrite(g);
  const ops = operands(g.args, ['-b', '-B', '--orphan', '--conflict', '--pathspec-from-file']);
  if (has(g.args, '--pathspec-from-file')) return treeWrite(g);
  const creates = has(g.args, '-b', '-B', '--orphan');
  if (ops.dashdash) {
    for (const p of ops.after) pathEffect(g, 'write', p);
    if (creates) repoWrite(g);
    return;
  }
  if (creates) {
    // `checkout -b new` keeps the tree; a start point may change it.
    repoWrite(g);
    if (ops.before.length > 0) g.w.acc.unprovenWrite('write_path_missing', g.inv.text);
    return;
  }
  // Without `--`, git takes an operand as a path when no revision has that name; a file
  // that exists is the likelier reading, anything else is a branch switch.
  const existing = ops.before.filter((a) => {
    const p = argPath(a, g.cwd, g.w.pc);
    return p !== null && g.w.exists(p);
  });
  if (ops.before.length === 0) return treeWrite(g);
  if (existing.length === ops.before.length) {
    for (const p of existing) pathEffect(g, 'write', p);
    return;
  }
  if (ops.before.length >= 2 && existing.length === ops.before.length - 1 && !existing.includes(ops.before[0]!)) {
    for (const p of existing) pathEffect(g, 'write', p);
    return;
  }
  treeWrite(g);
};

const restore: GitHandler = (g) => {
  if (has(g.args, '-p', '--patch', '--pathspec-from-file')) return treeWrite(g);
  const ops = operands(g.args, ['-s', '--source', '--conflict']);
  const paths = [...ops.before, ...ops.after];
  const staged = has(g.args, '-S', '--staged');
  const worktree = has(g.args, '-W', '--worktree') || !staged;
  if (staged) repoWrite(g);
  if (worktree) {
    if (paths.length === 0) return g.w.acc.unprovenWrite('write_path_missing', g.inv.text);
    for (const p of paths) pathEffect(g, 'write', p);
  }
};

/** What `git rm` removes (its model in models/git.json decides whether it does): the index entries and the files named. */
function rmWrite(g: GitCall, paths: readonly Arg[]): void {
  repoWrite(g);
  for (const p of paths) pathEffect(g, 'delete', p);
}

/** What `git mv` moves (its model decides whether it does): each operand, and each source into a destination folder. */
function mvWrite(g: GitCall, all: readonly Arg[]): void {
  repoWrite(g);
  for (const p of all) pathEffect(g, 'move', p);
  const dest = all[all.length - 1];
  if (dest && all.length > 1) {
    const d = argPath(dest, g.cwd, g.w.pc);
    if (d && g.w.exists(d) && g.w.readFile(d) === undefined) {
      for (const s of all.slice(0, -1)) if (s.value !== null) g.w.effectPath(g.inv, 'move', `${d}/${path.posix.basename(s.value)}`);
    }
  }
}

/**
 * git archive parses its words twice (git 2.39): builtin/archive.c first, knowing only -o/--output,
 * --remote and --exec and keeping every other word (PARSE_OPT_KEEP_ALL: an unknown option takes
 * no value, long names are whole, `--` and `--end-of-options` stop it), and creates the output
 * file before archive.c reads the rest. So `--add-file --output=x` and `--format -o x` write x,
 * though the full table gives --add-file and --format the next word. What that first pass sees.
 */
function archiveFirstPass(args: readonly Arg[]): { outputs: Arg[]; remote: boolean; dynamic: boolean } {
  let outputs: Arg[] = [];
  let remote = false;
  let dynamic = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (v === null) {
      dynamic ||= mayBeOption(a);
      continue;
    }
    if (v === '--' || v === '--end-of-options') break;
    if (v.length < 2 || !v.startsWith('-')) continue;
    if (v.startsWith('--')) {
      const eq = v.indexOf('=');
      const name = eq < 0 ? v : v.slice(0, eq);
      if (name === '--no-output') outputs = [];
      if (name !== '--output' && name !== '--remote' && name !== '--exec') continue;
      const value = eq < 0 ? args[++i] : { ...a, value: v.slice(eq + 1), text: v.slice(eq + 1) };
      if (name === '--output' && value) outputs = [value];
      else if (name !== '--output') remote = true;
      continue;
    }
    // A short cluster: only -o is known here; an unknown letter keeps the rest of the word.
    if (v[1] === 'o') {
      const value = v.length > 2 ? { ...a, value: v.slice(2), text: v.slice(2) } : args[++i];
      if (value) outputs = [value];
    }
  }
  return { outputs, remote, dynamic };
}

/**
 * `git push --dry-run` still runs the pre-push hook (git 2.39: husky's pre-push runs a test
 * suite), unless `--no-verify` is in effect: a read only where no such hook may run.
 */
function pushDryRun(g: GitCall, state: ModelState): void {
  const hook = !isOn(state.parsed, '--no-verify') && hookMayRun(g.w, g.cwd, 'pre-push');
  if (!hook && pushReachesOnlyServers(g, state.parsed.operands[0])) return g.w.acc.read();
  g.w.unknownProgram(g.inv, 'git_arguments_unproven');
}

/**
 * Whether a push reaches its repository over http(s) or git:// alone. A repository on this
 * machine (a path, `file://`) is pushed to by a receive-pack reading that repository's config,
 * which may name a program (`core.alternateRefsCommand` runs even for a dry run, git 2.39);
 * ssh runs the user's ssh and its config. No repository named: every configured remote's.
 */
function pushReachesOnlyServers(g: GitCall, repo: Arg | undefined): boolean {
  if (repo !== undefined && repo.value === null) return false;
  const word = repo?.value ?? undefined;
  // A word that is no remote name is the URL or path itself; a name no config sets is a path.
  const urls = word !== undefined && !/^[A-Za-z0-9_.-]+$/.test(word) ? [word] : remotePushUrls(g.w, g.cwd, word);
  if (urls === null || (word !== undefined && urls.length === 0)) return false;
  return urls.every((u) => {
    const scheme = urlScheme(u);
    return scheme === 'http' || scheme === 'https' || scheme === 'git';
  });
}

/**
 * `git commit --dry-run` writes nothing, but `-p`/`--interactive` stage hunks first; it
 * refreshes the index as `git status` does, and with paths or `-a` builds a temporary one,
 * running the post-index-change hook (checked with git 2.39): a read only where no such hook
 * may run.
 */
function commitDryRun(g: GitCall, state: ModelState): void {
  if (isOn(state.parsed, '-p') || isOn(state.parsed, '--interactive')) return repoPartsWrite(g, COMMIT_PARTS);
  if (!hookMayRun(g.w, g.cwd, 'post-index-change')) return g.w.acc.read();
  g.w.unknownProgram(g.inv, 'git_arguments_unproven');
}

/** What `git clean` removes (its model in models/git.json decides whether it does): the pathspecs given, else the working folder's untracked files. */
function cleanWrite(g: GitCall, paths: readonly Arg[]): void {
  if (paths.length === 0) {
    if (g.cwd) g.w.effectPath(g.inv, 'delete', g.cwd);
    else g.w.acc.unprovenWrite('dynamic_word', g.inv.text);
    return;
  }
  for (const p of paths) pathEffect(g, 'delete', p);
}

/** What `git init` creates (its model decides that it does): `.git` in the folder named, or the folder itself with --bare. */
function initWrite(g: GitCall, state: ModelState): void {
  const dir = state.parsed.operands[0];
  const base = dir ? argPath(dir, g.cwd, g.w.pc) : g.cwd;
  if (!base) return g.w.acc.unprovenWrite('dynamic_word', g.inv.text);
  g.w.effectPath(g.inv, 'create', isOn(state.parsed, '--bare') ? base : `${base}/.git`);
}

/** What `git clone` creates (its model decides that it does): the folder named, else the one git names after the repository. */
function cloneWrite(g: GitCall, state: ModelState): void {
  const [url, named] = state.parsed.operands;
  if (!url) return unknown(g);
  let dir = named;
  if (!dir) {
    if (url.value === null) return g.w.acc.unprovenWrite('dynamic_word', g.inv.text);
    const name =
      trimEndOf(url.value, '/\\')
        .replace(/\.git$/, '')
        .split(/[/:\\]/)
        .pop() || 'repo';
    dir = { value: name, glob: false, tilde: false, text: name };
  }
  pathEffect(g, 'create', dir);
}

/**
 * What `git apply` changes (its model decides that it applies): the index alone with --cached,
 * the index too with --index, and the files the patch names. `-p<n>` other than 1 strips
 * another number of leading folders, `--directory=<root>` puts every path under <root>,
 * `--unsafe-paths` lets a path leave the work tree and `--reject` leaves `.rej` files beside
 * them: the patch's own paths are then not all it writes.
 */
function applyWrite(g: GitCall, state: ModelState): void {
  const p = state.parsed;
  const files = p.operands;
  for (const f of files) pathEffect(g, 'read', f);
  if (isOn(p, '--cached')) return repoWrite(g);
  if (isOn(p, '--index')) repoWrite(g);
  const strip = lastOf(p, '-p');
  const moved = (strip !== undefined && strip.value?.value !== '1') || isOn(p, '--directory') || isOn(p, '--unsafe-paths') || isOn(p, '--reject');
  if (moved || !patchTargets(g.w, g.inv, files, workTree(g), g.cwd, isOn(p, '-R'))) g.w.acc.unprovenWrite('write_path_missing', g.inv.text);
}

/**
 * Write effects for the files a unified diff touches; false when the patch text cannot be
 * read or parsed. The text comes from the operands, a `< file` redirection or a here-doc.
 */
export function patchTargets(w: ShellWalker, inv: Invocation, files: readonly Arg[], base: string | null, cwd: string | null, reverse: boolean): boolean {
  const texts: string[] = [];
  if (files.length === 0) {
    const fromFile = inv.stdinPath !== undefined ? w.readFile(inv.stdinPath) : undefined;
    if (inv.stdin !== undefined) texts.push(inv.stdin);
    else if (fromFile !== undefined) texts.push(fromFile);
    else return false;
  }
  for (const f of files) {
    const p = argPath(f, cwd, w.pc);
    const t = p ? w.readFile(p) : undefined;
    if (t === undefined) return false;
    texts.push(t);
  }
  if (base === null) return false;
  for (const t of texts) {
    const parsed = parsePatch(t, 'unified');
    if (!parsed.ok) return false;
    for (const f of parsed.files) {
      const target = canonicalPath(f.path, base, w.pc);
      const kind = f.op === 'delete' ? (reverse ? 'create' : 'delete') : f.op === 'add' ? (reverse ? 'delete' : 'create') : 'write';
      w.effectPath(inv, f.moveTo ? 'move' : kind, target);
      if (f.moveTo) w.effectPath(inv, 'move', canonicalPath(f.moveTo, base, w.pc));
    }
  }
  return true;
}

function hashing(then: GitHandler): GitHandler {
  return (g) => {
    g.w.acc.addHash('command', g.inv.text);
    then(g);
  };
}

const hashObject: GitHandler = (g) => {
  g.w.acc.addHash('command', g.inv.text);
  if (has(g.args, '-w')) repoWrite(g);
  else g.w.acc.read();
};

/** Where `git format-patch` writes its patch files (its model decides that it does): the folder -o names, else the working folder. */
function formatPatchWrite(g: GitCall, state: ModelState): void {
  const out = lastOf(state.parsed, '-o');
  const dir = out?.value ? argPath(out.value, g.cwd, g.w.pc) : out ? null : g.cwd;
  if (!dir) return g.w.acc.unprovenWrite('dynamic_word', g.inv.text);
  g.w.effectPath(g.inv, 'create', `${dir}/*.patch`);
}

const notes: GitHandler = (g) => {
  const action = g.args[0]?.value;
  if (action === undefined || action === 'list' || action === 'show' || action === 'get-ref') return g.w.acc.read();
  repoWrite(g);
};

const submodule: GitHandler = (g) => {
  const action = g.args.find((a) => a.value !== null && !a.value.startsWith('-'))?.value;
  if (action === undefined || action === 'status' || action === 'summary') return g.w.acc.read();
  if (action === 'foreach') return unknown(g);
  treeWrite(g);
};

const reflog: GitHandler = (g) => {
  const action = g.args[0]?.value;
  if (action === 'expire' || action === 'delete') return repoWrite(g);
  if (action === 'exists') return g.w.acc.read();
  readOnly(g);
};

const bisect: GitHandler = (g) => {
  const action = g.args[0]?.value;
  if (action === 'log' || action === 'visualize' || action === 'view' || action === 'terms') return g.w.acc.read();
  if (action === 'run') return unknown(g);
  treeWrite(g);
};

const lfs: GitHandler = (g) => {
  const action = g.args[0]?.value;
  if (action === 'ls-files' || action === 'status' || action === 'env' || action === 'version' || action === 'logs') return g.w.acc.read();
  // `pointer --file` and `clean` print the SHA-256 object id of a file's content.
  if (action === 'pointer' || action === 'clean') g.w.acc.addHash('command', g.inv.text);
  treeWrite(g);
};

/**
 * A word git-extras' scripts pass on unquoted (`git log $1`) or through `eval`: only plain
 * revision and path characters, so word splitting, globbing or an expansion cannot turn it into
 * an option or a command (`git summary "x --output=f"` would give git log `--output=f`).
 */
const EXTRAS_WORD = /^[\w./@^~:{}+][\w./@^~:{}+-]*$/;

/** git-extras' `git summary [--line] [--dedup-by-email] [--no-merges] [<commit>]`: git log, shortlog and blame, printed. */
const extrasSummary: GitHandler = (g) => {
  for (const a of g.args) {
    const v = a.value;
    if (v === '--line' || v === '--dedup-by-email' || v === '--no-merges') continue;
    if (v === null || !EXTRAS_WORD.test(v)) return unknown(g);
  }
  g.w.acc.read();
};

/**
 * git-extras' `git effort [--above N] [<path>…]`: git log per file, counted. Its paths go
 * through `eval`, and what follows `--` is given to git log, so both stay closed: plain path
 * words only, and no log options.
 */
const extrasEffort: GitHandler = (g) => {
  for (let i = 0; i < g.args.length; i++) {
    const v = g.args[i]!.value;
    if (v === '--above' && /^\d+$/.test(g.args[i + 1]?.value ?? '')) {
      i++;
      continue;
    }
    if (v === null || !EXTRAS_WORD.test(v)) return unknown(g);
  }
  g.w.acc.read();
};

export const GIT = lookupTable<GitHandler>({
  __proto__: null,
  // git-extras (shell scripts named git-<sub> on PATH) that only print.
  summary: extrasSummary,
  effort: extrasEffort,
  // `git count [--all]`: rev-list --count and shortlog; any other word is ignored by the script.
  count: (g) => (g.args.every((a) => a.value !== null && (a.value === '--all' || EXTRAS_WORD.test(a.value))) ? g.w.acc.read() : unknown(g)),
  blame: readOnly,
  annotate: readOnly,
  'rev-parse': readOnly,
  'ls-files': readOnly,
  'ls-tree': readOnly,
  'ls-remote': lsRemote,
  'rev-list': readOnly,
  'cat-file': readSub([], ''),
  describe: readOnly,
  shortlog: readOnly,
  'show-ref': readOnly,
  'show-branch': readOnly,
  'merge-base': readOnly,
  'name-rev': readOnly,
  'for-each-ref': readOnly,
  'count-objects': readOnly,
  'check-ignore': readOnly,
  'check-attr': readOnly,
  'check-ref-format': readOnly,
  var: readOnly,
  'range-diff': readOnly,
  'diff-tree': readOnly,
  'diff-files': readOnly,
  'diff-index': readOnly,
  'verify-commit': readOnly,
  'verify-tag': readOnly,
  cherry: readOnly,
  'get-tar-commit-id': readOnly,
  // `--tool-help` lists the diff tools git knows and runs none.
  difftool: (g) => (g.args.length === 1 && g.args[0]!.value === '--tool-help' ? g.w.acc.read() : unknown(g)),
  mergetool: (g) => (g.args.length === 1 && g.args[0]!.value === '--tool-help' ? g.w.acc.read() : unknown(g)),
  version: (g) => g.w.acc.read(),
  checkout,
  switch: (g) =>
    has(g.args, '-c', '-C', '--create', '--force-create') && operands(g.args, ['-c', '-C', '--create', '--force-create']).before.length === 0
      ? repoWrite(g)
      : treeWrite(g),
  restore,
  pull: treeWrite,
  merge: treeWrite,
  rebase: treeWrite,
  'cherry-pick': treeWrite,
  revert: treeWrite,
  am: treeWrite,
  'filter-branch': (g) => unknown(g),
  'filter-repo': (g) => unknown(g),
  'hash-object': hashObject,
  // The SHA-1 of a patch's changes, computed from standard input.
  'patch-id': hashing((g) => g.w.acc.read()),
  notes,
  submodule,
  reflog,
  bisect,
  lfs,
  gc: repoWrite,
  repack: repoWrite,
  maintenance: repoWrite,
  'pack-refs': repoWrite,
  'update-index': repoWrite,
  'update-ref': repoWrite,
  'read-tree': treeWrite,
  // Plumbing that prints the object id it computes is hashing, as hash-object is.
  'write-tree': hashing(repoWrite),
  'commit-tree': hashing(repoWrite),
  mktag: hashing(repoWrite),
  mktree: hashing(repoWrite),
  'index-pack': hashing(repoWrite),
  'verify-pack': hashing((g) => g.w.acc.read()),
});

export const GLOBAL_FLAGS = new Set([
  '--no-pager',
  '-P',
  '--paginate',
  '-p',
  '--bare',
  '--literal-pathspecs',
  '--glob-pathspecs',
  '--noglob-pathspecs',
  '--icase-pathspecs',
  '--no-optional-locks',
  '--no-replace-objects',
  '--no-lazy-fetch',
  '--no-advice',
]);

/** The word `help`, standing where git puts it (git.c turns `git --help x` and `git x --help` into `git help x`). */
const helpWord = (a: Arg): Arg => ({ ...a, value: 'help', text: 'help' });

export const git: Handler = (w, inv0) => {
  let inv = inv0;
  let args = inv.args;
  let cwd = inv.scope.cwd;
  let noOptionalLocks = false;
  let i = 1;
  for (; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) return w.unknown(inv, 'dynamic_word');
    if (!v.startsWith('-')) break;
    // git.c takes `-C` only as a word of its own: `-C/path` is an unknown option, and git
    // prints its usage and exits 129 before any subcommand runs.
    if (v.startsWith('-C') && v.length > 2) return w.acc.read();
    if (v === '-C') {
      const d = args[++i];
      cwd = d ? argPath(d, cwd, w.pc) : null;
      continue;
    }
    if (v === '-c') {
      const kv = args[++i]?.value;
      if (kv && gitFetchRewrite(kv.slice(0, kv.includes('=') ? kv.indexOf('=') : undefined))) w.acc.addDependency('command', 'package source url.insteadOf');
      if (!kv || !safeConfigValue(kv)) return w.unknown(inv, 'git_arguments_unproven');
      continue;
    }
    if (v === '--no-optional-locks') noOptionalLocks = true;
    if (GLOBAL_FLAGS.has(v)) continue;
    // `git --help status` (or -h) is `git help status`, which shows a page; alone, git's usage.
    if ((v === '--help' || v === '-h') && i + 1 < args.length) {
      args = [...args.slice(0, i), helpWord(args[i]!), ...args.slice(i + 1)];
      inv = { ...inv, args };
      break;
    }
    if (v === '--version' || v === '--help' || v === '-h' || v === '--html-path' || v === '--man-path' || v === '--info-path' || v === '--exec-path')
      return w.acc.read();
    // --git-dir, --work-tree, --namespace, --exec-path=, --config-env: where git reads and
    // writes, or what it runs, is no longer what we resolved.
    return w.unknown(inv, 'git_arguments_unproven');
  }
  // `git status --help …` is `git help status …` (git.c, for the word right after the command).
  if (args[i]?.value !== null && args[i + 1]?.value === '--help') {
    args = [...args.slice(0, i), helpWord(args[i + 1]!), args[i]!, ...args.slice(i + 2)];
    inv = { ...inv, args };
  }
  const subArg = args[i];
  if (!subArg) return w.acc.read();
  const sub = subArg.value;
  if (sub === null) return w.unknown(inv, 'dynamic_word');
  const modelled = Object.hasOwn(GIT_MODEL.subcommands!, sub);
  const handler = GIT[sub];
  if (!handler && !modelled) return w.unknown(inv, 'git_arguments_unproven');
  // `ext::sh -c …` (and any `<transport>::<address>`) runs a command or a remote helper to reach the other side.
  if (NETWORK_SUBCOMMANDS.has(sub) && args.some((a, k) => k > i && a.value !== null && /^(?:--[\w-]+=)?[A-Za-z][\w+.-]*::/.test(a.value)))
    return w.unknownProgram(inv, 'git_arguments_unproven');
  // The repository's own config may name programs git runs for this subcommand (git-config.ts).
  if (!repositoryConfigProven(w, cwd, NETWORK_SUBCOMMANDS.has(sub))) w.unknownProgram(inv, 'git_arguments_unproven');
  // `git status` and `git describe --dirty`/`--broken` refresh the index and, when a tracked file's
  // stat data changed since it was written (any edit), write it back and run post-index-change
  // (git 2.39); --no-optional-locks leaves the index unwritten. The hook counts in the project's
  // own repository too, where other hooks are the user's (any other repository's hooks are
  // judged above).
  if (!noOptionalLocks && refreshesIndex(sub, args.slice(i + 1)) && hookFileMayRun(w, cwd, 'post-index-change'))
    w.unknownProgram(inv, 'git_arguments_unproven');
  // A program of its own, not a builtin: where it is not installed, an alias of its name runs.
  if (EXTERNAL_SUBCOMMANDS.has(sub) && aliasMayRun(w, cwd, sub)) w.unknownProgram(inv, 'git_arguments_unproven');
  const scope = cwd === inv.scope.cwd ? inv.scope : { ...cloneScope(inv.scope), cwd };
  const rest = args.slice(i + 1);
  // `git <builtin> -h` alone: git.c sees the lone -h before the builtin's setup and the builtin
  // prints its usage (parse-options) and exits 129. `lfs` is another program, not a builtin.
  if (rest.length === 1 && rest[0]!.value === '-h' && sub !== 'lfs') return w.acc.read();
  const g: GitCall = { w, inv: scope === inv.scope ? inv : { ...inv, scope }, cwd, sub, args: rest };
  if (sub === 'archive') {
    const first = archiveFirstPass(rest);
    if (first.dynamic) return w.unknown(inv, 'dynamic_word');
    if (first.remote) return w.unknownProgram(inv, 'git_arguments_unproven');
    for (const o of first.outputs) w.effect(g.inv, 'write', o);
  }
  // `git config "$KEY" <value>`: a key known only at run time may be `url.<base>.insteadOf`
  // (the model leaves the command unknown, the source swap is said too).
  if (sub === 'config' && rest.length >= 2 && rest[0]!.value === null) w.acc.addDependency('command', 'package source url.insteadOf');
  if (modelled)
    return decideByModel(
      w,
      g.inv,
      GIT_MODEL,
      {
        repoWrite: () => repoWrite(g),
        treeWrite: () => treeWrite(g),
        indexWrite: () => repoPartsWrite(g, INDEX_PARTS),
        commitWrite: () => repoPartsWrite(g, COMMIT_PARTS),
        cleanWrite: (_w, _inv, state) => cleanWrite(g, state.parsed.operands),
        pushDryRun: (_w, _inv, state) => pushDryRun(g, state),
        commitDryRun: (_w, _inv, state) => commitDryRun(g, state),
        rmWrite: (_w, _inv, state) => rmWrite(g, state.parsed.operands),
        mvWrite: (_w, _inv, state) => mvWrite(g, state.parsed.operands),
        worktreeAdd: (_w, _inv, state) => worktreeWrite(g, 'create', state.parsed.operands.slice(0, 1)),
        worktreeMove: (_w, _inv, state) => worktreeWrite(g, 'move', state.parsed.operands),
        worktreeRemove: (_w, _inv, state) => worktreeWrite(g, 'delete', state.parsed.operands),
        configWrite: (_w, _inv, state) => configWrite(g, state),
        applyWrite: (_w, _inv, state) => applyWrite(g, state),
        formatPatchWrite: (_w, _inv, state) => formatPatchWrite(g, state),
        remoteQuery: (_w, _inv, state) => remoteQuery(g, state.parsed.operands),
        helpPage: () => (helpViewerMayRun(g.w, g.cwd) ? g.w.unknownProgram(g.inv, 'git_arguments_unproven') : g.w.acc.read()),
        initWrite: (_w, _inv, state) => initWrite(g, state),
        cloneWrite: (_w, _inv, state) => cloneWrite(g, state),
      },
      i,
      cwd,
      'git_arguments_unproven',
    );
  handler!(g);
  // A word we cannot see before `--` may be any option (`--output=…`, `--hard`): the
  // subcommand's verdict above stands for what we saw, the hidden word leaves it unproven.
  // The value of an option that takes one (`-m "$(cat msg)"`, `--since="$(date …)"`) is
  // only a value.
  const valueOpts = GIT_VALUE_OPTIONS[sub] ?? EMPTY_SET;
  for (let k = 0; k < rest.length; k++) {
    const a = rest[k]!;
    if (a.value === '--') break;
    if (!(a.value === null || (a.glob && /^[*?[]/.test(a.value)))) continue;
    // `$(git merge-base main HEAD)`: only revisions, never an option.
    if (a.plain) continue;
    const prev = rest[k - 1]?.value;
    if (prev !== undefined && prev !== null && (valueOpts.has(prev) || (/^-[A-Za-z]{2,}$/.test(prev) && valueOpts.has('-' + prev.slice(-1))))) continue;
    const named = /^(--[A-Za-z][\w-]*)=/.exec(a.text);
    if (named && (valueOpts.has(named[1]!) || (LOG_VALUE.has(named[1]!) && GIT[sub] === readOnly))) continue;
    w.unknown(inv, 'dynamic_word');
    break;
  }
};

/** `git status`, and `git describe` with --dirty or --broken (however abbreviated or unset): a refresh that may write the index. */
function refreshesIndex(sub: string, rest: readonly Arg[]): boolean {
  if (sub === 'status') return true;
  if (sub !== 'describe') return false;
  return rest.some((a) => {
    const v = a.value;
    if (v === null) return true;
    if (!v.startsWith('--') || v.length < 3) return false;
    const name = v.slice(2).split('=')[0]!.replace(/^no-/, '');
    return name !== '' && ('dirty'.startsWith(name) || 'broken'.startsWith(name));
  });
}

const EMPTY_SET: ReadonlySet<string> = new Set();
/** Subcommands that are programs of their own (git-lfs, git-extras' scripts), which an alias may stand in for. */
const EXTERNAL_SUBCOMMANDS: ReadonlySet<string> = new Set(['lfs', 'summary', 'effort', 'count']);
/** Subcommands that talk to another repository (credential helpers, ssh commands and transports run). */
const NETWORK_SUBCOMMANDS: ReadonlySet<string> = new Set(['ls-remote', 'fetch', 'pull', 'push', 'clone', 'archive', 'submodule', 'remote', 'lfs']);
/** Options of the log family whose value is a date, pattern, format or count. */
const LOG_VALUE = new Set([
  '-n',
  '--max-count',
  '--skip',
  '--since',
  '--after',
  '--until',
  '--before',
  '--author',
  '--committer',
  '--grep',
  '--format',
  '--pretty',
  '--date',
  '-S',
  '-G',
  '-L',
  '--since-as-filter',
]);
/** Per subcommand, the options whose next word is a value that cannot turn into an option. */
const GIT_VALUE_OPTIONS = lookupTable<ReadonlySet<string>>({
  __proto__: null,
  shortlog: LOG_VALUE,
  'rev-list': LOG_VALUE,
  blame: new Set(['-L']),
  merge: new Set(['-m', '-F', '--message', '--file']),
  notes: new Set(['-m', '-F']),
});
