// Test, lint and type-check runners (mutability `check`). Any write flag (`--fix`,
// `--write`, `-u`, snapshot updates) or a formatter's default rewrite makes them writes of
// the paths they were given (the current folder when none).
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

export interface RunnerSpec {
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
  runChecker(w, inv, 1, { long: ['--fix-type'] });
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
  runChecker(w, inv, from, { short: 'u' });
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

export const checkHandlers: Record<string, Handler> = {
  ...Object.fromEntries(PURE.map((n) => [n, runner({ short: n === 'jest' ? 'u' : '' })])),
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
