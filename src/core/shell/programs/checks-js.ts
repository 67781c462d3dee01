// JavaScript and TypeScript checkers, each with its closed table (check-runner.ts): vitest,
// jest, mocha, ava, node --test, eslint, prettier, tsc, biome, c8 and nyc. Tables come from
// each program's CLI reference; an option missing here leaves the command unproven.
import path from 'node:path';
import type { Handler, Invocation, ShellWalker } from '../walker.js';
import type { Arg } from '../words.js';
import { scanOptions } from '../option-table.js';
import { defineCheck, runCheck } from './check-runner.js';
import { foldersUp } from './workdir-config.js';

const HV = '-h --help -v --version';

/** vitest (cac: camel-cased names, `--no-x`). Operands filter the configured test files. */
const VITEST = defineCheck({
  options: {
    read:
      '-h --help -v --version -w --watch --run -t: --testNamePattern= --mode= --dir= --silent[=] --hideSkippedTests --passWithNoTests --logHeapUsage ' +
      '--allowOnly --dangerouslyIgnoreUnhandledErrors --shard= --changed[=] --globals --dom --isolate --fileParallelism --maxWorkers= --minWorkers= ' +
      '--testTimeout= --hookTimeout= --teardownTimeout= --bail= --retry= --maxConcurrency= --expandSnapshotDiff --disableConsoleIntercept ' +
      '--printConsoleTrace --includeTaskLocation --clearScreen --standalone --exclude= --project= --typecheck[=] --typecheck.enabled[=] --typecheck.only ' +
      '--typecheck.ignoreSourceErrors --typecheck.tsconfig= --typecheck.include= --typecheck.exclude= --sequence.shuffle[=] --sequence.shuffle.files ' +
      '--sequence.shuffle.tests --sequence.concurrent --sequence.seed= --sequence.hooks= --sequence.setupFiles= --segfaultRetry= --css[=] ' +
      '--pool= --poolOptions.threads.isolate --poolOptions.threads.singleThread --poolOptions.threads.maxThreads= --poolOptions.threads.minThreads= ' +
      '--poolOptions.forks.isolate --poolOptions.forks.singleFork --poolOptions.forks.maxForks= --poolOptions.forks.minForks= --vmMemoryLimit= ' +
      '--environment= --color --cache --reporter= --slowTestThreshold= --expect.requireAssertions --expect.poll.interval= --expect.poll.timeout= ' +
      '--diff.truncateThreshold= --diff.expand --diff.printBasicPrototype --diff.maxDepth= --mergeReports[=] --configLoader= --strictTags --tagsFilter= ' +
      '--listTags --update[=] -u -c: --config= --coverage[=] --coverage.enabled[=] --coverage.all[=] --coverage.provider= --coverage.include= ' +
      '--coverage.exclude= --coverage.extension= --coverage.clean[=] --coverage.cleanOnRerun[=] --coverage.reporter= --coverage.reportOnFailure[=] ' +
      '--coverage.allowExternal[=] --coverage.skipFull[=] --coverage.thresholds.100[=] --coverage.thresholds.perFile[=] --coverage.thresholds.autoUpdate[=] ' +
      '--coverage.thresholds.lines= --coverage.thresholds.functions= --coverage.thresholds.branches= --coverage.thresholds.statements= ' +
      '--coverage.ignoreEmptyLines[=] --coverage.processingConcurrency= --clearCache',
    write: '--outputFile= --coverage.reportsDirectory= --attachmentsDir= --cache.dir=',
    exec:
      '--ui --open[=] --api[=] --api.port= --api.host= --api.strictPort --browser[=] --browser.enabled[=] --browser.name= --browser.headless[=] ' +
      '--browser.provider= --browser.api= --inspect[=] --inspectBrk[=] --execArgv= --diff= --coverage.customProviderModule=',
    unsafe: '-r: --root= --workspace=',
    abbrev: false,
  },
  fix: '-u --update',
  artifact:
    '--coverage --coverage.enabled --coverage.all --coverage.provider --coverage.include --coverage.exclude --coverage.extension --coverage.clean ' +
    '--coverage.cleanOnRerun --coverage.reporter --coverage.reportOnFailure --coverage.allowExternal --coverage.skipFull --coverage.thresholds.100 ' +
    '--coverage.thresholds.perFile --coverage.thresholds.autoUpdate --coverage.thresholds.lines --coverage.thresholds.functions ' +
    '--coverage.thresholds.branches --coverage.thresholds.statements --coverage.ignoreEmptyLines --coverage.processingConcurrency --clearCache',
  config: '-c --config',
  configName: /^(?:vitest|vite)(?:\.[\w-]+)*\.config\.[cm]?[jt]s$|^vitest\.(?:workspace|projects)\.[cm]?[jt]s$/,
  values: {
    // json, junit and tap print unless --outputFile names a file; html and blob write report folders.
    '--reporter': /^(?:default|basic|verbose|dot|json|junit|tap|tap-flat|hanging-process|github-actions|tree|agent)$/,
    '--environment': /^(?:node|jsdom|happy-dom|edge-runtime)$/,
    '--pool': /^(?:threads|forks|vmThreads|vmForks|typescript)$/,
    '--configLoader': /^(?:bundle|runner|native)$/,
  },
  camelCase: true,
  negation: true,
});

const VITEST_SUBCOMMANDS = new Set(['run', 'watch', 'dev', 'related', 'bench']);

export const vitest: Handler = (w, inv) => {
  const sub = inv.args[1]?.value;
  if (sub === 'init' || sub === 'list') return w.unknown(inv, 'shell_command_unproven');
  // `--outputFile.json=x` names the file of one reporter.
  const args = inv.args.map((a) =>
    a.value !== null && /^--output-?[Ff]ile\.[\w-]+=/.test(a.value) ? { ...a, value: `--outputFile=${a.value.slice(a.value.indexOf('=') + 1)}` } : a,
  );
  runCheck(w, { ...inv, args }, sub !== undefined && sub !== null && VITEST_SUBCOMMANDS.has(sub) ? 2 : 1, VITEST);
};

/** jest (yargs: camel-cased names, `--no-x`). Operands are test path patterns. */
export const JEST = defineCheck({
  options: {
    read:
      '-h --help -v --version --all -b --bail[=] --ci --changedFilesWithAncestor --changedSince= --clearMocks --color --colors --debug --detectLeaks ' +
      '--detectOpenHandles --errorOnDeprecated -e --expand --findRelatedTests --forceExit --ignoreProjects= --injectGlobals --json --lastCommit ' +
      '--listTests --logHeapUsage --maxConcurrency= -w: --maxWorkers= --noStackTrace -o --onlyChanged -f --onlyFailures --openHandlesTimeout= ' +
      '--passWithNoTests --randomize --resetMocks --resetModules --restoreMocks -i --runInBand --runTestsByPath --seed= --selectProjects= --shard= ' +
      '--showConfig --showSeed --silent -t: --testNamePattern= --testLocationInResults --testPathIgnorePatterns= --testPathPattern= ' +
      '--testPathPatterns= --testTimeout= --useStderr --verbose --watch --watchAll --watchman --workerThreads --workerIdleMemoryLimit= ' +
      '--watchPathIgnorePatterns= --automock --coverageProvider= --collectCoverageFrom= --coverageThreshold= --coveragePathIgnorePatterns= --cache ' +
      '--testFailureExitCode= --globals= --env= --testEnvironment= --reporters= --coverage[=] --collectCoverage[=] --coverageReporters= --clearCache ' +
      '-u --updateSnapshot -c: --config=',
    write: '--outputFile= --coverageDirectory= --cacheDirectory=',
    exec:
      '--testRunner= --runner= --globalSetup= --globalTeardown= --setupFiles= --setupFilesAfterEnv= --snapshotSerializers= --testResultsProcessor= ' +
      '--testSequencer= --transform= --moduleNameMapper= --haste= --watchPlugins= --preset= --prettierPath= --resolver= --filter= --notify ' +
      '--dependencyExtractor=',
    unsafe: '--rootDir= --roots= --projects= --testMatch= --testRegex= --moduleDirectories= --modulePaths= --moduleFileExtensions= --init',
    abbrev: false,
  },
  fix: '-u --updateSnapshot',
  artifact: '--coverage --collectCoverage --coverageReporters --clearCache',
  config: '-c --config',
  configName: /^jest\.config\.(?:[cm]?[jt]s|json)$|^package\.json$/,
  values: {
    '--env': /^(?:node|jsdom)$/,
    '--testEnvironment': /^(?:node|jsdom)$/,
    '--reporters': /^(?:default|summary|github-actions)$/,
  },
  camelCase: true,
  negation: true,
});

const MOCHA_REPORTERS = /^(?:spec|Spec|dot|Dot|dots|nyan|tap|TAP|landing|list|List|progress|json|JSON|json-stream|min|doc|markdown|xunit|base)$/;

/** mocha (yargs). It runs the files it is given. */
export const MOCHA = defineCheck({
  options: {
    read:
      '-h --help -V --version -A --asyncOnly -b --bail --checkLeaks --color -c --colors -C --delay --diff --dryRun --exit --failZero --forbidOnly ' +
      '--forbidPending --fullTrace -g: --grep= -f: --fgrep= -i --invert --inlineDiffs --listInterfaces --listReporters -p --parallel -j: --jobs= ' +
      '--recursive --retries= -s: --slow= --sort -S -t: --timeout= --timeouts= -w --watch --watchFiles= --watchIgnore= --allowUncaught ' +
      '--enableSourceMaps --global= --globals= --ignore= --exclude= --reporter= -R: --ui= -u: --config= --spec=',
    exec: '-r: --require= --file= -n: --nodeOption= --loader= --inspect[=] --inspectBrk[=]',
    unsafe: '-O: --reporterOption= --reporterOptions= --extension= --package= --opts=',
    abbrev: false,
  },
  config: '--config',
  configName: /^\.mocharc(?:\.[cm]?js|\.ya?ml|\.jsonc?)?$/,
  values: { '--reporter': MOCHA_REPORTERS, '-R': MOCHA_REPORTERS, '--ui': /^(?:bdd|tdd|qunit|exports)$/, '-u': /^(?:bdd|tdd|qunit|exports)$/ },
  operandOptions: '--spec',
  operands: 'files',
  camelCase: true,
  negation: true,
});

/** ava: runs the files it is given. */
export const AVA = defineCheck({
  options: {
    read: '-h --help -v --version --verbose --tap -t --match= -m: --fail-fast --serial -s --timeout= -T: --concurrency= -c: --watch -w --color --config=',
    exec: '--node-arguments=',
    abbrev: false,
  },
  fix: '-u --update-snapshots',
  artifact: '--reset-cache',
  config: '--config',
  configName: /^ava\.config\.[cm]?js$/,
  operands: 'files',
  negation: true,
});

const ESLINT_FORMATS = /^(?:stylish|json|json-with-metadata|html|compact|unix|tap|junit|checkstyle|visualstudio|jslint-xml|table|codeframe)$/;

/** eslint (optionator): `--fix` rewrites; `--cache` keeps `.eslintcache`; formatters and plugins outside the built-ins are modules. */
export const ESLINT = defineCheck({
  options: {
    read:
      `${HV} --env= --ext= --global= --parser-options= --rule= --no-eslintrc --no-config-lookup --ignore-path= --no-ignore --ignore-pattern= --stdin ` +
      '--stdin-filename= --quiet --max-warnings= --color --no-color --no-inline-config --report-unused-disable-directives ' +
      '--report-unused-disable-directives-severity= --report-unused-inline-configs= --debug --print-config= --env-info --no-error-on-unmatched-pattern ' +
      '--exit-on-fatal-error --no-warn-ignored --pass-on-no-patterns --pass-on-unpruned-suppressions --flag= --stats --fix-dry-run --fix-type= ' +
      '--cache-strategy= --concurrency= -f: --format= -c: --config= --fix --cache --suppress-all --suppress-rule= --prune-suppressions',
    write: '-o: --output-file= --cache-location= --cache-file= --suppressions-location=',
    exec: '--parser= --plugin= --resolve-plugins-relative-to= --rulesdir= --inspect-config --init --mcp',
    abbrev: false,
  },
  fix: '--fix',
  artifact: '--cache --suppress-all --suppress-rule --prune-suppressions',
  config: '-c --config',
  configName: /^(?:eslint\.config\.[cm]?[jt]s|\.eslintrc(?:\.(?:[cm]?js|json|ya?ml))?)$/,
  values: { '-f': ESLINT_FORMATS, '--format': ESLINT_FORMATS },
});

const PRETTIER_PARSERS =
  /^(?:babel|babel-flow|babel-ts|flow|typescript|espree|meriyah|acorn|css|less|scss|json|json5|jsonc|json-stringify|graphql|markdown|mdx|vue|yaml|glimmer|html|angular|lwc)$/;

/** prettier: prints unless `--write`; `--check`/`--list-different` only report. */
export const PRETTIER = defineCheck({
  options: {
    read:
      `${HV} --check -c --list-different -l --config= --no-config --config-precedence= --ignore-path= --no-editorconfig --with-node-modules ` +
      '--ignore-unknown -u --no-error-on-unmatched-pattern --log-level= --loglevel= --stdin-filepath= --find-config-path= --file-info= --support-info ' +
      '--no-color --color --cache-strategy= --debug-check --experimental-cli --print-width= --tab-width= --use-tabs --no-semi --semi --single-quote ' +
      '--jsx-single-quote --quote-props= --trailing-comma= --no-bracket-spacing --bracket-same-line --jsx-bracket-same-line --arrow-parens= --prose-wrap= ' +
      '--html-whitespace-sensitivity= --end-of-line= --embedded-language-formatting= --single-attribute-per-line --parser= --object-wrap= ' +
      '--vue-indent-script-and-style --experimental-ternaries --experimental-operator-position= --insert-pragma --require-pragma --range-start= ' +
      '--range-end= --cursor-offset= -w --write --cache',
    write: '--cache-location=',
    exec: '--plugin= --plugin-search-dir=',
    abbrev: false,
  },
  fix: '-w --write',
  artifact: '--cache',
  config: '--config',
  configName: /^(?:\.prettierrc(?:\.(?:json5?|ya?ml|toml|[cm]?[jt]s))?|prettier\.config\.[cm]?[jt]s|package\.json)$/,
  values: { '--parser': PRETTIER_PARSERS },
  negation: true,
});

/** tsc: every compiler option only shapes checking except the ones that write (tsc takes them in any case). */
export const TSC = defineCheck({
  options: {
    read:
      '-h --help -v --version --all --noEmit[=] --pretty[=] --listFiles --listFilesOnly --explainFiles --extendedDiagnostics --diagnostics ' +
      '--traceResolution --showConfig -p: --project= -w --watch --preserveWatchOutput --strict[=] --skipLibCheck[=] --noUnusedLocals[=] ' +
      '--noUnusedParameters[=] --noImplicitAny[=] --noImplicitReturns[=] --strictNullChecks[=] --exactOptionalPropertyTypes[=] ' +
      '--noUncheckedIndexedAccess[=] --noFallthroughCasesInSwitch[=] --noImplicitOverride[=] --noPropertyAccessFromIndexSignature[=] ' +
      '--allowJs[=] --checkJs[=] --jsx= --target= -t: --module= -m: --moduleResolution= --lib= --types= --typeRoots= --baseUrl= --rootDir= ' +
      '--resolveJsonModule[=] --esModuleInterop[=] --allowSyntheticDefaultImports[=] --isolatedModules[=] --verbatimModuleSyntax[=] ' +
      '--forceConsistentCasingInFileNames[=] --locale= --maxNodeModuleJsDepth= --noErrorTruncation[=] --noEmitOnError[=] --declaration[=] -d ' +
      '--sourceMap[=] --incremental[=] -i --composite[=] --stopBuildOnErrors --listEmittedFiles --build -b --verbose --dry --force -f',
    write: '--tsBuildInfoFile= --generateTrace= --generateCpuProfile= --outDir= --outFile= --out= --declarationDir=',
    unsafe: '--clean --init',
    abbrev: false,
    ignoreCase: true,
  },
});

/**
 * tsc emits JavaScript (into paths its tsconfig decides) unless `--noEmit`; `--incremental`
 * and `--composite` keep a build-info file even then; `--build` emits per project.
 */
/**
 * tsc's own parser: a boolean option takes the next word as its value when that word is
 * exactly `true` or `false` (`tsc --noEmit false` emits), and `@file` reads more options from
 * a file. The words are folded the way tsc reads them: `--x false` drops the option, `--x true`
 * keeps it; a response file is not read (unproven).
 */
function tscArgs(args: readonly Arg[]): Arg[] | null {
  const out: Arg[] = [args[0]!];
  for (let i = 1; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (v !== null && v.startsWith('@')) return null;
    const next = args[i + 1]?.value;
    if (v !== null && /^--?[A-Za-z]/.test(v) && !v.includes('=') && (next === 'true' || next === 'false')) {
      const def = TSC.table.long.get(v.replace(/^--?/, '').toLowerCase()) ?? (v.length === 2 ? TSC.table.short.get(v[1]!) : undefined);
      if (def && def.arity !== 'required') {
        // The last spelling wins: `--noEmit --noEmit false` emits.
        const same = (x: Arg): boolean => x.value !== null && x.value.replace(/^--?/, '').toLowerCase() === def.name.toLowerCase();
        for (let k = out.length - 1; k > 0; k--) if (same(out[k]!)) out.splice(k, 1);
        if (next === 'true') out.push(a);
        i++;
        continue;
      }
    }
    out.push(a);
  }
  return out;
}

export const tsc: Handler = (w, outer) => {
  const args = tscArgs(outer.args);
  if (args === null) return w.unknown(outer, 'shell_command_unproven');
  const inv = args.length === outer.args.length ? outer : { ...outer, args };
  const vals = inv.args.map((a) => a.value?.toLowerCase() ?? null);
  if (vals.length === 2 && (vals[1] === '-v' || vals[1] === '--version' || vals[1] === '-h' || vals[1] === '--help')) return w.acc.read();
  // The options as tsc's parser takes them: `tsc --baseUrl --noEmit a.ts` gives --noEmit to
  // --baseUrl as its value and emits a.js. tsc refuses `--noEmit=…`, so only the bare word proves it.
  const given = scanOptions(inv.args, 1, TSC.table).options;
  const has = (...names: string[]): boolean => given.some((o) => names.includes(o.name));
  if (has('--init')) return w.effect(inv, 'create', { value: 'tsconfig.json', glob: false, tilde: false, text: 'tsconfig.json' });
  const noEmit = has('--noEmit') && given.every((o) => o.name !== '--noEmit' || o.value === undefined);
  const build = has('--build', '-b');
  const buildInfo = has('--incremental', '--composite', '-i');
  const shows = has('--showConfig', '--listFilesOnly');
  const sub = w.isolate(() => runCheck(w, inv, 1, TSC));
  const r = sub.finish();
  w.acc.absorb(sub, false, inv.text);
  if (r.mutability === 'unknown' || r.mutability === 'write') return;
  if (!noEmit || build || buildInfo || has('--showConfig')) {
    if (shows) return w.acc.read();
    // Output folders come from tsconfig.json: the write is real, its paths unproven.
    return w.unprovenWrite(inv, 'write_path_missing');
  }
  // `--noEmit` still writes a build-info file when the tsconfig read asks for one.
  if (!tsconfigWritesNothing(w, inv)) w.unprovenWrite(inv, 'write_path_missing');
};

/** Options a tsconfig sets (names case-insensitive, as tsc reads them) that keep a build-info file under `--noEmit`. */
const TSCONFIG_WRITES = /incremental|composite|tsbuildinfofile/i;

/**
 * Whether the tsconfig tsc reads (`-p file|dir`, else the first tsconfig.json up from its
 * folder; none with file operands) asks for no build-info file, through the files it extends
 * too. A JSON escape could spell an option name, so a backslash is not proven.
 */
function tsconfigWritesNothing(w: ShellWalker, inv: Invocation): boolean {
  const cwd = inv.scope.cwd;
  if (cwd === null) return false;
  const args = inv.args;
  let project: string | null | undefined;
  let files = false;
  for (let i = 1; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) return false;
    const low = v.toLowerCase();
    if (low === '-p' || low === '--project') project = args[i + 1] ? w.path(inv, args[++i]!) : null;
    else if (low.startsWith('--project=')) project = w.path(inv, { ...args[i]!, value: v.slice(10) });
    else if (!v.startsWith('-')) files = true;
  }
  if (project === null) return false;
  let config: string | undefined;
  if (project !== undefined) config = w.isDirectory(project) ? `${project}/tsconfig.json` : project;
  else if (files) return true;
  else
    for (const d of foldersUp(w, cwd)) {
      const f = `${d === '/' ? '' : d}/tsconfig.json`;
      if (w.acc.mayHaveChanged(f)) return false;
      if (w.exists(f)) {
        config = f;
        break;
      }
    }
  for (let depth = 0; config !== undefined; depth++) {
    if (depth > 8) return false;
    const text = w.readFile(config, 256 * 1024);
    if (text === undefined) return !w.exists(config) && !w.acc.mayHaveChanged(config);
    if (text.includes('\\') || TSCONFIG_WRITES.test(text)) return false;
    const ext = /"extends"\s*:\s*("[^"]*"|\[)/.exec(text);
    if (!ext) return true;
    // One `extends` is followed, relative or from node_modules; an array is not read here.
    const spec = ext[1]!.startsWith('"') ? ext[1]!.slice(1, -1) : '';
    if (spec === '') return false;
    config = extendedConfig(w, path.posix.dirname(config), spec);
    if (config === undefined) return false;
  }
  return true;
}

/** The file a tsconfig's `extends` names: a relative path, or a package file found in node_modules up from `dir`. */
function extendedConfig(w: ShellWalker, dir: string, spec: string): string | undefined {
  const tries = (base: string) => (base.endsWith('.json') ? [base] : [base, `${base}.json`, `${base}/tsconfig.json`]);
  if (spec.startsWith('./') || spec.startsWith('../') || spec.startsWith('/'))
    return tries(path.posix.resolve(dir, spec)).find((f) => w.exists(f) && !w.isDirectory(f));
  for (const d of foldersUp(w, dir)) {
    const found = tries(`${d === '/' ? '' : d}/node_modules/${spec}`).find((f) => w.exists(f) && !w.isDirectory(f));
    if (found) return found;
  }
  return undefined;
}

/** biome: `check`, `lint`, `ci`, `format` (printing unless `--write`). */
const BIOME = defineCheck({
  options: {
    read:
      `${HV} --colors= --use-server --verbose --config-path= --max-diagnostics= --skip-errors --no-errors-on-unmatched --error-on-warnings ` +
      '--reporter= --log-level= --log-kind= --diagnostic-level= --staged --changed --since= --only= --skip= --vcs-enabled= --vcs-client-kind= ' +
      '--vcs-use-ignore-file= --vcs-root= --files-ignore-unknown= --files-max-size= --formatter-enabled= --linter-enabled= --assist-enabled= ' +
      '--enforce-assist= --indent-style= --indent-width= --line-width= --line-ending= --stdin-file-path= --threads= --write --fix --apply ' +
      '--apply-unsafe --unsafe',
    write: '--log-file= --reporter-file=',
    abbrev: false,
  },
  fix: '--write --fix --apply --apply-unsafe --unsafe',
  config: '--config-path',
  configName: /^biome\.jsonc?$/,
  values: { '--reporter': /^(?:json|json-pretty|github|junit|summary|gitlab|checkstyle|rdjson|sarif|default)$/ },
});

export const biome: Handler = (w, inv) => {
  const sub = inv.args[1]?.value;
  if (sub === 'check' || sub === 'lint' || sub === 'ci' || sub === 'format') return runCheck(w, inv, 2, BIOME);
  if (sub === 'version' || sub === '--version' || sub === 'explain' || sub === 'rage') return w.acc.read();
  w.unknown(inv, 'shell_command_unproven');
};

// ---- Coverage wrappers ----

/** Reporters that only print; any other writes report files into the reports folder. */
const PRINTING_REPORTERS = /^(?:text|text-summary|none|teamcity)$/;

interface CoverageTool {
  readonly read: string;
  readonly reporter: readonly string[];
  /** Options whose value is the reports folder (default `coverage`). */
  readonly reportDir: readonly string[];
  readonly tempDir: readonly string[];
  readonly exec: string;
  readonly config: readonly string[];
}

const C8: CoverageTool = {
  read:
    '-h --help -v --version -x: --exclude= -n: --include= -e: --extension= -a --exclude-after-remap --all --src= --check-coverage --branches= ' +
    '--functions= --lines= --statements= --per-file --100 --skip-full --clean --omit-relative --allowExternal --merge-async --exclude-node-modules ' +
    '--experimental-monocart --wrapper-length= --resolve= --skip-empty',
  reporter: ['-r', '--reporter'],
  reportDir: ['-o', '--reports-dir', '--report-dir'],
  tempDir: ['--temp-directory'],
  exec: '',
  config: ['-c', '--config'],
};

const NYC: CoverageTool = {
  read:
    '-h --help -v --version -x: --exclude= -n: --include= -e: --extension= -a --all --source-map --produce-source-map --instrument --check-coverage ' +
    '--branches= --functions= --lines= --statements= --per-file --silent -s --clean --skip-full --skip-empty --show-process-tree --exclude-after-remap ' +
    '--use-spawn-wrap --exclude-node-modules --es-modules --cache --complete-copy --eager --compact --preserve-comments --excludeNodeModules',
  reporter: ['-r', '--reporter'],
  reportDir: ['--report-dir'],
  tempDir: ['-t', '--temp-dir', '--temp-directory', '--cache-dir'],
  exec: '-i: --require= --hook-require --hook-run-in-context --hook-run-in-this-context --instrumenter= --cwd=',
  config: ['--nycrc-path'],
};

function coverageOptions(t: CoverageTool): string {
  const v = (names: readonly string[]) => names.map((n) => (n.startsWith('--') ? `${n}=` : `${n}:`)).join(' ');
  return `${t.read} ${v(t.reporter)} ${v(t.reportDir)} ${v(t.tempDir)} ${v(t.config)}`;
}

const C8_TABLE = defineCheck({ options: { read: coverageOptions(C8), posix: true, abbrev: false } });
const NYC_TABLE = defineCheck({ options: { read: coverageOptions(NYC), exec: NYC.exec, posix: true, abbrev: false }, negation: true });

/**
 * c8 / nyc run another command under coverage: the inner command is classified as typed (a
 * check stays a check, with the raw data in their own temp folder); a reporter that writes
 * files (html, lcov, json …) is a write of the reports folder, and so is a chosen report or
 * temp folder; `report`/`check-coverage` only read the data unless a reporter writes.
 */
function coverageWrapper(tool: CoverageTool, check: ReturnType<typeof defineCheck>): Handler {
  return (w, inv) => {
    const sub = w.isolate(() => runCheck(w, { ...inv, args: inv.args.slice(0, coverageEnd(inv.args)) }, 1, check));
    const r = sub.finish();
    if (r.mutability === 'unknown') return w.acc.absorb(sub, false, inv.text);
    const end = coverageEnd(inv.args);
    const opts = inv.args.slice(1, end);
    let reportDir: Arg | undefined;
    let fileReporter = false;
    for (let i = 0; i < opts.length; i++) {
      const v = opts[i]!.value!;
      const eq = v.indexOf('=');
      const name = eq > 0 ? v.slice(0, eq) : v;
      const value = (): Arg | undefined => (eq > 0 ? { ...opts[i]!, value: v.slice(eq + 1) } : opts[++i]);
      if (tool.reporter.includes(name)) {
        const rep = value();
        if (!rep || rep.value === null || !PRINTING_REPORTERS.test(rep.value)) fileReporter = true;
      } else if (tool.reportDir.includes(name)) reportDir = value();
      else if (tool.tempDir.includes(name)) {
        const t = value();
        if (t) w.effect(inv, 'write', t);
      } else if (tool.config.includes(name)) {
        // A config file may choose reporters and folders: what they write is unproven.
        value();
        fileReporter = true;
      }
    }
    if (reportDir) w.effect(inv, 'write', reportDir);
    else if (fileReporter) w.effect(inv, 'write', { value: 'coverage', glob: false, tilde: false, text: 'coverage' });
    const cmd = inv.args[end];
    if (cmd === undefined || cmd.value === 'report' || cmd.value === 'check-coverage') return w.acc.read();
    if (cmd.value === null) return w.unknown(inv, 'dynamic_word');
    w.run(inv, inv.args.slice(cmd.value === '--' ? end + 1 : end));
  };
}

/** Index of the first word after the wrapper's own options (the wrapped command or subcommand). */
function coverageEnd(args: readonly Arg[]): number {
  const valued =
    /^(?:-[rxneoict]|--(?:reporter|exclude|include|extension|src|reports?-dir|temp-directory|temp-dir|cache-dir|config|require|cwd|nycrc-path|instrumenter|branches|functions|lines|statements|wrapper-length|resolve))$/;
  let i = 1;
  for (; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null || !v.startsWith('-') || v === '--') break;
    if (!v.includes('=') && valued.test(v)) i++;
  }
  return i;
}

export const c8 = coverageWrapper(C8, C8_TABLE);
export const nyc = coverageWrapper(NYC, NYC_TABLE);
