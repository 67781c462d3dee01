import { describe, expect, it } from 'vitest';
import { virtualContext } from '../../../test/support/classify-context.js';
import { classifyShell } from './classify-shell.js';
import { isExecEnv, isMakeExecEnv, pythonWarningsSafe } from './exec-env.js';

describe('environment variables that change what runs or where it writes (issue 9 principles 2–4)', () => {
  it('closes each tool namespace: only the listed harmless names pass', () => {
    for (const name of [
      'GIT_COMMON_DIR',
      'GIT_TEMPLATE_DIR',
      'GIT_ALLOW_PROTOCOL',
      'NODE_V8_COVERAGE',
      'NODE_COMPILE_CACHE',
      'PYTHONUSERBASE',
      'PYTHONINSPECT',
      'PYTHONPYCACHEPREFIX',
      'PYTHONBREAKPOINT',
      'CARGO_TARGET_DIR',
      'CARGO_HOME',
      'RUSTC',
      'RUSTFLAGS',
      'RUSTDOC',
      'CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER',
      'GOCACHE',
      'GOPATH',
      'GOENV',
      'GOTOOLCHAIN',
      'GOCOVERDIR',
      'YARN_RC_FILENAME',
      'YARN_YARN_PATH',
      'GRADLE_USER_HOME',
      'MYPY_CACHE_DIR',
      'RUFF_CACHE_DIR',
      'PYTEST_DEBUG_TEMPROOT',
      'COVERAGE_FILE',
      'DENO_DIR',
      'BUNDLE_PATH',
      'TF_CLI_ARGS_plan',
    ]) {
      expect({ name, exec: isExecEnv(name, 'x') }).toEqual({ name, exec: true });
    }
    for (const name of [
      'GIT_TERMINAL_PROMPT',
      'GIT_AUTHOR_NAME',
      'NODE_ENV',
      'NODE_NO_WARNINGS',
      'PYTHONUNBUFFERED',
      'PYTHONDONTWRITEBYTECODE',
      'CARGO_TERM_COLOR',
      'RUST_BACKTRACE',
      'RUST_LOG',
      'GOOS',
      'GOARCH',
      'GOPROXY',
      'CGO_ENABLED',
      'CI',
      'LANG',
      'LC_ALL',
      'TZ',
      'FORCE_COLOR',
      'NO_COLOR',
      'DEBUG',
      'DATABASE_URL',
      'GOOGLE_APPLICATION_NAME',
    ]) {
      expect({ name, exec: isExecEnv(name, '1') }).toEqual({ name, exec: false });
    }
  });
  it('judges by value where the value decides', () => {
    expect(isExecEnv('GIT_TRACE', '1')).toBe(false);
    expect(isExecEnv('GIT_TRACE2_EVENT', 'true')).toBe(false);
    expect(isExecEnv('GIT_TRACE', '/tmp/trace')).toBe(true);
    expect(isExecEnv('GIT_TRACE', null)).toBe(true);
    expect(isExecEnv('CC', 'gcc-13')).toBe(false);
    expect(isExecEnv('CC', './evil')).toBe(true);
    expect(isExecEnv('KUBECONFIG', '/home/dev/.kube/prod', '/home/dev')).toBe(false);
    expect(isExecEnv('KUBECONFIG', '/work/proj/src/kc', '/home/dev')).toBe(true);
    expect(isExecEnv('KUBECONFIG', '/home/dev/.kube/../proj/kc', '/home/dev')).toBe(true);
    expect(isExecEnv('RUSTUP_TOOLCHAIN', 'nightly')).toBe(false);
    expect(isExecEnv('RUSTUP_TOOLCHAIN', '/tmp/tc')).toBe(true);
    expect(isExecEnv('AWS_PAGER', '')).toBe(false);
    expect(isExecEnv('AWS_PAGER', 'less')).toBe(true);
    expect(isExecEnv('PYTHONWARNINGS', 'ignore::DeprecationWarning')).toBe(false);
    expect(isExecEnv('PYTHONWARNINGS', 'ignore::tools.json.X')).toBe(true);
    expect(pythonWarningsSafe('error,ignore::UserWarning')).toBe(true);
  });
  it('closes the loader, OpenSSL, groff, Lua, pip and Erlang namespaces and the names that say they name a program, options or a config', () => {
    for (const name of [
      'LD_DEBUG_OUTPUT',
      'LD_PROFILE_OUTPUT',
      'GCONV_PATH',
      'OPENSSL_CONF',
      'SSLKEYLOGFILE',
      'MORE',
      'MANROFFOPT',
      'GROFF_BIN_PATH',
      'LUA_INIT_5_4',
      'PIP_LOG',
      'PIP_CONFIG_FILE',
      'SYSTEM_WGETRC',
      'VAULT_CONFIG_PATH',
      'PHPRC',
      'ERL_AFLAGS',
      'ESBUILD_BINARY_PATH',
      'PUPPETEER_EXECUTABLE_PATH',
      'CHROME_BIN',
      'FZF_DEFAULT_COMMAND',
      'JAVA_OPTS',
      'CFLAGS',
      'LDFLAGS',
      'APP_CONFIG_FILE',
    ]) {
      expect({ name, exec: isExecEnv(name, 'x') }).toEqual({ name, exec: true });
    }
    for (const name of ['LD_BIND_NOW', 'PIP_DISABLE_PIP_VERSION_CHECK', 'BUILD_ID', 'APP_NAME', 'LOG_LEVEL', 'PORT']) {
      expect({ name, exec: isExecEnv(name, '1') }).toEqual({ name, exec: false });
    }
  });
  it('a pager that only prints and an editor that does nothing are proven (GIT_PAGER=cat git log)', () => {
    expect(isExecEnv('GIT_PAGER', 'cat')).toBe(false);
    expect(isExecEnv('PAGER', '')).toBe(false);
    expect(isExecEnv('MANPAGER', 'less -R')).toBe(false);
    expect(isExecEnv('GIT_EDITOR', 'true')).toBe(false);
    expect(isExecEnv('GIT_PAGER', 'cat; rm -rf src')).toBe(true);
    expect(isExecEnv('PAGER', 'less +!id')).toBe(true);
    expect(isExecEnv('EDITOR', 'vim')).toBe(true);
    expect(isExecEnv('GIT_PAGER', null)).toBe(true);
    expect(classifyShell('GIT_PAGER=cat git log -1', virtualContext()).mutability).toBe('read');
  });
  it('leaves a Makefile free to name its compiler and its own variables', () => {
    expect(isMakeExecEnv('CC')).toBe(false);
    expect(isMakeExecEnv('PYTHON_VERSION')).toBe(false);
    expect(isMakeExecEnv('NODE_BIN')).toBe(false);
    expect(isMakeExecEnv('PATH')).toBe(true);
    expect(isMakeExecEnv('MAKEFLAGS')).toBe(true);
  });
  it('holds for assignments before a command, export, env and later commands', () => {
    const m = (c: string) => classifyShell(c, virtualContext()).mutability;
    expect(m('GIT_TRACE=/tmp/x git status')).toBe('unknown');
    expect(m('GIT_TRACE=1 git status')).toBe('read');
    expect(m('export NODE_V8_COVERAGE=src; node -e "console.log(1)"')).toBe('unknown');
    expect(m('env CARGO_TARGET_DIR=docs cargo check')).toBe('unknown');
    expect(m('KUBECONFIG=~/.kube/prod kubectl get pods')).toBe('read');
    expect(m('KUBECONFIG=src/kc kubectl get pods')).toBe('unknown');
    expect(m('NODE_ENV=test LANG=C ls')).toBe('read');
    // xargs sets the variable it is told to the slot number of each command it starts.
    expect(m('xargs --process-slot-var=PATH echo < a.txt')).toBe('unknown');
    expect(m('xargs -P4 --process-slot-var=SLOT echo < a.txt')).toBe('read');
    expect(classifyShell("$env:PATH = 'src'; git status", virtualContext(), 'powershell').mutability).toBe('unknown');
    expect(classifyShell("$env:NODE_ENV = 'test'; git status", virtualContext(), 'powershell').mutability).toBe('read');
  });
  it('holds for builtins that assign a variable by name', () => {
    const m = (c: string) => classifyShell(c, virtualContext()).mutability;
    for (const c of [
      'read -r PATH <<< src; ls',
      'mapfile -t PATH < a.txt',
      'readarray NODE_OPTIONS < a.txt',
      'getopts a PATH',
      'printf -v PATH src',
      '(( PATH = 1 ))',
      'let GIT_TRACE=5',
      'unset PATH',
    ]) {
      expect({ c, m: m(c) }).toEqual({ c, m: 'unknown' });
    }
    for (const c of ['IFS= read -r line < a.txt', 'mapfile -t lines < a.txt', 'printf -v x %s 1', '(( n = 1 ))', 'unset GIT_PAGER']) {
      expect({ c, m: m(c) }).toEqual({ c, m: 'read' });
    }
  });
});

describe('PYTHONPATH of project folders for a check', () => {
  const ctx = virtualContext({ 'src/a.py': 'x = 1\n', 'tests/test_a.py': 'def test_a(): pass\n', 'docs/b.md': '# b\n' });
  const c = (cmd: string) => classifyShell(cmd, ctx);

  it('keeps a check a check when every folder is inside the project', () => {
    for (const cmd of ['PYTHONPATH=src python3 -m pytest', 'PYTHONPATH=src:tests pytest -q', 'PYTHONPATH=. pytest', 'cd tests && PYTHONPATH=../src pytest'])
      expect(c(cmd).mutability, cmd).toBe('check');
  });

  it('leaves anything else unproven: a folder outside, an empty entry, a value known at run time, a command that is not a check', () => {
    for (const cmd of [
      'PYTHONPATH=/tmp/x pytest',
      'PYTHONPATH=src:/opt/lib pytest',
      'PYTHONPATH=src: pytest',
      'PYTHONPATH=../other pytest',
      'PYTHONPATH=$P pytest',
      "PYTHONPATH=src python3 -c 'import json; print(1)'",
      'PYTHONPATH=src python3 -m json.tool a.json',
      'PYTHONPATH=src cat a.py',
      'PYTHONPATH=src',
      'PYTHONPATH=src PYTHONSTARTUP=x.py pytest',
    ])
      expect(c(cmd).mutability, cmd).toBe('unknown');
  });
});
