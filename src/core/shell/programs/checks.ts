// Test, lint and type-check runners (mutability `check`). Any write flag (`--fix`,
// `--write`, `-u`, snapshot updates) or a formatter's default rewrite makes them writes of
// the paths they were given (the current folder when none). A check is not an escape
// hatch: an option that writes a report or cache (`--outputFile`, `--basetemp`,
// `-coverprofile`, `--tsBuildInfoFile`) is a write of its value; one that runs other code
// (`-exec`, `--require`, a reporter or runner module, an inline `--config` JSON, `-p`
// plugins) leaves the command unproven; and a runner that executes its operands runs only
// test files inside the project (anything else is arbitrary code run "as a test").
import type { Handler, Invocation, ShellWalker } from '../walker.js';
import type { Arg } from '../words.js';

const GENERIC_WRITE_FLAGS = new Set([
  '--fix', '--write', '--update-snapshots', '--updateSnapshot', '--update-snapshot', '--snapshot-update', '--apply',
  '--apply-unsafe', '--autocorrect', '--autocorrect-all', '--fix-only', '--in-place', '--update', '--test-update-snapshots',
]);

function flagPresent(args: readonly Arg[], from: number, set: ReadonlySet<string>, short: string): boolean {
  for (let i = from; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) continue;
    if (v === '--') return false;
    if (v.startsWith('--')) {
      const name = v.includes('=') ? v.slice(0, v.indexOf('=')) : v;
      if (set.has(name)) {
        // `--fix=false`, `--write=false` leave files alone.
        if (v.endsWith('=false')) continue;
        return true;
      }
      continue;
    }
    if (short && v.startsWith('-') && v.length > 1 && /^-[A-Za-z]+$/.test(v)) {
      for (const c of short) if (v.includes(c)) return true;
    }
  }
  return false;
}

/** Path operands of a runner (for the files a write flag rewrites). */
function pathOperands(args: readonly Arg[], from: number): Arg[] {
  const out: Arg[] = [];
  for (let i = from; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (v === null) {
      out.push(a);
      continue;
    }
    if (v.startsWith('-')) continue;
    out.push(a);
  }
  return out;
}

export function writeOperands(w: ShellWalker, inv: Invocation, from: number): void {
  const ops = pathOperands(inv.args, from);
  if (ops.length === 0) {
    if (inv.scope.cwd) w.effectPath(inv, 'write', inv.scope.cwd);
    else w.acc.unprovenWrite('dynamic_word', inv.text);
    return;
  }
  for (const o of ops) w.effect(inv, 'write', o);
  w.extraTargets(inv);
}

/** Options whose value is a file or folder the runner writes (`--x=v` or `--x v`). */
const WRITE_VALUE_OPTIONS = new Set([
  '--outputFile', '--output-file', '--outfile', '--basetemp', '--test-reporter-destination', '--reporter-destination', '-coverprofile',
  '--coverprofile', '--tsBuildInfoFile', '--generateTrace', '--junitxml', '--junit-xml', '--result-log', '--report-log', '--coverageDirectory',
  '--coverage-directory', '--outDir', '--outdir', '--out-dir', '--declarationDir', '-cpuprofile', '-memprofile', '-blockprofile', '-mutexprofile',
  '-trace', '-outputdir', '--output', '--json-report-file', '--resultsDir', '--log-file', '--debug-file', '--cache-dir', '--cacheDirectory',
  '--cov-report', '--html', '--xml', '--lcov', '--json-output', '--sarif-file', '--output-junit', '--report-dir', '--temp-directory',
]);
/** Options that load or run code other than the project's tests (any runner). */
const EXEC_OPTIONS = new Set([
  '--exec', '-exec', '-toolexec', '--toolexec', '-vettool', '--script-shell', '--node-options', '--require', '--loader', '--import',
  '--experimental-loader', '--runner', '--testRunner', '--test-runner', '--transform', '--globalSetup', '--globalTeardown', '--setupFiles',
  '--setupFilesAfterEnv', '--testEnvironment', '--resolver', '--reporters', '--plugin', '--preload', '--pool', '--environment', '--shell',
  '--ui', '--open', '--api', '--override-ini', '--rootdir', '--confcutdir', '--pyargs', '--inspect', '--inspect-brk', '--watch-exec',
  '--compilers', '--file', '--prettier-path', '--resolve-plugins-relative-to', '--rulesdir', '--rule-dir', '--plugins', '--ext-plugin',
  '--snapshotSerializers', '--testResultsProcessor', '--testSequencer', '--moduleNameMapper', '--haste', '--watchPlugins', '--injectGlobals',
  '--sequence.setupFiles', '--typecheck.checker', '--browser', '--server', '--deps.inline', '--env-file',
]);
/** Reporters built into the runners; any other reporter is a module (code) or a file writer. */
const BUILTIN_REPORTERS = /^(?:default|verbose|dot|dots|json|tap|tap-flat|basic|hanging-process|github-actions|spec|min|list|progress|nyan|landing|json-stream|doc|markdown|summary|text|text-summary|none|silent|line|pretty|compact|junit|lcov|html|blob|agent)$/;
/** File names test runners treat as tests (`a.test.ts`, `test_a.py`, `a_test.go`, files under test folders). */
const TEST_FILE = /(?:^|\/)(?:tests?|__tests__|specs?|e2e|spec-\w+)\/|(?:^|[/._-])(?:test|spec|tests|specs)[._-][^/]*$|(?:^|\/)test_[^/]*\.py$|_test\.(?:go|py|rb|exs?)$|_spec\.rb$|\.(?:test|spec|e2e|bench)\.[cm]?[jt]sx?$|\.bats$|Test\.(?:php|java|kt)$/;

/**
 * Screens a runner's options and operands: a write option is a write of its value, a code
 * option or a non-test file run by a runner that executes files leaves it unproven. Returns
 * true when the command was settled here (not a check).
 */
function screenRunner(w: ShellWalker, inv: Invocation, from: number, runsFiles: boolean, spec: RunnerSpec = {}): boolean {
  const args = inv.args;
  let settled = false;
  for (let i = from; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (v === null) continue;
    if (v === '--') break;
    if (!v.startsWith('-')) continue;
    const eq = v.indexOf('=');
    // `--outputFile.json=x` (vitest) is --outputFile with a key.
    const name = (eq > 0 ? v.slice(0, eq) : v).replace(/^(--outputFile)\..*$/, '$1');
    const value = (): Arg | undefined => (eq > 0 ? { ...a, value: v.slice(eq + 1) } : args[i + 1]);
    if (spec.writeFlags?.includes(name)) {
      w.unprovenWrite(inv, 'write_path_missing');
      settled = true;
      continue;
    }
    // `pytest -p no:cacheprovider` disables a plugin; any other `-p` loads one.
    if (spec.execOptions?.includes(name) && !(name === '-p' && /^no:/.test(value()?.value ?? ''))) {
      w.unknown(inv, 'shell_command_unproven');
      return true;
    }
    if (WRITE_VALUE_OPTIONS.has(name) || spec.writeOptions?.includes(name)) {
      const target = value();
      if (!target || target.value === null || target.value === '' || target.value === '-' || /^(?:term|term-missing|annotate|html|xml|json|lcov)$/.test(target.value)) w.unprovenWrite(inv, 'write_path_missing');
      else w.effect(inv, 'write', target);
      settled = true;
      continue;
    }
    if (EXEC_OPTIONS.has(name) || /^--(?:inspect|experimental-)/.test(name)) {
      w.unknown(inv, 'shell_command_unproven');
      return true;
    }
    if (name === '--reporter' || name === '--test-reporter' || name === '-R') {
      const r = value();
      if (!r || r.value === null || !BUILTIN_REPORTERS.test(r.value)) {
        w.unknown(inv, 'shell_command_unproven');
        return true;
      }
      continue;
    }
    if (name === '--config' || name === '--config-file' || name === '--configFile' || (name === '-c' && spec.configShort)) {
      const c = value();
      // An inline JSON config can name a runner, transform or setup module: code.
      if (!c || c.value === null || c.value.trimStart().startsWith('{')) {
        w.unknown(inv, 'shell_command_unproven');
        return true;
      }
      const p = w.path(inv, c);
      if (!p || !isInsideProject(w, p)) {
        w.unknown(inv, 'shell_command_unproven');
        return true;
      }
    }
  }
  if (settled) return true;
  if (!runsFiles) return false;
  for (const op of pathOperands(args, from)) {
    if (op.value === null) continue;
    const p = w.path(inv, op);
    if (!p) continue;
    if (!isInsideProject(w, p) && w.exists(p)) {
      w.unknown(inv, 'shell_command_unproven');
      return true;
    }
    const rel = p.startsWith(w.ctx.projectRoot + '/') ? p.slice(w.ctx.projectRoot.length + 1) : p;
    if (w.readFile(p, 1) !== undefined && !TEST_FILE.test(rel)) {
      w.unknown(inv, 'shell_command_unproven');
      return true;
    }
  }
  return false;
}

function isInsideProject(w: ShellWalker, p: string): boolean {
  const root = w.ctx.projectRoot;
  return p === root || p.startsWith(root.endsWith('/') ? root : root + '/');
}

export interface RunnerSpec {
  /** The runner executes the files it is given (test runners, not linters). */
  readonly runsFiles?: boolean;
  /** This runner's own options whose value is a file it writes (`-o` for eslint and go test). */
  readonly writeOptions?: readonly string[];
  /** This runner's own flags that write files it names itself (`go test -c`). */
  readonly writeFlags?: readonly string[];
  /** This runner's own options that load or run code (`pytest -p`, `mocha -r`). */
  readonly execOptions?: readonly string[];
  /** `-c` names a config file (jest, vitest, eslint). */
  readonly configShort?: boolean;
  /** Short letters that write (`-u` for jest, `-w` for prettier). */
  readonly short?: string;
  /** Extra long flags that write. */
  readonly long?: readonly string[];
  /** Flags that turn a default rewrite into a check (`--check`, `--diff`). */
  readonly checkFlags?: readonly string[];
  /** The runner rewrites files unless a check flag is given (formatters). */
  readonly writesByDefault?: boolean;
  /** Short letters that mean "check only" (`prettier -c`, `gofmt -l`). */
  readonly checkShort?: string;
}

/** Classifies `inv.args[from…]` as a run of a checker. */
export function runChecker(w: ShellWalker, inv: Invocation, from: number, spec: RunnerSpec = {}): void {
  if (screenRunner(w, inv, from, spec.runsFiles ?? false, spec)) return;
  const long = spec.long ? new Set([...GENERIC_WRITE_FLAGS, ...spec.long]) : GENERIC_WRITE_FLAGS;
  if (flagPresent(inv.args, from, long, spec.short ?? '')) return writeOperands(w, inv, from);
  if (spec.writesByDefault) {
    const checks = new Set(spec.checkFlags ?? []);
    if (!flagPresent(inv.args, from, checks, spec.checkShort ?? '')) return writeOperands(w, inv, from);
  }
  w.check(inv);
}

function runner(spec: RunnerSpec = {}): Handler {
  return (w, inv) => runChecker(w, inv, 1, spec);
}

/** `tsc` emits JavaScript unless told not to. */
const tsc: Handler = (w, inv) => {
  const vals = inv.args.map((a) => a.value);
  if (vals.some((v) => v !== null && /^--?(?:tsBuildInfoFile|generateTrace|outDir|outFile|declarationDir|plugins)(?:=|$)/.test(v))) return screenRunner(w, inv, 1, false) ? undefined : w.unprovenWrite(inv, 'write_path_missing');
  if (vals.includes('-v') || vals.includes('--version') || vals.includes('--help') || vals.includes('-h') || vals.includes('--showConfig')) return w.acc.read();
  if (vals.includes('--init')) return w.effect(inv, 'create', { value: 'tsconfig.json', glob: false, tilde: false, text: 'tsconfig.json' });
  const noEmit = vals.some((v) => v === '--noEmit' || v === '-noEmit' || v === '--noEmit=true');
  if (noEmit && !vals.includes('--build') && !vals.includes('-b')) return runChecker(w, inv, 1);
  // Output folders come from tsconfig.json: the write is real, its paths unproven.
  w.unprovenWrite(inv, 'write_path_missing');
};

const eslint: Handler = (w, inv) => {
  const args = inv.args;
  for (let i = 1; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === '--init') return w.unknown(inv, 'shell_command_unproven');
    if (v === '-o' || v === '--output-file') {
      const t = args[i + 1];
      if (t) w.effect(inv, 'write', t);
    } else if (v?.startsWith('--output-file=')) w.effect(inv, 'write', { ...args[i]!, value: v.slice(14) });
  }
  // `-f ./formatter.js` loads a module; built-in formatter names only print.
  for (let i = 1; i < args.length; i++) {
    const v = args[i]!.value;
    const f = v === '-f' || v === '--format' ? args[i + 1]?.value : v?.startsWith('--format=') ? v.slice(9) : undefined;
    if (f === null || (f !== undefined && !/^(?:stylish|json|json-with-metadata|html|compact|unix|tap|junit|checkstyle|visualstudio|jslint-xml|table|codeframe)$/.test(f))) return w.unknown(inv, 'shell_command_unproven');
  }
  runChecker(w, inv, 1, { long: ['--fix-type'], configShort: true, execOptions: ['--rulesdir', '--resolve-plugins-relative-to', '--plugin', '--parser'] });
};

/** ruff: `check` (fix writes), `format` (writes unless --check/--diff). */
const ruff: Handler = (w, inv) => {
  const sub = inv.args[1]?.value;
  if (sub === 'format') return runChecker(w, inv, 2, { writesByDefault: true, checkFlags: ['--check', '--diff'] });
  if (sub === 'clean') return w.unprovenWrite(inv, 'write_path_missing');
  if (sub === 'version' || sub === '--version' || sub === 'rule' || sub === 'config' || sub === 'linter') return w.acc.read();
  runChecker(w, inv, sub === 'check' ? 2 : 1, { long: ['--add-noqa', '--unsafe-fixes'] });
};

const biome: Handler = (w, inv) => {
  const sub = inv.args[1]?.value;
  if (sub === 'check' || sub === 'lint' || sub === 'ci' || sub === 'format') return runChecker(w, inv, 2, { long: ['--write', '--fix', '--apply', '--apply-unsafe', '--unsafe'] });
  if (sub === 'version' || sub === '--version' || sub === 'explain' || sub === 'rage') return w.acc.read();
  w.unknown(inv, 'shell_command_unproven');
};

const golangciLint: Handler = (w, inv) => {
  const sub = inv.args[1]?.value;
  if (sub === 'run' || sub === undefined || sub?.startsWith('-')) return runChecker(w, inv, 1);
  if (sub === 'version' || sub === 'linters' || sub === 'help' || sub === 'config') return w.acc.read();
  w.unknown(inv, 'shell_command_unproven');
};

const prettier = runner({ short: 'w', writesByDefault: false });
const gofmt: Handler = (w, inv) => {
  // gofmt prints the formatted source unless -w; -l/-d only list.
  runChecker(w, inv, 1, { short: 'w' });
};

export const vitest: Handler = (w, inv) => {
  const sub = inv.args[1]?.value;
  if (sub === '--version' || sub === '-v') return w.acc.read();
  if (sub === 'init') return w.unknown(inv, 'shell_command_unproven');
  const from = sub === 'run' || sub === 'watch' || sub === 'dev' || sub === 'related' || sub === 'bench' || sub === 'list' ? 2 : 1;
  runChecker(w, inv, from, { short: 'u', runsFiles: true, configShort: true, execOptions: ['-r', '--root', '--dir'] });
};

function subcommandChecker(checks: readonly string[], reads: readonly string[] = ['--version', '-v', 'version', 'help', '--help']): Handler {
  return (w, inv) => {
    const args = inv.args;
    let i = 1;
    while (i < args.length && args[i]!.value?.startsWith('-') && !reads.includes(args[i]!.value!)) i++;
    const sub = args[i]?.value;
    if (sub === undefined || sub === null) return w.unknown(inv, sub === null ? 'dynamic_word' : 'shell_command_unproven');
    if (reads.includes(sub)) return w.acc.read();
    if (checks.includes(sub)) return runChecker(w, inv, i + 1);
    // Builds and other goals write outputs whose paths the build file decides.
    w.unprovenWrite(inv, 'write_path_missing');
  };
}

const mvn = subcommandChecker(['test', 'verify', 'validate', 'checkstyle:check', 'spotbugs:check', 'pmd:check', 'surefire:test']);
const gradle = subcommandChecker(['test', 'check', 'lint', 'detekt', 'ktlintCheck', 'spotlessCheck']);

/** Checkers that never write. */
const PURE = [
  'jest', 'mocha', 'ava', 'tap', 'pytest', 'py.test', 'mypy', 'pyright', 'flake8', 'pylint', 'pyflakes', 'bandit', 'shellcheck',
  'hadolint', 'rspec', 'phpunit', 'phpstan', 'psalm', 'cspell', 'vale', 'actionlint', 'yamllint', 'tox', 'nox', 'cucumber-js',
  'karma', 'jasmine', 'nyc', 'c8', 'vue-tsc', 'svelte-check', 'tsd', 'dtslint', 'publint', 'attw', 'lychee', 'codespell',
  'ctest', 'busted', 'bats', 'behave', 'unittest', 'pydocstyle', 'pycodestyle', 'hlint', 'credo', 'swiftlint', 'checkov', 'tflint',
];

const RUNNER_OPTIONS: Record<string, RunnerSpec> = {
  jest: { configShort: true, execOptions: ['--rootDir', '--roots', '--projects'] },
  pytest: { execOptions: ['-p', '-o', '-c'] },
  'py.test': { execOptions: ['-p', '-o', '-c'] },
  mocha: { execOptions: ['-r', '--ui', '-u', '--extension'] },
  mypy: { writeOptions: ['--html-report', '--txt-report', '--xml-report', '--junit-xml', '--linecount-report', '--any-exprs-report', '--cobertura-xml-report', '--lineprecision-report', '--linecoverage-report', '--memory-xml-report', '--xslt-html-report', '--xslt-txt-report'], execOptions: ['--python-executable', '--custom-typeshed-dir'] },
  pylint: { execOptions: ['--load-plugins', '--init-hook', '--rcfile'], writeOptions: ['--output'] },
  flake8: { writeOptions: ['--output-file', '--tee'], execOptions: ['--append-config', '--enable-extensions', '--require-plugins'] },
  phpunit: { writeOptions: ['--log-junit', '--log-teamcity', '--testdox-html', '--testdox-text', '--testdox-xml', '--coverage-html', '--coverage-clover', '--coverage-php', '--coverage-text', '--coverage-xml', '--coverage-cobertura', '--coverage-crap4j'], execOptions: ['--bootstrap', '--extension', '--include-path'] },
  rspec: { writeOptions: ['--out'], execOptions: ['-r', '--require', '-I'] },
  shellcheck: { execOptions: ['-x', '--external-sources'] },
};

/** Checkers that execute the files they are given. */
const RUNS_FILES = new Set(['jest', 'mocha', 'ava', 'tap', 'pytest', 'py.test', 'karma', 'jasmine', 'cucumber-js', 'rspec', 'phpunit', 'busted', 'bats', 'behave', 'unittest']);

/**
 * c8 / nyc run another command under coverage: the inner command is classified as typed
 * (a check stays a check); `report`/`check-coverage` only read the coverage data.
 */
const coverageWrapper: Handler = (w, inv) => {
  const args = inv.args;
  let i = 1;
  for (; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) return w.unknown(inv, 'dynamic_word');
    if (!v.startsWith('-')) break;
    if (v === '--') {
      i++;
      break;
    }
    if (/^--(?:require|r|exec|extension|instrumenter|source-map|hook-\w+)(?:=|$)|^-[ri]$/.test(v)) return w.unknown(inv, 'shell_command_unproven');
    // Options with a separate value (`-r lcov`, `--reporter text`, `--report-dir x`).
    if (!v.includes('=') && /^(?:-[rox]|--(?:reporter|report-dir|reports-dir|temp-directory|temp-dir|include|exclude|n|x|src|cwd|lines|branches|functions|statements|exclude-after-remap))$/.test(v)) i++;
  }
  const sub = args[i]?.value;
  if (sub === undefined || sub === 'report' || sub === 'check-coverage') return w.acc.read();
  if (sub === null) return w.unknown(inv, 'dynamic_word');
  w.run(inv, args.slice(i));
};

export const checkHandlers: Record<string, Handler> = {
  ...Object.fromEntries(PURE.filter((n) => n !== 'nyc' && n !== 'c8').map((n) => [n, runner({ short: n === 'jest' ? 'u' : '', runsFiles: RUNS_FILES.has(n), ...RUNNER_OPTIONS[n] })])),
  c8: coverageWrapper,
  nyc: coverageWrapper,
  vitest,
  tsc,
  eslint,
  ruff,
  biome,
  'golangci-lint': golangciLint,
  prettier,
  gofmt,
  goimports: runner({ short: 'w' }),
  stylelint: runner(),
  markdownlint: runner(),
  'markdownlint-cli2': runner(),
  standard: runner(),
  xo: runner(),
  tslint: runner(),
  oxlint: runner(),
  knip: runner(),
  rubocop: runner({ short: 'aA' }),
  black: runner({ writesByDefault: true, checkFlags: ['--check', '--diff'] }),
  isort: runner({ writesByDefault: true, checkFlags: ['--check-only', '--check', '--diff'], checkShort: 'c' }),
  autopep8: runner({ short: 'i' }),
  'clang-format': runner({ short: 'i' }),
  rustfmt: runner({ writesByDefault: true, checkFlags: ['--check'] }),
  ktlint: runner({ short: 'F', long: ['--format'] }),
  mvn,
  mvnw: mvn,
  gradle,
  gradlew: gradle,
};

/** A `make` target or package script name that counts as a check. */
export function isCheckName(name: string, configured: readonly string[]): boolean {
  return name === 'test' || name === 'lint' || name === 'typecheck' || name === 'check' || configured.includes(name);
}
