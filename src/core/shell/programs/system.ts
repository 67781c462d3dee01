// System inspection tools with closed tables: iproute2 `ip` (objects shown, never changed),
// journalctl (reading the journal, not vacuuming or rotating it), systemctl (status and
// listings, not starting or enabling), and compilers and runtimes asked only for their
// version. Anything outside the tables is unproven.
import { defineOptions, scanOptions, unprovenOptions } from '../option-table.js';
import type { Handler } from '../walker.js';
import { handlerTable, type HandlerTable } from '../handler-table.js';
import { lookupTable } from '../../lookup-table.js';

// ---- ip ----

/** `ip` objects by every prefix iproute2 accepts for them (it matches the first object a prefix names). */
const IP_OBJECTS = [
  'address',
  'addrlabel',
  'link',
  'route',
  'rule',
  'neighbor',
  'neighbour',
  'ntable',
  'tunnel',
  'tuntap',
  'maddress',
  'mroute',
  'mrule',
  'monitor',
  'netns',
  'netconf',
  'nexthop',
  'stats',
  'token',
  'vrf',
  'xfrm',
  'l2tp',
  'fou',
  'macsec',
  'mptcp',
  'ioam',
  'sr',
  'tcp_metrics',
];
const IP_SHORT = lookupTable<string>({
  __proto__: null,
  a: 'address',
  addr: 'address',
  l: 'link',
  r: 'route',
  ro: 'route',
  n: 'neighbor',
  neigh: 'neighbor',
  ru: 'rule',
  m: 'maddress',
  maddr: 'maddress',
  nh: 'nexthop',
  tcpm: 'tcp_metrics',
});
/** Commands that only print (an object with no command shows it). */
const IP_READS = new Set(['show', 'list', 'lst', 'sh', 'ls', 'l', 'get', 'help', 'identify', 'pids']);

/** iproute2 reads one-dash options by prefix (`-stat`); `-batch` runs commands from a file, `-force` keeps going. */
const IP_OPTIONS = defineOptions({
  read:
    '--human --iec --statistics --details --resolve --oneline --json --pretty --brief --color[=] --timestamp --tshort --4 --6 --0 ' +
    '--M --B --all --Version --family= --netns= --Numeric --loops=',
  unsafe: '--batch= --force',
  posix: true,
  singleDash: true,
});

const ip: Handler = (w, inv) => {
  // iproute2 spells long options with one dash; `-batch` reads commands from a file.
  const s = scanOptions(inv.args, 1, IP_OPTIONS);
  if (unprovenOptions(w, inv, s)) return;
  const [objWord, cmdWord] = s.operands;
  if (objWord === undefined) return w.acc.read();
  const typed = objWord.value;
  if (typed === null || (cmdWord !== undefined && cmdWord.value === null)) return w.unknown(inv, 'dynamic_word');
  const object = IP_SHORT[typed] ?? IP_OBJECTS.find((o) => o.startsWith(typed));
  if (!object) return w.unknown(inv, 'shell_command_unproven');
  if (object === 'monitor') return w.acc.read();
  if (object === 'netns' && cmdWord?.value === 'exec') return w.unknown(inv, 'shell_command_unproven');
  const cmd = cmdWord?.value ?? undefined;
  if (cmd === undefined || IP_READS.has(cmd) || (object === 'netns' && cmd === 'list-id')) return w.acc.read();
  // add, del, change, replace, set, flush, save, restore …: system state changes.
  w.acc.write(inv.text);
};

// ---- journalctl ----

export const JOURNALCTL = defineOptions({
  read:
    '-h --help --version --no-pager -a --all -f --follow -e --pager-end -n:: --lines[=] -r --reverse -o: --output= --output-fields= -x --catalog -q --quiet ' +
    '-m --merge -b:: --boot[=] --list-boots -k --dmesg -t: --identifier= -T: --exclude-identifier= -u: --unit= --user-unit= --user --system -p: --priority= ' +
    '--facility= -g: --grep= --case-sensitive[=] -c: --cursor= --after-cursor= --show-cursor -S: --since= -U: --until= -F: --field= -N --fields ' +
    '--header --disk-usage --list-catalog --dump-catalog --verify --no-hostname --no-full --full -l --utc -D: --directory= --file= -M: --machine= ' +
    '--root= --image= --namespace= --invocation= -I --list-invocations --truncate-newline --no-tail --synchronize-on-exit[=]',
  write: '--cursor-file=',
  unsafe:
    '--vacuum-size= --vacuum-time= --vacuum-files= --rotate --flush --sync --relinquish-var --smart-relinquish-var --setup-keys --update-catalog --interval= --force',
  abbrev: false,
});

const journalctl: Handler = (w, inv) => {
  const s = scanOptions(inv.args, 1, JOURNALCTL);
  if (unprovenOptions(w, inv, s)) return;
  for (const o of s.options) if (o.kind === 'write' && o.value) return w.effect(inv, 'write', o.value);
  w.acc.read();
};

// ---- systemctl ----

const SYSTEMCTL_READS = new Set([
  'status',
  'show',
  'cat',
  'list-units',
  'list-unit-files',
  'list-timers',
  'list-sockets',
  'list-dependencies',
  'list-jobs',
  'list-machines',
  'list-paths',
  'list-automounts',
  'is-active',
  'is-enabled',
  'is-failed',
  'is-system-running',
  'get-default',
  'show-environment',
  'help',
  // The unit the calling process belongs to (or a PID's).
  'whoami',
]);
export const SYSTEMCTL = defineOptions({
  read:
    '-h --help --version --no-pager -l --full -a --all -t: --type= --state= --user --system --global -q --quiet -n: --lines= -o: --output= --plain ' +
    '--no-legend -p: --property= -P: --value -r --recursive -H: --host= -M: --machine= --reverse --after --before --with-dependencies --failed ' +
    '--show-types --firmware-setup --timestamp= --legend= --signal= --kill-whom= --job-mode= --show-transaction --check-inhibitors= --no-ask-password',
  abbrev: false,
});

const systemctl: Handler = (w, inv) => {
  const s = scanOptions(inv.args, 1, SYSTEMCTL);
  if (unprovenOptions(w, inv, s)) return;
  if (s.maybeOptions.length > 0) return w.unknown(inv, 'dynamic_word');
  const verb = s.operands[0];
  if (verb === undefined) return w.acc.read();
  if (verb.value === null) return w.unknown(inv, 'dynamic_word');
  if (SYSTEMCTL_READS.has(verb.value)) return w.acc.read();
  // start, stop, restart, enable, mask, edit, kill, daemon-reload …: system state changes.
  w.acc.write(inv.text);
};

// ---- version queries ----

/** `rustc --version`, `java -version`: compilers and runtimes asked only what they are. */
export const VERSION_WORDS = new Set([
  '--version',
  '-version',
  '-V',
  '-v',
  '-vV',
  'version',
  '--help',
  '-help',
  '-h',
  '--print-sysroot',
  '-dumpversion',
  '-dumpmachine',
]);

/** Code that installs packages (`R -e 'install.packages("x")'`, `julia -e 'Pkg.add("x")'`). */
const INSTALL_CALL =
  /\b(?:install\.packages|install_github|install_gitlab|install_url|BiocManager::install|pak::(?:pak|pkg_install)|remotes::install_\w+|devtools::install\w*|Pkg\.add|Pkg\.develop)\s*\(/;

/** R, Rscript, julia: unproven past `--version`; inline code that installs is a dependency. */
const codeRunner: Handler = (w, inv) => {
  if (inv.args.some((a, i) => i > 0 && (a.value === null || INSTALL_CALL.test(a.value)))) w.acc.addDependency('command', '(installed by code)');
  versionOnly(w, inv);
};

const versionOnly: Handler = (w, inv) => {
  if (inv.args.length === 2 && inv.args[1]!.value !== null && VERSION_WORDS.has(inv.args[1]!.value)) return w.acc.read();
  w.unknown(inv, 'shell_command_unproven');
};

/** `rustc --print sysroot`: what the compiler knows about itself, with no input file (which it would compile). */
const RUSTC_PRINT =
  /^(?:sysroot|target-list|cfg|target-libdir|host-tuple|target-cpus|target-features|relocation-models|code-models|tls-models|stack-protector-strategies|split-debuginfo|calling-conventions|all-target-specs-json|supported-crate-types)$/;
const rustc: Handler = (w, inv) => {
  const a = inv.args.map((x) => x.value);
  if (a.length === 3 && a[1] === '--print' && a[2] !== null && RUSTC_PRINT.test(a[2]!)) return w.acc.read();
  if (a.length === 2 && a[1] !== null && a[1]!.startsWith('--print=') && RUSTC_PRINT.test(a[1]!.slice(8))) return w.acc.read();
  // `rustc --explain E0308`: the text of an error code.
  if (a.length === 3 && a[1] === '--explain' && a[2] !== null && /^E\d{4}$/.test(a[2]!)) return w.acc.read();
  versionOnly(w, inv);
};

/**
 * What rustup reports without changing a toolchain: `show` (and its `home`, `active-toolchain`,
 * `profile`), `default` and `toolchain link`-free queries with no name (a name sets it), `which
 * PROGRAM`, `check` (available updates), `doc --path`, `help`.
 */
const RUSTUP_READS: readonly (readonly string[])[] = [
  ['show'],
  ['show', 'home'],
  ['show', 'active-toolchain'],
  ['show', 'profile'],
  ['show', 'help'],
  ['default'],
  ['check'],
  ['doc', '--path'],
  ['help'],
  ['--version'],
  ['-V'],
];

/** rustup's subcommands (not `run`, whose words after the toolchain are another program's). */
const RUSTUP_COMMANDS: ReadonlySet<string> = new Set([
  'show',
  'check',
  'default',
  'toolchain',
  'target',
  'component',
  'override',
  'update',
  'install',
  'uninstall',
  'self',
  'set',
  'which',
  'doc',
  'man',
  'completions',
  'help',
]);
const RUSTUP_NAME = /^[\w.+-]+$/;
/** rustup's own options, before the subcommand. */
export const RUSTUP_GLOBAL: ReadonlySet<string> = new Set(['-v', '--verbose', '-q', '--quiet']);

/** `rustup toolchain list`, `target list`, `component list`: what is installed (add, install, update change it). */
const rustup: Handler = (w, inv) => {
  const a = inv.args.map((x) => x.value);
  // rustup's own options before the subcommand: `-v`/`--verbose`, `-q`/`--quiet`.
  let k = 1;
  while (k < a.length && RUSTUP_GLOBAL.has(a[k] ?? '')) k++;
  const rest = a.slice(k);
  if (RUSTUP_READS.some((r) => r.length === rest.length && r.every((x, i) => x === rest[i]))) return w.acc.read();
  // `rustup show --help`, `rustup toolchain install nightly -h`: clap prints the usage and exits while parsing.
  const last = rest[rest.length - 1];
  if (
    rest.length >= 2 &&
    RUSTUP_COMMANDS.has(rest[0] ?? '') &&
    (last === '-h' || last === '--help') &&
    rest.slice(1, -1).every((x) => x !== null && RUSTUP_NAME.test(x))
  )
    return w.acc.read();
  // `rustup which cargo`, `rustup which --toolchain nightly rustc`: the path of a tool.
  if (rest[0] === 'which') {
    const ops = rest.slice(1);
    if (ops[0] === '--toolchain') ops.splice(0, 2);
    else if (ops[0]?.startsWith('--toolchain=')) ops.splice(0, 1);
    if (ops.length === 1 && ops[0] !== null && RUSTUP_NAME.test(ops[0]!) && rest.every((x) => x !== null)) return w.acc.read();
  }
  if (rest.length >= 2 && rest[0] === 'help' && rest.every((x) => x !== null && /^[a-z][a-z-]*$/.test(x))) return w.acc.read();
  if (
    a.length >= 3 &&
    (a[1] === 'toolchain' || a[1] === 'target' || a[1] === 'component') &&
    a[2] === 'list' &&
    a.slice(3).every((x) => x === '--installed' || x === '-v' || x === '--verbose' || x === '--quiet')
  )
    return w.acc.read();
  versionOnly(w, inv);
};

/**
 * ninja's tools that load the manifest and print, run before ninja opens its build and deps
 * logs (ninja 1.11; checked against it: nothing changes). `query`, `deps` and `missingdeps`
 * open the logs (creating the builddir, maybe recompacting `.ninja_log`); `clean`,
 * `cleandead`, `restat` and `recompact` write; `browse` starts a web server; `msvc` runs a command.
 */
const NINJA_PRINT_TOOLS: ReadonlySet<string> = new Set(['targets', 'commands', 'inputs', 'graph', 'compdb', 'rules', 'list', 'urtle']);
/** ninja's own options that take a value (none of them acts for a tool). */
const NINJA_VALUE: ReadonlySet<string> = new Set(['-C', '-f', '-d', '-w', '-j', '-k', '-l']);

/** `ninja [-C dir] [-f file] -t targets`: `-t` ends ninja's options, every later word is the tool's. */
const ninja: Handler = (w, inv) => {
  const args = inv.args;
  for (let i = 1; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) break;
    if (v.startsWith('-t')) {
      const tool = v === '-t' ? args[i + 1]?.value : v.slice(2);
      if (tool != null && NINJA_PRINT_TOOLS.has(tool)) return w.acc.read();
      break;
    }
    if (v === '-n' || v === '-v' || v === '--verbose' || v === '--quiet') continue;
    if (!NINJA_VALUE.has(v.slice(0, 2))) break;
    if (v.length === 2) i++;
  }
  // ninja's version is --version alone: its -v is --verbose, a build (found by the fuzzer).
  if (args.length === 2 && args[1]!.value === '--version') return w.acc.read();
  w.unknown(inv, 'shell_command_unproven');
};

/** hostnamectl and timedatectl with no verb or a status verb print; `set-*` and a value change the system. */
const statusOnly =
  (reads: readonly string[]): Handler =>
  (w, inv) => {
    for (let i = 1; i < inv.args.length; i++) {
      const v = inv.args[i]!.value;
      if (v === null || !(reads.includes(v) || v === '--no-pager' || v === '--no-ask-password')) return w.unknown(inv, 'shell_command_unproven');
    }
    w.acc.read();
  };

export const VERSION_ONLY = [
  'javac',
  'gcc',
  'g++',
  'cc',
  'c++',
  'clang',
  'clang++',
  'swift',
  'swiftc',
  'kotlin',
  'kotlinc',
  'scala',
  'ghc',
  'elixir',
  'erl',
  'lua',
  'luajit',
  'zig',
  'cmake',
  'meson',
  'bazel',
  'sbt',
  'nim',
  'crystal',
  'ocaml',
  'gdb',
  'lldb',
];

/** `java -XshowSettings:properties -version`: the launcher prints its settings and version and runs no class. */
const JAVA_SETTINGS = /^-XshowSettings(?::(?:all|locale|properties|vm|system|security(?::(?:all|properties|providers|tls))?))?$/;
const java: Handler = (w, inv) => {
  const a = inv.args.map((x) => x.value);
  if (a.length === 3 && a.some((v) => v === '-version' || v === '--version') && a.some((v) => v !== null && JAVA_SETTINGS.test(v))) return w.acc.read();
  versionOnly(w, inv);
};

export const systemHandlers: HandlerTable = handlerTable({ __proto__: null, ip, journalctl, systemctl }, [VERSION_ONLY, versionOnly], {
  __proto__: null,
  R: codeRunner,
  Rscript: codeRunner,
  julia: codeRunner,
  java,
  rustc,
  rustup,
  ninja,
  hostnamectl: statusOnly(['status', '--static', '--transient', '--pretty']),
  timedatectl: statusOnly(['status', 'show', 'list-timezones', 'timesync-status', 'show-timesync', '-a', '--all']),
});
