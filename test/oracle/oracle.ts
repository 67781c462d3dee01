// The effect oracle (host side): builds the fixture world once, starts the driver
// (test/oracle/driver.mjs) inside bubblewrap, and hands it batches of commands. Test-only: nothing
// here is part of the hook bundle.
//
// The sandbox: no network (--unshare-net), its own process space (--unshare-pid), the whole
// system bound read-only, an empty /tmp, and one writable folder, /mnt, holding the pristine
// fixture (tpl/), the working copy the command runs in (w/proj, HOME is w/home) and the canaries.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { TREE } from '../shell-corpus/harness.js';

export const BWRAP = process.env.ORACLE_BWRAP ?? '/usr/bin/bwrap';
const DRIVER = path.join(path.dirname(new URL(import.meta.url).pathname), 'driver.mjs');

/** Why the oracle cannot run here, or undefined when it can. */
export function unavailable(): string | undefined {
  if (process.platform !== 'linux') return `the oracle needs Linux namespaces (this is ${process.platform})`;
  if (!existsSync(BWRAP)) return `${BWRAP} is missing (Debian package bubblewrap)`;
  const r = spawnSync(BWRAP, ['--ro-bind', '/', '/', '--unshare-net', '--unshare-pid', '--cap-drop', 'ALL', '--', 'true'], { stdio: 'pipe', timeout: 10_000 });
  if (r.status !== 0) return `bubblewrap cannot make a sandbox here: ${String(r.stderr).trim() || r.error}`;
  return undefined;
}

export interface Change {
  path: string;
  kind: 'created' | 'deleted' | 'modified' | 'touched' | 'mode' | 'type' | 'retargeted' | 'renamed';
  [k: string]: unknown;
}

export interface Effect {
  id: number;
  exit: number | null;
  timedOut: boolean;
  outputCut: boolean;
  ms: number;
  changes: Change[];
  canaries: string[];
  signalled: boolean;
  leftRunning: number;
  stderr: string;
  /** The driver itself died running this command (`kill -9 -1`, `pkill node`): an effect too. */
  driverDied?: boolean;
  error?: string;
}

/** Anything at all: a file changed, a canary ran, a process was signalled or the driver was killed. */
export function changedAnything(e: Effect): boolean {
  return e.changes.length > 0 || e.canaries.length > 0 || e.signalled || e.driverDied === true;
}

export function describeEffect(e: Effect): string {
  const parts = e.changes.map((c) => `${c.kind} ${c.path}${c.to ? ` -> ${String(c.to)}` : ''}`);
  for (const c of e.canaries) parts.push(`canary ${c}`);
  if (e.signalled) parts.push('signalled the victim process');
  if (e.driverDied) parts.push('killed the driver');
  return parts.join('; ');
}

/**
 * Programs that must never run for a read: editors, browsers, and the helpers the variables below
 * name. Pagers are reached through PAGER and friends; `less a.txt` typed as the command is a read.
 */
export const CANARY_PROGRAMS = [
  'vi',
  'vim',
  'nvim',
  'nano',
  'emacs',
  'pico',
  'ed',
  'code',
  'subl',
  'xdg-open',
  'sensible-browser',
  'x-www-browser',
  'www-browser',
  'firefox',
  'chromium',
  'google-chrome',
  'lynx',
  'w3m',
  'open',
  'sensible-editor',
  'sensible-pager',
  'editor',
  'pager',
  'canary-editor',
  'canary-visual',
  'canary-pager',
  'canary-browser',
  'canary-askpass',
  'canary-ssh',
  'canary-shell',
];

/** Environment variables that name a helper program, each pointing at a canary. */
export const CANARY_ENV: Record<string, string> = {
  EDITOR: 'canary-editor',
  VISUAL: 'canary-visual',
  GIT_EDITOR: 'canary-editor',
  GIT_SEQUENCE_EDITOR: 'canary-editor',
  PAGER: 'canary-pager',
  GIT_PAGER: 'canary-pager',
  MANPAGER: 'canary-pager',
  BROWSER: 'canary-browser',
  GIT_ASKPASS: 'canary-askpass',
  SSH_ASKPASS: 'canary-askpass',
  SUDO_ASKPASS: 'canary-askpass',
  GIT_SSH_COMMAND: 'canary-ssh',
  RSYNC_RSH: 'canary-ssh',
};

/**
 * Every hook the fixture's repository holds, each a canary. remit reads the hooks folder (a dry
 * run that still runs pre-push or post-index-change is no read), so whoever judges commands
 * run here judges them with these files too: HOOK_FILES.
 */
const GIT_HOOKS = [
  'applypatch-msg',
  'pre-applypatch',
  'post-applypatch',
  'pre-commit',
  'pre-merge-commit',
  'prepare-commit-msg',
  'commit-msg',
  'post-commit',
  'pre-rebase',
  'post-checkout',
  'post-merge',
  'pre-push',
  'pre-auto-gc',
  'post-rewrite',
  'post-index-change',
  'reference-transaction',
  'push-to-checkout',
  'fsmonitor-watchman',
  'sendemail-validate',
];

/** The fixture's hooks as files under the project, for a judge's world (their content does not matter to remit). */
export const HOOK_FILES: Readonly<Record<string, string>> = Object.fromEntries(GIT_HOOKS.map((h) => [`.git/hooks/${h}`, '#!/bin/sh\n']));

function canaryScript(name: string): string {
  return `#!/bin/sh\nprintf '%s\\n' "${name} $*" >> /mnt/canary/log\nexit 0\n`;
}

const OLD = new Date('2020-01-02T03:04:05Z');

function git(cwd: string, ...args: string[]): void {
  const r = spawnSync('git', args, {
    cwd,
    stdio: 'pipe',
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_AUTHOR_DATE: '2020-01-02T03:04:05Z',
      GIT_COMMITTER_DATE: '2020-01-02T03:04:05Z',
    },
  });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${String(r.stderr)}`);
}

function put(root: string, rel: string, content: string, mode?: number): void {
  const p = path.join(root, rel);
  mkdirSync(path.dirname(p), { recursive: true });
  writeFileSync(p, content);
  if (mode !== undefined) chmodSync(p, mode);
}

/** Sets every file's mtime in the tree to a fixed old date, so git's index never sees a racy entry. */
function age(root: string): void {
  spawnSync('find', [root, '-exec', 'touch', '-h', '-d', OLD.toISOString(), '{}', '+']);
}

/**
 * The project's remote `origin`: a bare repository beside it (tpl/origin.git, /mnt/w/origin.git in
 * the sandbox), inside what the driver watches, so a push, a fetch or a pull that writes is seen as
 * a change wherever it lands (the bare repository, `.git/refs/remotes`, FETCH_HEAD). main is pushed
 * with its upstream set one commit before the last, so a push has something to send; the remote
 * alone has the branch `upstream-only`, so a fetch has something to bring; origin/gone is stale,
 * so a prune has something to delete.
 */
function addOrigin(base: string, proj: string): void {
  const bare = path.join(base, 'tpl', 'origin.git');
  git(base, 'init', '-q', '--bare', '-b', 'main', bare);
  git(proj, 'remote', 'add', 'origin', bare);
  git(proj, 'push', '-q', '-u', 'origin', 'main');
  git(bare, 'branch', 'upstream-only', 'main');
  // So `git push -o …` is not turned away before it writes.
  git(bare, 'config', 'receive.advertisePushOptions', 'true');
  // A remote-tracking branch the remote no longer has, so a prune has something to delete.
  git(proj, 'update-ref', 'refs/remotes/origin/gone', 'main');
  // The path the sandbox sees it at (its working copy of tpl/ is /mnt/w/).
  git(proj, 'remote', 'set-url', 'origin', '/mnt/w/origin.git');
}

/**
 * The fixture project: the shell corpus's tree (test/shell-corpus/harness.ts, so the corpus runs
 * against the files its verdicts assume) made a real git repository with history, a Rust crate
 * with no Cargo.lock, symlinks, executables, and canaries where a program might run something.
 */
function buildFixture(base: string, plant: Plant = {}): void {
  const proj = path.join(base, 'tpl', 'proj');
  const home = path.join(base, 'tpl', 'home');
  mkdirSync(proj, { recursive: true });
  mkdirSync(path.join(home, '.claude'), { recursive: true });
  writeFileSync(path.join(home, '.claude.json'), '{}');
  git(proj, 'init', '-q', '-b', 'main');
  // The copy step gives every file a new inode and ctime, which a real working tree never sees
  // between two reads; with these settings git judges the copy by mtime and size, as it would the
  // untouched tree. Any .git/index rewrite the oracle still sees is reported as a change.
  git(proj, 'config', 'core.checkStat', 'minimal');
  git(proj, 'config', 'core.trustctime', 'false');
  git(proj, 'config', 'user.name', 'Oracle');
  git(proj, 'config', 'user.email', 'oracle@example.invalid');
  const later: [string, string][] = [];
  for (const [rel, content] of Object.entries(TREE)) {
    if (rel.startsWith('.git/')) continue;
    // Nested repositories go in after the history, as the agent would have made them.
    if (rel.includes('/.git/')) later.push([rel, content]);
    else put(proj, rel, content, rel.endsWith('.sh') ? 0o755 : undefined);
  }
  put(proj, 'src/main.rs', 'fn main() {\n    println!("hi");\n}\n');
  put(proj, 'Cargo.toml', '[package]\nname = "proj"\nversion = "0.1.0"\nedition = "2021"\n');
  put(proj, 'canary.sh', canaryScript('project:canary.sh'), 0o755);
  put(proj, 'bin/tool', canaryScript('project:bin/tool'), 0o755);
  put(proj, 'data.bin', 'binary\u0000data\u0001\u0002\n');
  put(proj, 'notes.txt', 'one\ntwo\nthree\n');
  // Build output the project's scripts clean (`rm -rf dist`): ignored by git, as it would be.
  put(proj, 'dist/app.js', 'console.log(1);\n');
  put(proj, '.gitignore', 'dist/\n');
  // Archives of each kind the corpus and the fuzzer name, made by the installed programs, holding
  // a file the tree does not have (so extracting one is a change) and beside, not over, the
  // tree's own files (so `gzip a.txt` is not refused for an a.txt.gz already there).
  put(proj, 'packed/inside.txt', 'packed\n');
  for (const [prog, ...args] of [
    ['tar', 'cf', 'a.tar', 'packed'],
    ['zip', '-qr', 'a.zip', 'packed'],
    ['sh', '-c', 'gzip -c packed/inside.txt > a.gz && xz -c packed/inside.txt > a.xz && bzip2 -c packed/inside.txt > a.bz2'],
    ['sh', '-c', 'zstd -qc packed/inside.txt > a.zst'],
  ] as const)
    spawnSync(prog, args, { cwd: proj, stdio: 'ignore' });
  rmSync(path.join(proj, 'packed'), { recursive: true });
  symlinkSync('../docs/inner', path.join(proj, 'src', 'lnk'));
  symlinkSync('scripts/tool.js', path.join(proj, 'conf.json'));
  age(proj);
  git(proj, 'add', 'README.md', 'a.txt');
  git(proj, 'commit', '-q', '-m', 'first');
  git(proj, 'add', 'src');
  git(proj, 'commit', '-q', '-m', 'src');
  git(proj, 'tag', 'v1');
  git(proj, 'add', 'test', 'docs');
  git(proj, 'commit', '-q', '-m', 'tests and docs');
  git(proj, 'branch', 'feature');
  addOrigin(base, proj);
  git(proj, 'add', '-A');
  git(proj, 'commit', '-q', '-m', 'the rest');
  for (const hook of GIT_HOOKS) put(proj, `.git/hooks/${hook}`, canaryScript(`git-hook:${hook}`), 0o755);
  for (const [rel, content] of later) put(proj, rel, content);
  // Configuration a program finds by itself, untracked as an agent's or a cloned project's would be.
  for (const [rel, content] of Object.entries(plant.proj ?? {})) put(proj, rel, content);
  for (const [rel, content] of Object.entries(plant.home ?? {})) put(home, rel, content);
  age(path.join(proj, 'src'));
  seedState(base);
  const bin = path.join(base, 'canary', 'bin');
  mkdirSync(bin, { recursive: true });
  for (const p of CANARY_PROGRAMS) put(bin, p, canaryScript(`program:${p}`), 0o755);
  writeFileSync(path.join(base, 'canary', 'log'), '');
  mkdirSync(path.join(base, 'w'));
  utimesSync(home, OLD, OLD);
}

/**
 * The state a developer's HOME and /tmp hold where these programs have run before: each runs
 * once, when the fixture is built, in the sandbox the commands run in (no network), and the
 * template keeps what it left (tpl/home, and tpl/tmp, which the driver copies into /tmp). A
 * command is then held to what it changes there, not to a program's first-run set-up. What a
 * command fetches and keeps (npm's TUF metadata, docker's trust data) is no first-run state:
 * those commands are not reads. docs/DESIGN.md#effect-oracle.
 */
export const SEEDS: readonly (readonly [string, string])[] = [
  ['gpg --list-keys', 'any first gpg run makes ~/.gnupg with an empty keyring and trust database'],
  ['cargo search serde', "a first registry command makes cargo's registry cache folder (~/.cargo/registry/CACHEDIR.TAG)"],
  ['cargo install --list', 'a first install command writes an empty install ledger (~/.cargo/.crates.toml, .crates2.json)'],
  ['tmux ls', 'any tmux start makes its socket folder /tmp/tmux-0 (empty while no server runs)'],
  ['gsutil ls', 'any first gsutil run makes ~/.gsutil (its tracker and state folder)'],
  ['composer list', 'any first composer command makes its XDG folders (~/.config, ~/.cache and ~/.local/share/composer, each with an .htaccess)'],
];

function seedState(base: string): void {
  const tmp = path.join(base, 'tpl', 'tmp');
  mkdirSync(tmp, { recursive: true });
  const env = { ...sandboxEnv(), HOME: '/mnt/tpl/home', CARGO_HOME: '/mnt/tpl/home/.cargo', PATH: systemPath() };
  const args = ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--bind', tmp, '/tmp', '--bind', base, '/mnt'];
  args.push('--unshare-net', '--unshare-pid', '--unshare-ipc', '--cap-drop', 'ALL', '--die-with-parent', '--clearenv');
  for (const [k, v] of Object.entries(env)) args.push('--setenv', k, v);
  const script = SEEDS.map(([cmd]) => `if command -v ${cmd.split(' ')[0]} >/dev/null; then timeout -s KILL 30 ${cmd} </dev/null >/dev/null 2>&1; fi`).join(
    '\n',
  );
  spawnSync(BWRAP, [...args, '--chdir', '/mnt/tpl/proj', '--', 'bash', '-c', script], { stdio: 'ignore', timeout: 200_000 });
  age(path.join(base, 'tpl', 'home'));
  age(tmp);
}

/** Files planted in the fixture after its history: project-relative and HOME-relative. */
export interface Plant {
  proj?: Record<string, string>;
  home?: Record<string, string>;
}

export interface Job {
  cmd?: string;
  /** A batch run in one shell, each in its own subshell; one effect for all of them. */
  cmds?: string[];
  timeoutMs?: number;
  /**
   * Canary names the command itself types, by the real program each runs instead (`vim --version`
   * runs the installed vim): the command is judged by what its own program does. Any other canary
   * name still records a run, and the helpers the environment names stay canaries.
   */
  real?: Record<string, string>;
}

/**
 * The real programs the canary names stand in for, where installed here (name → path on the
 * sandbox's PATH without its canaries): a command that types one runs it (Job.real).
 */
export function realPrograms(pathVar = systemPath()): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of CANARY_PROGRAMS) {
    if (name.startsWith('canary-')) continue;
    for (const dir of pathVar.split(':')) {
      const p = path.join(dir, name);
      if (spawnSync('test', ['-x', p]).status === 0) {
        out.set(name, p);
        break;
      }
    }
  }
  return out;
}

/** The real programs `programs` (a command's program words) type, from realPrograms(); undefined when none. */
export function typedReal(programs: readonly string[], real: ReadonlyMap<string, string>): Record<string, string> | undefined {
  let out: Record<string, string> | undefined;
  for (const p of programs) {
    const r = real.get(p);
    if (r) (out ??= {})[p] = r;
  }
  return out;
}

export interface Oracle {
  /** Runs every job, in parallel sandboxes; results in job order. */
  run(jobs: Job[]): Promise<Effect[]>;
  /**
   * Runs commands expected to change nothing, `batch` at a time in one shell; a batch that changed
   * anything, timed out or died is rerun one command at a time, so each effect is its own. A
   * command `real` gives real programs for runs alone with them (Job.real).
   */
  runExpectedClean(cmds: string[], opts: { batch: number; timeoutMs: number; real?: (cmd: string) => Record<string, string> | undefined }): Promise<Effect[]>;
  dispose(): void;
}

/** The sandbox's PATH after its canaries: the host's, less any node_modules/.bin a test runner added. */
export function systemPath(): string {
  return [...new Set((process.env.PATH ?? '/usr/bin:/bin').split(':').filter((d) => d && !d.includes('node_modules')))].join(':');
}

function sandboxEnv(): Record<string, string> {
  return {
    PATH: `/mnt/canary/bin:${systemPath()}`,
    HOME: '/mnt/w/home',
    USER: 'root',
    LOGNAME: 'root',
    LANG: 'C.UTF-8',
    TERM: 'dumb',
    TMPDIR: '/tmp',
    // Toolchains stay where they are (read-only); their caches go to the throwaway HOME.
    RUSTUP_HOME: process.env.RUSTUP_HOME ?? '/root/.rustup',
    CARGO_HOME: '/mnt/w/home/.cargo',
    PYENV_ROOT: process.env.PYENV_ROOT ?? '/root/.pyenv',
    ...CANARY_ENV,
  };
}

const PROC_READ_ONLY = ['/proc/sys', '/proc/irq', '/proc/bus', '/proc/fs', '/proc/acpi', '/proc/sysrq-trigger'].filter((d) => existsSync(d));

/** One sandbox running the driver; `runAll` feeds it jobs and restarts it when a job kills it. */
async function runInSandbox(base: string, jobs: (Job & { id: number })[]): Promise<Map<number, Effect>> {
  const results = new Map<number, Effect>();
  let rest = jobs;
  while (rest.length) {
    const args = ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc'];
    // A fresh /proc is writable where root may tune the host's kernel (/proc/sys): bound read-only.
    for (const d of PROC_READ_ONLY) args.push('--ro-bind', d, d);
    args.push('--tmpfs', '/tmp', '--bind', base, '/mnt');
    // Root inside, but with no capabilities: no clock, no mounts, no raw devices, no chown.
    args.push('--unshare-net', '--unshare-pid', '--unshare-ipc', '--unshare-uts', '--cap-drop', 'ALL');
    args.push('--die-with-parent', '--new-session', '--clearenv');
    for (const [k, v] of Object.entries(sandboxEnv())) args.push('--setenv', k, v);
    // The driver runs from the writable folder: a checkout under /tmp is hidden by the sandbox's own /tmp.
    args.push('--chdir', '/mnt/w', '--', process.execPath, '/mnt/driver.mjs');
    const child = spawn(BWRAP, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < 4000) stderr += String(d);
    });
    child.stdin.on('error', () => {});
    child.stdin.end(rest.map((j) => `${JSON.stringify(j)}\n`).join(''));
    const rl = createInterface({ input: child.stdout, crlfDelay: Number.POSITIVE_INFINITY });
    for await (const line of rl) {
      const r = JSON.parse(line) as Effect;
      results.set(r.id, r);
    }
    await new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('close', resolve)));
    const missing = rest.filter((j) => !results.has(j.id));
    if (!missing.length) break;
    const died = missing[0]!;
    if (results.size === 0 && stderr && !/Killed|Terminated/.test(stderr) && jobs.length === rest.length && !stderr.includes('\n    at ')) {
      // Nothing ran at all: the sandbox itself is broken.
      throw new Error(`the oracle's sandbox did not start: ${stderr.trim()}`);
    }
    results.set(died.id, {
      id: died.id,
      exit: null,
      timedOut: false,
      outputCut: false,
      ms: 0,
      changes: [],
      canaries: [],
      signalled: true,
      leftRunning: 0,
      stderr: stderr.slice(-300),
      driverDied: true,
    });
    rest = missing.slice(1);
  }
  return results;
}

export function createOracle(opts: { parallel?: number; plant?: Plant } = {}): Oracle {
  const reason = unavailable();
  if (reason) throw new Error(reason);
  const parent = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  const bases: string[] = [];
  const parallel = Math.max(1, opts.parallel ?? 2);
  for (let i = 0; i < parallel; i++) {
    const base = mkdtempSync(path.join(parent, 'remit-oracle-'));
    buildFixture(base, opts.plant);
    copyFileSync(DRIVER, path.join(base, 'driver.mjs'));
    bases.push(base);
  }
  const oracle: Oracle = {
    async run(jobs) {
      const numbered = jobs.map((j, id) => ({ ...j, id }));
      // Contiguous slices, one per sandbox: each driver keeps its working copy between jobs that change nothing.
      const per = Math.ceil(numbered.length / bases.length);
      const parts = await Promise.all(bases.map((b, i) => runInSandbox(b, numbered.slice(i * per, (i + 1) * per))));
      const all = new Map<number, Effect>();
      for (const m of parts) for (const [k, v] of m) all.set(k, v);
      return numbered.map((j) => all.get(j.id)!);
    },
    async runExpectedClean(cmds, { batch, timeoutMs, real }) {
      const alone: number[] = [];
      const batched: number[] = [];
      cmds.forEach((c, i) => (real?.(c) ? alone : batched).push(i));
      const groups: number[][] = [];
      for (let i = 0; i < batched.length; i += batch) groups.push(batched.slice(i, i + batch));
      const first = await oracle.run(groups.map((g) => ({ cmds: g.map((i) => cmds[i]!), timeoutMs: Math.max(timeoutMs * 2, 200 * g.length) })));
      const again: number[] = [...alone];
      groups.forEach((g, i) => {
        const e = first[i]!;
        if (changedAnything(e) || e.timedOut || e.error || e.outputCut) again.push(...g);
      });
      const singles = await oracle.run(again.map((i) => ({ cmd: cmds[i]!, timeoutMs, real: real?.(cmds[i]!) })));
      const out: Effect[] = cmds.map((_, i) => ({ ...CLEAN, id: i }));
      again.forEach((i, k) => {
        out[i] = { ...singles[k]!, id: i };
      });
      return out;
    },
    dispose() {
      for (const b of bases) rmSync(b, { recursive: true, force: true });
    },
  };
  return oracle;
}

const CLEAN: Effect = { id: 0, exit: 0, timedOut: false, outputCut: false, ms: 0, changes: [], canaries: [], signalled: false, leftRunning: 0, stderr: '' };
