// Package managers. Dependency intent (evidence `command`) is a new package NAME: an
// install naming packages, or running a package the project does not have (`npx`,
// `dlx`, `bunx`, `uvx`, `pipx run`). Restoring what a lockfile or requirements file
// pins (`npm ci`, bare `npm install`, `pip install -r`) is a write with no intent, and so
// is a bare `npm install` with no lockfile: it installs the names package.json already has.
import type { Handler, Invocation, ShellWalker } from '../walker.js';
import type { Arg } from '../words.js';
import { runCheck } from './check-runner.js';
import { inlineCode } from './inline-code.js';
import { BUN_TEST, cargoCheck, DENO_CHECK, DENO_FMT, DENO_LINT, DENO_TEST, DOTNET_FORMAT, dotnetTest, GO_TEST, goVet } from './checks-build.js';
import { vitest } from './checks-js.js';
import { installer, installerHandlers } from './installers.js';
import { isStdlibModule } from './python-path.js';
import { packageDir, readPackageJson, runPackageScript } from './scripts.js';
import { cargoConfigProven, composerProjectPluginFree, foldersUp, goToolchainProven, npmConfigProven, yarnConfigProven } from './workdir-config.js';
import { handlerTable, type HandlerTable } from '../handler-table.js';
import { lookupTable } from '../../lookup-table.js';
import { onlyKnownOptions } from '../options.js';
import { cutAt } from '../../intents/line-text.js';

const LOCKFILES = ['package-lock.json', 'npm-shrinkwrap.json', 'pnpm-lock.yaml', 'yarn.lock', 'bun.lockb', 'bun.lock'];

/** Which package provides a command, for the common bins whose names differ. */
const BIN_PACKAGE = lookupTable<string>({
  __proto__: null,
  tsc: 'typescript',
  tsserver: 'typescript',
  'ts-node': 'ts-node',
  playwright: '@playwright/test',
  biome: '@biomejs/biome',
  changeset: '@changesets/cli',
  'vue-tsc': 'vue-tsc',
  'react-scripts': 'react-scripts',
  ng: '@angular/cli',
  nest: '@nestjs/cli',
  'markdownlint-cli2': 'markdownlint-cli2',
  markdownlint: 'markdownlint-cli',
  'lint-staged': 'lint-staged',
  oxlint: 'oxlint',
  wrangler: 'wrangler',
  'drizzle-kit': 'drizzle-kit',
  prisma: 'prisma',
  jest: 'jest',
  'run-s': 'npm-run-all',
  'run-p': 'npm-run-all',
  'npm-run-all': 'npm-run-all',
  'cross-env': 'cross-env',
  semver: 'semver',
  rimraf: 'rimraf',
  esbuild: 'esbuild',
  vite: 'vite',
  vitest: 'vitest',
});

/** A read when the call is proven to only read (its options are the reading ones), else unknown. */
function readIf(w: ShellWalker, inv: Invocation, proven: boolean): void {
  if (proven) w.acc.read();
  else w.unknown(inv, 'shell_command_unproven');
}

function dynamicName(): string {
  return '(dynamic)';
}

/** `left-pad@1.2.0` → `left-pad`, `@scope/pkg@^2` → `@scope/pkg`; URLs and paths stay whole. */
function npmPackageName(spec: string): string {
  if (spec.startsWith('@')) {
    const at = spec.indexOf('@', 1);
    return at > 0 ? spec.slice(0, at) : spec;
  }
  if (/^(?:[a-z+]+:|\.{0,2}\/|~\/)/i.test(spec) || /\.(?:tgz|tar\.gz)$/.test(spec)) return spec;
  const at = spec.indexOf('@');
  return at > 0 ? spec.slice(0, at) : spec;
}

/** `requests[socks]>=2.0; python_version>"3"` → `requests`. */
function pythonPackageName(spec: string): string {
  const m = /^([A-Za-z0-9][A-Za-z0-9._-]*)/.exec(spec.trim());
  return m ? m[1]!.toLowerCase() : spec;
}

/** Names given to an install verb; operands xargs appends are names we cannot see. */
/** Config keys that choose where packages come from: setting one swaps every dependency's source. */
const SOURCE_KEY = /registry|index-url|index_url|find-links|trusted-host|npmScopes|npmRegistryServer|^index$|^@[\w.-]+:/i;

/** `npm config set registry …`, `pip config set global.index-url …`: a dependency source swap (issue 9 principle 9). */
function sourceSwap(w: ShellWalker, keys: readonly Arg[]): void {
  for (const k of keys) {
    if (k.value !== null && !SOURCE_KEY.test(k.value.split('=')[0]!)) continue;
    w.acc.addDependency('command', k.value === null ? dynamicName() : `package source ${k.value.split('=')[0]!}`);
    return;
  }
}

function addDependencies(w: ShellWalker, names: readonly Arg[], toName: (s: string) => string): void {
  for (const n of names) w.acc.addDependency('command', n.value === null ? dynamicName() : toName(n.value));
  if (w.current?.extraArgs) w.acc.addDependency('command', dynamicName());
}

/**
 * A manifest write this handler models itself (a restore, a removal, a version bump): it
 * carries no dependency intent of its own. Manifest writes by anything else (a redirect,
 * `sed -i`, `npm pkg set dependencies.x`) are dependency changes.
 */
function modeledManifest(w: ShellWalker, path: string): void {
  w.acc.modeledManifest(path);
}

function manifestWrite(w: ShellWalker, inv: Invocation, path: string): void {
  modeledManifest(w, path);
  w.effectPath(inv, 'write', path);
}

/** The lockfile a package manager rewrites itself (a restore, an install it counted already). */
const lockWrite = manifestWrite;

function nodeDir(w: ShellWalker, inv: Invocation, prefix: Arg | undefined): string | null {
  if (prefix) return w.path(inv, prefix);
  return inv.scope.cwd === null ? null : packageDir(w, inv.scope.cwd);
}

/** Effects of installing into a node project: manifest, lockfile and node_modules. */
function nodeInstallEffects(w: ShellWalker, inv: Invocation, dir: string | null, lockfile: string, manifest: boolean): void {
  if (dir === null) return w.acc.unprovenWrite('dynamic_word', inv.text);
  if (manifest) manifestWrite(w, inv, `${dir}/package.json`);
  lockWrite(w, inv, `${dir}/${lockfile}`);
  w.effectPath(inv, 'write', `${dir}/node_modules`);
}

function hasLockfile(w: ShellWalker, dir: string | null): boolean {
  if (dir === null) return false;
  return LOCKFILES.some((f) => w.exists(`${dir}/${f}`));
}

/** The package (or its bin) is in node_modules/.bin or declared in package.json. */
function nodePackagePresent(w: ShellWalker, inv: Invocation, pkgName: string, bin: string): boolean {
  const dirs = new Set<string>([w.ctx.projectRoot]);
  if (inv.scope.cwd) dirs.add(packageDir(w, inv.scope.cwd));
  for (const d of dirs) {
    if (w.exists(`${d}/node_modules/.bin/${bin}`)) return true;
    const pkg = readPackageJson(w, d);
    if (!pkg) continue;
    for (const field of [pkg.dependencies, pkg.devDependencies, pkg.optionalDependencies, pkg.peerDependencies]) {
      if (!field || typeof field !== 'object') continue;
      if (pkgName in field) return true;
      const mapped = BIN_PACKAGE[bin];
      if (mapped && mapped in field) return true;
    }
  }
  return false;
}

interface NpmOpts {
  operands: Arg[];
  flags: Set<string>;
  prefix: Arg | undefined;
  /** Arguments after a literal `--` (passed to scripts). */
  passthrough: Arg[];
  /**
   * The last setting of each switch, under its canonical name (`--usage` for `-h` and
   * `--help`): true only for a plain `--x`, `--x=true` or `--x true`; false for `--no-x`,
   * `--x=false`, `--x false`; undefined for any other value. npm's option parser lets the last
   * setting win and takes a following `true`/`false` word as a switch's value.
   */
  switches: Map<string, boolean | undefined>;
}

/** npm's shorthands for one switch. */
const NPM_SWITCH_NAMES: Readonly<Record<string, string>> = { '-h': '--usage', '-H': '--usage', '-?': '--usage', '--help': '--usage' };

/** Whether the switch `name` ends up on, as npm's parser reads the words (not merely given). */
function switchOn(o: NpmOpts, name: string): boolean {
  return o.switches.get(NPM_SWITCH_NAMES[name] ?? name) === true;
}

/** Records one switch word: `--x`, `--no-x`, `--x=v`, with `next` the word after it; returns whether `next` was taken as its value. */
function setSwitch(switches: Map<string, boolean | undefined>, name: string, attached: string | undefined, next: string | null | undefined): boolean {
  const given = attached ?? (next === 'true' || next === 'false' ? next : undefined);
  let on: boolean | undefined = given === undefined || given === 'true' ? true : given === 'false' ? false : undefined;
  let base = NPM_SWITCH_NAMES[name] ?? name;
  if (base.startsWith('--no-')) {
    base = `--${base.slice(5)}`;
    on = on === undefined ? undefined : !on;
  }
  switches.set(base, on);
  return attached === undefined && given !== undefined;
}

const NPM_VALUE_OPTS = new Set([
  '--prefix',
  '-C',
  '--dir',
  '-w',
  '--workspace',
  '--registry',
  '--tag',
  '--cache',
  '--userconfig',
  '--omit',
  '--include',
  '--install-strategy',
  '--loglevel',
  '--before',
  '--otp',
  '--scope',
  '--save-prefix',
  '--filter',
  '-F',
  '--network-concurrency',
  '--cwd',
  '--modules-folder',
  '--mutex',
  '--reporter',
  '--config',
  '-c',
  '--script-shell',
  '--node-options',
  '--workspace-root',
]);

function npmOptions(args: readonly Arg[], from: number): NpmOpts {
  const operands: Arg[] = [];
  const flags = new Set<string>();
  const passthrough: Arg[] = [];
  const switches = new Map<string, boolean | undefined>();
  let prefix: Arg | undefined;
  for (let i = from; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (v === '--') {
      passthrough.push(...args.slice(i + 1));
      break;
    }
    if (v !== null && v.startsWith('-') && v !== '-') {
      const eq = v.indexOf('=');
      const name = eq > 0 ? v.slice(0, eq) : v;
      flags.add(name);
      if (NPM_VALUE_OPTS.has(name) && eq < 0) {
        const val = args[++i];
        if ((name === '--prefix' || name === '-C' || name === '--dir' || name === '--cwd') && val) prefix = val;
      } else if ((name === '--prefix' || name === '--dir' || name === '--cwd') && eq > 0) prefix = { ...a, value: v.slice(eq + 1) };
      else if (!NPM_VALUE_OPTS.has(name) && setSwitch(switches, name, eq > 0 ? v.slice(eq + 1) : undefined, args[i + 1]?.value)) i++;
      continue;
    }
    operands.push(a);
  }
  return { operands, flags, prefix, passthrough, switches };
}

/** npx / pnpm dlx / yarn dlx / bunx: run a package's bin, fetching it when absent. */
function runPackage(w: ShellWalker, inv: Invocation, from: number, packageFlag: boolean): void {
  const args = inv.args;
  if (args.length === from + 1 && ['--version', '-v', '--help', '-h'].includes(args[from]!.value ?? '')) return w.acc.read();
  const packages: Arg[] = [];
  let i = from;
  for (; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) break;
    if (v === '--') {
      i++;
      break;
    }
    if (!v.startsWith('-')) break;
    if (packageFlag && (v === '-p' || v === '--package')) {
      const p = args[++i];
      if (p) packages.push(p);
      continue;
    }
    if (packageFlag && v.startsWith('--package=')) {
      packages.push({ ...args[i]!, value: v.slice(10) });
      continue;
    }
    if (v === '-c' || v === '--call') {
      const text = args[++i]?.value;
      for (const p of packages) requirePackage(w, inv, p, null);
      if (text === undefined || text === null) return w.unknown(inv, 'dynamic_word');
      return w.reparse(inv, text);
    }
  }
  const cmd = args[i];
  if (!cmd) return w.unknown(inv, 'shell_command_unproven');
  if (cmd.value === null) return w.unknown(inv, 'dynamic_word');
  const spec = cmd.value;
  const name = npmPackageName(spec);
  const bin = name.startsWith('@') ? name.slice(name.indexOf('/') + 1) : name;
  if (packages.length > 0) for (const p of packages) requirePackage(w, inv, p, null);
  else requirePackage(w, inv, cmd, bin);
  w.run(inv, [{ ...cmd, value: bin }, ...args.slice(i + 1)]);
}

function requirePackage(w: ShellWalker, inv: Invocation, spec: Arg, bin: string | null): void {
  if (spec.value === null) return w.acc.addDependency('command', dynamicName());
  const name = npmPackageName(spec.value);
  const b = bin ?? (name.startsWith('@') ? name.slice(name.indexOf('/') + 1) : name);
  if (!nodePackagePresent(w, inv, name, b)) w.acc.addDependency('command', name);
}

const PKG_DEPENDENCY_KEY =
  /^(?:dependencies|devDependencies|optionalDependencies|peerDependencies|bundleDependencies|bundledDependencies|overrides|resolutions|pnpm|workspaces|packageManager)\b/;

/** `-w x`, `--workspace=x`, `--workspaces`, pnpm `--filter`/`-r`: the command runs in other packages. */
function otherWorkspaces(o: NpmOpts): boolean {
  for (const f of ['-w', '--workspace', '--workspaces', '-ws', '--filter', '-F', '--recursive', '-r', '--include-workspace-root'])
    if (o.flags.has(f)) return true;
  return false;
}

/**
 * A command run in another workspace's folder: its scripts and manifest are not the ones
 * we read, so a script run is unproven and an install carries its names as intent.
 */
function workspaceCommand(w: ShellWalker, inv: Invocation, cmd: string, rest: readonly Arg[]): void {
  if (NPM_INSTALL.has(cmd) || cmd === 'add' || cmd === 'a') {
    if (rest.length) addDependencies(w, rest, npmPackageName);
    return w.unprovenWrite(inv, 'write_path_missing');
  }
  w.unknown(inv, 'shell_command_unproven');
}

/** npm subcommands that only read: local files, or what the registry publishes. */
const NPM_READ = new Set([
  'ls',
  'list',
  'la',
  'll',
  'view',
  'info',
  'show',
  'v',
  'outdated',
  'help',
  'root',
  'prefix',
  'bin',
  'whoami',
  'search',
  's',
  'se',
  'find',
  'doctor',
  'explain',
  'why',
  'fund',
  'query',
  'help-search',
  'ping',
  'sbom',
  'completion',
  'diff',
  'stars',
]);
/**
 * Registry subcommands that read with their listing action and change the registry (owners,
 * teams, access, the account, a version's tags) with any other: `npm dist-tag add x@1 latest`.
 */
const NPM_REGISTRY_LISTS = lookupTable<ReadonlySet<string>>({
  __proto__: null,
  owner: new Set(['ls', 'list']),
  author: new Set(['ls', 'list']),
  team: new Set(['ls', 'list']),
  access: new Set(['list', 'get', 'ls-packages', 'ls-collaborators']),
  profile: new Set(['get']),
  'dist-tag': new Set(['ls', 'list']),
  'dist-tags': new Set(['ls', 'list']),
});
/**
 * Options a reading npm subcommand may carry: how the answer is shown and which packages,
 * workspaces and registry it is about. npm takes every other `--name` as configuration, and
 * some of that writes or runs (`--cache` and `--logs-dir` name where it writes, `--userconfig`
 * reads another config, `--git`, `--browser`, `--viewer` and `--editor` name programs it runs),
 * so a reading subcommand with any other option is unknown.
 */
export const NPM_READ_FLAGS = new Set([
  '--json',
  '--long',
  '--all',
  '--depth',
  '--parseable',
  '--global',
  '--production',
  '--prod',
  '--dev',
  '--development',
  '--omit',
  '--include',
  '--workspace',
  '--workspaces',
  '--include-workspace-root',
  '--link',
  '--unicode',
  '--no-unicode',
  // `npm run` alone lists the scripts; these only say what a script run would do.
  '--if-present',
  '--ignore-scripts',
  '--color',
  '--no-color',
  '--loglevel',
  '--silent',
  '--quiet',
  '--verbose',
  '--registry',
  '--scope',
  '--tag',
  '--before',
  '--package-lock-only',
  '--expect-results',
  '--expect-result-count',
  '--searchlimit',
  '--searchopts',
  '--searchexclude',
  '--description',
  '--no-description',
  '--offline',
  '--prefer-offline',
  '--prefer-online',
  '--audit-level',
  '--heading',
  '--no-fund',
  '--no-audit',
  '--no-update-notifier',
  '--no-progress',
  '--prefix',
  '--sbom-format',
  '--sbom-type',
  '--diff',
  '--diff-name-only',
  '--diff-unified',
  '--diff-ignore-all-space',
  '--diff-no-prefix',
  '--diff-src-prefix',
  '--diff-dst-prefix',
  '--diff-text',
  '--help',
  '--version',
  '--usage',
  '-g',
  '-l',
  '-a',
  '-p',
  '-s',
  '-q',
  '-d',
  '-dd',
  '-ddd',
  '-w',
  '-ws',
  '-h',
  '-v',
  '-C',
]);
const NPM_INSTALL = new Set(['install', 'i', 'in', 'ins', 'inst', 'insta', 'instal', 'isnt', 'isnta', 'isntal', 'isntall', 'add']);
const NPM_CI = new Set(['ci', 'clean-install', 'ic', 'install-clean', 'isntall-clean']);
const NPM_UNINSTALL = new Set(['uninstall', 'un', 'unlink', 'remove', 'rm', 'r']);
const NPM_UPDATE = new Set(['update', 'up', 'upgrade', 'udpate']);

const npm: Handler = (w, inv) => {
  const o = npmOptions(inv.args, 1);
  const sub = o.operands[0];
  if (!sub) {
    if (o.flags.has('-v') || o.flags.has('--version') || o.flags.has('-h') || o.flags.has('--help') || o.flags.size === 0) return w.acc.read();
    return w.unknown(inv, 'shell_command_unproven');
  }
  if (sub.value === null) return w.unknown(inv, 'dynamic_word');
  const cmd = sub.value;
  const rest = o.operands.slice(1);
  const dir = nodeDir(w, inv, o.prefix);
  // The project's `.npmrc` is configuration like any option: `script-shell`, `node-options`,
  // `logs-dir` (workdir-config.ts).
  if (!npmConfigProven(w, dir)) return w.unknown(inv, 'shell_command_unproven');
  const global = o.flags.has('-g') || o.flags.has('--global') || o.flags.has('--location');
  const readFlags = [...o.flags].every((f) => NPM_READ_FLAGS.has(f));
  if (NPM_READ.has(cmd)) return readIf(w, inv, readFlags);
  // `npm install --help`: npm prints a command's usage when `usage` is set, before it runs it.
  if (switchOn(o, '--usage') && o.passthrough.length === 0) return readIf(w, inv, readFlags);
  // The cache's and the tokens' listings; `prune --dry-run` says what it would remove.
  if ((cmd === 'cache' || cmd === 'token') && (rest[0]?.value === 'ls' || rest[0]?.value === 'list')) return readIf(w, inv, readFlags);
  if (cmd === 'prune' && switchOn(o, '--dry-run'))
    return readIf(
      w,
      inv,
      [...o.flags].every((f) => f === '--dry-run' || f === '--no-dry-run' || NPM_READ_FLAGS.has(f)),
    );
  const lists = NPM_REGISTRY_LISTS[cmd];
  if (lists) return readIf(w, inv, lists.has(rest.length ? (rest[0]!.value ?? '') : 'ls') && readFlags);
  // `docs`, `home`, `bugs`, `repo` open a page with the program npm's `browser` setting names.
  if (cmd === 'docs' || cmd === 'home' || cmd === 'bugs' || cmd === 'repo') return w.unknown(inv, 'shell_command_unproven');
  if (otherWorkspaces(o)) return workspaceCommand(w, inv, cmd, rest);
  // Options that swap the shell scripts run in, preload code into every node, or read another config.
  for (const f of [
    '--script-shell',
    '--node-options',
    '--userconfig',
    '--globalconfig',
    '--call',
    '--shell',
    '--ignore-scripts=false',
    '--foreground-scripts',
  ]) {
    if (o.flags.has(f) && f !== '--foreground-scripts') return w.unknown(inv, 'shell_command_unproven');
  }
  if (cmd === 'it' || cmd === 'install-test' || cmd === 'cit' || cmd === 'install-ci-test' || cmd === 'install-clean-test') {
    // Install (or clean-install) then `npm test`: the install part as usual, the test part as a script run.
    if (rest.length > 0) addDependencies(w, rest, npmPackageName);
    if (cmd === 'it' || cmd === 'install-test') nodeInstallEffects(w, inv, dir, 'package-lock.json', rest.length > 0 || !hasLockfile(w, dir));
    else if (dir !== null) w.effectPath(inv, 'write', `${dir}/node_modules`);
    return runPackageScript(w, inv, dir, 'test', o.passthrough);
  }
  if (cmd === 'link' || cmd === 'ln') {
    // Links a package into node_modules (or this package globally): where the code comes from changes.
    addDependencies(w, rest.length ? rest : [{ value: '(linked)', glob: false, tilde: false, text: 'link' }], npmPackageName);
    return w.unprovenWrite(inv, 'write_path_missing');
  }
  if (cmd === 'config' || cmd === 'c' || cmd === 'get' || cmd === 'set') {
    const action = cmd === 'get' || cmd === 'set' ? cmd : rest[0]?.value;
    if (action === 'get' || action === 'list' || action === 'ls') return readIf(w, inv, readFlags);
    if (action === 'set') sourceSwap(w, cmd === 'set' ? rest : rest.slice(1));
    return w.unprovenWrite(inv, 'write_path_missing');
  }
  if (cmd === 'audit') {
    // npm reads its options anywhere (`npm audit --json fix`): a word `fix` or `signatures` may be the action.
    if (rest.some((a) => a.value === 'fix')) return nodeInstallEffects(w, inv, dir, 'package-lock.json', true);
    // `signatures` fetches sigstore's TUF metadata and keeps it under ~/.npm/_tuf (seen by the effect oracle).
    if (rest.some((a) => a.value === 'signatures')) return w.unknown(inv, 'shell_command_unproven');
    return readIf(w, inv, readFlags);
  }
  if (cmd === 'pkg') {
    const action = rest[0]?.value;
    if (action === 'get') return readIf(w, inv, readFlags);
    if (dir === null) return w.acc.unprovenWrite('dynamic_word', inv.text);
    // `npm pkg set dependencies.x=1`, `npm pkg set overrides.y=npm:z`: the manifest's dependencies change.
    for (const a of rest.slice(1)) {
      const key = a.value === null ? null : a.value.split('=')[0]!;
      if (key === null || PKG_DEPENDENCY_KEY.test(key))
        w.acc.addDependency('manifest', key === null ? '(dynamic)' : key.replace(/^[^.[]+[.[]/, '').replace(/[\]"']/g, ''));
    }
    if (action !== 'set' && action !== 'delete') return w.unknown(inv, 'shell_command_unproven');
    return manifestWrite(w, inv, `${dir}/package.json`);
  }
  if (NPM_INSTALL.has(cmd)) {
    if (rest.length === 0 && inv.extraArgs) w.acc.addDependency('command', dynamicName());
    else if (rest.length === 0) {
      if (global) return w.unprovenWrite(inv, 'write_path_missing');
      return nodeInstallEffects(w, inv, dir, 'package-lock.json', !hasLockfile(w, dir));
    }
    addDependencies(w, rest, npmPackageName);
    if (global) return w.unprovenWrite(inv, 'write_path_missing');
    return nodeInstallEffects(w, inv, dir, 'package-lock.json', o.switches.get('--save') !== false);
  }
  if (NPM_CI.has(cmd)) {
    if (dir === null) return w.acc.unprovenWrite('dynamic_word', inv.text);
    return w.effectPath(inv, 'write', `${dir}/node_modules`);
  }
  if (NPM_UNINSTALL.has(cmd) || NPM_UPDATE.has(cmd) || cmd === 'dedupe' || cmd === 'ddp' || cmd === 'prune' || cmd === 'rebuild' || cmd === 'rb') {
    if (global) return w.unprovenWrite(inv, 'write_path_missing');
    return nodeInstallEffects(w, inv, dir, 'package-lock.json', NPM_UNINSTALL.has(cmd) || NPM_UPDATE.has(cmd));
  }
  if (cmd === 'test' || cmd === 't' || cmd === 'tst') return runPackageScript(w, inv, dir, 'test', o.passthrough);
  if (cmd === 'start' || cmd === 'stop' || cmd === 'restart') return runPackageScript(w, inv, dir, cmd, o.passthrough);
  if (cmd === 'run' || cmd === 'run-script' || cmd === 'rum' || cmd === 'urn') {
    const name = rest[0];
    // `npm run` alone lists the scripts: a read with reading options only.
    if (!name) return readIf(w, inv, readFlags);
    return runPackageScript(w, inv, dir, name.value, [...rest.slice(1), ...o.passthrough]);
  }
  if (cmd === 'exec' || cmd === 'x') {
    const idx = inv.args.indexOf(sub);
    return runPackage(w, inv, idx + 1, true);
  }
  if (cmd === 'init' || cmd === 'create' || cmd === 'innit') {
    const initializer = rest.find((a) => a.value !== null && !a.value.startsWith('-'));
    if (initializer?.value) {
      const v = initializer.value;
      const pkg = v.startsWith('@') ? (v.includes('/') ? v.replace('/', '/create-') : `${v}/create`) : `create-${npmPackageName(v)}`;
      w.acc.addDependency('command', pkg);
      return w.unknown(inv, 'shell_command_unproven');
    }
    if (dir === null) return w.acc.unprovenWrite('dynamic_word', inv.text);
    modeledManifest(w, `${dir}/package.json`);
    return w.effectPath(inv, 'create', `${dir}/package.json`);
  }
  if (cmd === 'version') {
    if (rest.length === 0) return w.acc.read();
    if (dir === null) return w.acc.unprovenWrite('dynamic_word', inv.text);
    manifestWrite(w, inv, `${dir}/package.json`);
    return w.unprovenWrite(inv, 'write_path_missing');
  }
  if (cmd === 'pack') return w.unprovenWrite(inv, 'write_path_missing');
  // publish, link, cache, set-script, login, deprecate…: outside what we prove.
  w.unknown(inv, 'shell_command_unproven');
};

const npx: Handler = (w, inv) => runPackage(w, inv, 1, true);

/**
 * corepack: `corepack pnpm add x` runs the package manager it names (so its intents count);
 * `enable`/`install`/`prepare`/`use`/`up` fetch package managers or rewrite packageManager.
 */
const corepack: Handler = (w, inv) => {
  const sub = inv.args[1]?.value;
  if (sub === null) {
    w.acc.addDependency('command', dynamicName());
    return w.unknown(inv, 'dynamic_word');
  }
  if (sub === undefined || sub === '--version' || sub === '-v' || sub === '--help' || sub === '-h') return w.acc.read();
  const tool = cutAt(sub, '@');
  if (tool === 'npm' || tool === 'npx' || tool === 'pnpm' || tool === 'pnpx' || tool === 'yarn' || tool === 'yarnpkg') {
    if (sub.includes('@')) w.acc.addDependency('command', sub);
    return w.run(inv, [{ ...inv.args[1]!, value: tool === 'yarnpkg' ? 'yarn' : tool }, ...inv.args.slice(2)]);
  }
  if (sub === 'use' || sub === 'up' || sub === 'prepare' || sub === 'install' || sub === 'pack' || sub === 'enable') {
    const named = inv.args.slice(2).filter((a) => a.value === null || !a.value.startsWith('-'));
    for (const a of named) w.acc.addDependency('command', a.value ?? dynamicName());
    if (named.length === 0 && (sub === 'use' || sub === 'up')) w.acc.addDependency('command', 'packageManager');
    return w.unprovenWrite(inv, 'write_path_missing');
  }
  w.unknown(inv, 'shell_command_unproven');
};

/** pnpm, yarn and bun commands not modeled here, never taken for a bin or a builtin of the same name. */
const MANAGER_OWN = new Set([
  'patch',
  'patch-commit',
  'unplug',
  'version',
  'stage',
  'import',
  'cache',
  'constraints',
  'pack',
  'publish',
  'link',
  'unlink',
  'upgrade',
  'setup',
  'env',
  'deploy',
  'fetch',
  'hash',
  'type',
  'alias',
  'export',
  'unset',
  'cd',
  'source',
  'eval',
  'exec',
  'trap',
  'shopt',
  'declare',
  'readonly',
]);

/** bun's own commands besides those the shared list and the handler name: `bun build` (and its old name `bun bun`) bundles, whatever package.json's scripts say. */
const BUN_OWN = new Set(['build', 'bun', 'repl', 'completions', 'discord', 'c']);

/**
 * Options a reading pnpm, yarn or bun subcommand (ls, why, outdated, info, licenses, audit …)
 * may carry: how the answer is shown and which packages, workspaces and registry it is about.
 * Any other makes it unknown: they take settings as options too (`--store-dir`, yarn's
 * `--cache-folder` and `--mutex file:…` name where they write, `--config.x=y` sets anything).
 */
export const NODE_MANAGER_READ_FLAGS = new Set([
  '--json',
  '--long',
  '--depth',
  '--parseable',
  '--prod',
  '--production',
  '--dev',
  '--no-optional',
  '--only-projects',
  '--exclude-peers',
  '--recursive',
  '--filter',
  '--global',
  '--workspace-root',
  '--compatible',
  '--format',
  '--audit-level',
  '--level',
  '--groups',
  '--ignore-registry-errors',
  '--no-table',
  '--summary',
  // `pnpm run` alone lists the scripts; these only say how a script run would go.
  '--if-present',
  '--parallel',
  '--stream',
  '--registry',
  '--pattern',
  '--all',
  '--loglevel',
  '--silent',
  '--verbose',
  '--color',
  '--no-color',
  '--help',
  '--version',
  '--dir',
  '--cwd',
  '-C',
  '-r',
  '-F',
  '-g',
  '-w',
  '-P',
  '-D',
  '-s',
  '-h',
  '-v',
]);

/** pnpm / yarn / bun share a shape: add, install, remove, dlx, exec, run, and `<pm> <script>`. */
function nodeManager(kind: 'pnpm' | 'yarn' | 'bun'): Handler {
  const lock = kind === 'pnpm' ? 'pnpm-lock.yaml' : kind === 'yarn' ? 'yarn.lock' : 'bun.lock';
  return (w, inv) => {
    const flag = inv.args[1]?.value;
    if (kind === 'bun' && (flag === '-e' || flag === '--eval' || flag === '-p' || flag === '--print')) {
      return w.run(inv, [{ ...inv.args[0]!, value: 'node' }, ...inv.args.slice(1)]);
    }
    const o = npmOptions(inv.args, 1);
    const sub = o.operands[0];
    const dir = nodeDir(w, inv, o.prefix);
    // yarn classic hands every command, `--version` too, to the `yarn-path` its `.yarnrc`
    // names; berry's `.yarnrc.yml` has `yarnPath`; pnpm reads the project's `.npmrc`.
    if (kind === 'yarn' ? !yarnConfigProven(w, inv.scope.cwd) : kind === 'pnpm' && sub !== undefined && !npmConfigProven(w, dir))
      return w.unknown(inv, 'shell_command_unproven');
    if (!sub) {
      if (o.flags.has('-v') || o.flags.has('--version') || o.flags.has('-h') || o.flags.has('--help')) return w.acc.read();
      if (kind === 'yarn' || (kind === 'bun' && o.flags.size === 0)) return kind === 'yarn' ? nodeInstallEffects(w, inv, dir, lock, false) : w.acc.read();
      return w.unknown(inv, 'shell_command_unproven');
    }
    if (sub.value === null) return w.unknown(inv, 'dynamic_word');
    const cmd = sub.value;
    const rest = o.operands.slice(1);
    const global = o.flags.has('-g') || o.flags.has('--global');
    if (otherWorkspaces(o) && !['ls', 'list', 'why', 'outdated', 'view', 'info', 'licenses', 'root', 'bin'].includes(cmd))
      return workspaceCommand(w, inv, cmd, rest);
    if (kind === 'yarn' && (cmd === 'workspace' || cmd === 'workspaces')) {
      // `yarn workspace <name> add x`, `yarn workspaces foreach … add x`, `yarn workspaces run test`.
      const inner = rest.findIndex((a, k) => k > 0 && a.value !== null && (NPM_INSTALL.has(a.value) || a.value === 'add'));
      if (cmd === 'workspaces' && (rest[0]?.value === 'list' || rest[0]?.value === 'info')) return w.acc.read();
      if (inner >= 0)
        return workspaceCommand(
          w,
          inv,
          'add',
          rest.slice(inner + 1).filter((a) => a.value === null || !a.value.startsWith('-')),
        );
      if (rest.some((a) => a.value === null)) w.acc.addDependency('command', dynamicName());
      return w.unknown(inv, 'shell_command_unproven');
    }
    if (kind === 'yarn' && cmd === 'global') {
      const action = rest[0]?.value;
      if (action === 'add') {
        addDependencies(w, rest.slice(1), npmPackageName);
        return w.unprovenWrite(inv, 'write_path_missing');
      }
      return action === 'list' || action === 'bin' || action === 'dir' ? w.acc.read() : w.unprovenWrite(inv, 'write_path_missing');
    }
    if (cmd === 'add' || cmd === 'a' || ((cmd === 'install' || cmd === 'i') && (rest.length > 0 || inv.extraArgs))) {
      addDependencies(w, rest, npmPackageName);
      if (inv.extraArgs) w.acc.addDependency('command', dynamicName());
      if (global) return w.unprovenWrite(inv, 'write_path_missing');
      return nodeInstallEffects(w, inv, dir, lock, true);
    }
    if (cmd === 'install' || cmd === 'i') return nodeInstallEffects(w, inv, dir, lock, false);
    if (['remove', 'rm', 'uninstall', 'un', 'update', 'up', 'upgrade', 'dedupe', 'prune', 'rebuild'].includes(cmd)) {
      return nodeInstallEffects(w, inv, dir, lock, true);
    }
    // `pnpm doctor` checks pnpm's own configuration; `yarn versions` prints yarn's, node's and the tools' versions.
    if ((kind === 'pnpm' && cmd === 'doctor') || (kind === 'yarn' && cmd === 'versions' && rest.length === 0))
      return readIf(
        w,
        inv,
        [...o.flags].every((f) => NODE_MANAGER_READ_FLAGS.has(f)),
      );
    if (['ls', 'list', 'why', 'outdated', 'view', 'info', 'licenses', 'audit', 'root', 'bin', 'store', 'config'].includes(cmd)) {
      const action = rest.length ? rest[0]!.value : '';
      // `pnpm audit --fix` writes overrides into package.json; `config delete`, `store add` change
      // the configuration or the store: a config or store call reads only with its listing actions.
      const writes =
        (cmd === 'audit' && (action === 'fix' || o.flags.has('--fix'))) ||
        (cmd === 'config' && !['', 'get', 'list', 'ls'].includes(action ?? 'dynamic')) ||
        (cmd === 'store' && !['status', 'path'].includes(action ?? 'dynamic'));
      if (writes) {
        if (cmd === 'config' && action === 'set') sourceSwap(w, rest.slice(1));
        return w.unprovenWrite(inv, 'write_path_missing');
      }
      // A number such as `--depth -1`'s value reads as a flag here.
      return readIf(
        w,
        inv,
        [...o.flags].every((f) => NODE_MANAGER_READ_FLAGS.has(f) || /^-\d+$/.test(f)),
      );
    }
    // `bun pm cache` prints the cache folder (`bun pm cache rm` empties it).
    if (kind === 'bun' && cmd === 'pm' && rest[0]?.value === 'hash') w.acc.addHash('command', inv.text);
    if (kind === 'bun' && cmd === 'pm')
      return rest[0]?.value === 'ls' || rest[0]?.value === 'bin' || rest[0]?.value === 'hash' || (rest[0]?.value === 'cache' && rest.length === 1)
        ? w.acc.read()
        : w.unprovenWrite(inv, 'write_path_missing');
    if (cmd === 'dlx' || (kind === 'bun' && cmd === 'x')) return runPackage(w, inv, inv.args.indexOf(sub) + 1, kind !== 'bun');
    if (kind === 'bun' && cmd === 'test') return runCheck(w, inv, inv.args.indexOf(sub) + 1, BUN_TEST);
    if (cmd === 'exec') {
      const idx = inv.args.indexOf(sub);
      return w.run(inv, inv.args.slice(idx + 1));
    }
    if (cmd === 'create' || cmd === 'init') {
      const initializer = rest[0]?.value;
      if (initializer) {
        w.acc.addDependency('command', initializer.startsWith('@') ? initializer : `create-${npmPackageName(initializer)}`);
        return w.unknown(inv, 'shell_command_unproven');
      }
      if (dir === null) return w.acc.unprovenWrite('dynamic_word', inv.text);
      modeledManifest(w, `${dir}/package.json`);
      return w.effectPath(inv, 'create', `${dir}/package.json`);
    }
    let name: Arg | undefined = sub;
    if (cmd === 'run' || cmd === 'run-script') {
      name = rest[0];
      // `yarn run` alone lists the scripts: a read only with reading options (`--mutex file:x` writes a lock file).
      if (!name)
        return readIf(
          w,
          inv,
          [...o.flags].every((f) => NODE_MANAGER_READ_FLAGS.has(f)),
        );
    } else if (cmd === 'test' || cmd === 't') {
      name = { ...sub, value: 'test' };
    }
    if (name.value === null) return w.unknown(inv, 'dynamic_word');
    // The manager's own commands come before a package script of the same name (`yarn publish`
    // publishes even when package.json has a "publish" script; `bun build` bundles): and before
    // a shell builtin or a program of that name. `yarn set version latest` downloads a release
    // and rewrites .yarnrc.yml and package.json, `yarn plugin import x` installs code into the project.
    if (name === sub && (cmd === 'set' || cmd === 'plugin')) {
      w.acc.addDependency('command', cmd === 'set' ? 'packageManager' : (rest[1]?.value ?? dynamicName()));
      return w.unprovenWrite(inv, 'write_path_missing');
    }
    if (name === sub && (MANAGER_OWN.has(cmd) || (kind === 'bun' && BUN_OWN.has(cmd)))) return w.unknown(inv, 'shell_command_unproven');
    const pkg = dir ? readPackageJson(w, dir) : undefined;
    const scripts = pkg?.scripts;
    if (scripts && typeof scripts[name.value] === 'string') {
      // pnpm, yarn and bun pass every word after the script name to the script, options included.
      const after = inv.args.slice(inv.args.indexOf(name === sub || cmd === 'test' || cmd === 't' ? sub : name) + 1);
      return runPackageScript(w, inv, dir, name.value, after[0]?.value === '--' ? after.slice(1) : after);
    }
    // `yarn vitest run`, `bun x.ts`, `pnpm tsc`: a local bin or a file rather than a script.
    if (kind === 'bun' && /\.[cm]?[jt]sx?$/.test(name.value)) return w.unknown(inv, 'shell_command_unproven');
    if (!pkg) return w.unknown(inv, 'script_unread');
    const idx = inv.args.indexOf(name);
    w.run(inv, inv.args.slice(idx));
  };
}

// ---- Python ----

const PIP_VALUE = new Set([
  '-r',
  '--requirement',
  '-c',
  '--constraint',
  '-e',
  '--editable',
  '-t',
  '--target',
  '--prefix',
  '--root',
  '-i',
  '--index-url',
  '--extra-index-url',
  '-f',
  '--find-links',
  '--platform',
  '--python-version',
  '--implementation',
  '--abi',
  '--src',
  '--upgrade-strategy',
  '--python',
  '--cache-dir',
  '--log',
  '--proxy',
  '--retries',
  '--timeout',
  '--exists-action',
  '--trusted-host',
  '--cert',
  '--client-cert',
  '--progress-bar',
  '--report',
  '--only-binary',
  '--no-binary',
  '--config-settings',
  '-C',
  '--group',
]);

/** pip's reading options whose value may be the next word. */
const PIP_READ_VALUES = new Set([
  '--keyring-provider',
  '--proxy',
  '--retries',
  '--timeout',
  '--trusted-host',
  '--cert',
  '--client-cert',
  '--use-feature',
  '--use-deprecated',
  '--resume-retries',
  '--path',
  '--format',
  '--exclude',
  '-i',
  '--index-url',
  '--extra-index-url',
  '-f',
  '--find-links',
  '-r',
  '--requirement',
  '-a',
  '--algorithm',
  '--platform',
  '--python-version',
  '--implementation',
  '--abi',
]);
/**
 * Options a reading pip subcommand (list, show, freeze, check, inspect, index, search, config
 * get, hash …) may carry: pip's general options and those subcommands' own that choose what is
 * read and shown (pip(1)). Not `--log` (pip writes its log there), `--cache-dir` (it writes its
 * cache there), `--python` (another interpreter runs pip), `--src`, `--target`, `--root`,
 * `--prefix`, `--editor` or `--report`: with any other option the command is unknown.
 */
export const PIP_READ_FLAGS = new Set([
  ...PIP_READ_VALUES,
  '-h',
  '--help',
  '--debug',
  '--isolated',
  '--require-virtualenv',
  '-v',
  '--verbose',
  '-V',
  '--version',
  '-q',
  '--quiet',
  '--no-input',
  '--no-cache-dir',
  '--disable-pip-version-check',
  '--no-color',
  '-o',
  '--outdated',
  '-u',
  '--uptodate',
  '-e',
  '--editable',
  '-l',
  '--local',
  '--user',
  '--pre',
  '--not-required',
  '--exclude-editable',
  '--include-editable',
  '--no-index',
  '--files',
  '--all',
  '--global',
  '--site',
  '--json',
]);

/** pip install: names are intent; `-r file` and `-e path` restore or install the project itself. */
function pipLike(w: ShellWalker, inv: Invocation, from: number): void {
  const args = inv.args;
  const sub = args[from]?.value;
  if (sub === null) return w.unknown(inv, 'dynamic_word');
  // `python3 -m pip --help`: pip's usage (optparse prints it and exits while parsing).
  const help = (a: Arg): boolean => a.value === '-h' || a.value === '--help';
  if (args.length === from + 1 && help(args[from]!)) return w.acc.read();
  if (
    sub === undefined ||
    sub === '--version' ||
    sub === '-V' ||
    ['list', 'show', 'freeze', 'check', 'help', 'search', 'inspect', 'index', 'debug', 'hash', 'config'].includes(sub)
  ) {
    if (sub === 'config' && ['set', 'unset', 'edit'].includes(args[from + 1]?.value ?? '')) {
      if (args[from + 1]?.value === 'set') sourceSwap(w, args.slice(from + 2, from + 3));
      return w.unprovenWrite(inv, 'write_path_missing');
    }
    // `pip hash --help` prints the usage and hashes nothing.
    if (sub === 'hash' && !args.slice(from + 1).some(help)) w.acc.addHash('command', inv.text);
    return readIf(w, inv, onlyKnownOptions(args.slice(from + 1), PIP_READ_FLAGS, PIP_READ_VALUES));
  }
  // `pip download --help` prints help; `pip cache dir|list|info` print the cache (purge and remove change it).
  if (args.slice(from + 1).some((a) => a.value === '-h' || a.value === '--help')) return w.acc.read();
  if (sub === 'cache' && ['dir', 'list', 'info'].includes(args[from + 1]?.value ?? '')) return w.acc.read();
  if (sub === 'install' || sub === 'download' || sub === 'wheel') {
    const names: Arg[] = [];
    const operand = (a: Arg): void => {
      const v = a.value;
      // A URL (`https://…/x.tar.gz`, `git+https://…`, `name @ https://…`) names what it fetches.
      if (v !== null && PIP_URL.test(v)) return w.acc.addDependency('command', v);
      // Local paths and archives install what is already here.
      if (v !== null && (v === '.' || v.startsWith('./') || v.startsWith('../') || v.startsWith('/') || /\.(?:whl|tar\.gz|zip)$/.test(v))) return;
      names.push(a);
    };
    for (let i = from + 1; i < args.length; i++) {
      const a = args[i]!;
      const v = a.value;
      if (v !== null && v.startsWith('-') && v !== '-') {
        // `--opt value`, `--opt=value`, `-r value`, `-rvalue` (pip's optparse).
        const eq = v.startsWith('--') ? v.indexOf('=') : -1;
        const name = eq > 0 ? v.slice(0, eq) : v.startsWith('--') ? v : v.slice(0, 2);
        if (!PIP_VALUE.has(name)) continue;
        const val = eq > 0 ? { ...a, value: v.slice(eq + 1) } : v.length > 2 && !v.startsWith('--') ? { ...a, value: v.slice(2) } : args[++i];
        if (!val) continue;
        if (name === '-r' || name === '--requirement' || name === '-c' || name === '--constraint') requirementsFile(w, inv, val);
        else if (name === '-e' || name === '--editable') operand(val);
        continue;
      }
      operand(a);
    }
    // `download` and `wheel` fetch (and build, running an sdist's setup.py) the packages they name.
    addDependencies(w, names, pythonPackageName);
    return w.unprovenWrite(inv, 'write_path_missing');
  }
  if (sub === 'uninstall' || sub === 'cache') return w.unprovenWrite(inv, 'write_path_missing');
  w.unknown(inv, 'shell_command_unproven');
}

export const pip: Handler = (w, inv) => pipLike(w, inv, 1);

const PIP_URL = /^[a-z][\w+.-]*:\/\/|^(?:git|hg|svn|bzr)\+|@\s*[a-z][\w+.-]*:\/\//i;

/**
 * `pip install -r f`: restoring what the project pins reads f. A file this command may have
 * written first, one only known at run time (`-r <(…)`, a pipe, a dynamic word) or one at a
 * URL lists packages nobody has seen: a dependency change.
 */
function requirementsFile(w: ShellWalker, inv: Invocation, file: Arg): void {
  const v = file.value;
  if (v !== null && PIP_URL.test(v)) return w.acc.addDependency('command', v);
  const p = v === null ? null : w.path(inv, file);
  const stream = v === '-' || file.text.startsWith('<(') || /^\/dev\/(?:fd\/|stdin$)|^\/proc\/[^/]+\/fd\//.test(v ?? '');
  if (p === null || stream || w.acc.mayHaveChanged(p)) return w.acc.addDependency('command', dynamicName());
  w.effect(inv, 'read', file);
}

/** The Python project declares this name (pyproject.toml or requirements*.txt). */
function pythonPackagePresent(w: ShellWalker, name: string): boolean {
  const root = w.ctx.projectRoot;
  const re = new RegExp(`(^|["'\\s])${name.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}(?=[\\s=<>~!\\[;"',]|$)`, 'im');
  for (const f of ['pyproject.toml', 'requirements.txt', 'requirements-dev.txt', 'setup.cfg', 'Pipfile']) {
    const t = w.readFile(`${root}/${f}`);
    if (t !== undefined && re.test(t)) return true;
  }
  return false;
}

function runPythonTool(w: ShellWalker, inv: Invocation, from: number, fetches: boolean): void {
  const args = inv.args;
  let i = from;
  const extra: Arg[] = [];
  for (; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null || !v.startsWith('-')) break;
    const eq = v.indexOf('=');
    const name = eq > 0 ? v.slice(0, eq) : v;
    if (name === '--from' || name === '--with' || name === '--spec' || name === '-w' || name === '--with-editable') {
      // `--with=x` as well as `--with x`; a comma-separated list names several.
      const p = eq > 0 ? { ...args[i]!, value: v.slice(eq + 1) } : args[++i];
      if (p && p.value !== null) for (const part of p.value.split(',')) extra.push({ ...p, value: part });
      else if (p) extra.push(p);
    } else if (name === '--with-requirements') {
      // Names in a file we do not read: a dependency we cannot name.
      if (eq < 0) i++;
      w.acc.addDependency('command', dynamicName());
    } else if (eq < 0 && (v === '--python' || v === '-p' || v === '--index-url' || v === '--index')) i++;
  }
  const cmd = args[i];
  if (!cmd) return w.unknown(inv, 'shell_command_unproven');
  if (cmd.value === null) return w.unknown(inv, 'dynamic_word');
  const name = pythonPackageName(cmd.value);
  for (const p of extra)
    if (p.value === null || !pythonPackagePresent(w, pythonPackageName(p.value)))
      w.acc.addDependency('command', p.value === null ? dynamicName() : pythonPackageName(p.value));
  if (fetches && extra.length === 0 && !pythonPackagePresent(w, name)) w.acc.addDependency('command', name);
  w.run(inv, [{ ...cmd, value: name }, ...args.slice(i + 1)]);
}

const uv: Handler = (w, inv) => {
  const args = inv.args;
  let i = 1;
  while (i < args.length && args[i]!.value?.startsWith('-')) {
    if (args[i]!.value === '--version' || args[i]!.value === '-V') return w.acc.read();
    if (['--directory', '--project', '--config-file', '--cache-dir'].includes(args[i]!.value!)) i++;
    i++;
  }
  const sub = args[i]?.value;
  const root = inv.scope.cwd;
  if (sub === undefined) return w.acc.read();
  if (sub === null) return w.unknown(inv, 'dynamic_word');
  if (sub === 'pip') return pipLike(w, inv, i + 1);
  // `uv python list|find|dir` print the interpreters uv knows (install, uninstall, pin change them).
  if (sub === 'python' && ['list', 'find', 'dir'].includes(args[i + 1]?.value ?? '') && args.slice(i + 2).every((a) => a.value !== null)) return w.acc.read();
  if (sub === 'add') {
    const names = args.slice(i + 1).filter((a) => a.value === null || !a.value.startsWith('-'));
    addDependencies(w, names, pythonPackageName);
  }
  if (sub === 'add' || sub === 'remove' || sub === 'sync' || sub === 'lock') {
    if (root === null) return w.acc.unprovenWrite('dynamic_word', inv.text);
    if (sub !== 'sync') manifestWrite(w, inv, `${root}/pyproject.toml`);
    lockWrite(w, inv, `${root}/uv.lock`);
    if (sub !== 'lock') w.effectPath(inv, 'write', `${root}/.venv`);
    return;
  }
  if (sub === 'venv') {
    const target = args.slice(i + 1).find((a) => a.value === null || !a.value.startsWith('-'));
    if (target) return w.effect(inv, 'create', target);
    if (root === null) return w.acc.unprovenWrite('dynamic_word', inv.text);
    return w.effectPath(inv, 'create', `${root}/.venv`);
  }
  if (sub === 'run') return runPythonTool(w, inv, i + 1, false);
  if (sub === 'tool') {
    const action = args[i + 1]?.value;
    if (action === 'run') return runPythonTool(w, inv, i + 2, true);
    if (action === 'install') {
      addDependencies(
        w,
        args.slice(i + 2).filter((a) => a.value === null || !a.value.startsWith('-')),
        pythonPackageName,
      );
      return w.unprovenWrite(inv, 'write_path_missing');
    }
    if (action === 'list' || action === 'dir') return w.acc.read();
    return w.unprovenWrite(inv, 'write_path_missing');
  }
  if (sub === 'help') return w.acc.read();
  if (sub === 'tree' || sub === 'version') return uvProject(w, inv, sub, i + 1);
  w.unknown(inv, 'shell_command_unproven');
};

/**
 * `uv tree` locks the project before it prints (uv.lock written when missing or stale)
 * unless `--frozen` or `--locked`; `uv version` prints the version, but with a value or
 * `--bump` rewrites pyproject.toml, then locks and syncs, unless `--dry-run`.
 */
function uvProject(w: ShellWalker, inv: Invocation, sub: 'tree' | 'version', from: number): void {
  const rest = inv.args.slice(from);
  if (rest.some((a) => a.value === null)) return w.unknown(inv, 'dynamic_word');
  const has = (...names: string[]) => rest.some((a) => names.some((n) => a.value === n || a.value!.startsWith(`${n}=`)));
  const root = inv.scope.cwd;
  if (sub === 'tree') {
    if (has('--frozen', '--locked')) return w.acc.read();
    if (root === null) return w.acc.unprovenWrite('dynamic_word', inv.text);
    return lockWrite(w, inv, `${root}/uv.lock`);
  }
  // Operands are the new version; `--bump` (and its value) changes it too.
  const VALUED = new Set(['--bump', '--output-format', '--python', '-p', '--package', '--directory', '--project', '--index', '--index-url', '--default-index']);
  let sets = false;
  for (let k = 0; k < rest.length; k++) {
    const v = rest[k]!.value!;
    if (v === '--bump' || v.startsWith('--bump=')) sets = true;
    if (VALUED.has(v)) k++;
    else if (!v.startsWith('-')) sets = true;
  }
  if (!sets || has('--dry-run')) return w.acc.read();
  if (root === null) return w.acc.unprovenWrite('dynamic_word', inv.text);
  manifestWrite(w, inv, `${root}/pyproject.toml`);
  if (!has('--frozen')) lockWrite(w, inv, `${root}/uv.lock`);
  if (!has('--frozen', '--no-sync')) w.effectPath(inv, 'write', `${root}/.venv`);
}

const uvx: Handler = (w, inv) => runPythonTool(w, inv, 1, true);

const pipx: Handler = (w, inv) => {
  const sub = inv.args[1]?.value;
  // `pipx -h`: argparse prints the usage and exits.
  if (inv.args.length === 2 && (sub === '-h' || sub === '--help')) return w.acc.read();
  if (sub === 'run') return runPythonTool(w, inv, 2, true);
  if (sub === 'install' || sub === 'inject') {
    addDependencies(
      w,
      inv.args.slice(2).filter((a) => a.value === null || !a.value.startsWith('-')),
      pythonPackageName,
    );
    return w.unprovenWrite(inv, 'write_path_missing');
  }
  if (sub === 'list' || sub === '--version' || sub === 'environment') return w.acc.read();
  w.unprovenWrite(inv, 'write_path_missing');
};

/** poetry / pipenv: `add`/`install <pkg>` add names, bare install restores, `run` runs. */
function pythonProject(addVerbs: readonly string[], manifest: string, lock: string): Handler {
  return (w, inv) => {
    const args = inv.args;
    const sub = args[1]?.value;
    if (sub === null) return w.unknown(inv, 'dynamic_word');
    if (sub === undefined || sub === '--version' || sub === 'show' || sub === 'check' || sub === 'graph' || sub === '--venv' || sub === '--where')
      return w.acc.read();
    // `poetry env use` makes (and `remove` deletes) a virtualenv; `list` and `info` print.
    if (sub === 'env') {
      const action = args[2]?.value;
      if (action === undefined || action === 'list' || action === 'info' || action === 'activate') return w.acc.read();
      return w.unprovenWrite(inv, 'write_path_missing');
    }
    if (sub === 'run') return w.run(inv, args.slice(2));
    // `poetry self add x`: a plugin installed into the tool itself.
    if (sub === 'self') {
      if (args[2]?.value === null) w.acc.addDependency('command', dynamicName());
      if (args[2]?.value === 'add')
        addDependencies(
          w,
          args.slice(3).filter((a) => a.value === null || !a.value.startsWith('-')),
          pythonPackageName,
        );
      return w.unprovenWrite(inv, 'write_path_missing');
    }
    const names = args.slice(2).filter((a) => a.value === null || !a.value.startsWith('-'));
    const root = inv.scope.cwd;
    if (addVerbs.includes(sub) && names.length > 0) addDependencies(w, names, pythonPackageName);
    if (['add', 'install', 'remove', 'uninstall', 'update', 'lock', 'sync'].includes(sub)) {
      if (root === null) return w.acc.unprovenWrite('dynamic_word', inv.text);
      if (names.length > 0 || sub !== 'install') manifestWrite(w, inv, `${root}/${manifest}`);
      lockWrite(w, inv, `${root}/${lock}`);
      return w.unprovenWrite(inv, 'write_path_missing');
    }
    w.unknown(inv, 'shell_command_unproven');
  };
}

// ---- Other ecosystems ----

/** cargo's tools (rustup components and common installed ones) checked to print their version and do nothing else. */
const CARGO_VERSIONED: ReadonlySet<string> = new Set(['clippy', 'fmt', 'audit', 'outdated']);

const cargo: Handler = (w, inv) => {
  const args = inv.args;
  let i = 1;
  while (i < args.length && args[i]!.value?.startsWith('+')) i++;
  const sub = args[i]?.value;
  if (sub === null) return w.unknown(inv, 'dynamic_word');
  if ((sub === '--list' || sub === '-h' || sub === '--help') && args.length === i + 1) return w.acc.read();
  if (sub === undefined || sub === '--version' || sub === '-V' || sub === 'help' || sub === 'version') return w.acc.read();
  // `cargo --explain E0308`: the text of an error code (cargo runs rustc --explain).
  if (sub === '--explain' && args.length === i + 2 && /^E\d{4}$/.test(args[i + 1]!.value ?? '')) return w.acc.read();
  // `.cargo/config.toml` up from the working folder can name the rustc cargo runs (`cargo tree`
  // asks it for the target), a wrapper, a runner or a linker (workdir-config.ts).
  if (!cargoConfigProven(w, inv.scope.cwd)) return w.unknown(inv, 'shell_command_unproven');
  // `cargo clippy --version`: the tool cargo runs prints its version while parsing its arguments
  // (clap), before it reads a manifest; with no such tool installed cargo says so. An alias in
  // .cargo/config.toml could stand for another command (cargoConfigProven above).
  if (CARGO_VERSIONED.has(sub) && args.length === i + 2 && (args[i + 1]!.value === '--version' || args[i + 1]!.value === '-V')) return w.acc.read();
  if (sub === 'tree' || sub === 'metadata') return cargoResolve(w, inv, sub, i + 1);
  if (['search', 'locate-project', 'pkgid', 'verify-project', 'read-manifest'].includes(sub)) return w.acc.read();
  if (cargoCheck(w, inv, sub, i + 1)) return;
  const names = args.slice(i + 1).filter((a) => a.value === null || !a.value.startsWith('-'));
  if (sub === 'add') addDependencies(w, names, (s) => s.split('@')[0]!);
  if ((sub === 'install' || sub === 'binstall') && !args.some((a) => a.value === '--path')) addDependencies(w, names, (s) => s.split('@')[0]!);
  if (sub === 'run' || sub === 'r') return w.unknown(inv, 'shell_command_unproven');
  if (['add', 'remove', 'rm', 'update', 'generate-lockfile', 'fetch'].includes(sub) && inv.scope.cwd) {
    manifestWrite(w, inv, `${inv.scope.cwd}/Cargo.toml`);
    lockWrite(w, inv, `${inv.scope.cwd}/Cargo.lock`);
    return;
  }
  w.unprovenWrite(inv, 'write_path_missing');
};

/**
 * The Cargo.lock cargo resolves into when run in `cwd`: beside the workspace root, the
 * highest Cargo.toml up that declares `[workspace]`, else the nearest one.
 */
function cargoLock(w: ShellWalker, cwd: string): string {
  let nearest: string | undefined;
  let workspace: string | undefined;
  for (const d of foldersUp(w, cwd)) {
    const manifest = `${d === '/' ? '' : d}/Cargo.toml`;
    if (!w.exists(manifest)) continue;
    nearest ??= d;
    if (/^[^\S\n\r\u2028\u2029]*\[workspace\]/m.test(w.readFile(manifest, 256 * 1024) ?? '[workspace]')) workspace = d;
  }
  return `${workspace ?? nearest ?? cwd}/Cargo.lock`.replace(/^\/\//, '/');
}

/**
 * `cargo tree` and `cargo metadata` resolve the dependency graph first, and write Cargo.lock
 * when it is missing or out of date with the manifests (even `--offline`): a read only with
 * `--locked` or `--frozen` (cargo then fails instead of writing), or `metadata --no-deps`,
 * which resolves nothing. `--config`, `-Z` and `--manifest-path` change what it reads.
 */
function cargoResolve(w: ShellWalker, inv: Invocation, sub: string, from: number): void {
  let locked = false;
  for (const a of inv.args.slice(from)) {
    const v = a.value;
    if (v === null) return w.unknown(inv, 'dynamic_word');
    if (v === '--') break;
    if (/^--(?:config|manifest-path)(?:=|$)|^-Z|^-C/.test(v)) return w.unknown(inv, 'shell_command_unproven');
    if (v === '--locked' || v === '--frozen' || (sub === 'metadata' && v === '--no-deps')) locked = true;
  }
  if (locked) return w.acc.read();
  if (inv.scope.cwd === null) return w.acc.unprovenWrite('dynamic_word', inv.text);
  lockWrite(w, inv, cargoLock(w, inv.scope.cwd));
}

/** go's commands, and the verbs of `go mod` and `go work`: `-h` after one prints its usage (go's flag parsing exits on it). */
const GO_COMMANDS: ReadonlySet<string> = new Set([
  'bug',
  'build',
  'clean',
  'doc',
  'env',
  'fix',
  'fmt',
  'generate',
  'get',
  'install',
  'list',
  'mod',
  'work',
  'run',
  'telemetry',
  'test',
  'tool',
  'version',
  'vet',
]);
const GO_MOD_VERBS: ReadonlySet<string> = new Set(['download', 'edit', 'graph', 'init', 'tidy', 'vendor', 'verify', 'why', 'sync', 'use']);
const GO_HELP: ReadonlySet<string> = new Set(['-h', '-help', '--help']);

/** go list's options that build, write or run: the rest only choose what it prints. */
const GO_LIST_ACTS = /^--?(?:toolexec|export|compiled|modfile|pkgdir|work|mod=mod)(?:=|$)/;

/** go env's flags that write go's env file, in any spelling Go's flag package takes. */
const GO_ENV_WRITES = /^--?[wu](?:=|$)/;

/** go mod edit's value-taking flags (the word after one is its value, whatever it looks like). */
const GO_MOD_EDIT_VALUES: ReadonlySet<string> = new Set([
  'module',
  'go',
  'toolchain',
  'require',
  'droprequire',
  'exclude',
  'dropexclude',
  'replace',
  'dropreplace',
  'retract',
  'dropretract',
  'tool',
  'droptool',
  'godebug',
  'dropgodebug',
  'ignore',
  'dropignore',
]);

/** A boolean flag's `=value` as Go's strconv.ParseBool reads it (undefined: go refuses it). */
function goBool(v: string): boolean | undefined {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(v)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(v)) return false;
  return undefined;
}

/**
 * Whether `go mod edit` ends with -print or -json on, so it prints go.mod instead of writing
 * it: its flags read as Go's flag package reads them (one dash or two, `=value` or the next
 * word, the last setting winning, options ending at the first operand or `--`). An unknown
 * flag or a word known only at run time proves nothing.
 */
function goModEditPrints(args: readonly Arg[], from: number): boolean {
  const on = { print: false, json: false };
  for (let i = from; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) return false;
    if (v === '--' || v.length < 2 || !v.startsWith('-')) break;
    const body = v.slice(v.startsWith('--') ? 2 : 1);
    const eq = body.indexOf('=');
    const name = eq >= 0 ? body.slice(0, eq) : body;
    if (name === 'print' || name === 'json' || name === 'fmt') {
      const set = eq >= 0 ? goBool(body.slice(eq + 1)) : true;
      if (set === undefined) return false;
      if (name !== 'fmt') on[name] = set;
    } else if (!GO_MOD_EDIT_VALUES.has(name)) return false;
    else if (eq < 0) i++;
  }
  return on.print || on.json;
}

/** `go build -h`, `go mod tidy -h`, `go -h`: usage only. */
function goUsage(args: readonly Arg[]): boolean {
  const v = args.map((a) => a.value);
  const last = v[v.length - 1];
  if (last == null || !GO_HELP.has(last)) return false;
  if (v.length === 2) return true;
  if (v.length === 3) return GO_COMMANDS.has(v[1] ?? '');
  return v.length === 4 && (v[1] === 'mod' || v[1] === 'work') && GO_MOD_VERBS.has(v[2] ?? '');
}

const goTool: Handler = (w, inv) => {
  const args = inv.args;
  const sub = args[1]?.value;
  if (sub === null) return w.unknown(inv, 'dynamic_word');
  // Every go command runs the toolchain go.work or go.mod names, downloaded if need be.
  const read = (): void => {
    if (goToolchainProven(w, inv.scope.cwd, inv.scope.env)) return w.acc.read();
    w.acc.addDependency('command', 'golang.org/toolchain');
    w.unknown(inv, 'shell_command_unproven');
  };
  if (goUsage(args)) return read();
  // `go list -export` and `-compiled` build, `-toolexec` (any spelling: `--toolexec=x`) names a program the build runs,
  // `-mod=mod` lets it update go.mod and go.sum, `-modfile` reads (and may write) another go.mod, `-pkgdir` and `-work` keep build output.
  if (
    sub === 'list' &&
    args.some((a, k) => a.value === null || GO_LIST_ACTS.test(a.value) || ((a.value === '-mod' || a.value === '--mod') && args[k + 1]?.value === 'mod'))
  )
    return w.unknown(inv, 'shell_command_unproven');
  if (sub === undefined || ['version', 'list', 'doc', 'help'].includes(sub)) return read();
  // `-w`/`-u` in any spelling Go's flag package takes (`--w`, `-w=true`) change go's own env file.
  if (sub === 'env') return args.some((a) => a.value === null || GO_ENV_WRITES.test(a.value)) ? w.unprovenWrite(inv, 'write_path_missing') : read();
  // `go fmt -n ./...` prints the gofmt command it would run and runs nothing (go's flags end at the
  // first package, so `go fmt ./... -n` formats: -n must come first, and -x runs it).
  if (sub === 'fmt' && args[2]?.value === '-n' && args.slice(3).every((a) => a.value !== null && !a.value.startsWith('-'))) return read();
  if (sub === 'test') return runCheck(w, inv, 2, GO_TEST);
  if (sub === 'vet') return goVet(w, inv, 2);
  const names = args.slice(2).filter((a) => a.value === null || !a.value.startsWith('-'));
  const cwd = inv.scope.cwd;
  if (sub === 'get') {
    addDependencies(w, names, (s) => s.split('@')[0]!);
    if (cwd) {
      manifestWrite(w, inv, `${cwd}/go.mod`);
      lockWrite(w, inv, `${cwd}/go.sum`);
    }
    return w.unprovenWrite(inv, 'write_path_missing');
  }
  if (sub === 'install') {
    addDependencies(
      w,
      names.filter((a) => a.value === null || (!a.value.startsWith('.') && !a.value.startsWith('/'))),
      (s) => s.split('@')[0]!,
    );
    return w.unprovenWrite(inv, 'write_path_missing');
  }
  // `go run example.com/x@latest` fetches and runs a module the project does not require.
  if (sub === 'run') {
    const target = names[0];
    if (target && (target.value === null || /@/.test(target.value))) addDependencies(w, [target], (s) => s.split('@')[0]!);
    return w.unknown(inv, 'shell_command_unproven');
  }
  if (sub === 'mod') {
    const action = args[2]?.value;
    if (action === 'graph' || action === 'why' || action === 'verify') return read();
    if (action === 'edit') {
      // `-require=m@v`, `-replace=a=b`: a new module or a swapped source; `-go=`, `-fmt`, `-droprequire` are not.
      for (const a of args.slice(3)) {
        const v = a.value;
        if (v === null) w.acc.addDependency('command', dynamicName());
        else {
          const m = /^--?(require|replace|tool)=(.+)$/.exec(v);
          if (m) w.acc.addDependency('command', m[1] === 'replace' ? `replace ${m[2]}` : m[2]!.split('@')[0]!);
          else if (/^--?(?:require|replace|tool)$/.test(v)) w.acc.addDependency('command', '(go mod edit)');
        }
      }
      if (goModEditPrints(args, 3)) return read();
    }
    if ((action === 'tidy' || action === 'edit' || action === 'init' || action === 'vendor') && cwd) {
      manifestWrite(w, inv, `${cwd}/go.mod`);
      lockWrite(w, inv, `${cwd}/go.sum`);
      if (action === 'vendor') w.effectPath(inv, 'write', `${cwd}/vendor`);
      return;
    }
    return w.unprovenWrite(inv, 'write_path_missing');
  }
  if (sub === 'build') {
    const o = args.findIndex((a) => a.value === '-o');
    if (o > 0 && args[o + 1]) return w.effect(inv, 'write', args[o + 1]!);
    return w.unprovenWrite(inv, 'write_path_missing');
  }
  if (sub === 'fmt' || sub === 'generate' || sub === 'clean' || sub === 'work' || sub === 'fix') return w.unprovenWrite(inv, 'write_path_missing');
  w.unknown(inv, 'shell_command_unproven');
};

/** composer's options that only shape what a command prints or where it looks (Symfony console: anywhere on the line). */
const COMPOSER_COMMON = new Set([
  '-n',
  '--no-interaction',
  '-q',
  '--quiet',
  '-v',
  '-vv',
  '-vvv',
  '--verbose',
  '--ansi',
  '--no-ansi',
  '--no-plugins',
  '--no-scripts',
  '--no-cache',
  '--profile',
]);
/**
 * `composer config` reads with these options: `--list`, or one key's value. Not `-g`/`--global`:
 * it creates the user's config.json and auth.json where they are missing.
 */
const COMPOSER_CONFIG_READ = new Set(['-l', '--list', '--absolute', '--source']);
const COMPOSER_VALUED = new Set(['-d', '--working-dir', '-f', '--file']);
const COMPOSER_READS = [
  'show',
  'outdated',
  'validate',
  'info',
  'licenses',
  'depends',
  'why',
  'why-not',
  'prohibits',
  'diagnose',
  'check-platform-reqs',
  'fund',
  'audit',
  'list',
  'help',
  'suggests',
];
// Not reads: `search` keeps the list it fetches (~/.cache/composer/repo, seen by the effect
// oracle); `browse` and `home` open a browser (with -s they only print the URL).

/** `composer config --list`, `composer config repositories`, `composer global show`, `composer home -s`. */
function composerReadsWith(verb: string, rest: readonly Arg[]): boolean {
  if (verb === 'browse' || verb === 'home') return rest.some((a) => a.value === '-s' || a.value === '--show');
  if (verb === 'global') {
    // The command after `global` runs in COMPOSER_HOME, the user's own.
    const at = rest.findIndex((a) => a.value === null || !a.value.startsWith('-'));
    const inner = rest[at]?.value;
    // `global config` creates COMPOSER_HOME's composer.json where it is missing.
    if (inner == null || inner === 'config') return false;
    return COMPOSER_READS.includes(inner) || composerReadsWith(inner, rest.slice(at + 1));
  }
  if (verb !== 'config') return false;
  let list = false;
  let keys = 0;
  for (let i = 0; i < rest.length; i++) {
    const v = rest[i]!.value;
    if (v === null) return false;
    if (COMPOSER_VALUED.has(v)) {
      i++;
      continue;
    }
    if (/^--(?:working-dir|file)=/.test(v)) continue;
    if (v.startsWith('-')) {
      if (!COMPOSER_COMMON.has(v) && !COMPOSER_CONFIG_READ.has(v)) return false;
      if (v === '-l' || v === '--list') list = true;
      continue;
    }
    keys++;
  }
  return list ? keys === 0 : keys === 1;
}

/** The folder composer works in: `-d`/`--working-dir`, else the command's own. */
function composerDir(w: ShellWalker, inv: Invocation): string | null {
  const args = inv.args;
  for (let i = 1; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) continue;
    const given = v === '-d' || v === '--working-dir' ? args[i + 1] : v.startsWith('--working-dir=') ? { ...args[i]!, value: v.slice(14) } : undefined;
    if (given) return w.path(inv, given);
  }
  return inv.scope.cwd;
}

/**
 * composer loads the plugins installed in the project (vendor/composer/installed.json, type
 * composer-plugin, allowed by the project's allow-plugins) before any command but --version,
 * `--help` and `list` included: checked against composer 2.5, a plugin's activate() ran for
 * show, config --list, help, list, validate and licenses, and not with --no-plugins. Its reads
 * are reads where --no-plugins is given or no plugin is installed from the working folder up;
 * `global` runs in COMPOSER_HOME, whose plugins are the user's own.
 */
function composerPluginsProven(w: ShellWalker, inv: Invocation, verb: string): boolean {
  if (verb === 'global' || inv.args.some((a) => a.value === '--no-plugins')) return true;
  const dir = composerDir(w, inv);
  return dir !== null && composerProjectPluginFree(w, dir);
}

const composer = installer({
  add: ['require', 'create-project', 'global'],
  change: ['install', 'update', 'upgrade', 'remove', 'dump-autoload', 'dumpautoload', 'reinstall', 'bump', 'config', 'clear-cache', 'self-update', 'init'],
  read: COMPOSER_READS,
  // `browse` and `home` open the package's page in a browser (with -s they print its address).
  readsWith: composerReadsWith,
  readProven: composerPluginsProven,
  valued: ['-d', '--working-dir'],
  // Composer's console accepts any unambiguous command prefix (`composer req`).
  prefixes: true,
});

function simpleInstaller(addVerbs: readonly string[], restoreVerbs: readonly string[], readVerbs: readonly string[], runVerb?: string): Handler {
  return (w, inv) => {
    const args = inv.args;
    const sub = args[1]?.value;
    if (sub === null) return w.unknown(inv, 'dynamic_word');
    if (sub === undefined || sub === '--version' || sub === '-v' || readVerbs.includes(sub)) return w.acc.read();
    if (runVerb && sub === runVerb) return w.run(inv, args.slice(2));
    const names = args.slice(2).filter((a) => a.value === null || !a.value.startsWith('-'));
    if (addVerbs.includes(sub)) {
      addDependencies(w, names, (s) => s.split(/[@:]/)[0]!);
      return w.unprovenWrite(inv, 'write_path_missing');
    }
    if (restoreVerbs.includes(sub)) return w.unprovenWrite(inv, 'write_path_missing');
    w.unknown(inv, 'shell_command_unproven');
  };
}

const bundler = simpleInstaller(['add'], ['install', 'update', 'remove', 'lock', 'clean'], ['list', 'show', 'check', 'outdated', 'info', 'platform'], 'exec');

/**
 * `bundle config` lists the settings, `bundle config get k` and the older `bundle config k`
 * print one; `set`, `unset` and `bundle config k v` change them (`mirror.https://rubygems.org`
 * swaps where gems come from).
 */
const bundleConfig: Handler = (w, inv) => {
  const rest = inv.args.slice(2);
  if (rest.some((a) => a.value === null)) return w.unknown(inv, 'dynamic_word');
  const words = rest.map((a) => a.value!).filter((v) => !v.startsWith('-'));
  if (words.length === 0 || words[0] === 'list' || words[0] === 'get' || (words.length === 1 && words[0] !== 'set' && words[0] !== 'unset'))
    return w.acc.read();
  if (words.some((v) => /^mirror\./i.test(v))) w.acc.addDependency('command', 'package source mirror');
  w.unprovenWrite(inv, 'write_path_missing');
};

const dotnet: Handler = (w, inv) => {
  const args = inv.args;
  const sub = args[1]?.value;
  if (sub === null) return w.unknown(inv, 'dynamic_word');
  if (sub === undefined || sub === '--version' || sub === '--info' || sub === '--list-sdks' || sub === '--list-runtimes' || sub === 'list' || sub === 'help')
    return w.acc.read();
  if (sub === 'test') return dotnetTest(w, inv, 2);
  if (sub === 'format') {
    const from = ['whitespace', 'style', 'analyzers'].includes(args[2]?.value ?? '') ? 3 : 2;
    return runCheck(w, inv, from, DOTNET_FORMAT);
  }
  if (sub === 'add') {
    const pkgIdx = args.findIndex((a) => a.value === 'package');
    if (pkgIdx > 0) {
      const name = args[pkgIdx + 1];
      if (name) addDependencies(w, [name], (s) => s);
    }
    return w.unprovenWrite(inv, 'write_path_missing');
  }
  if (sub === 'run') return w.unknown(inv, 'shell_command_unproven');
  // `dotnet tool install|update x` installs a named tool (`restore` installs the manifest's).
  if (sub === 'tool' && (args[2]?.value === 'install' || args[2]?.value === 'update' || args[2]?.value === 'run' || args[2]?.value === 'exec')) {
    const names = args.slice(3).filter((a) => a.value === null || !a.value.startsWith('-'));
    addDependencies(w, names.slice(0, 1), (s) => s.split('@')[0]!);
  }
  w.unprovenWrite(inv, 'write_path_missing');
};

/** `deno doc` prints, but `--html` writes a site into `--output` (`./docs/` unless named). */
function denoDoc(w: ShellWalker, inv: Invocation): void {
  let html = false;
  let out: Arg | undefined;
  const args = inv.args;
  for (let i = 2; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) return w.unknown(inv, 'dynamic_word');
    if (v === '--html') html = true;
    else if (v === '--output') out = args[++i] ?? { value: '', glob: false, tilde: false, text: '' };
    else if (v.startsWith('--output=')) out = { ...args[i]!, value: v.slice('--output='.length) };
  }
  if (out !== undefined) return out.value === '' ? w.unprovenWrite(inv, 'write_path_missing') : w.effect(inv, 'write', out);
  if (html) return w.effect(inv, 'write', { value: 'docs', glob: false, tilde: false, text: 'docs' });
  w.acc.read();
}

/** deno eval's options that take their value as the next word. */
const DENO_EVAL_VALUED = new Set(['--ext', '--import-map', '-c', '--config', '--location', '--seed', '--cert', '-L', '--log-level']);

/** `deno eval [options] <code> [args]`: the code is scanned as node's is; it stays unproven. */
function denoEval(w: ShellWalker, inv: Invocation): void {
  const args = inv.args;
  for (let i = 2; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) return w.unknownCode(inv);
    if (v === '--') return inlineCode(w, inv, args[i + 1]?.value ?? null);
    if (DENO_EVAL_VALUED.has(v)) i++;
    else if (!v.startsWith('-')) return inlineCode(w, inv, v);
  }
  w.unknown(inv, 'interpreter_inline_code');
}

const deno: Handler = (w, inv) => {
  const args = inv.args;
  const sub = args[1]?.value;
  if (sub === null) return w.unknown(inv, 'dynamic_word');
  if (sub === undefined || sub === '--version' || sub === '-v' || sub === 'info' || sub === 'help') return w.acc.read();
  if (sub === 'doc') return denoDoc(w, inv);
  if (sub === 'test' || sub === 'bench') return runCheck(w, inv, 2, DENO_TEST);
  if (sub === 'lint') return runCheck(w, inv, 2, DENO_LINT);
  if (sub === 'check') return runCheck(w, inv, 2, DENO_CHECK);
  if (sub === 'fmt') return runCheck(w, inv, 2, DENO_FMT);
  if (sub === 'eval') return denoEval(w, inv);
  if (sub === 'run' || sub === 'x' || sub === 'serve' || sub === 'task' || (sub !== undefined && !sub.startsWith('-') && /^(?:npm|jsr|https?):/.test(sub))) {
    // `deno run npm:cowsay`, `deno x jsr:@std/x`: a package fetched by name and run.
    for (const a of args.slice(sub === 'run' || sub === 'x' || sub === 'serve' || sub === 'task' ? 2 : 1)) {
      if (a.value === null) {
        w.acc.addDependency('command', dynamicName());
        break;
      }
      if (/^(?:npm|jsr|https?):/.test(a.value)) {
        w.acc.addDependency('command', a.value.startsWith('http') ? a.value : npmPackageName(a.value.replace(/^(?:npm:|jsr:)/, '')));
        break;
      }
      // `deno x cowsay`: a bare name is a package deno fetches, as npx does.
      if (sub === 'x' && !a.value.startsWith('-') && !/^\.{0,2}\//.test(a.value) && !/\.[cm]?[jt]sx?$/.test(a.value)) {
        w.acc.addDependency('command', npmPackageName(a.value));
        break;
      }
      if (!a.value.startsWith('-')) break;
    }
    return w.unknown(inv, 'shell_command_unproven');
  }
  const names = args.slice(2).filter((a) => a.value === null || !a.value.startsWith('-'));
  // `deno cache npm:x` fetches a package by its specifier, as `deno run npm:x` does.
  if (
    sub === 'add' ||
    (sub === 'install' && names.length > 0) ||
    (sub === 'cache' && names.some((a) => a.value === null || /^(?:npm|jsr|https?):/.test(a.value)))
  ) {
    addDependencies(w, sub === 'cache' ? names.filter((a) => a.value === null || /^(?:npm|jsr|https?):/.test(a.value)) : names, (s) =>
      s.startsWith('http') ? s : npmPackageName(s.replace(/^(?:npm:|jsr:)/, '')),
    );
    return w.unprovenWrite(inv, 'write_path_missing');
  }
  if (sub === 'install' || sub === 'remove' || sub === 'cache' || sub === 'compile' || sub === 'bundle' || sub === 'vendor')
    return w.unprovenWrite(inv, 'write_path_missing');
  w.unknown(inv, 'shell_command_unproven');
};

/** `python -m pip`, `python -m pytest`: modules that are tools we already know. */
export function pythonModule(w: ShellWalker, inv: Invocation, module: string, from: number): boolean {
  const args = inv.args;
  if (module === 'pip' || module === 'pip3') {
    pipLike(w, inv, from);
    return true;
  }
  if (module === 'venv' || module === 'virtualenv') {
    // `python3 -m venv --help`: argparse prints the usage and exits before anything is made (virtualenv's
    // parser first looks for interpreters and its app data).
    if (module === 'venv' && args.length === from + 1 && (args[from]!.value === '-h' || args[from]!.value === '--help')) {
      w.acc.read();
      return true;
    }
    const target = args.slice(from).find((a) => a.value === null || !a.value.startsWith('-'));
    if (target) w.effect(inv, 'create', target);
    else w.unprovenWrite(inv, 'write_path_missing');
    return true;
  }
  if (module === 'json.tool') {
    // `python -m json.tool [options] [infile [outfile]]`: the second operand is written.
    const ops: Arg[] = [];
    for (let i = from; i < args.length; i++) {
      const v = args[i]!.value;
      if (v === null) {
        w.unknown(inv, 'dynamic_word');
        return true;
      }
      if (v === '--indent') i++;
      else if (/^--(?:sort-keys|tab|no-indent|compact|json-lines|no-ensure-ascii|indent=\d+)$/.test(v)) continue;
      else if (v.startsWith('-') && v !== '-') {
        w.unknown(inv, 'shell_command_unproven');
        return true;
      } else ops.push(args[i]!);
    }
    if (ops[0] && ops[0].value !== '-') w.effect(inv, 'read', ops[0]);
    if (ops[1] && ops[1].value !== '-') w.effect(inv, 'write', ops[1]);
    else w.acc.read();
    return true;
  }
  if (module === 'pydoc') {
    const flag = args[from]?.value;
    // pydoc imports every NAME it documents, so the module's own code runs: only a standard
    // module (python-path.ts keeps one beside the command from standing in) is a read. A path
    // (`./tool.py`) runs that file; `-k` imports every package on the path, the project's too.
    const imports = (names: readonly Arg[]): void => {
      for (const n of names)
        if (n.value === null || !isStdlibModule(n.value.split('.')[0]!) || !/^[\w.]+$/.test(n.value)) w.unknown(inv, 'shell_command_unproven');
    };
    // `-w` writes NAME.html here; `-p`/`-b` serve and open a browser.
    if (flag === '-w') {
      const names = args.slice(from + 1);
      if (names.length === 0 || inv.scope.cwd === null) w.unprovenWrite(inv, 'write_path_missing');
      imports(names);
      for (const n of names) {
        if (n.value === null || n.value.includes('/')) w.unprovenWrite(inv, 'dynamic_word');
        else w.effectPath(inv, 'write', `${inv.scope.cwd}/${n.value}.html`);
      }
      return true;
    }
    if (flag === null || flag === '-p' || flag === '-b' || flag === '-n' || flag === '-k') w.unknown(inv, 'shell_command_unproven');
    else {
      imports(args.slice(from));
      w.acc.read();
    }
    return true;
  }
  // `tokenize`, `dis` and `ast` read the file named (compiling it, never running it).
  if (['site', 'sysconfig', 'platform', 'tabnanny', 'tokenize', 'dis', 'ast'].includes(module) && args.slice(from).every((a) => a.value !== null)) {
    w.acc.read();
    return true;
  }
  if (module === 'py_compile' || module === 'compileall') {
    w.unprovenWrite(inv, 'write_path_missing');
    return true;
  }
  if (module === 'hashlib') {
    w.acc.addHash('command', inv.text);
    w.unknown(inv, 'interpreter_inline_code');
    return true;
  }
  if (
    module === 'unittest' ||
    module === 'pytest' ||
    module === 'mypy' ||
    module === 'ruff' ||
    module === 'black' ||
    module === 'flake8' ||
    module === 'pylint' ||
    module === 'isort' ||
    module === 'pyright'
  ) {
    w.run(inv, [{ value: module, glob: false, tilde: false, text: module }, ...args.slice(from)]);
    return true;
  }
  return false;
}

export const packageHandlers: HandlerTable = handlerTable(
  {
    __proto__: null,
    npm,
    npx,
    pnpm: nodeManager('pnpm'),
    pnpx: npx,
    yarn: nodeManager('yarn'),
    bun: nodeManager('bun'),
    bunx: (w, inv) => runPackage(w, inv, 1, false),
    pip,
    pip3: pip,
    uv,
    uvx,
    pipx,
    poetry: pythonProject(['add'], 'pyproject.toml', 'poetry.lock'),
    pipenv: pythonProject(['install'], 'Pipfile', 'Pipfile.lock'),
    cargo,
    go: goTool,
    gem: simpleInstaller(['install'], ['update', 'uninstall', 'cleanup'], ['list', 'search', 'info', 'env', 'query', 'which', 'contents', 'specification']),
    bundle: (w, inv) => (inv.args[1]?.value === 'config' ? bundleConfig(w, inv) : bundler(w, inv)),
    composer,
    corepack,
  },
  installerHandlers,
  {
    dotnet,
    deno,
    vitest,
  },
);
