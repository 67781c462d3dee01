// Checks run through build tools, each with its closed table (check-runner.ts): cargo test /
// check / clippy / bench / nextest / fmt, go test and go vet (Go's one-dash flags), dotnet
// test, Maven and Gradle (whose goals and tasks are checks only by name, with properties
// from a short list), deno and bun. Build outputs inside the tool's own folder (`target/`,
// `build/`, `bin/obj`) are the run's artefacts; an option that moves them or names another
// file to write is a write of it.
import type { Handler, Invocation, ShellWalker } from '../walker.js';
import type { Arg } from '../words.js';
import { defineCheck, runCheck, type Check } from './check-runner.js';
import { mavenConfigProven } from './workdir-config.js';

// ---- cargo ----

const CARGO_COMMON =
  '-h --help -q --quiet -v --verbose --color= --frozen --locked --offline -p: --package= --workspace --all --exclude= --lib --bins --bin= ' +
  '--examples --example= --tests --test= --benches --bench= --all-targets -F: --features= --all-features --no-default-features --release -r ' +
  '--profile= -j: --jobs= --target= --message-format= --timings[=] --future-incompat-report --ignore-rust-version --keep-going --unit-graph ' +
  '--manifest-path= ';
const CARGO_WRITE = '--target-dir= --artifact-dir= --out-dir=';
const CARGO_UNSAFE = '--config= -Z: --lockfile-path=';

/** The test binary's own options after `--` (libtest). */
const LIBTEST = {
  options: {
    read:
      '-h --help --nocapture --no-capture --test-threads= --ignored --include-ignored --exact -q --quiet --show-output --color= --format= --list ' +
      '--skip= --force-run-in-process --report-time --ensure-time --shuffle --shuffle-seed= --bench --test',
    write: '--logfile=',
    unsafe: '-Z:',
    abbrev: false,
  },
} as const;

const CARGO_TEST = defineCheck({
  options: { read: `${CARGO_COMMON}--doc --no-run --no-fail-fast`, write: CARGO_WRITE, unsafe: CARGO_UNSAFE, abbrev: false },
  config: '--manifest-path',
  configName: /^Cargo\.toml$/,
  passthrough: LIBTEST,
});

const CARGO_CHECK = defineCheck({
  options: { read: CARGO_COMMON, write: CARGO_WRITE, unsafe: CARGO_UNSAFE, abbrev: false },
  config: '--manifest-path',
  configName: /^Cargo\.toml$/,
});

/** clippy: `--fix` applies suggestions; after `--` come rustc lint levels. */
const CARGO_CLIPPY = defineCheck({
  options: {
    read: `${CARGO_COMMON}--no-deps --fix --allow-dirty --allow-staged --allow-no-vcs --broken-code`,
    write: CARGO_WRITE,
    unsafe: CARGO_UNSAFE,
    abbrev: false,
  },
  fix: '--fix',
  config: '--manifest-path',
  configName: /^Cargo\.toml$/,
  passthrough: { options: { read: '-D: -W: -A: -F: --deny= --warn= --allow= --forbid= --cap-lints= --no-deps', unsafe: '-Z:', abbrev: false } },
});

const CARGO_NEXTEST = defineCheck({
  options: {
    read:
      `${CARGO_COMMON}--no-capture --nocapture --test-threads= -E: --filterset= --filter-expr= --retries= --partition= --run-ignored= --no-fail-fast ` +
      '--fail-fast --status-level= --final-status-level= --hide-progress-bar --failure-output= --success-output= --no-tests= --max-fail=',
    write: CARGO_WRITE,
    unsafe: `${CARGO_UNSAFE} --tool-config-file= --archive-file= --workspace-remap=`,
    abbrev: false,
  },
  config: '--manifest-path',
  configName: /^Cargo\.toml$/,
  passthrough: LIBTEST,
});

const CARGO_FMT = defineCheck({
  options: { read: '-h --help -q --quiet -v --verbose --check --all -p: --package= --manifest-path= --message-format=', abbrev: false },
  writesByDefault: true,
  checkOptions: '--check',
  config: '--manifest-path',
  configName: /^Cargo\.toml$/,
  passthrough: {
    options: { read: '--check --edition= --color= -l --files-with-diff --emit=', unsafe: '--config-path= --config=', abbrev: false },
    values: { '--emit': /^stdout$/ },
  },
});

export function cargoCheck(w: ShellWalker, inv: Invocation, sub: string, from: number): boolean {
  if (sub === 'nextest') {
    const action = inv.args[from]?.value;
    if (action === 'list' || action === 'run' || action === 'r') runCheck(w, inv, from + 1, CARGO_NEXTEST);
    else w.unknown(inv, 'shell_command_unproven');
    return true;
  }
  const check: Check | undefined =
    sub === 'test' || sub === 't' || sub === 'bench'
      ? CARGO_TEST
      : sub === 'check' || sub === 'c'
        ? CARGO_CHECK
        : sub === 'clippy'
          ? CARGO_CLIPPY
          : sub === 'fmt'
            ? CARGO_FMT
            : undefined;
  if (!check) return false;
  runCheck(w, inv, from, check);
  return true;
}

// ---- go ----

const GO_TEST_FLAGS =
  'run= skip= bench= benchtime= benchmem count= cpu= parallel= list= shuffle= timeout= short failfast fullpath v json fuzztime= fuzzminimizetime= blockprofilerate= memprofilerate= mutexprofilefraction= fuzz=';
const GO_TEST_WRITES = 'coverprofile= blockprofile= cpuprofile= memprofile= mutexprofile= trace= outputdir=';
const GO_BUILD_READ =
  '-a -n -p= -race -msan -asan -cover -covermode= -coverpkg= -work -x -asmflags= -buildmode= -buildvcs= -compiler= -gccgoflags= -gcflags= -installsuffix= -ldflags= -linkshared -mod= -modcacherw -tags= -trimpath';
const dashes = (flags: string, prefix = ''): string =>
  flags
    .split(' ')
    .map((f) => `--${prefix}${f}`)
    .join(' ');

/**
 * The linker flags name the external linker (`-extld=./x`, `-extldflags`, `-tmpdir`) and
 * gcflags/asmflags can load compiler plugins or write: only flags that set a string, strip
 * symbols or choose a mode are taken (`-ldflags='-s -w -X main.v=1'`). go splits the value at
 * blanks, so flags are matched blank-separated: that is also what keeps the match linear (with
 * the blanks optional, `-trimpath=-m-m…` split every way and 228 characters took minutes).
 */
const SAFE_LDFLAGS =
  /^(?:(?:all|[\w./-]+)=)?(?:\s*-(?:s|w|X\s*[\w./-]+=\S*|X=[\w./-]+=\S*|buildid=\S*|linkmode=internal|race)(?:\s+-(?:s|w|X\s*[\w./-]+=\S*|X=[\w./-]+=\S*|buildid=\S*|linkmode=internal|race))*)?\s*$/;
const SAFE_GCFLAGS =
  /^(?:(?:all|[\w./-]+)=)?(?:\s*-(?:N|l|m{1,2}|B|S|d=checkptr|race|trimpath=\S*)(?:\s+-(?:N|l|m{1,2}|B|S|d=checkptr|race|trimpath=\S*))*)?\s*$/;
const GO_FLAG_VALUES = { '--ldflags': SAFE_LDFLAGS, '--gcflags': SAFE_GCFLAGS, '--asmflags': SAFE_GCFLAGS, '--gccgoflags': /^$/ };

/** go test: build flags, test flags (also spelled `-test.x`), and the flags that write profiles or a binary. */
export const GO_TEST = defineCheck({
  options: {
    read: `${GO_BUILD_READ.replace(/-(\w)/g, '--$1')} --vet= ${dashes(GO_TEST_FLAGS)} ${dashes(GO_TEST_FLAGS, 'test.')} --c`,
    write: `--o= --pkgdir= ${dashes(GO_TEST_WRITES)} ${dashes(GO_TEST_WRITES, 'test.')}`,
    exec: '--exec= --toolexec= --vettool=',
    unsafe: '--overlay= --modfile= --pgo= --C= --args',
    singleDash: true,
    abbrev: false,
  },
  // `-c` keeps the compiled test binary here; fuzzing grows testdata/fuzz and the cache.
  artifact: '--c --fuzz --test.fuzz',
  values: GO_FLAG_VALUES,
});

/** go vet's analyzers, whose flags (`-printf`, `-printf.funcs=…`) only shape the report. */
const GO_ANALYZERS =
  'appends asmdecl assign atomic bools buildtag cgocall composites copylocks defers directive errorsas framepointer hostport httpresponse ifaceassert loopclosure lostcancel nilfunc printf shift sigchanyzer slog stdmethods stdversion stringintconv structtag testinggoroutine tests timeformat unmarshal unreachable unsafeptr unusedresult waitgroup';

const GO_VET = defineCheck({
  options: {
    read: `${GO_BUILD_READ.replace(/-(\w)/g, '--$1')} --json --c= --v ${GO_ANALYZERS.split(' ')
      .map((a) => `--${a}[=]`)
      .join(' ')}`,
    exec: '--vettool= --toolexec= --exec=',
    unsafe: '--overlay= --modfile= --pgo= --C=',
    singleDash: true,
    abbrev: false,
  },
  values: GO_FLAG_VALUES,
});

/** `-printf.funcs=x` is the printf analyzer's own flag: the analyzer name is what the table knows. */
export function goVet(w: ShellWalker, inv: Invocation, from: number): void {
  const args = inv.args.map((a, i) => {
    if (i < from || a.value === null) return a;
    const m = /^(--?)([a-z]+)\.[A-Za-z]\w*(=.*)?$/.exec(a.value);
    return m && GO_ANALYZERS.split(' ').includes(m[2]!) ? { ...a, value: `${m[1]}${m[2]}${m[3] ?? ''}` } : a;
  });
  runCheck(w, { ...inv, args }, from, GO_VET);
}

// ---- dotnet test ----

const DOTNET_TEST = defineCheck({
  options: {
    read:
      '-h --help -c: --configuration= -f: --framework= --no-build --no-restore -v: --verbosity= --filter= --nologo --list-tests -t --arch= --os= ' +
      '-r: --runtime= --interactive -l: --logger= -s: --settings= --collect= --blame --blame-crash --blame-hang --blame-crash-dump-type= ' +
      '--blame-hang-dump-type= --blame-hang-timeout=',
    write: '--results-directory= -o: --output= -d: --diag=',
    exec: '-a: --test-adapter-path=',
    unsafe: '-e: --environment= -p: --property=',
    abbrev: false,
  },
  artifact: '--collect --blame --blame-crash --blame-hang',
  config: '-s --settings',
  configName: /\.runsettings$/,
  values: { '-l': /^console(?:;[\w=.]+)*$/, '--logger': /^console(?:;[\w=.]+)*$/ },
});

export function dotnetTest(w: ShellWalker, inv: Invocation, from: number): void {
  // Words after `--` override run settings (RunConfiguration.ResultsDirectory=…); MSBuild `/p:` too.
  if (inv.args.slice(from).some((a) => a.value === '--' || (a.value !== null && /^[/-]p(?:roperty)?:/i.test(a.value))))
    return w.unknown(inv, 'shell_command_unproven');
  runCheck(w, inv, from, DOTNET_TEST);
}

export const DOTNET_FORMAT = defineCheck({
  options: {
    read:
      '-h --help --verify-no-changes --include= --exclude= --severity= --no-restore -v: --verbosity= --diagnostics= --exclude-diagnostics= ' +
      '--include-generated --folder',
    write: '--report= --binarylog=',
    abbrev: false,
  },
  writesByDefault: true,
  checkOptions: '--verify-no-changes',
});

// ---- Maven ----

/** Maven goals and phases that only test or verify (plugin `check` goals included). */
const MVN_CHECKS = new Set([
  'test',
  'verify',
  'validate',
  'checkstyle:check',
  'spotbugs:check',
  'pmd:check',
  'pmd:cpd-check',
  'surefire:test',
  'failsafe:verify',
  'spotless:check',
  'enforcer:enforce',
  'apache-rat:check',
  'license:check',
  // Runs the lifecycle up to test-compile first: it compiles into target/ like a test run.
  'dependency:analyze',
]);
const MVN_READS = new Set([
  'help:effective-pom',
  'help:active-profiles',
  'help:describe',
  'help:evaluate',
  'help:system',
  'dependency:tree',
  'dependency:list',
  'versions:display-dependency-updates',
  'versions:display-plugin-updates',
  'versions:display-property-updates',
]);
/** Goals that fetch an artifact named on the command line (`-Dartifact=g:a:v`). */
const MVN_FETCH = new Set(['dependency:get', 'dependency:copy', 'dependency:unpack']);
/** Goals that rewrite pom.xml's dependency versions. */
const MVN_POM = /^versions:(?:set|use-[\w-]+|update-[\w-]+|resolve-ranges|lock-snapshots|unlock-snapshots|commit|revert|force-releases)$/;
/** `-D` properties that only skip or select tests and checks. */
const MVN_PROPS =
  /^(?:skipTests|maven\.test\.skip|test|it\.test|skipITs|failIfNoTests|surefire\.failIfNoSpecifiedTests|failsafe\.failIfNoSpecifiedTests|checkstyle\.skip|spotbugs\.skip|pmd\.skip|cpd\.skip|jacoco\.skip|maven\.javadoc\.skip|gpg\.skip|enforcer\.skip|trimStackTrace|maven\.test\.failure\.ignore|groups|excludedGroups|surefire\.rerunFailingTestsCount|surefire\.skipAfterFailureCount|style\.color|spotless\.check\.skip|rat\.skip|license\.skip|invoker\.skip|dependency-check\.skip|org\.slf4j\.simpleLogger\.defaultLogLevel|maven\.source\.skip|artifact|transitive|detail|expression|forceStdout)$/;
export const MVN_FLAGS = new Set([
  '-q',
  '--quiet',
  '-e',
  '--errors',
  '-X',
  '--debug',
  '-B',
  '--batch-mode',
  '-ntp',
  '--no-transfer-progress',
  '-o',
  '--offline',
  '-U',
  '--update-snapshots',
  '-nsu',
  '--no-snapshot-updates',
  '-fae',
  '--fail-at-end',
  '-ff',
  '--fail-fast',
  '-fn',
  '--fail-never',
  '-am',
  '--also-make',
  '-amd',
  '--also-make-dependents',
  '-N',
  '--non-recursive',
  '-C',
  '--strict-checksums',
  '-c',
  '--lax-checksums',
  '-V',
  '--show-version',
  '-llr',
  '-cpu',
  '-npr',
  '-npu',
  '-up',
]);
export const MVN_VALUES = new Set(['-T', '--threads', '-pl', '--projects', '-rf', '--resume-from', '-P', '--activate-profiles']);
/** Options that swap the build file, settings, repository or extensions: not followed. */
export const MVN_UNSAFE = new Set([
  '-f',
  '--file',
  '-s',
  '--settings',
  '-gs',
  '--global-settings',
  '-t',
  '--toolchains',
  '-gt',
  '--global-toolchains',
  '-emp',
  '--encrypt-master-password',
  '-ep',
  '--encrypt-password',
  '-b',
  '--builder',
  '-l',
  '--log-file',
]);

/**
 * mvn: every option from a closed list, `-D` properties from a short list, and then the
 * goals: check goals and phases are checks, reporting goals read, `dependency:get` and its
 * kin fetch the artifact they name (dependency intent), `versions:*` rewrite pom.xml, and
 * any other goal builds (a write whose paths the pom decides).
 */
export const mvn: Handler = (w, inv) => {
  // The launcher reads `.mvn/jvm.config` and `maven.config` before anything, even `--version`.
  if (!mavenConfigProven(w, inv.scope.cwd)) return w.unknown(inv, 'shell_command_unproven');
  const args = inv.args;
  const goals: string[] = [];
  let artifact: string | null | undefined;
  for (let i = 1; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) return w.unknown(inv, 'dynamic_word');
    if (v === '-v' || v === '--version' || v === '-h' || v === '--help') return w.acc.read();
    if (v.startsWith('-D')) {
      const body = v === '-D' || v === '--define' ? args[++i]?.value : v.slice(2);
      if (body === null || body === undefined) return w.unknown(inv, body === null ? 'dynamic_word' : 'shell_command_unproven');
      const key = body.split('=')[0]!;
      if (!MVN_PROPS.test(key)) return w.unknown(inv, 'shell_command_unproven');
      if (key === 'artifact') artifact = body.slice(body.indexOf('=') + 1);
      continue;
    }
    if (MVN_FLAGS.has(v)) continue;
    if (MVN_VALUES.has(v)) {
      i++;
      continue;
    }
    // Attached values: `-T4`, `-Pprofile`.
    if (/^-[TP]\S/.test(v)) continue;
    if (MVN_UNSAFE.has(v) || v.startsWith('-')) return w.unknown(inv, 'shell_command_unproven');
    goals.push(v);
  }
  if (goals.length === 0) return w.unknown(inv, 'shell_command_unproven');
  let build = false;
  for (const g of goals) {
    if (MVN_CHECKS.has(g) || MVN_READS.has(g)) continue;
    if (MVN_FETCH.has(g)) {
      w.acc.addDependency('command', artifact === undefined ? '(maven artifact)' : (artifact ?? '(dynamic)').split(':').slice(0, 2).join(':'));
      build = true;
      continue;
    }
    if (MVN_POM.test(g)) {
      if (inv.scope.cwd) w.effectPath(inv, 'write', `${inv.scope.cwd}/pom.xml`);
      build = true;
      continue;
    }
    build = true;
  }
  if (build) return w.unprovenWrite(inv, 'write_path_missing');
  if (goals.every((g) => MVN_READS.has(g))) return w.acc.read();
  w.check(inv);
};

// ---- Gradle ----

/** Task names (the part after the last `:` of a project path) that only test or verify. */
const GRADLE_CHECKS = new Set([
  'test',
  'check',
  'lint',
  'detekt',
  'ktlintCheck',
  'spotlessCheck',
  'checkstyleMain',
  'checkstyleTest',
  'pmdMain',
  'pmdTest',
  'spotbugsMain',
  'integrationTest',
  'lintDebug',
  'lintRelease',
  'testDebugUnitTest',
  'testReleaseUnitTest',
  'apiCheck',
]);
/**
 * Tasks that only report (`tasks`, `dependencies`, `projects`, `properties` …). Gradle still
 * runs the settings and build scripts to configure the project first, and keeps its caches
 * in `.gradle/`: they run like a check, never as a read.
 */
const GRADLE_REPORTS = new Set([
  'tasks',
  'dependencies',
  'dependencyInsight',
  'projects',
  'properties',
  'help',
  'buildEnvironment',
  'outgoingVariants',
  'javaToolchains',
  'model',
  'components',
  'kotlinDslAccessorsReport',
]);

export const GRADLE = defineCheck({
  options: {
    read:
      '-h --help -v --version -q --quiet -i --info -d --debug -w --warn -s --stacktrace -S --full-stacktrace -m --dry-run -t --continuous -a --no-rebuild ' +
      '--offline --refresh-dependencies --rerun-tasks --rerun --continue --parallel --no-parallel --max-workers= --build-cache --no-build-cache ' +
      '--configuration-cache --no-configuration-cache --configuration-cache-problems= --daemon --no-daemon --foreground --console= --warning-mode= ' +
      '--no-scan --profile --status --stop --configure-on-demand --no-configure-on-demand --watch-fs --no-watch-fs --priority= --dependency-verification= ' +
      '-F: -x: --exclude-task= --tests= --fail-fast --no-problems-report --problems-report',
    write: '--project-cache-dir=',
    exec: '-I: --init-script= --scan',
    unsafe:
      '-p: --project-dir= -b: --build-file= -c: --settings-file= -g: --gradle-user-home= -D: --system-prop= -P: --project-prop= --include-build= ' +
      '--write-locks --update-locks= --write-verification-metadata= --export-keys',
    abbrev: false,
  },
});

/** gradle / ./gradlew: options from the table; tasks are checks, reports or builds (task names abbreviated by Gradle are builds). */
export const gradle: Handler = (w, inv) => {
  const sub = w.isolate(() => runCheck(w, inv, 1, GRADLE));
  const r = sub.finish();
  if (r.mutability !== 'check') return w.acc.absorb(sub, false, inv.text);
  const tasks: Arg[] = [];
  const args = inv.args;
  for (let i = 1; i < args.length; i++) {
    const v = args[i]!.value!;
    if (v.startsWith('-')) {
      if (/^-[xFIpbcgDP]$|^--(?:exclude-task|tests|max-workers|console|warning-mode|priority|dependency-verification|configuration-cache-problems)$/.test(v))
        i++;
      continue;
    }
    tasks.push(args[i]!);
  }
  const has = (...names: string[]) => inv.args.some((a) => names.includes(a.value!));
  // Printed by the launcher before any build script is read.
  if (has('-v', '--version', '-h', '--help')) return w.acc.read();
  // `--stop` stops every Gradle daemon of this version: other processes' state.
  if (has('--stop')) return w.unprovenWrite(inv, 'write_path_missing');
  if (has('--status') && tasks.length === 0) return w.acc.read();
  // No task runs the build's default tasks, which its scripts name.
  if (tasks.length === 0) return w.unknown(inv, 'shell_command_unproven');
  // A dry run (`-m`) still runs the build scripts to configure the project.
  if (has('-m', '--dry-run')) return w.check(inv);
  let checks = true;
  for (const t of tasks) {
    const name = t.value!.slice(t.value!.lastIndexOf(':') + 1);
    if (!GRADLE_CHECKS.has(name) && !GRADLE_REPORTS.has(name)) checks = false;
  }
  if (checks) return w.check(inv);
  // Builds and other tasks write outputs whose paths the build scripts decide.
  w.unprovenWrite(inv, 'write_path_missing');
};

// ---- deno, bun ----

const DENO_COMMON =
  '-h --help -q --quiet -c: --config= --no-config --import-map= -r --reload[=] --lock[=] --no-lock --frozen[=] --node-modules-dir[=] --cert= ' +
  '--no-remote --no-npm --cached-only --unstable --location= --seed= --ext= --ignore= --watch[=] --no-clear-screen --permit-no-files ' +
  '--allow-read[=] --allow-env[=] --allow-net[=] --allow-sys[=] --allow-hrtime --allow-write[=] --allow-run[=] --allow-ffi[=] --allow-import[=] -A --allow-all ' +
  '--deny-read[=] --deny-env[=] --deny-net[=] --deny-sys[=] --deny-write[=] --deny-run[=] --deny-ffi[=] --deny-import[=] --no-prompt ';

export const DENO_TEST = defineCheck({
  options: {
    read: `${DENO_COMMON}--filter= --fail-fast[=] --parallel --doc --no-check --check[=] --shuffle[=] --trace-leaks --trace-ops --hide-stacktraces --reporter= --clean --coverage[=] --env-file[=]`,
    write: '--junit-path=',
    exec: '--inspect[=] --inspect-brk[=] --inspect-wait[=] --preload= --v8-flags=',
    unsafe: '--vendor[=]',
    abbrev: false,
  },
  artifact: '--coverage',
  config: '-c --config',
  configName: /^deno\.jsonc?$/,
  values: { '--reporter': /^(?:pretty|dot|junit|tap)$/ },
  operands: 'files',
});

export const DENO_LINT = defineCheck({
  options: { read: `${DENO_COMMON}--rules --rules-tags= --rules-include= --rules-exclude= --json --compact --fix`, abbrev: false },
  fix: '--fix',
  config: '-c --config',
  configName: /^deno\.jsonc?$/,
});

export const DENO_CHECK = defineCheck({
  options: { read: `${DENO_COMMON}--all --remote --doc --doc-only`, abbrev: false },
  config: '-c --config',
  configName: /^deno\.jsonc?$/,
});

export const DENO_FMT = defineCheck({
  options: {
    read: `${DENO_COMMON}--check --fail-fast --indent-width= --line-width= --no-semicolons --prose-wrap= --single-quote --use-tabs --unstable-component --unstable-sql`,
    abbrev: false,
  },
  writesByDefault: true,
  checkOptions: '--check',
  config: '-c --config',
  configName: /^deno\.jsonc?$/,
});

export const BUN_TEST = defineCheck({
  options: {
    read: '-h --help --timeout= --rerun-each= --only --todo --coverage --coverage-reporter= --bail[=] -t: --test-name-pattern= --watch --reporter= --concurrent --randomize --seed= --max-concurrency= --pass-with-no-tests -u --update-snapshots',
    write: '--coverage-dir= --reporter-outfile=',
    exec: '--preload= -r: --require= --inspect[=] --inspect-brk[=]',
    abbrev: false,
  },
  fix: '-u --update-snapshots',
  artifact: '--coverage',
  values: { '--coverage-reporter': /^text$/, '--reporter': /^(?:junit|dots)$/ },
  operands: 'files',
});
