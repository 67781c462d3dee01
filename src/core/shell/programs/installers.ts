// Installers remit does not model in detail (system and less common language package
// managers). What they change is never proven (`unknown` or a write with no path), but an
// install verb always carries dependency intent, so `deps=deny` holds in `change` mode
// even though the command itself is unknown. Commands are resolved the way each tool
// resolves them, prefixes included where the tool accepts them (composer's console).
import type { Handler, Invocation, ShellWalker } from '../walker.js';
import type { Arg } from '../words.js';
import { handlerTable, handlersOf, type HandlerTable } from '../handler-table.js';
import { lookupTable } from '../../lookup-table.js';

interface InstallerSpec {
  /** Verbs that add packages named by the operands after them. */
  readonly add: readonly string[];
  /** Verbs that change installed state without naming new packages (restore, remove, update). */
  readonly change?: readonly string[];
  /** Verbs that only read. */
  readonly read?: readonly string[];
  /** Verbs that are neither, known only so that their `--help` is a read (`brew home` opens a browser). */
  readonly other?: readonly string[];
  /** Words before the verb that are themselves a group (`conda env create`, `flutter pub add`). */
  readonly groups?: readonly string[];
  /** Options that take a value (skipped with it when looking for the verb). */
  readonly valued?: readonly string[];
  /** The tool accepts any unambiguous prefix of a verb (Symfony console: `composer req`). */
  readonly prefixes?: boolean;
  /** The package list is given by an option, not operands (`nix-env -i`, `pacman -S`). */
  readonly addFlags?: readonly string[];
  /** Add verbs that, given no names, install what the project's own file pins (`nvm install` reads .nvmrc). */
  readonly bareRestores?: readonly string[];
  /** For a verb outside `read`: whether the words after it only read (`composer config --list`). */
  readonly readsWith?: (verb: string, rest: readonly Arg[]) => boolean;
  /** Whether what the tool loads for a read (or its `--help`) is proven (composer's project plugins); false leaves the read unknown. */
  readonly readProven?: (w: ShellWalker, inv: Invocation, verb: string) => boolean;
}

function read(w: ShellWalker, inv: Invocation, spec: InstallerSpec, verb: string): void {
  if (spec.readProven && !spec.readProven(w, inv, verb)) return w.unknown(inv, 'shell_command_unproven');
  w.acc.read();
}

function specName(v: string): string {
  // `numpy=1.2`, `left-pad@1`, `pkg==2`, `conda-forge::x`, `vendor/pkg:^2`.
  const s = v.replace(/^[\w.-]+::/, '');
  const m = /^(@?[A-Za-z0-9][\w./+-]*?)(?:[@=<>~!:^].*)?$/.exec(s);
  return m ? m[1]! : s;
}

function resolveVerb(spec: InstallerSpec, word: string): string {
  if (!spec.prefixes) return word;
  const all = [...spec.add, ...(spec.change ?? []), ...(spec.read ?? [])];
  if (all.includes(word)) return word;
  const hits = all.filter((v) => v.startsWith(word));
  return hits.length === 1 ? hits[0]! : word;
}

/** Names given to an install verb; a dynamic word is a dependency we cannot name. */
function addNames(w: ShellWalker, names: readonly Arg[]): void {
  let any = false;
  for (const a of names) {
    if (a.value !== null && (a.value.startsWith('-') || a.value.startsWith('.') || a.value.startsWith('/'))) continue;
    any = true;
    w.acc.addDependency('command', a.value === null ? '(dynamic)' : specName(a.value));
  }
  // `pdm add` with only options still installs what the options name (`-e`, `--group`);
  // xargs appends names we cannot see.
  if (!any || w.current?.extraArgs) w.acc.addDependency('command', '(unnamed)');
}

export function installer(spec: InstallerSpec): Handler {
  return (w, inv) => {
    const args = inv.args;
    let i = 1;
    for (; i < args.length; i++) {
      const v = args[i]!.value;
      if (v === null) break;
      if (spec.addFlags?.some((f) => v === f || (f.length === 2 && /^-[A-Za-z]+$/.test(v) && v.includes(f[1]!) && v.length <= 4))) {
        addNames(w, args.slice(i + 1));
        return w.unprovenWrite(inv, 'write_path_missing');
      }
      if (!v.startsWith('-')) {
        if (spec.groups?.includes(v)) continue;
        break;
      }
      if (v === '--version' || v === '-V') return w.acc.read();
      if (v === '--help' || v === '-h') return read(w, inv, spec, 'help');
      if (spec.valued?.includes(v)) i++;
    }
    const verbArg = args[i];
    if (!verbArg) return w.unknown(inv, 'shell_command_unproven');
    if (verbArg.value === null) {
      // A verb we cannot see may be an install.
      w.acc.addDependency('command', '(dynamic)');
      return w.unknown(inv, 'dynamic_word');
    }
    const verb = resolveVerb(spec, verbArg.value);
    const rest = args.slice(i + 1);
    if (spec.read?.includes(verb) || spec.readsWith?.(verb, rest)) return read(w, inv, spec, verb);
    // `brew home --help`, `apt-get install --help`: a known verb's usage, printed before it acts.
    if (rest.length === 1 && rest[0]!.value === '--help' && [spec.add, spec.change ?? [], spec.other ?? []].some((l) => l.includes(verb)))
      return read(w, inv, spec, 'help');
    if (spec.add.includes(verb)) {
      if (!(spec.bareRestores?.includes(verb) && !w.current?.extraArgs && rest.every((a) => a.value !== null && a.value.startsWith('-')))) addNames(w, rest);
      return w.unprovenWrite(inv, 'write_path_missing');
    }
    if (spec.change?.includes(verb)) return w.unprovenWrite(inv, 'write_path_missing');
    w.unknown(inv, 'shell_command_unproven');
  };
}

const conda = installer({
  add: ['install', 'create'],
  change: ['update', 'upgrade', 'remove', 'uninstall', 'clean', 'init', 'config', 'activate', 'deactivate'],
  read: ['list', 'info', 'search', 'doctor', 'compare'],
  groups: ['env'],
  valued: ['-n', '--name', '-p', '--prefix', '-c', '--channel', '-f', '--file'],
});

const INSTALLERS = lookupTable<InstallerSpec>({
  __proto__: null,
  pdm: {
    add: ['add'],
    change: ['install', 'sync', 'lock', 'update', 'remove', 'init', 'venv', 'build', 'publish', 'cache', 'self', 'use', 'import', 'fix'],
    read: ['list', 'show', 'info', 'search', 'config'],
    valued: ['-p', '--project', '-G', '--group'],
  },
  rye: {
    add: ['add', 'install'],
    change: ['sync', 'lock', 'remove', 'rm', 'uninstall', 'init', 'pin', 'build', 'publish', 'toolchain', 'self', 'tools'],
    read: ['list', 'show', 'version'],
  },
  hatch: { add: [], change: ['env', 'build', 'publish', 'clean', 'new', 'version', 'python', 'fmt'], read: ['status', 'project', 'dep'] },
  pixi: {
    add: ['add', 'global'],
    change: ['install', 'update', 'upgrade', 'remove', 'rm', 'init', 'clean', 'lock'],
    read: ['list', 'info', 'search', 'tree'],
    valued: ['--manifest-path'],
  },
  brew: {
    add: ['install', 'reinstall', 'tap', 'bundle'],
    change: ['upgrade', 'update', 'uninstall', 'remove', 'rm', 'cleanup', 'link', 'unlink', 'pin', 'unpin', 'services'],
    read: ['list', 'ls', 'info', 'search', 'outdated', 'deps', 'uses', 'doctor', 'config', 'leaves', '--prefix', 'desc'],
    // `home` opens a browser, `edit` an editor.
    other: ['home', 'edit'],
  },
  'apt-get': {
    add: ['install', 'build-dep', 'source'],
    change: ['update', 'upgrade', 'dist-upgrade', 'full-upgrade', 'remove', 'purge', 'autoremove', 'clean', 'autoclean'],
    read: ['check', 'changelog', 'download'],
  },
  apt: {
    add: ['install', 'reinstall'],
    change: ['update', 'upgrade', 'full-upgrade', 'remove', 'purge', 'autoremove', 'edit-sources'],
    read: ['list', 'search', 'show', 'policy', 'depends', 'rdepends'],
  },
  aptitude: { add: ['install'], change: ['update', 'upgrade', 'safe-upgrade', 'full-upgrade', 'remove', 'purge'], read: ['search', 'show'] },
  dnf: {
    add: ['install', 'in', 'reinstall', 'groupinstall'],
    change: ['update', 'upgrade', 'remove', 'erase', 'autoremove', 'clean', 'makecache', 'downgrade'],
    read: ['list', 'info', 'search', 'provides', 'repolist', 'repoquery', 'check-update'],
  },
  yum: {
    add: ['install', 'reinstall', 'groupinstall', 'localinstall'],
    change: ['update', 'upgrade', 'remove', 'erase', 'clean', 'makecache', 'downgrade'],
    read: ['list', 'info', 'search', 'provides', 'repolist', 'check-update'],
  },
  zypper: {
    add: ['install', 'in'],
    change: ['update', 'up', 'remove', 'rm', 'refresh', 'ref', 'dist-upgrade', 'dup'],
    read: ['search', 'se', 'info', 'if', 'list-updates', 'lu'],
  },
  apk: { add: ['add'], change: ['del', 'update', 'upgrade', 'fix', 'cache'], read: ['info', 'search', 'list', 'policy', 'version'] },
  pacman: { add: [], change: [], read: [], addFlags: ['-S', '-U', '--sync', '--upgrade'] },
  port: {
    add: ['install'],
    change: ['uninstall', 'upgrade', 'selfupdate', 'clean', 'activate', 'deactivate'],
    read: ['list', 'search', 'info', 'installed', 'outdated', 'deps'],
  },
  choco: {
    add: ['install', 'upgrade'],
    change: ['uninstall', 'update', 'pin', 'source', 'feature', 'config'],
    read: ['list', 'search', 'find', 'info', 'outdated'],
  },
  winget: {
    add: ['install', 'add', 'upgrade', 'update', 'import'],
    change: ['uninstall', 'remove', 'rm', 'source', 'settings', 'pin'],
    read: ['list', 'ls', 'search', 'find', 'show', 'view', 'export', 'hash'],
  },
  scoop: {
    add: ['install', 'bucket'],
    change: ['uninstall', 'update', 'cleanup', 'reset', 'hold', 'unhold', 'config'],
    read: ['list', 'search', 'info', 'status', 'which', 'home', 'cat', 'depends'],
  },
  'nix-env': { add: [], change: ['--uninstall', '-e', '--upgrade', '-u', '--rollback'], read: ['--query', '-q'], addFlags: ['-i', '--install', '-iA'] },
  // Toolchain and application installers: a named runtime or program is installed software.
  nuget: {
    add: ['install'],
    change: ['update', 'delete', 'push', 'restore', 'add', 'init', 'sources', 'config', 'setapikey', 'spec', 'pack'],
    read: ['list', 'search', 'locals', 'help', 'verify'],
  },
  snap: {
    add: ['install', 'download'],
    change: [
      'remove',
      'refresh',
      'revert',
      'enable',
      'disable',
      'connect',
      'disconnect',
      'set',
      'unset',
      'start',
      'stop',
      'restart',
      'alias',
      'unalias',
      'switch',
    ],
    read: ['list', 'info', 'find', 'search', 'version', 'services', 'connections', 'changes', 'interfaces', 'get', 'warnings', 'logs', 'known'],
  },
  flatpak: {
    add: ['install'],
    change: ['uninstall', 'update', 'remote-add', 'remote-delete', 'remote-modify', 'override', 'repair', 'mask', 'pin'],
    read: ['list', 'info', 'search', 'remotes', 'remote-ls', 'remote-info', 'history', 'ps'],
  },
  dart: {
    add: ['add', 'activate'],
    change: ['get', 'upgrade', 'downgrade', 'remove', 'deactivate', 'cache'],
    read: ['deps', 'outdated', 'list'],
    groups: ['pub', 'global'],
  },
  flutter: { add: ['add'], change: ['get', 'upgrade', 'downgrade', 'remove'], read: ['deps', 'outdated'], groups: ['pub'] },
  sdk: {
    add: ['install', 'i'],
    change: ['uninstall', 'rm', 'use', 'u', 'default', 'd', 'upgrade', 'ug', 'selfupdate', 'flush', 'env', 'config'],
    read: ['list', 'ls', 'current', 'c', 'version', 'v', 'home', 'h', 'help'],
    bareRestores: ['install', 'i'],
  },
  volta: { add: ['install', 'fetch', 'pin'], change: ['uninstall', 'setup'], read: ['list', 'ls', 'which', 'help'] },
  nvm: {
    add: ['install'],
    change: ['uninstall', 'use', 'alias', 'unalias', 'reinstall-packages', 'deactivate', 'cache'],
    read: ['ls', 'list', 'ls-remote', 'list-remote', 'current', 'which', 'version', 'version-remote', 'help'],
    bareRestores: ['install'],
  },
  fnm: {
    add: ['install', 'i'],
    change: ['uninstall', 'use', 'default', 'alias', 'unalias'],
    read: ['list', 'ls', 'list-remote', 'ls-remote', 'current'],
    bareRestores: ['install', 'i'],
  },
  pyenv: {
    add: ['install'],
    change: ['uninstall', 'global', 'local', 'shell', 'rehash'],
    read: ['versions', 'version', 'which', 'whence', 'root', 'prefix', 'commands', 'help', 'version-name', 'version-file'],
    bareRestores: ['install'],
  },
  rbenv: {
    add: ['install'],
    change: ['uninstall', 'global', 'local', 'shell', 'rehash'],
    read: ['versions', 'version', 'which', 'whence', 'root', 'prefix', 'commands', 'help', 'version-name', 'version-file'],
    bareRestores: ['install'],
  },
  asdf: {
    add: ['install', 'add'],
    change: ['uninstall', 'remove', 'update', 'global', 'local', 'set', 'shell', 'reshim'],
    read: ['list', 'current', 'where', 'which', 'help', 'info', 'version', 'latest'],
    groups: ['plugin'],
    bareRestores: ['install'],
  },
  mise: {
    add: ['install', 'i', 'use', 'u'],
    change: ['uninstall', 'rm', 'upgrade', 'up', 'prune', 'trust', 'unuse', 'cache', 'settings', 'sync'],
    read: ['ls', 'list', 'ls-remote', 'current', 'which', 'where', 'doctor', 'version', 'latest', 'outdated', 'registry', 'help', 'bin-paths'],
    bareRestores: ['install', 'i'],
  },
  luarocks: {
    add: ['install', 'make', 'build'],
    change: ['remove', 'purge', 'config', 'upload', 'init'],
    read: ['list', 'search', 'show', 'doc', 'path', 'which', 'lint'],
  },
  opam: {
    add: ['install', 'pin', 'repository', 'repo', 'switch'],
    change: ['remove', 'uninstall', 'upgrade', 'update', 'reinstall', 'init', 'clean'],
    read: ['list', 'show', 'info', 'search', 'config', 'env', 'var', 'lint'],
  },
  cabal: { add: ['install'], change: ['update', 'build', 'v2-build', 'new-build', 'clean', 'init'], read: ['list', 'info', 'check', '--numeric-version'] },
  stack: { add: ['install'], change: ['build', 'setup', 'update', 'upgrade', 'clean', 'new', 'init'], read: ['ls', 'list', 'path', 'query', 'ide'] },
  nimble: {
    add: ['install', 'develop'],
    change: ['uninstall', 'remove', 'refresh', 'build', 'init', 'publish'],
    read: ['list', 'search', 'path', 'dump', 'check'],
  },
  vcpkg: {
    add: ['install', 'add'],
    change: ['remove', 'update', 'upgrade', 'integrate', 'export', 'new'],
    read: ['list', 'search', 'depend-info', 'owns', 'version'],
  },
  conan: {
    add: ['install', 'create', 'download'],
    change: ['remove', 'upload', 'export', 'config', 'profile', 'build', 'new'],
    read: ['list', 'search', 'inspect', 'graph', 'version'],
  },
  bower: { add: ['install', 'i', 'link'], change: ['uninstall', 'update', 'prune', 'init', 'cache'], read: ['list', 'ls', 'info', 'search', 'lookup', 'home'] },
  jspm: { add: ['install', 'i', 'link'], change: ['uninstall', 'update', 'clean', 'build'], read: ['ls', 'trace'] },
  spack: {
    add: ['install', 'add', 'external'],
    change: ['uninstall', 'remove', 'rm', 'gc', 'clean', 'compiler', 'env', 'concretize'],
    read: ['list', 'find', 'info', 'spec', 'versions', 'providers', 'dependencies'],
  },
  pecl: { add: ['install'], change: ['uninstall', 'upgrade', 'channel-update'], read: ['list', 'info', 'search', 'list-all'] },
  pear: { add: ['install'], change: ['uninstall', 'upgrade', 'channel-update', 'channel-discover'], read: ['list', 'info', 'search', 'list-all'] },
  mamba: {
    add: ['install', 'create'],
    change: ['update', 'upgrade', 'remove', 'uninstall', 'clean', 'init'],
    read: ['list', 'info', 'search', 'repoquery'],
    groups: ['env'],
    valued: ['-n', '--name', '-p', '--prefix', '-c', '--channel', '-f', '--file'],
  },
});

/** `cpan Module::Name` installs the module; its read flags list or describe. */
const cpan: Handler = (w, inv) => {
  const args = inv.args.slice(1);
  if (args.some((a) => a.value !== null && /^-[A-Za-z]*[lLDOaVvhJ]/.test(a.value))) return w.unknown(inv, 'shell_command_unproven');
  const names = args.filter((a) => a.value === null || !a.value.startsWith('-'));
  if (names.length === 0) return w.unknown(inv, 'shell_command_unproven');
  addNames(w, names[0]?.value === 'install' ? names.slice(1) : names);
  w.unprovenWrite(inv, 'write_path_missing');
};

/**
 * nix: `profile install|add` installs what it names; `shell`, `run` and `develop` with a
 * flake reference (`nixpkgs#cowsay`) fetch and run a package the project does not pin;
 * `hash` prints a hash. Everything stays unproven.
 */
const nix: Handler = (w, inv) => {
  const words = inv.args.slice(1);
  const ops = words.filter((a) => a.value === null || !a.value.startsWith('-'));
  const sub = ops[0]?.value;
  if (sub === null || ops.some((a) => a.value === 'hash')) w.acc.addHash('command', inv.text);
  if (sub === null) w.acc.addDependency('command', '(dynamic)');
  else if (sub === 'profile' && (ops[1]?.value === 'install' || ops[1]?.value === 'add')) addNames(w, ops.slice(2));
  else if (sub === 'shell' || sub === 'run' || sub === 'develop' || sub === 'build') {
    const refs = ops.slice(1).filter((a) => a.value === null || a.value.includes('#') || /^(?:nixpkgs|github|gitlab|git\+|https?):/.test(a.value));
    for (const r of refs) w.acc.addDependency('command', r.value ?? '(dynamic)');
  }
  w.unknown(inv, 'shell_command_unproven');
};

/** cpanm takes module names as operands, with no verb. */
const cpanm: Handler = (w, inv) => {
  const names = inv.args.slice(1).filter((a) => a.value === null || !a.value.startsWith('-'));
  if (names.length === 0) return w.unknown(inv, 'shell_command_unproven');
  addNames(w, names);
  w.unprovenWrite(inv, 'write_path_missing');
};

export const installerHandlers: HandlerTable = handlerTable(handlersOf(INSTALLERS, installer), {
  __proto__: null,
  conda,
  micromamba: installer(INSTALLERS.mamba!),
  cpan,
  cpanm,
  nix,
});

/** Runs a handler in isolation and keeps only the intents it found (for a program we cannot trust by name). */
export function intentsOf(w: ShellWalker, inv: Invocation, handler: Handler): void {
  const sub = w.isolate(() => handler(w, inv)).finish();
  if (sub.intents.dependency) {
    const names = sub.facts.dependency ? sub.facts.dependency.split(', ') : ['(script)'];
    for (const n of names) w.acc.addDependency(sub.intents.dependencyEvidence ?? 'command', n);
  }
  if (sub.intents.hash) w.acc.addHash(sub.intents.hashEvidence ?? 'command', sub.facts.hash ?? inv.text);
}
