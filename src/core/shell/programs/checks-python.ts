// Python checkers with closed tables (check-runner.ts): pytest, mypy, pyright, flake8,
// pylint, ruff, black, isort, and tox, which runs the commands its tox.ini gives each
// environment (classified as typed, like a package script).
import { cloneScope, type Handler } from '../walker.js';
import { defineCheck, runCheck } from './check-runner.js';
import { restOfLine } from '../../intents/line-text.js';

const PY_CONFIG =
  /^(?:pytest\.ini|\.pytest\.ini|pyproject\.toml|tox\.ini|setup\.cfg|mypy\.ini|\.mypy\.ini|\.flake8|\.pylintrc|pylintrc|ruff\.toml|\.ruff\.toml|pyrightconfig\.json|\.isort\.cfg)$/;

/** `action:message:category:module:lineno` with a builtin (undotted) category: nothing is imported. */
const SAFE_WARNING_FILTER = /^[^:]*(?::[^:]*(?::[^:.]*(?::.*)?)?)?$/;

/** pytest (argparse without abbreviations). It imports the files it is given. */
export const PYTEST = defineCheck({
  options: {
    read:
      '-h --help --version -V -q --quiet -v --verbose -x --exitfirst --maxfail= -s -l --showlocals --full-trace -k: -m: -r: --tb= --show-capture= ' +
      '--color= --code-highlight= --capture= --lf --last-failed --ff --failed-first --nf --new-first --sw --stepwise --sw-skip --stepwise-skip ' +
      '--lfnf= --last-failed-no-failures= --cache-show[=] --cache-clear --co --collect-only --collectonly --durations= --durations-min= ' +
      '--disable-warnings --disable-pytest-warnings -W: --pythonwarnings= --strict-markers --strict-config --strict --fixtures --funcargs ' +
      '--fixtures-per-test --markers --setup-only --setup-show --setup-plan --import-mode= --deselect= --ignore= --ignore-glob= ' +
      '--continue-on-collection-errors --runxfail --assert= --no-header --no-summary --no-fold-skipped --log-level= --log-format= ' +
      '--log-date-format= --log-cli-level= --log-cli-format= --log-cli-date-format= --log-auto-indent= --log-disable= --xfail-tb --keep-duplicates ' +
      '--noconftest --doctest-report= --doctest-continue-on-failure --timeout= --timeout-method= -n: --numprocesses= --dist= --maxprocesses= ' +
      '--reruns= --reruns-delay= --only-rerun= --no-cov --cov-fail-under= --cov-branch --cov-append --cov-context= --no-cov-on-fail ' +
      '--randomly-seed= -p: --junit-prefix= -c: --config-file= --cov[=] --cov-report= --debug[=] --benchmark-autosave',
    write: '--basetemp= --junitxml= --junit-xml= --result-log= --report-log= --log-file= --resultlog= --json-report-file= --html= --benchmark-save=',
    // `--pdb`/`--trace` stop in the debugger, which runs Python typed on standard input.
    exec: '--pyargs --doctest-modules --doctest-glob= --pdb --trace --pdbcls= -o: --override-ini= --rootdir= --confcutdir=',
    abbrev: false,
  },
  // pytest-cov keeps `.coverage` and writes the reports it is asked for; --debug writes pytestdebug.log.
  artifact: '--cov --cov-report --debug --benchmark-autosave',
  config: '-c --config-file',
  configName: PY_CONFIG,
  // `-p no:cacheprovider` turns a plugin off; any other `-p` loads one. A warning filter whose
  // category is dotted (`error::tools.json.X`) imports that module, as `python -W` does.
  values: { '-p': /^no:[\w.-]+$/, '-W': SAFE_WARNING_FILTER, '--pythonwarnings': SAFE_WARNING_FILTER },
  operands: 'files',
});

/** mypy (argparse; `@file` reads more arguments from a file). */
export const MYPY = defineCheck({
  options: {
    read:
      '-h --help -V --version -v --verbose --strict --ignore-missing-imports --follow-imports= --python-version= --platform= --show-error-codes ' +
      '--hide-error-codes --show-column-numbers --show-error-end --show-error-context --pretty --no-pretty --no-error-summary --warn-unused-ignores ' +
      '--warn-return-any --warn-redundant-casts --warn-unused-configs --warn-unreachable --disallow-untyped-defs --disallow-any-generics ' +
      '--disallow-untyped-calls --disallow-incomplete-defs --disallow-untyped-decorators --disallow-subclassing-any --check-untyped-defs ' +
      '--no-implicit-optional --namespace-packages --no-namespace-packages --explicit-package-bases -p: --package= -m: --module= -c: --command= ' +
      '--exclude= --no-incremental --incremental --sqlite-cache --cache-fine-grained --skip-cache-mtime-checks --config-file= --no-site-packages ' +
      '--no-silence-site-packages --show-traceback --tb --raise-exceptions --pdb --allow-redefinition --enable-error-code= --disable-error-code= ' +
      '--always-true= --always-false= --no-warn-no-return --strict-equality --extra-checks --local-partial-types --show-absolute-path ' +
      '--soft-error-limit= --non-interactive --no-color-output --color-output --error-summary --ignore-errors --allow-untyped-globals',
    write:
      '--cache-dir= --junit-xml= --html-report= --txt-report= --xml-report= --linecount-report= --any-exprs-report= --cobertura-xml-report= ' +
      '--lineprecision-report= --linecoverage-report= --memory-xml-report= --xslt-html-report= --xslt-txt-report=',
    exec: '--python-executable= --custom-typeshed-dir= --custom-typing-module= --install-types',
  },
  config: '--config-file',
  configName: PY_CONFIG,
});

export const PYRIGHT = defineCheck({
  options: {
    read:
      '-h --help --version --outputjson -p: --project= --pythonpath= --pythonplatform= --pythonversion= --level= --skipunannotated --stats --verbose ' +
      '--warnings --watch -w --dependencies --verifytypes= --ignoreexternal --lib --threads[=] -t: --typeshedpath= -v: --venvpath=',
    write: '--createstub=',
    abbrev: false,
  },
  config: '-p --project',
  configName: PY_CONFIG,
});

export const FLAKE8 = defineCheck({
  options: {
    read:
      '-h --help --version -q --quiet -v --verbose --count --select= --extend-select= --ignore= --extend-ignore= --max-line-length= ' +
      '--max-doc-length= --max-complexity= --exclude= --extend-exclude= --filename= --per-file-ignores= --format= --hang-closing --indent-size= ' +
      '--statistics --benchmark --show-source --no-show-source --exit-zero -j: --jobs= --color= --isolated --stdin-display-name= --disable-noqa ' +
      '--doctests --builtins= --config= --append-config= --bug-report',
    write: '--output-file= --tee',
    exec: '--require-plugins= --enable-extensions=',
  },
  config: '--config --append-config',
  configName: PY_CONFIG,
  values: { '--format': /^(?:default|pylint|quiet-filename|quiet-nothing)$/ },
});

export const PYLINT = defineCheck({
  options: {
    read:
      '-h --help --version -v --verbose --disable= -d: --enable= -e: --rcfile= --output-format= -f: -r: --reports= --score= -s: -j: --jobs= ' +
      '--errors-only -E --exit-zero --fail-under= --fail-on= --ignore= --ignore-patterns= --ignore-paths= --recursive= --max-line-length= ' +
      '--good-names= --msg-template= --persistent= --py-version= --generate-rcfile --generate-toml-config --list-msgs --list-msgs-enabled ' +
      '--list-groups --list-conf-levels --list-extensions --long-help --clear-cache-post-run= --from-stdin --source-roots=',
    write: '--output=',
    exec: '--load-plugins= --init-hook= --unsafe-load-any-extension= --extension-pkg-allow-list= --extension-pkg-whitelist=',
    abbrev: false,
  },
  config: '--rcfile',
  configName: PY_CONFIG,
  values: { '--output-format': /^(?:text|parseable|colorized|json|json2|msvs|github)$/, '-f': /^(?:text|parseable|colorized|json|json2|msvs|github)$/ },
});

const RUFF_COMMON =
  '-h --help -V --version -q --quiet -s --silent -v --verbose --no-cache --isolated --config= --stdin-filename= --respect-gitignore ' +
  '--no-respect-gitignore --force-exclude --no-force-exclude --exclude= --extend-exclude= --line-length= --target-version= --preview --no-preview ' +
  '--output-format= --exit-zero --exit-non-zero-on-fix -e --diff --watch -w --show-files --show-settings --range= -n ';

/** `ruff check`: `--fix`, `--fix-only` and `--add-noqa` rewrite the files. */
export const RUFF_CHECK = defineCheck({
  options: {
    read:
      RUFF_COMMON +
      '--select= --extend-select= --ignore= --extend-ignore= --per-file-ignores= --extend-per-file-ignores= --fixable= --unfixable= --extend-fixable= ' +
      '--show-fixes --no-show-fixes --statistics --ignore-noqa --no-fix --unsafe-fixes --no-unsafe-fixes --extension= --dummy-variable-rgx= ' +
      '--builtins= --fix --fix-only --add-noqa',
    write: '--cache-dir= -o: --output-file=',
    abbrev: false,
  },
  fix: '--fix --fix-only --add-noqa',
  config: '--config',
  configName: PY_CONFIG,
});

/** `ruff format` rewrites unless `--check` or `--diff`. */
export const RUFF_FORMAT = defineCheck({
  options: { read: `${RUFF_COMMON}--check --extension=`, write: '--cache-dir=', abbrev: false },
  writesByDefault: true,
  checkOptions: '--check --diff',
  config: '--config',
  configName: PY_CONFIG,
});

export const ruff: Handler = (w, inv) => {
  const sub = inv.args[1]?.value;
  if (sub === 'format') return runCheck(w, inv, 2, RUFF_FORMAT);
  if (sub === 'clean') return w.unprovenWrite(inv, 'write_path_missing');
  if (sub === 'version' || sub === '--version' || sub === '-V' || sub === 'rule' || sub === 'config' || sub === 'linter') return w.acc.read();
  runCheck(w, inv, sub === 'check' ? 2 : 1, RUFF_CHECK);
};

export const BLACK = defineCheck({
  options: {
    read:
      '-h --help --version -q --quiet -v --verbose -c: --code= -l: --line-length= -t: --target-version= --pyi --ipynb --python-cell-magics= ' +
      '-S --skip-string-normalization -C --skip-magic-trailing-comma --preview --unstable --enable-unstable-feature= --check --diff --color ' +
      '--no-color --fast --safe --required-version= --include= --exclude= --extend-exclude= --force-exclude= --stdin-filename= -W: --workers= ' +
      '--line-ranges= --config=',
    abbrev: false,
  },
  writesByDefault: true,
  checkOptions: '--check --diff -c --code',
  config: '--config',
  configName: PY_CONFIG,
});

export const ISORT = defineCheck({
  options: {
    read:
      '-h --help -V --version -q --quiet -v --verbose --check-only -c --check --diff --df --profile= -l: --line-length= --line-width= -m: ' +
      '--multi-line= --tc --trailing-comma --ca --combine-as --fss --force-sort-within-sections --sl --force-single-line-imports -p: --project= ' +
      '-o: --thirdparty= --skip= --extend-skip= --skip-glob= --filter-files --color --settings-path= --settings-file= --sp= --only-modified ' +
      '--show-files --stdout --jobs= -j:',
  },
  writesByDefault: true,
  checkOptions: '--check-only -c --check --diff --df --stdout --show-files',
  config: '--settings-path --settings-file --sp',
  configName: PY_CONFIG,
});

// ---- tox ----

/** `[testenv]` and `[testenv:NAME]` sections of tox.ini, with continuation lines joined. */
function toxSections(text: string): Map<string, Map<string, string>> {
  const sections = new Map<string, Map<string, string>>();
  let current: Map<string, string> | undefined;
  let key: string | undefined;
  for (const raw of text.split(/\r?\n/)) {
    if (/^\s*[#;]/.test(raw)) continue;
    const sec = /^\[([^\]]+)\]\s*$/.exec(raw);
    if (sec) {
      current = new Map();
      sections.set(sec[1]!.trim(), current);
      key = undefined;
      continue;
    }
    if (!current) continue;
    const kv = /^([A-Za-z_][\w.-]*)\s*=/.exec(raw);
    const value = kv && restOfLine(raw.slice(kv[0].length));
    if (kv && value !== null) {
      key = kv[1]!;
      current.set(key, value);
      continue;
    }
    if (key && /^\s+\S/.test(raw)) current.set(key, `${current.get(key)}\n${raw.trim()}`);
  }
  return sections;
}

const TOX_READ = new Set([
  '-h',
  '--help',
  '--version',
  '-q',
  '-qq',
  '-v',
  '-vv',
  '-vvv',
  '-p',
  '--parallel',
  '-r',
  '--recreate',
  '--skip-missing-interpreters',
  '--notest',
  '--no-provision',
  '--colored',
  '--exit-and-dump-after',
  '--list-envs',
  '-l',
  '-a',
  '--listenvs-all',
  '--showconfig',
]);
/** Keys whose value runs (or installs from) something tox.ini names, judged like the commands. */
const TOX_RUN_KEYS = ['commands_pre', 'commands', 'commands_post'];
/**
 * Keys that change how tox installs, which programs the commands find or where they run:
 * not followed. (The environments themselves live in `.tox/`, tox's own artefact, and
 * `deps` are what the project declares, like a requirements file.)
 */
const TOX_UNSAFE_KEYS = /^(?:install_command|list_dependencies_command|setenv|set_env|change_dir|changedir|runner)$/;

/**
 * `line` with each `{posargs}` or `{posargs:default}` replaced by `args`, as tox does (the
 * arguments go in as written). Where `/\{posargs(?::[^}]*)?\}/g` ran to the end from every
 * `{posargs:` with no `}` after it, the first such one ends the search.
 */
export function withPosargs(line: string, args: string): string {
  let out = '';
  let copied = 0;
  for (let at = line.indexOf('{posargs'); at >= 0; ) {
    const after = at + '{posargs'.length;
    const close = line[after] === '}' ? after : line[after] === ':' ? line.indexOf('}', after) : -2;
    if (close === -1) break;
    if (close === -2) {
      at = line.indexOf('{posargs', at + 1);
      continue;
    }
    out += line.slice(copied, at) + args;
    copied = close + 1;
    at = line.indexOf('{posargs', copied);
  }
  return out + line.slice(copied);
}

/**
 * tox runs each environment's `commands` (and their `_pre`/`_post`) from tox.ini: they are
 * classified as typed, in the project root. An environment whose install, runner or
 * environment settings are set, substitutions other than `{posargs}` and `{toxinidir}`, or
 * a tox.ini we cannot read leave it unproven. An environment named like a check (`test`,
 * `lint`, `typecheck`, `check`, `py3*` test envs) counts as a check unless its text writes.
 */
export const tox: Handler = (w, inv) => {
  const args = inv.args;
  const envs: string[] = [];
  let posargs: string[] = [];
  for (let i = 1; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) return w.unknown(inv, 'dynamic_word');
    if (v === '--') {
      const rest = args.slice(i + 1).map((a) => a.value);
      if (rest.some((r) => r === null)) return w.unknown(inv, 'dynamic_word');
      posargs = rest as string[];
      break;
    }
    if (v === '-e' || v === '--envlist') {
      const e = args[++i]?.value;
      if (!e) return w.unknown(inv, 'shell_command_unproven');
      envs.push(...e.split(','));
      continue;
    }
    if (v.startsWith('-e') && v.length > 2) {
      envs.push(...v.slice(2).split(','));
      continue;
    }
    if (TOX_READ.has(v)) {
      if (
        v === '--version' ||
        v === '-h' ||
        v === '--help' ||
        v === '-l' ||
        v === '--list-envs' ||
        v === '-a' ||
        v === '--listenvs-all' ||
        v === '--showconfig'
      )
        return w.acc.read();
      continue;
    }
    return w.unknown(inv, 'shell_command_unproven');
  }
  const root = inv.scope.cwd;
  const text = root === null ? undefined : w.readFile(`${root}/tox.ini`);
  if (text === undefined || root === null) return w.unknown(inv, 'script_unread');
  const sections = toxSections(text);
  if (envs.length === 0) {
    const list = sections.get('tox')?.get('envlist') ?? sections.get('tox')?.get('env_list');
    if (!list) return w.unknown(inv, 'script_unread');
    envs.push(...list.split(/[\s,]+/).filter(Boolean));
  }
  const base = sections.get('testenv') ?? new Map<string, string>();
  for (const env of envs) {
    if (!/^[\w.-]+$/.test(env)) return w.unknown(inv, 'shell_command_unproven');
    const own = sections.get(`testenv:${env}`) ?? new Map<string, string>();
    const get = (k: string): string | undefined => own.get(k) ?? base.get(k);
    for (const k of new Set([...base.keys(), ...own.keys()])) if (TOX_UNSAFE_KEYS.test(k)) return w.unknown(inv, 'shell_command_unproven');
    const lines: string[] = [];
    for (const k of TOX_RUN_KEYS) {
      const body = get(k);
      if (body === undefined) continue;
      for (const line of body.split('\n')) {
        const l = line.trim().replace(/^[-!]\s*/, '');
        if (l === '') continue;
        const expanded = withPosargs(l, posargs.join(' ')).replace(/\{toxinidir\}/g, root);
        if (/[{}]/.test(expanded)) return w.unknown(inv, 'shell_command_unproven');
        lines.push(expanded);
      }
    }
    if (lines.length === 0) return w.unknown(inv, 'script_unread');
    const scope = cloneScope(inv.scope);
    scope.cwd = root;
    // tox runs each command without a shell: a word list, which bash would split the same way for these texts.
    const sub = w.isolate(() => {
      for (const line of lines) w.reparse(inv, line, cloneScope(scope));
    });
    const check = /^(?:test|tests|lint|typecheck|type|check|py\d*|py3\d*|mypy|flake8|format-check)$/.test(env) || w.ctx.config.checkScripts.includes(env);
    w.acc.absorb(sub, check && sub.finish().mutability !== 'unknown', inv.text);
  }
};
