// Environment variables that change what a program runs or where it writes
// (docs/DESIGN.md#shell-classification, "Configuration a read loads"). Two lists:
//
// - EXEC_ENV names variables any program or the shell itself reads that way (PATH,
//   LD_PRELOAD, BASH_ENV, PAGER …): setting one is unproven whatever its value.
// - Tool namespaces are closed: a tool reads every variable of its prefix (GIT_*, NODE_*,
//   PYTHON*, CARGO_*, YARN_* …), and some of them load code, name a config file that can
//   run programs, or move where it writes (GIT_TRACE=/tmp/log, NODE_V8_COVERAGE=dir,
//   CARGO_TARGET_DIR, YARN_RC_FILENAME, GRADLE_USER_HOME). Inside a namespace only the
//   variables listed as harmless (or harmless with the value given) are proven; any other
//   name of the namespace is unproven. Variables outside every namespace are the program's
//   own business (APP_ENV, DATABASE_URL) and stay allowed.

/** Variables that change which code a program runs or where it writes, whatever their value. */
const EXEC_ENV = new Set([
  'PATH',
  'LD_PRELOAD',
  'LD_LIBRARY_PATH',
  'LD_AUDIT',
  'BASH_ENV',
  'ENV',
  'NODE_OPTIONS',
  'NODE_PATH',
  'PYTHONSTARTUP',
  'PYTHONPATH',
  'PYTHONHOME',
  'PERL5OPT',
  'PERL5LIB',
  'PERLLIB',
  'RUBYOPT',
  'RUBYLIB',
  'LESSOPEN',
  'LESSCLOSE',
  'PAGER',
  'GIT_PAGER',
  'MANPAGER',
  'GIT_EXTERNAL_DIFF',
  'GIT_SSH',
  'GIT_SSH_COMMAND',
  'GIT_EDITOR',
  'GIT_SEQUENCE_EDITOR',
  'EDITOR',
  'VISUAL',
  'GIT_DIR',
  'GIT_WORK_TREE',
  'GIT_INDEX_FILE',
  'GIT_CONFIG',
  'GIT_CONFIG_GLOBAL',
  'GIT_CONFIG_SYSTEM',
  'GIT_CONFIG_PARAMETERS',
  'GIT_CONFIG_COUNT',
  'GIT_EXEC_PATH',
  'GIT_ASKPASS',
  'SSH_ASKPASS',
  'PROMPT_COMMAND',
  'IFS',
  'SHELLOPTS',
  'BASHOPTS',
  'ZDOTDIR',
  'FPATH',
  'fpath',
  'CDPATH',
  'TMPDIR',
  'PS0',
  'PS1',
  'PS2',
  'PS3',
  'PS4',
  'BASH_XTRACEFD',
  'HISTFILE',
  'INPUTRC',
  'BASH_LOADABLES_PATH',
  'EXECIGNORE',
  'GLOBIGNORE',
  'FUNCNEST',
  'BASH_COMPAT',
  'SIMPLE_BACKUP_SUFFIX',
  'VERSION_CONTROL',
  // Options or config files programs read from the environment (LESS=-o log, an rg config
  // with --pre, a HOME whose .gitconfig sets a pager, gawk extension paths).
  'LESS',
  'LESSKEY',
  'LESSKEYIN',
  'LESSKEY_CONTENT',
  'LESSEDIT',
  'LESSHISTFILE',
  'RIPGREP_CONFIG_PATH',
  'MANOPT',
  'BROWSER',
  'BAT_PAGER',
  'BAT_CONFIG_PATH',
  'TAR_OPTIONS',
  'GZIP',
  'XZ_OPT',
  'XZ_DEFAULTS',
  'AWKPATH',
  'AWKLIBPATH',
  'SHELL',
  'HOME',
  'XDG_CONFIG_HOME',
  'XDG_CONFIG_DIRS',
  'XDG_DATA_HOME',
  'XDG_DATA_DIRS',
  'XDG_CACHE_HOME',
  'XDG_STATE_HOME',
  'CURL_HOME',
  'WGETRC',
  'GIT_PAGER_IN_USE',
  'JQ_LIBRARY_PATH',
  'POSIXLY_CORRECT',
  // Build and test tools' option variables (a check must not run another program).
  'MAKEFLAGS',
  'MFLAGS',
  'GNUMAKEFLAGS',
  'MAKEFILES',
  'PYTEST_ADDOPTS',
  'PYTEST_PLUGINS',
  'GOFLAGS',
  'RUSTC_WRAPPER',
  'RUSTC_WORKSPACE_WRAPPER',
  'CARGO_BUILD_RUSTC_WRAPPER',
  'JAVA_TOOL_OPTIONS',
  '_JAVA_OPTIONS',
  'JDK_JAVA_OPTIONS',
  'MAVEN_OPTS',
  'MAVEN_ARGS',
  'MAVEN_CONFIG',
  'JAVA_HOME',
  'GRADLE_OPTS',
  'DOTNET_STARTUP_HOOKS',
  'BUNDLE_GEMFILE',
  'GEM_HOME',
  'GEM_PATH',
  'npm_config_script_shell',
  'NPM_CONFIG_SCRIPT_SHELL',
  'npm_config_prefix',
  'NPM_CONFIG_PREFIX',
  // Config files of operations CLIs that can name a program to run: a kubeconfig's `exec`
  // credential plugin, an AWS profile's `credential_process`, a psqlrc's `\!`, a gpg.conf's
  // agent program, a docker config's credential helper, terraform's provider overrides.
  'AWS_CONFIG_FILE',
  'AWS_SHARED_CREDENTIALS_FILE',
  'CLOUDSDK_CONFIG',
  'CLOUDSDK_PYTHON',
  'DOCKER_CONFIG',
  'TF_CLI_CONFIG_FILE',
  'TERRAFORM_CONFIG',
  'TF_DATA_DIR',
  'TF_PLUGIN_CACHE_DIR',
  'TF_LOG_PATH',
  'PSQLRC',
  'MYSQL_HOME',
  'GNUPGHOME',
  'GH_CONFIG_DIR',
  'GH_PAGER',
  'GH_BROWSER',
  'GH_EDITOR',
  'HTTPIE_CONFIG_DIR',
  'KUBECTL_EXTERNAL_DIFF',
  'KUBE_EDITOR',
  'PSModulePath',
  'PATHEXT',
  // Compilers and linkers build tools run (cgo, the cc crate, make's implicit rules).
  'CC',
  'CXX',
  'CPP',
  'LD',
  'AR',
  'AS',
  'FC',
  'CGO_CFLAGS',
  'CGO_CPPFLAGS',
  'CGO_CXXFLAGS',
  'CGO_LDFLAGS',
  'CGO_FFLAGS',
  'PKG_CONFIG',
  // glibc loads character-set converters from GCONV_PATH (code, for any program that converts
  // text); TLS libraries append session keys to SSLKEYLOGFILE (a write); less run as `more`
  // takes its options from MORE (`-o log`); wget, vault, php and lua read a config or start-up
  // code named here; man passes MANROFFOPT to groff (`-U` lifts its safer mode).
  'GCONV_PATH',
  'SSLKEYLOGFILE',
  'MORE',
  'SYSTEM_WGETRC',
  'VAULT_CONFIG_PATH',
  'PHPRC',
  'PHP_INI_SCAN_DIR',
  'IRBRC',
  'LUA_INIT',
  'MANROFFOPT',
  'MANROFFSEQ',
  'FCEDIT',
  'SUDO_EDITOR',
  'SYSTEMD_PAGER',
  'SYSTEMD_EDITOR',
  'PSQL_PAGER',
  'PSQL_EDITOR',
  // A program's documented environment is part of its options: tar writes the archive TAPE
  // names when no -f is given, ack reads the rc file ACKRC names (where `--pager` is allowed).
  'TAPE',
  'ACKRC',
]);

/**
 * Names that say they name a program, its options or a config file (`ESBUILD_BINARY_PATH`,
 * `PUPPETEER_EXECUTABLE_PATH`, `FZF_DEFAULT_COMMAND`, `JAVA_OPTS`, `CFLAGS='-wrapper …'`,
 * `X_CONFIG_FILE`, `SUDO_ASKPASS`, `RSYNC_RSH`, `RSYNC_CONNECT_PROG` (rsync runs them even
 * for a dry run), `ACK_PAGER_COLOR`): a tool reading one runs or loads what it names. Unproven whatever the
 * tool, like the namespaces below; a namespace's safe list still wins.
 */
const SHAPED =
  /(?:_BIN|_BINARY|_EXECUTABLE|_EXE|_COMMAND|_CMD|_PROGRAM|_PROG|_WRAPPER|_LAUNCHER|_INTERPRETER|_PAGER|_EDITOR|_BROWSER|_SHELL|_RSH|ASKPASS)(?:_PATH|_FILE|_COLOU?R)?$|_(?:OPTS|OPTIONS|ARGS)$|^(?:C|CXX|CPP|OBJC|OBJCXX|LD|F)FLAGS$|^LDLIBS$|_(?:CONF|CONFIG_FILE|CONFIG_PATH|CONFIG_DIR|RC_FILE|RCFILE)$/;

/** Pager and editor variables set to a program that only prints, or does nothing (`GIT_PAGER=cat git log`). */
const PAGERS = new Set(['PAGER', 'GIT_PAGER', 'MANPAGER', 'BAT_PAGER', 'GH_PAGER', 'SYSTEMD_PAGER', 'PSQL_PAGER']);
const PLAIN_PAGER = /^(?:|cat|less(?: -[FRSX]+)*)$/;

/** A pager command that only prints (`cat`, `less -R`, none): git's `core.pager` too. */
export function plainPager(value: string): boolean {
  return PLAIN_PAGER.test(value);
}

/** An editor command that does nothing or only prints (`true`, `:`, `cat`): git's `core.editor` too. */
export function plainEditor(value: string): boolean {
  return PLAIN_EDITOR.test(value);
}
const EDITORS = new Set(['EDITOR', 'VISUAL', 'GIT_EDITOR', 'GIT_SEQUENCE_EDITOR', 'GH_EDITOR', 'KUBE_EDITOR', 'SUDO_EDITOR', 'FCEDIT']);
const PLAIN_EDITOR = /^(?:true|:|cat)$/;

/**
 * Tool namespaces: a name matching the pattern is unproven unless the tool's safe list
 * holds it. The safe lists name variables that only shape output, locale, identity or
 * limits, from each tool's documentation.
 */
const NAMESPACES: readonly (readonly [RegExp, ReadonlySet<string>])[] = [
  [
    /^GIT_/,
    new Set([
      'GIT_TERMINAL_PROMPT',
      'GIT_OPTIONAL_LOCKS',
      'GIT_AUTHOR_NAME',
      'GIT_AUTHOR_EMAIL',
      'GIT_AUTHOR_DATE',
      'GIT_COMMITTER_NAME',
      'GIT_COMMITTER_EMAIL',
      'GIT_COMMITTER_DATE',
      'GIT_CEILING_DIRECTORIES',
      'GIT_DISCOVERY_ACROSS_FILESYSTEM',
      'GIT_LITERAL_PATHSPECS',
      'GIT_GLOB_PATHSPECS',
      'GIT_NOGLOB_PATHSPECS',
      'GIT_ICASE_PATHSPECS',
      'GIT_NO_REPLACE_OBJECTS',
      'GIT_FLUSH',
      'GIT_MERGE_VERBOSITY',
      'GIT_HTTP_USER_AGENT',
      'GIT_SSL_NO_VERIFY',
      'GIT_DEFAULT_HASH',
      'GIT_NO_LAZY_FETCH',
      'GIT_ADVICE',
      'GIT_REDACT_COOKIES',
      'GIT_PROGRESS_DELAY',
      'GIT_LFS_SKIP_SMUDGE',
    ]),
  ],
  [
    /^NODE_/,
    new Set([
      'NODE_ENV',
      'NODE_NO_WARNINGS',
      'NODE_DEBUG',
      'NODE_DEBUG_NATIVE',
      'NODE_DISABLE_COLORS',
      'NODE_PENDING_DEPRECATION',
      'NODE_EXTRA_CA_CERTS',
      'NODE_TLS_REJECT_UNAUTHORIZED',
      'NODE_PRESERVE_SYMLINKS',
      'NODE_SKIP_PLATFORM_CHECK',
      'NODE_USE_ENV_PROXY',
    ]),
  ],
  [
    /^PYTHON/,
    new Set([
      'PYTHONUNBUFFERED',
      'PYTHONDONTWRITEBYTECODE',
      'PYTHONIOENCODING',
      'PYTHONUTF8',
      'PYTHONHASHSEED',
      'PYTHONDEVMODE',
      'PYTHONFAULTHANDLER',
      'PYTHONTRACEMALLOC',
      'PYTHONSAFEPATH',
      'PYTHONNOUSERSITE',
      'PYTHONOPTIMIZE',
      'PYTHONVERBOSE',
      'PYTHONCOERCECLOCALE',
      'PYTHONMALLOC',
      'PYTHONMALLOCSTATS',
      'PYTHONASYNCIODEBUG',
      'PYTHONINTMAXSTRDIGITS',
      'PYTHONWARNDEFAULTENCODING',
      'PYTHONNODEBUGRANGES',
      'PYTHONPROFILEIMPORTTIME',
      'PYTHONDEBUG',
      'PYTHONLEGACYWINDOWSFSENCODING',
      'PYTHONLEGACYWINDOWSSTDIO',
      'PYTHON_COLORS',
      'PYTHON_GIL',
      'PYTHON_CPU_COUNT',
      'PYTHON_VERSION',
    ]),
  ],
  [
    /^(?:CARGO_|RUST)/,
    new Set([
      'CARGO_TERM_COLOR',
      'CARGO_TERM_VERBOSE',
      'CARGO_TERM_QUIET',
      'CARGO_TERM_PROGRESS_WHEN',
      'CARGO_TERM_PROGRESS_WIDTH',
      'CARGO_INCREMENTAL',
      'CARGO_NET_OFFLINE',
      'CARGO_NET_RETRY',
      'CARGO_BUILD_JOBS',
      'RUST_BACKTRACE',
      'RUST_LIB_BACKTRACE',
      'RUST_LOG',
      'RUST_LOG_STYLE',
      'RUST_MIN_STACK',
      'RUST_TEST_THREADS',
      'RUST_TEST_NOCAPTURE',
    ]),
  ],
  [
    /^GO[A-Z0-9]+$|^CGO_/,
    new Set([
      'GOOS',
      'GOARCH',
      'GOARM',
      'GOAMD64',
      'GO386',
      'GO111MODULE',
      'GOMAXPROCS',
      'GODEBUG',
      'GOGC',
      'GOMEMLIMIT',
      'GOTRACEBACK',
      'GOPRIVATE',
      'GONOPROXY',
      'GONOSUMDB',
      'GOPROXY',
      'GOSUMDB',
      'CGO_ENABLED',
    ]),
  ],
  [
    /^(?:YARN_|BERRY_)/,
    new Set(['YARN_ENABLE_TELEMETRY', 'YARN_ENABLE_PROGRESS_BARS', 'YARN_ENABLE_COLORS', 'YARN_ENABLE_IMMUTABLE_INSTALLS', 'YARN_ENABLE_INLINE_BUILDS']),
  ],
  [/^(?:PNPM_|BUN_|BUNDLE_|GRADLE_|MYPY_|RUFF_|PYTEST_|COVERAGE_|JEST_|MOCHA_|TF_CLI_ARGS)/, new Set(['MYPY_FORCE_COLOR', 'PYTEST_XDIST_AUTO_NUM_WORKERS'])],
  // composer reads the composer.json COMPOSER names, and the vendor, bin and home folders
  // (with their plugins) COMPOSER_VENDOR_DIR, COMPOSER_BIN_DIR and COMPOSER_HOME name.
  [
    /^COMPOSER/,
    new Set([
      'COMPOSER_NO_INTERACTION',
      'COMPOSER_ALLOW_SUPERUSER',
      'COMPOSER_NO_AUDIT',
      'COMPOSER_MEMORY_LIMIT',
      'COMPOSER_PROCESS_TIMEOUT',
      'COMPOSER_DISABLE_NETWORK',
      'COMPOSER_NO_DEV',
      'COMPOSER_IPRESOLVE',
      'COMPOSER_MAX_PARALLEL_HTTP',
      'COMPOSER_DISABLE_XDEBUG_WARN',
    ]),
  ],
  [/^DENO_/, new Set(['DENO_NO_UPDATE_CHECK', 'DENO_NO_PROMPT', 'DENO_NO_PACKAGE_JSON', 'DENO_TLS_CA_STORE', 'DENO_CERT', 'DENO_JOBS'])],
  [/^DOTNET_/, new Set(['DOTNET_CLI_TELEMETRY_OPTOUT', 'DOTNET_NOLOGO', 'DOTNET_SKIP_FIRST_TIME_EXPERIENCE', 'DOTNET_CLI_UI_LANGUAGE'])],
  // The dynamic loader writes debug and profile output to files it is told (LD_DEBUG_OUTPUT,
  // LD_PROFILE_OUTPUT) and loads what LD_PRELOAD/LD_AUDIT name; OpenSSL's config loads engines
  // and providers (shared objects); groff runs its programs from GROFF_BIN_PATH; Lua runs
  // LUA_INIT_5_4 and searches LUA_PATH; pip logs to PIP_LOG and reads PIP_CONFIG_FILE.
  [/^LD_/, new Set(['LD_BIND_NOW'])],
  [/^OPENSSL_/, new Set<string>()],
  [/^GROFF_/, new Set(['GROFF_NO_SGR'])],
  [/^LUA_/, new Set<string>()],
  [/^PIP_/, new Set(['PIP_DISABLE_PIP_VERSION_CHECK', 'PIP_NO_COLOR', 'PIP_NO_INPUT', 'PIP_REQUIRE_VIRTUALENV', 'PIP_PROGRESS_BAR', 'PIP_ROOT_USER_ACTION'])],
  [/^(?:ERL_|ELIXIR_ERL_)/, new Set<string>()],
  // Mercurial reads HGRCPATH (config that defines hooks and extensions), HGEDITOR, HGMERGE;
  // jj reads JJ_CONFIG (config that names a pager, a diff tool or an editor).
  [/^HG/, new Set(['HGPLAIN', 'HGPLAINEXCEPT', 'HGENCODING', 'HGENCODINGMODE', 'HGUSER'])],
  [/^JJ_/, new Set(['JJ_USER', 'JJ_EMAIL', 'JJ_TIMESTAMP', 'JJ_OP_TIMESTAMP', 'JJ_RANDOMNESS_SEED', 'JJ_OP_HOSTNAME', 'JJ_OP_USERNAME'])],
];

/**
 * NODE_OPTIONS whose every option only sizes the heap or shapes warnings and traces: none
 * loads code (`--require`, `--import`, `--loader`), writes a file (`--cpu-prof`,
 * `--redirect-warnings`, `--report-*`) or opens an inspector.
 */
const NODE_OPTIONS_SAFE =
  /^(?:--max-old-space-size=\d+|--max-semi-space-size=\d+|--stack-trace-limit=\d+|--enable-source-maps|--no-warnings|--no-deprecation|--trace-warnings|--trace-deprecation|--trace-uncaught|--unhandled-rejections=(?:strict|warn|none|throw|warn-with-error-code)|--experimental-vm-modules|--dns-result-order=(?:ipv4first|verbatim))$/;

/** `GIT_TRACE*` send traces to standard error for these values; any other value is a file git writes. */
const TRACE_STDERR = /^(?:|0|1|2|true|false|yes|no|on|off)$/i;
const COMPILER = /^(?:cc|gcc|clang|c\+\+|g\+\+|clang\+\+)(?:-\d+(?:\.\d+)*)?$/;

const BUILD_TOOLS = new Set(['CC', 'CXX', 'CPP', 'LD', 'AR', 'AS', 'FC', 'PKG_CONFIG']);

/**
 * The variables of EXEC_ENV a Makefile may assign without changing what its own recipes
 * run beyond what the make model expands: `CC = gcc` is used as `$(CC)` in a recipe the
 * model classifies. Tool namespaces are not applied to Makefile variables either: make
 * exports only variables the environment already had or `export` names.
 */
export function isMakeExecEnv(name: string): boolean {
  if (BUILD_TOOLS.has(name) || name.startsWith('CGO_')) return false;
  return (
    EXEC_ENV.has(name) || /^npm_config_/i.test(name) || name.startsWith('DYLD_') || name.startsWith('GIT_CONFIG_KEY_') || name.startsWith('GIT_CONFIG_VALUE_')
  );
}

/**
 * Whether setting `name` (to `value`, when the literal value is known; null or undefined
 * when it is not) may change which code a program runs or where it writes.
 */
export function isExecEnv(name: string, value?: string | null, home?: string): boolean {
  if (typeof value === 'string' && ((PAGERS.has(name) && PLAIN_PAGER.test(value)) || (EDITORS.has(name) && PLAIN_EDITOR.test(value)))) return false;
  // `NODE_OPTIONS=--max-old-space-size=4096 npx tsc --noEmit`.
  if (
    name === 'NODE_OPTIONS' &&
    typeof value === 'string' &&
    value.trim() !== '' &&
    value
      .trim()
      .split(/\s+/)
      .every((o) => NODE_OPTIONS_SAFE.test(o))
  )
    return false;
  if (EXEC_ENV.has(name)) {
    // `CC=gcc make`: a known compiler is the program the build runs anyway.
    if (typeof value === 'string' && (name === 'CC' || name === 'CXX') && COMPILER.test(value)) return false;
    return true;
  }
  if (/^npm_config_/i.test(name) || name.startsWith('DYLD_') || name.startsWith('GIT_CONFIG_KEY_') || name.startsWith('GIT_CONFIG_VALUE_')) return true;
  if (name.startsWith('GIT_TRACE')) return !(typeof value === 'string' && TRACE_STDERR.test(value));
  // A kubeconfig can name a credential plugin kubectl runs: only the user's own folder is taken.
  if (name === 'KUBECONFIG') return !(typeof value === 'string' && home !== undefined && value.startsWith(`${home}/.kube/`) && !/[:$`]|\/\.\.\//.test(value));
  // The toolchain name rustup runs; a path is a toolchain anywhere.
  if (name === 'RUSTUP_TOOLCHAIN') return !(typeof value === 'string' && /^[\w.+-]+$/.test(value));
  if (name === 'RUSTUP_HOME' || name === 'CARGO_HOME') return true;
  // GOTOOLCHAIN=local: go runs itself, never the toolchain a go.mod names (any other value may run another).
  if (name === 'GOTOOLCHAIN') return value !== 'local';
  // A warning category named with a module (`ignore::pkg.Warning`) makes Python import that module.
  if (name === 'PYTHONWARNINGS') return !(typeof value === 'string' && pythonWarningsSafe(value));
  if (name === 'AWS_PAGER') return value !== '';
  for (const [pattern, safe] of NAMESPACES) if (pattern.test(name)) return !safe.has(name);
  return SHAPED.test(name);
}

/**
 * A git config key that rewrites the URLs git fetches from (`url.<base>.insteadOf`; section
 * and key are case-insensitive): every dependency fetched through git (go modules, git
 * dependencies of npm, pip and cargo, submodules) then comes from `<base>`, a dependency
 * source swap (issue 9 principle 9). `pushInsteadOf` only moves pushes.
 */
export function gitFetchRewrite(key: string): boolean {
  return /^url\..+\.insteadof$/i.test(key);
}

/**
 * `/url\..*\.insteadof'?=/i.test(value)`: a line with `url.` and, after it, `.insteadOf=`. The
 * expression ran `.*` to the line's end from every `url.` (quadratic in a value of them); the
 * first `url.` of a line is the one to look after.
 */
function namesInsteadOf(value: string): boolean {
  for (const line of value.split(/[\n\r\u2028\u2029]/)) {
    const at = line.toLowerCase().indexOf('url.');
    if (at >= 0 && /\.insteadof'?=/i.test(line.slice(at + 4))) return true;
  }
  return false;
}

/** Environment that hands every git a command starts such a rewrite (`GIT_CONFIG_KEY_<n>`, `GIT_CONFIG_PARAMETERS`); an unknown value may be one. */
export function gitFetchRewriteEnv(name: string, value: string | null | undefined): boolean {
  if (name.startsWith('GIT_CONFIG_KEY_')) return typeof value !== 'string' || gitFetchRewrite(value.trim());
  if (name === 'GIT_CONFIG_PARAMETERS') return typeof value !== 'string' || namesInsteadOf(value);
  return false;
}

/** `-W`/PYTHONWARNINGS entries (`action:message:category:module:lineno`, comma-separated) whose category is a builtin name. */
export function pythonWarningsSafe(value: string): boolean {
  for (const entry of value.split(',')) {
    const category = entry.split(':')[2] ?? '';
    if (category.includes('.')) return false;
  }
  return true;
}
