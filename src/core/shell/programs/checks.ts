// Test, lint and type-check runners (mutability `check`), closed-world (check-runner.ts,
// docs/DESIGN.md#shell-classification): each runner is a check only with options from its
// table. Options that write (`--fix`, `--outputFile`, a report or cache folder) make it a
// write of what they name; options that run code (`--require`, a reporter module, an
// inline config) or select another project make it unproven; a runner that executes its
// operands runs only test files inside the project. The big runners' tables are in
// checks-js.ts, checks-python.ts and checks-build.ts; the smaller linters are here.
import type { Handler, Invocation, ShellWalker } from '../walker.js';
import type { Arg } from '../words.js';
import { defineCheck, runCheck, writeOperands, type Check, type CheckSpec } from './check-runner.js';
import { gradle, mvn } from './checks-build.js';
import { AVA, biome, c8, ESLINT, JEST, MOCHA, nyc, PRETTIER, tsc, vitest } from './checks-js.js';
import { BLACK, FLAKE8, ISORT, MYPY, PYLINT, PYRIGHT, PYTEST, ruff, tox } from './checks-python.js';
import { handlerTable, handlersOf, type HandlerTable } from '../handler-table.js';
import { lookupTable } from '../../lookup-table.js';
import { trimEndOf } from '../../intents/line-text.js';

export { vitest } from './checks-js.js';

const HV = '-h --help -V --version -v --verbose -q --quiet --color --no-color';

const small = (read: string, extra: Omit<CheckSpec, 'options'> & { write?: string; exec?: string; unsafe?: string; singleDash?: boolean } = {}): Check => {
  const { write, exec, unsafe, singleDash, ...rest } = extra;
  return defineCheck(() => {
    // The common options may repeat a runner's own: each is listed once.
    const once = [
      ...new Map(
        read
          .split(/\s+/)
          .filter(Boolean)
          .map((t) => [trimEndOf(t, ':=[]'), t]),
      ).values(),
    ].join(' ');
    return { options: { read: once, write, exec, unsafe, singleDash, abbrev: false }, ...rest };
  });
};

/** Runners with only the common options; anything else they are given is unproven. */
export const MINIMAL = small(HV);
export const MINIMAL_FILES = small(HV, { operands: 'files' });

const SHELLCHECK = small(
  '-h --help -V --version -a --check-sourced -C:: --color[=] -i: --include= -e: --exclude= --extended-analysis= -f: --format= --list-optional -o: ' +
    '--enable= -P: --source-path= -s: --shell= -S: --severity= -W: --wiki-link-count= -x --external-sources --norc --rcfile=',
  {
    config: '--rcfile',
    configName: /^\.?shellcheckrc$/,
    values: { '-f': /^(?:checkstyle|diff|gcc|json|json1|quiet|tty)$/, '--format': /^(?:checkstyle|diff|gcc|json|json1|quiet|tty)$/ },
  },
);

const STYLELINT_FORMATS = /^(?:compact|github|json|string|tap|unix|verbose)$/;
const STYLELINT = small(
  `${HV} --fix --config= -c: --formatter= -f: --quiet --max-warnings= --mw= --ignore-path= -i: --ignore-pattern= --ip= --allow-empty-input --aei ` +
    '--report-needless-disables --rd --report-invalid-scope-disables --risd --report-descriptionless-disables --rdd --disable-default-ignores --di ' +
    '--print-config --stdin-filename= --cache --cache-strategy=',
  {
    write: '--output-file= -o: --cache-location=',
    exec: '--custom-syntax= --custom-formatter= --globby-options=',
    unsafe: '--config-basedir=',
    fix: '--fix',
    artifact: '--cache',
    config: '-c --config',
    configName: /^(?:\.stylelintrc(?:\.(?:json|ya?ml|[cm]?js))?|stylelint\.config\.[cm]?js)$/,
    values: { '-f': STYLELINT_FORMATS, '--formatter': STYLELINT_FORMATS },
    negation: true,
  },
);

const MARKDOWNLINT = small(`${HV} --fix -c: --config= -i: --ignore= -s --stdin --dot -j --json -p: --ignore-path=`, {
  write: '-o: --output=',
  exec: '-r: --rules=',
  fix: '--fix',
  config: '-c --config',
  configName: /^\.markdownlint(?:-cli2)?\.(?:jsonc?|ya?ml|[cm]?js)$/,
});

const MARKDOWNLINT_CLI2 = small(`${HV} --fix --no-globs --config=`, {
  fix: '--fix',
  config: '--config',
  configName: /^\.markdownlint(?:-cli2)?\.(?:jsonc?|ya?ml|[cm]?js)$/,
});

const CODESPELL = small(
  `${HV} -L: --ignore-words-list= -I: --ignore-words= -S: --skip= -c --count -D: --dictionary= --builtin= -H --check-hidden -A: --after-context= ` +
    '-B: --before-context= -C: --context= --ignore-regex= --uri-ignore-words-list= --ignore-multiline-regex= -e --hard-encoding-detection ' +
    '--toml= --config= -r: --regex= --summary --quiet-level= -f --check-filenames -w --write-changes -i: --interactive=',
  { fix: '-w --write-changes -i --interactive', config: '--config --toml', configName: /^(?:\.codespellrc|setup\.cfg|pyproject\.toml)$/ },
);

const YAMLLINT = small('-h --help -v --version -c: --config-file= -d: --config-data= -f: --format= -s --strict --no-warnings --list-files', {
  config: '-c --config-file',
  configName: /^\.?yamllint(?:\.ya?ml)?$/,
  values: { '-f': /^(?:parsable|standard|colored|github|auto)$/, '--format': /^(?:parsable|standard|colored|github|auto)$/ },
});

const HADOLINT = small(
  '-h --help -v --version -V --verbose -c: --config= -f: --format= --ignore= --trusted-registry= -t: --failure-threshold= --no-fail --no-color ' +
    '--strict-labels --require-label= --disable-ignore-pragma --error= --warning= --info= --style= --file-path-in-report=',
  { config: '-c --config', configName: /^\.?hadolint\.ya?ml$/ },
);

/** actionlint runs shellcheck and pyflakes from PATH, or the programs named by these flags. */
const ACTIONLINT = small('--help --version --format= --ignore= --color --no-color --oneline --verbose --debug --config-file= --stdin-filename= --no-ignore', {
  exec: '--shellcheck= --pyflakes=',
  write: '--init-config',
  config: '--config-file',
  configName: /^actionlint\.ya?ml$/,
  singleDash: true,
});

const GOLANGCI = small(
  `${HV} -c: --config= --no-config --default= -E: --enable= -D: --disable= --enable-only= --fast-only -j: --concurrency= --timeout= --tests --build-tags= ` +
    '--modules-download-mode= --issues-exit-code= --max-issues-per-linter= --max-same-issues= --new --new-from-rev= --new-from-patch= --new-from-merge-base= ' +
    '--whole-files --uniq-by-line --sort-results --show-stats --path-prefix= --path-mode= --output.text.path= --output.json.path= --out-format= --print-issued-lines ' +
    '--print-linter-name --allow-parallel-runners --allow-serial-runners --fix',
  { exec: '--cpu-profile-path= --mem-profile-path= --trace-path=', fix: '--fix', config: '-c --config', configName: /^\.golangci\.(?:ya?ml|toml|json)$/ },
);

const golangciLint: Handler = (w, inv) => {
  const sub = inv.args[1]?.value;
  if (sub === 'version' || sub === 'linters' || sub === 'help' || sub === 'formatters') return w.acc.read();
  if (sub === 'run' || sub === 'config') return runCheck(w, inv, 2, GOLANGCI);
  if (sub === undefined || sub?.startsWith('-')) return runCheck(w, inv, 1, GOLANGCI);
  w.unknown(inv, 'shell_command_unproven');
};

const RUBOCOP = small(
  `${HV} -c: --config= -f: --format= --only= --except= -D --display-cop-names -E --extra-details -S --display-style-guide -P --parallel --no-parallel ` +
    '-L --list-target-files -l --lint --fail-level= --fail-fast -F --force-exclusion --ignore-parent-exclusion --only-recognized-file-types -s: --stdin= ' +
    '--display-only-fail-level-offenses --display-only-failed --display-only-correctable --display-only-safe-correctable --cache= -a --autocorrect ' +
    '-A --autocorrect-all -x --fix-layout --safe-correct --auto-correct',
  {
    write: '-o: --out= --cache-root=',
    exec: '-r: --require= --plugin=',
    unsafe: '--auto-gen-config --regenerate-todo --exclude-limit=',
    fix: '-a --autocorrect -A --autocorrect-all -x --fix-layout --safe-correct --auto-correct',
    config: '-c --config',
    configName: /^\.rubocop(?:_todo)?\.ya?ml$/,
    values: { '-f': /^(?:progress|simple|clang|fuubar|pacman|emacs|quiet|tap|worst|json|junit|offenses|files|github|markdown)$/ },
  },
);

/** gofmt and goimports print the formatted source unless `-w` (Go's one-dash flags). */
const GOFMT = small('--d --e --l --s --r= --w', { write: '--cpuprofile=', fix: '--w', singleDash: true });
const GOIMPORTS = small('--d --e --l --local= --srcdir= --format-only --v --w', { fix: '--w', singleDash: true });

const RUSTFMT = small(`${HV} --check --edition= --emit= --backup --print-config= -l --files-with-diff --color=`, {
  unsafe: '--config-path= --config=',
  writesByDefault: true,
  checkOptions: '--check',
  values: { '--emit': /^stdout$/ },
});

const CLANG_FORMAT = small(
  '--help --version --n --dry-run --Werror --style= --fallback-style= --assume-filename= --lines= --offset= --length= --sort-includes --verbose --i',
  {
    fix: '--i',
    singleDash: true,
  },
);

const AUTOPEP8 = small(
  `${HV} -d --diff -i --in-place -r --recursive -j: --jobs= -p: --pep8-passes= -a --aggressive --experimental --exclude= --list-fixes --ignore= --select= --max-line-length= --line-range= --range= --indent-size= --hang-closing --exit-code --global-config= --ignore-local-config`,
  {
    fix: '-i --in-place',
  },
);

const KTLINT = small(
  `${HV} -F --format --relative --reporter= --editorconfig= --color --color-name= --limit= --disabled_rules= --android --experimental --code-style=`,
  {
    fix: '-F --format',
    exec: '-R: --ruleset=',
    values: { '--reporter': /^(?:plain|json|sarif|checkstyle|html|baseline|plain-summary)$/ },
  },
);

const XO = small(
  `${HV} --fix --reporter= --space[=] --semicolon --no-semicolon --prettier --react --print-config= --stdin --stdin-filename= --open --env= --global= --ignore= --extension=`,
  {
    fix: '--fix',
    exec: '--plugin= --extend= --parser=',
    unsafe: '--cwd=',
  },
);

const STANDARD = small(`${HV} --fix --env= --global= --stdin`, { fix: '--fix', exec: '--plugin= --parser=' });

const OXLINT = small(
  `${HV} -c: --config= --tsconfig= -A: --allow= -W: --warn= -D: --deny= --fix --fix-suggestions --fix-dangerously --quiet --max-warnings= --deny-warnings ` +
    '-f: --format= --ignore-path= --ignore-pattern= --no-ignore --threads= --disable-nested-config --report-unused-disable-directives --import-plugin ' +
    '--react-plugin --jsx-a11y-plugin --nextjs-plugin --vitest-plugin --jest-plugin --promise-plugin --node-plugin --type-aware --rules ' +
    // The built-in plugins switched on or off (oxlint's own code, not plugins it loads).
    '--jsdoc-plugin --react-perf-plugin --disable-react-plugin --disable-unicorn-plugin --disable-oxc-plugin --disable-typescript-plugin --disable-import-plugin --symlinks --silent',
  { fix: '--fix --fix-suggestions --fix-dangerously', exec: '--js-plugins=', config: '-c --config', configName: /^\.?oxlintrc\.json$/ },
);

const KNIP = small(
  `${HV} --production --strict --include= --exclude= --workspace= -W: --dependencies --exports --files --include-entry-exports --no-progress --reporter= --no-exit-code --max-issues= --cache --isolate-workspaces --tags= --tsConfig= -c: --config= --fix --fix-type= --allow-remove-files --format`,
  {
    fix: '--fix --allow-remove-files',
    artifact: '--cache',
    unsafe: '--directory=',
    exec: '--preprocessor=',
    config: '-c --config',
    configName: /^(?:\.?knip\.jsonc?|knip\.(?:[cm]?[jt]s))$/,
    values: { '--reporter': /^(?:symbols|compact|codeowners|json|markdown|codeclimate|disclosure)$/ },
  },
);

const PHPUNIT = small(
  `--help --version --testsuite= --filter= --group= --exclude-group= --list-tests --list-groups --list-suites --stop-on-failure --stop-on-error ` +
    '--stop-on-defect --fail-on-warning --fail-on-risky --colors[=] --no-coverage --testdox --do-not-cache-result --order-by= --random-order-seed= ' +
    '--display-deprecations --display-warnings --display-notices --display-errors --no-progress --no-output -c: --configuration= --no-configuration',
  {
    write:
      '--log-junit= --log-teamcity= --testdox-html= --testdox-text= --testdox-xml= --coverage-html= --coverage-clover= --coverage-php= --coverage-text= ' +
      '--coverage-xml= --coverage-cobertura= --coverage-crap4j= --cache-directory=',
    exec: '--bootstrap= --extension= --include-path= -d:',
    config: '-c --configuration',
    configName: /^phpunit\.xml(?:\.dist)?$/,
    operands: 'files',
  },
);

const rspecOptions = small(
  `${HV} -e: --example= -t: --tag= --fail-fast[=] --order= --seed= --only-failures --next-failure -f: --format= --dry-run --force-color --no-color -b --backtrace -w --warnings -p --profile[=] --bisect`,
  {
    write: '-o: --out=',
    exec: '-r: --require= -I:',
    values: { '-f': /^(?:progress|p|documentation|d|html|h|json|j|failures|f)$/, '--format': /^(?:progress|p|documentation|d|html|h|json|j|failures|f)$/ },
    operands: 'files',
  },
);

const BATS = small(
  '-h --help -v --version -c --count -f: --filter= -F: --formatter= -j: --jobs= -p --pretty -r --recursive -t --tap -T --timing --print-output-on-failure --show-output-of-passing-tests --verbose-run -x --trace',
  {
    write: '-o: --output= --report-formatter=',
    values: { '-F': /^(?:pretty|tap|tap13|junit)$/, '--formatter': /^(?:pretty|tap|tap13|junit)$/ },
    operands: 'files',
  },
);

const UNITTEST = small('-h --help -v --verbose -q --quiet -f --failfast -c --catch -b --buffer -k: --locals --durations=', { operands: 'files' });

/** Checkers with a table of their own; every other name on the check list takes only the common options. */
export const TABLES = lookupTable<Check>({
  __proto__: null,
  jest: JEST,
  mocha: MOCHA,
  ava: AVA,
  pytest: PYTEST,
  'py.test': PYTEST,
  mypy: MYPY,
  pyright: PYRIGHT,
  flake8: FLAKE8,
  pylint: PYLINT,
  black: BLACK,
  isort: ISORT,
  eslint: ESLINT,
  prettier: PRETTIER,
  shellcheck: SHELLCHECK,
  stylelint: STYLELINT,
  markdownlint: MARKDOWNLINT,
  'markdownlint-cli2': MARKDOWNLINT_CLI2,
  codespell: CODESPELL,
  yamllint: YAMLLINT,
  hadolint: HADOLINT,
  actionlint: ACTIONLINT,
  rubocop: RUBOCOP,
  gofmt: GOFMT,
  goimports: GOIMPORTS,
  rustfmt: RUSTFMT,
  'clang-format': CLANG_FORMAT,
  autopep8: AUTOPEP8,
  ktlint: KTLINT,
  xo: XO,
  standard: STANDARD,
  oxlint: OXLINT,
  knip: KNIP,
  phpunit: PHPUNIT,
  rspec: rspecOptions,
  bats: BATS,
  unittest: UNITTEST,
});

/**
 * Checkers known only by name: their common options, operands as paths (runners of files screened).
 * Not nox: it is a task runner whose sessions (Python in noxfile.py) run and install whatever
 * they name, like a Makefile remit cannot read.
 */
export const MINIMAL_NAMES = [
  'pyflakes',
  'bandit',
  'phpstan',
  'psalm',
  'cspell',
  'cucumber-js',
  'vue-tsc',
  'svelte-check',
  'tsd',
  'dtslint',
  'publint',
  'attw',
  'lychee',
  'ctest',
  'hlint',
  'credo',
  'swiftlint',
  'checkov',
  'tflint',
  'tslint',
  'pydocstyle',
  'pycodestyle',
];
export const MINIMAL_FILE_RUNNERS = ['tap', 'karma', 'jasmine', 'busted', 'behave'];

const tableHandler =
  (c: Check): Handler =>
  (w, inv) =>
    runCheck(w, inv, 1, c);

/** Flags that make any runner rewrite files (`--fix`, snapshot updates). */
const FIX_FLAGS =
  /^--(?:fix|write|update-snapshots?|updateSnapshot|snapshot-update|apply|apply-unsafe|autocorrect|autocorrect-all|fix-only|in-place|update)(?:=(?!false$).*)?$|^-[a-tv-zA-Z]*u[a-zA-Z]*$/;

/**
 * A command the user configured as a check (`checkCommands`, matched as an argv prefix):
 * the user vouches for it and for the options it takes, except those that make runners
 * rewrite files (a write of the operands) and words we cannot see.
 */
export function runChecker(w: ShellWalker, inv: Invocation, from: number): void {
  const operands: Arg[] = [];
  let fix = false;
  for (let i = from; i < inv.args.length; i++) {
    const a = inv.args[i]!;
    if (a.value === null) return w.unknown(inv, 'dynamic_word');
    if (a.value.startsWith('-')) fix ||= FIX_FLAGS.test(a.value);
    else operands.push(a);
  }
  if (fix) return writeOperands(w, inv, operands);
  w.check(inv);
}

/** vale lints prose; `vale sync` downloads the packages `.vale.ini` names into its styles folder. */
const valeCheck = tableHandler(MINIMAL);
const vale: Handler = (w, inv) => {
  const sub = inv.args[1]?.value;
  if (sub === 'sync') return w.unprovenWrite(inv, 'write_path_missing');
  if (sub === 'ls-config' || sub === 'ls-dirs' || sub === 'ls-metrics' || sub === 'ls-vars')
    return inv.args.length === 2 ? w.acc.read() : w.unknown(inv, 'shell_command_unproven');
  valeCheck(w, inv);
};

export const checkHandlers: HandlerTable = handlerTable(
  [MINIMAL_NAMES, tableHandler(MINIMAL)],
  [MINIMAL_FILE_RUNNERS, tableHandler(MINIMAL_FILES)],
  handlersOf(TABLES, tableHandler),
  {
    __proto__: null,
    c8,
    nyc,
    tox,
    vitest,
    tsc,
    ruff,
    biome,
    'golangci-lint': golangciLint,
    mvn,
    mvnw: mvn,
    gradle,
    gradlew: gradle,
    vale,
  },
);

/** A `make` target or package script name that counts as a check. */
export function isCheckName(name: string, configured: readonly string[]): boolean {
  return name === 'test' || name === 'lint' || name === 'typecheck' || name === 'check' || configured.includes(name);
}
