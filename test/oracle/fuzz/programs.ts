// The programs the grammar fuzzer drives: where each one's grammar comes from, the documented
// environment variables that change what it does (each program's manual, its ENVIRONMENT
// section or its documentation's list), and values its options and operands take. Config files
// it finds by itself in the working folder or HOME are planted in one of the fuzz fixture's two
// variants (PLANT and VARIANTS below).
import type { Plant } from '../oracle.js';

export interface Program {
  name: string;
  /** fig: @withfig/autocomplete's spec (default); help: the installed program's own help. */
  source?: 'fig' | 'help';
  /** For source help: the flag that prints it, and subcommands read the same way. */
  help?: string;
  subs?: string[];
  /**
   * Its documented environment, put before the command now and then: `NAME=value` as written, or
   * a bare `NAME` that takes any of ENV_VALUES (option strings, files, a canary, a number).
   */
  env?: string[];
  /** Values this program's options and operands take besides the common ones. */
  values?: string[];
  /** Subcommands never generated: they wait on a network peer or a terminal for the time limit. */
  skipSubs?: string[];
  /** Starts slowly (a runtime, a package manager): gets a tenth of the commands, so the run stays bounded. */
  slow?: boolean;
}

const CANARY = './canary.sh';

export const PROGRAMS: Program[] = [
  {
    name: 'git',
    env: [
      'GIT_DIR=src',
      'GIT_WORK_TREE=src',
      'GIT_INDEX_FILE=/tmp/idx',
      'GIT_TRACE=/tmp/trace',
      'GIT_EXTERNAL_DIFF=./canary.sh',
      'GIT_OPTIONAL_LOCKS=0',
      'GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.pager GIT_CONFIG_VALUE_0=./canary.sh',
      'GIT_PAGER=./canary.sh',
      'GIT_OBJECT_DIRECTORY=/tmp/objects',
      'GIT_CEILING_DIRECTORIES',
      'GIT_LITERAL_PATHSPECS',
      'GIT_GLOB_PATHSPECS',
      'GIT_NOGLOB_PATHSPECS',
      'GIT_ICASE_PATHSPECS',
      'GIT_NO_REPLACE_OBJECTS',
      'GIT_DEFAULT_HASH',
      'GIT_ADVICE',
      'GIT_FLUSH',
      'GIT_TERMINAL_PROMPT',
      'GIT_MERGE_VERBOSITY',
      'GIT_PROGRESS_DELAY',
      'GIT_DISCOVERY_ACROSS_FILESYSTEM',
      'GIT_NO_LAZY_FETCH',
      'GIT_LFS_SKIP_SMUDGE',
      'GIT_AUTHOR_DATE',
      'GIT_COMMITTER_DATE',
      'GIT_TRACE2_EVENT',
      'GIT_ALTERNATE_OBJECT_DIRECTORIES',
      'GIT_COMMON_DIR',
      'GIT_NAMESPACE',
      'GIT_DIFF_OPTS',
      'GIT_ATTR_SOURCE',
      'EMAIL',
    ],
    values: [
      'HEAD',
      '--end-of-options',
      'HEAD~1',
      'main',
      'feature',
      'v1',
      'origin',
      ':(top)README.md',
      ':/',
      'src/a.ts',
      'HEAD:README.md',
      '--output=out.txt',
      '-ofile',
    ],
    skipSubs: ['daemon', 'credential', 'credential-cache', 'instaweb', 'send-email', 'imap-send', 'fsmonitor--daemon'],
  },
  { name: 'xxd', values: ['out.txt', '-ps', '-cols', '4'] },
  { name: 'tar', env: ['TAPE=out.tar', 'TAR_OPTIONS=--verbose', 'TAPE', 'TAR_OPTIONS'], values: ['a.tar', 'out.tar', 'src', '-C', 'xf', 'tf', 'cf'] },
  { name: 'zip', env: ['ZIPOPT=-m', 'ZIPOPT', 'ZIP'], values: ['a.zip', 'out.zip'] },
  { name: 'unzip', env: ['UNZIP=-o', 'UNZIP', 'UNZIPOPT', 'ZIPINFO', 'ZIPINFOOPT'], values: ['a.zip', '-d', 'src'] },
  { name: 'find', env: ['POSIXLY_CORRECT=1', 'TZ=UTC'], values: ['-delete', '-fprint', '-exec', ';', '-newer', '-name', '*.ts', '-ok'] },
  { name: 'sed', env: ['POSIXLY_CORRECT=1', 'COLS'], values: ['s/a/b/', 'p', '1d', 'w out.txt', 's/a/b/w out.txt', 'e ls', '-i', '-n'] },
  { name: 'grep', env: ['GREP_COLORS=mt=01', 'GREP_COLOR', 'GREP_OPTIONS', 'POSIXLY_CORRECT=1'], values: ['export', '-r', 'a'] },
  { name: 'ls', env: ['TIME_STYLE=iso', 'LS_COLORS=', 'TIME_STYLE', 'QUOTING_STYLE', 'BLOCK_SIZE', 'LS_BLOCK_SIZE', 'TABSIZE', 'COLUMNS'] },
  { name: 'cat' },
  { name: 'head' },
  { name: 'tail', env: ['POSIXLY_CORRECT=1', '_POSIX2_VERSION=199209'], values: ['-f', '--follow'] },
  { name: 'sort', env: ['TMPDIR=src'], values: ['-o', 'out.txt'] },
  { name: 'uniq', values: ['out.txt'] },
  { name: 'wc' },
  { name: 'cut', values: ['-f1', '-d:', '1-3'] },
  { name: 'tr', values: ['a-z', 'A-Z', '-d'] },
  { name: 'diff', values: ['a.txt', 'notes.txt'] },
  { name: 'stat', values: ['%n %s'] },
  { name: 'file', env: ['MAGIC', 'POSIXLY_CORRECT=1'], values: ['-C', 'magic'] },
  { name: 'du', env: ['DU_BLOCK_SIZE', 'BLOCK_SIZE', 'TIME_STYLE'] },
  { name: 'df', env: ['DF_BLOCK_SIZE', 'BLOCK_SIZE', 'POSIXLY_CORRECT=1'] },
  { name: 'env', values: ['-u', 'HOME', 'A=1', 'ls', 'touch', 'rm'] },
  { name: 'date', env: ['TZ=UTC'], values: ['-s', '+%s', '@0'] },
  { name: 'jq', env: ['JQ_COLORS=0;31'], values: ['.', '.scripts', 'input_filename', '$__loc__', 'package.json'] },
  {
    name: 'npm',
    slow: true,
    env: [
      'npm_config_script_shell=./canary.sh',
      'npm_config_cache=src/c',
      'NPM_CONFIG_USERCONFIG=./x.npmrc',
      'npm_config_logs_dir',
      'npm_config_userconfig',
      'npm_config_globalconfig',
      'npm_config_node_options',
      'npm_config_editor',
      'npm_config_shell',
      'npm_config_loglevel',
      'npm_config_offline',
    ],
    values: ['vitest', 'test', 'typescript'],
    skipSubs: ['login', 'adduser', 'publish', 'exec', 'init', 'create', 'edit', 'repl', 'x'],
  },
  {
    name: 'cargo',
    slow: true,
    env: ['CARGO_TARGET_DIR=src/t', 'RUSTC=./canary.sh', 'RUSTC_WRAPPER=./canary.sh', 'CARGO_HOME=src'],
    values: ['--locked', '--offline', '--frozen', 'proj'],
  },
  {
    name: 'pip',
    slow: true,
    env: ['PIP_CONFIG_FILE=./x.conf', 'PIP_LOG=out.txt'],
    values: ['requests'],
    skipSubs: ['install', 'download', 'wheel', 'index', 'search'],
  },
  {
    name: 'python3',
    slow: true,
    env: ['PYTHONPYCACHEPREFIX=src', 'PYTHONSTARTUP=scripts/gen.py', 'PYTHONINSPECT=1'],
    values: ['print(1)', 'json.tool', 'scripts/gen.py', '-m', 'http.server'],
  },
  {
    name: 'node',
    slow: true,
    env: [
      'NODE_OPTIONS=--require=./scripts/tool.js',
      'NODE_REPL_HISTORY=src/h',
      'NODE_V8_COVERAGE',
      'NODE_REDIRECT_WARNINGS',
      'NODE_COMPILE_CACHE',
      'NODE_REPL_EXTERNAL_MODULE',
      'NODE_DEBUG',
    ],
    values: ['1', 'console.log(1)', 'scripts/tool.js', '--test'],
  },
  {
    name: 'make',
    env: ['MAKEFLAGS=-n', 'MAKEFILES=rules.mk', 'MAKEFLAGS', 'MAKEFILES', 'MAKELEVEL'],
    values: ['build', 'test', 'clean', 'gen', 'other.mk', '-f'],
  },
  { name: 'sqlite3', env: ['SQLITE_HISTORY=src/h'], values: ['db.sqlite', '.tables', '.output out.txt', '.shell ./canary.sh', ':memory:'] },
  { name: 'base64', values: ['-d'] },
  { name: 'shasum' },
  { name: 'sha1sum' },
  { name: 'od' },
  { name: 'nl' },
  { name: 'tac' },
  { name: 'paste' },
  { name: 'join' },
  { name: 'fmt' },
  { name: 'fold' },
  { name: 'split', values: ['out.', 'x'] },
  { name: 'seq' },
  { name: 'xargs', env: ['POSIXLY_CORRECT=1'], values: ['echo', 'rm', 'touch', '-a', 'a.txt', '-I{}'] },
  { name: 'tee', values: ['-a'] },
  { name: 'dd', values: ['if=a.txt', 'of=out.txt', 'count=1', 'status=none', 'conv=notrunc'] },
  { name: 'truncate', values: ['-s', '0'] },
  { name: 'readlink' },
  { name: 'basename' },
  { name: 'dirname' },
  { name: 'which' },
  { name: 'ps', env: ['PS_FORMAT', 'PS_PERSONALITY', 'CMD_ENV'], values: ['aux', '-ef'] },
  { name: 'id' },
  { name: 'uname' },
  { name: 'hostname', values: ['newhost'] },
  { name: 'iconv', values: ['-f', 'UTF-8', '-t', 'ASCII'] },
  { name: 'echo' },
  { name: 'touch', env: ['TZ=UTC'], values: ['-d', '@0', '-r'] },
  { name: 'cp', env: ['SIMPLE_BACKUP_SUFFIX', 'VERSION_CONTROL'] },
  { name: 'mv', env: ['SIMPLE_BACKUP_SUFFIX', 'VERSION_CONTROL'] },
  { name: 'rm' },
  { name: 'mkdir' },
  { name: 'ln', env: ['SIMPLE_BACKUP_SUFFIX', 'VERSION_CONTROL'] },
  { name: 'chmod', values: ['+x', '644', 'u+s'] },
  { name: 'bc', env: ['BC_ENV_ARGS', 'BC_LINE_LENGTH'], values: ['-l'] },
  { name: 'kill', values: ['-0', '-9', '1', '-l'] },
  { name: 'pkill', values: ['sleep', '-0'] },
  { name: 'killall', values: ['sleep'] },
  { name: 'less', env: ['LESSOPEN=|./canary.sh %s', 'LESSKEY=src/k', 'LESS', 'LESSHISTFILE', 'LESSSECURE', 'LESSEDIT', 'LESSKEYIN'] },
  {
    // rsync's ENVIRONMENT section; no network in the sandbox, so a remote end fails at once.
    name: 'rsync',
    env: [
      'RSYNC_RSH=./canary.sh',
      'RSYNC_CONNECT_PROG=./canary.sh',
      'RSYNC_RSH',
      'RSYNC_CONNECT_PROG',
      'RSYNC_PASSWORD',
      'RSYNC_PROTECT_ARGS',
      'RSYNC_OLD_ARGS',
      'RSYNC_ICONV',
      'RSYNC_PROXY',
      'RSYNC_PARTIAL_DIR',
      'RSYNC_COMPRESS_LIST',
      'RSYNC_CHECKSUM_LIST',
      'RSYNC_MAX_ALLOC',
      // popt stops at the first operand under it: `rsync a b -n` copies into a folder named -n.
      'POSIXLY_CORRECT=1',
    ],
    values: ['src/', 'out', 'docs/', 'host:src', 'rsync://host/m', '-n', '--dry-run', '--list-only', 'log.txt', 'bk', '../bk', '--no-v', '--del'],
  },
  // screen waits on a terminal unless it only lists (-ls, -list), prints its version, or starts
  // detached (-d -m): the per-command time limit ends the rest, and remit runs none of them as reads.
  {
    name: 'screen',
    env: ['SCREENDIR=src', 'SCREENRC=src/a.ts', 'SYSSCREENRC=src/a.ts', 'SCREENDIR', 'SCREENRC', 'SYSSCREENRC'],
    values: ['-ls', '-list', '-v', '-d', '-m', '-Q', 'true', 'sess'],
  },
  { name: 'rustc', slow: true, values: ['src/main.rs', '--version'] },
  { name: 'gpg', slow: true, env: ['GNUPGHOME=src', 'GNUPGHOME', 'GPG_AGENT_INFO'], values: ['--list-keys'] },
  {
    name: 'openssl',
    source: 'help',
    help: '-help',
    subs: [
      'x509',
      'req',
      'rsa',
      'pkey',
      'dgst',
      'enc',
      'base64',
      'asn1parse',
      'version',
      'rand',
      'genrsa',
      'ec',
      'crl',
      'verify',
      'list',
      'errstr',
      'prime',
      'storeutl',
    ],
    env: ['OPENSSL_CONF=x.cnf', 'RANDFILE=src/r', 'OPENSSL_MODULES', 'OPENSSL_TRACE', 'OPENSSL_ENGINES', 'SSL_CERT_FILE', 'RANDFILE'],
    values: ['cert.pem', 'out.pem', '-out', 'sha256'],
  },
  { name: 'xz', source: 'help', env: ['XZ_OPT=-k', 'XZ_DEFAULTS=-c', 'XZ_OPT', 'XZ_DEFAULTS'], values: ['a.txt.xz'] },
  { name: 'gzip', source: 'help', env: ['GZIP=-k', 'GZIP'], values: ['a.txt.gz'] },
  { name: 'bzip2', source: 'help', env: ['BZIP2=-k', 'BZIP=-c', 'BZIP2', 'BZIP'], values: ['a.txt.bz2'] },
  {
    name: 'awk',
    source: 'help',
    help: '-Wusage',
    env: ['AWKPATH', 'MAWKBINMODE', 'WHINY_USERS', 'MAWK_LONG_OPTIONS'],
    values: ['{print}', 'BEGIN{print 1 > "out.txt"}', 'BEGIN{system("./canary.sh")}', '-f', 'NR==1'],
  },
  { name: 'cmp', source: 'help' },
  { name: 'md5sum', source: 'help' },
  { name: 'sha256sum', source: 'help' },
  { name: 'cksum', source: 'help' },
  { name: 'b2sum', source: 'help' },
  { name: 'strings', source: 'help' },
  { name: 'hexdump', source: 'help' },
  { name: 'comm', source: 'help' },
  { name: 'column', source: 'help', env: ['COLUMNS'] },
  { name: 'expand', source: 'help' },
  { name: 'shuf', source: 'help', values: ['-o', 'out.txt'] },
  { name: 'realpath', source: 'help' },
  { name: 'printenv', source: 'help' },
  { name: 'nproc', source: 'help' },
  { name: 'zstd', source: 'help', env: ['ZSTD_CLEVEL', 'ZSTD_NBTHREADS'] },
  { name: 'lz4', source: 'help', env: ['LZ4_CLEVEL', 'LZ4_NBWORKERS'] },
  {
    name: 'patch',
    source: 'help',
    env: ['PATCH_GET', 'PATCH_VERSION_CONTROL', 'VERSION_CONTROL', 'SIMPLE_BACKUP_SUFFIX', 'QUOTING_STYLE', 'TMPDIR', 'POSIXLY_CORRECT=1'],
    values: ['-o', 'out.txt', '--dry-run'],
  },
  {
    name: 'ninja',
    source: 'help',
    help: '-h',
    env: ['NINJA_STATUS'],
    values: ['-t', 'targets', 'commands', 'query', 'clean', 'compdb', 'deps', 'rules', 'browse', 'all', 'app', 'depth'],
  },
];

/**
 * Values a bare environment name takes: option strings its program parses as its own (`ZIPOPT`,
 * `BZIP2`, `UNZIP`, `BC_ENV_ARGS`), files and folders (`MAGIC`, `LESSHISTFILE`, `GNUPGHOME`), a
 * canary for variables that name a program, and plain numbers and words.
 */
export const ENV_VALUES = [
  '-k',
  '-m',
  '-o',
  '-c',
  '-f',
  '-z',
  '-d src',
  '-o out.txt',
  '--output=out.txt',
  'notes.txt',
  'a.txt',
  'a.txt out.txt',
  'src',
  'src/new',
  'out.txt',
  '/tmp/o',
  CANARY,
  '|./canary.sh %s',
  '1',
  '0',
  'numbered',
  'sha256',
  'x',
  '',
];

/** Values any option or operand may take: fixture files, new names, option look-alikes, `--`. */
export const COMMON_VALUES = [
  'a.txt',
  'README.md',
  'notes.txt',
  'data.bin',
  'src',
  'src/a.ts',
  'src/lnk',
  'docs',
  'package.json',
  'Cargo.toml',
  '.',
  '..',
  'out.txt',
  'new',
  '/tmp/o',
  '-',
  '--',
  '--output=out.txt',
  '-o',
  '--dry-run',
  '--no-dry-run',
  '--force',
  '-n',
  '-v',
  '1',
  '0',
  '3',
  CANARY,
  'x',
  '=',
  "''",
];

/**
 * Configuration each program finds by itself, planted in the fuzz fixture's `planted` variant.
 * Each would make a read run the canary or write a file; a read that changes something under them
 * is a finding.
 */
export const PLANT: Plant = {
  proj: {
    '.npmrc': `script-shell=${CANARY}\n`,
    '.cargo/config.toml': `[build]\nrustc-wrapper = "${CANARY}"\n`,
    '.pdbrc': 'import os; os.system("./canary.sh pdbrc")\n',
    '.gdbinit': 'shell ./canary.sh gdbinit\n',
    'setup.cfg': '[tool:pytest]\naddopts = -p canary\n',
    '.exrc': '!./canary.sh exrc\n',
    'x.cnf': 'openssl_conf = x\n[x]\n',
    // Its build runs the canary; its tools that open the logs create nb/.
    'build.ninja': `builddir = nb\nrule cc\n  command = ${CANARY} ninja && touch $out\n  depfile = $out.d\n  deps = gcc\nbuild app: cc main.c\nbuild all: phony app\ndefault all\n`,
  },
  home: {
    '.curlrc': 'output = "curl-out.txt"\n',
    '.wgetrc': 'output_document = /mnt/w/proj/wget-out.txt\n',
    '.sqliterc': '.output /mnt/w/proj/sqliterc-out.txt\n',
    '.jq': 'def canary: 1;\n',
    '.inputrc': '',
    '.npmrc': `script-shell=${CANARY}\n`,
  },
};

/** One fixture a generated command is classified against and run in: the same files for both. */
export interface Variant {
  name: string;
  /** What it is, for the summary. */
  about: string;
  plant: Plant;
}

/**
 * Each generated command draws one, seeded. A planted config that makes remit refuse a program
 * (an `.npmrc` naming a script shell) also hides that program's reads from the fuzz: in `bare`
 * they are classified and run with nothing planted; in `planted` the configs stand.
 */
export const VARIANTS: readonly Variant[] = [
  { name: 'bare', about: 'no configuration planted', plant: {} },
  { name: 'planted', about: 'the configuration of PLANT planted', plant: PLANT },
];
