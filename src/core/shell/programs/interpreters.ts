// Language interpreters. Inline code (`node -e`, `python -c`, `ruby -e`, `perl -e`,
// `php -r`, `osascript -e`, a heredoc on stdin) is `interpreter_inline_code` unless it is
// the one shape we prove read-only; its text is scanned for hashing APIs and paths.
// Running a program file is `shell_command_unproven`: we do not read other languages.
import { scanInlineCode } from '../code-scan.js';
import type { Handler, Invocation, ShellWalker } from '../walker.js';
import type { Arg } from '../words.js';
import { runChecker } from './checks.js';
import { proveNodeCode, provePerlFilter, provePythonCode, type InlineProof } from './inline-proof.js';
import { pip, pythonModule } from './packages.js';
import { remitScript } from './remit.js';

function inlineCode(w: ShellWalker, inv: Invocation, code: string | null, prove?: (code: string) => InlineProof): void {
  if (code === null) return w.unknown(inv, 'dynamic_word');
  const scan = scanInlineCode(code);
  if (scan.hash) w.acc.addHash('code', scan.hash);
  const proof = prove && !scan.hash ? prove(code) : undefined;
  if (proof?.ok) return w.acc.read();
  w.unproven(inv, 'interpreter_inline_code');
  // The code itself is not a path; the strings inside it may be.
  w.mentionArgs(inv.args.filter((a) => a.value !== code), inv.scope.cwd);
  for (const p of scan.paths) {
    const path = w.path(inv, { value: p, glob: false, tilde: p.startsWith('~/'), text: p });
    if (path) w.acc.mention(path);
  }
}

function stdinCode(w: ShellWalker, inv: Invocation, prove?: (code: string) => InlineProof): void {
  if (inv.stdin !== undefined) return inlineCode(w, inv, inv.stdin, prove);
  w.unknown(inv, inv.stdinDynamic ? 'interpreter_inline_code' : 'shell_command_unproven');
}

/** node options that only shape diagnostics or limits; any other option leaves inline code unproven. */
const NODE_SAFE_FLAGS = new Set(['--no-warnings', '--no-deprecation', '--trace-warnings', '--trace-deprecation', '--throw-deprecation', '--pending-deprecation', '--enable-source-maps', '--use-strict', '--no-experimental-fetch', '--experimental-strip-types', '--no-experimental-strip-types', '--abort-on-uncaught-exception', '--preserve-symlinks', '--frozen-intrinsics', '--disallow-code-generation-from-strings']);
const NODE_TEST_OPTIONS = new Set(['--test-reporter-destination', '--test-name-pattern', '--test-skip-pattern', '--test-only', '--test-concurrency', '--test-timeout', '--test-force-exit', '--test-shard']);
const NODE_SAFE_VALUES = new Set(['--input-type', '--stack-size', '--max-old-space-size', '--max-semi-space-size', '--title', '--unhandled-rejections']);
/** Options that load code before the program (`-r`, `--import`, `--loader`, `data:` URLs among them) or read an environment file. */
const NODE_PRELOAD = /^(?:-r|--require|--import|--loader|--experimental-loader|--env-file|--env-file-if-exists|--experimental-policy|--policy-integrity|--snapshot-blob|--build-snapshot|--inspect\S*|--experimental-vm-modules|--experimental-default-type|--conditions|-C|--watch\S*|--test-reporter\S*|--experimental-test-coverage|--openssl-config|--icu-data-dir|--redirect-warnings|--cpu-prof\S*|--heap-prof\S*|--diagnostic-dir|--report\S*|--prof\S*|--trace-event-file-pattern|--localstorage-file)(?:=|$)/;
const NODE_VALUE = new Set(['-r', '--require', '--import', '--loader', '--experimental-loader', '--input-type', '--conditions', '-C', '--env-file', '--title', '--stack-size', '--max-old-space-size', '--inspect-port', '--test-reporter', '--test-reporter-destination', '--test-name-pattern', '--test-concurrency', '--watch-path', '--redirect-warnings', '--diagnostic-dir', '--report-dir', '--cpu-prof-dir', '--heap-prof-dir', '--openssl-config', '--icu-data-dir', '--unhandled-rejections', '--max-semi-space-size', '--localstorage-file']);

const node: Handler = (w, inv) => {
  const args = inv.args;
  let test = false;
  // A preloaded module (or an option remit does not know) runs or changes things before any inline code.
  let preload = false;
  let unsafe = false;
  for (let i = 1; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (v === null) return w.unknown(inv, 'dynamic_word');
    if (i === 1 && args.length === 2 && (v === '-v' || v === '--version' || v === '-h' || v === '--help' || v === '--v8-options')) return w.acc.read();
    const prove = preload || unsafe ? undefined : proveNodeCode;
    if (v === '-e' || v === '--eval' || v === '-p' || v === '--print' || v === '-pe') return inlineCode(w, inv, args[i + 1]?.value ?? null, prove);
    if (v.startsWith('--eval=') || v.startsWith('--print=')) return inlineCode(w, inv, v.slice(v.indexOf('=') + 1), prove);
    if (v === '-c' || v === '--check') {
      if (preload || unsafe) return w.unknown(inv, 'shell_command_unproven');
      const file = args[i + 1];
      if (file && file.value !== null) w.effect(inv, 'read', file);
      return w.acc.read();
    }
    if (v === '--test') {
      test = true;
      continue;
    }
    if (v === '--test-update-snapshots') return w.unprovenWrite(inv, 'write_path_missing');
    if (v === '-') return stdinCode(w, inv, prove);
    if (v.startsWith('-')) {
      const name = v.includes('=') ? v.slice(0, v.indexOf('=')) : v;
      // `--test-reporter=tap` is built in; a reporter path is a module (code). Test option values are screened by runChecker.
      if (name === '--test-reporter') {
        const reporter = v.includes('=') ? v.slice(v.indexOf('=') + 1) : args[i + 1]?.value;
        if (reporter === null || reporter === undefined || !/^(?:spec|tap|dot|junit|lcov)$/.test(reporter)) preload = true;
      } else if (!NODE_TEST_OPTIONS.has(name)) {
        if (NODE_PRELOAD.test(v) || v.includes('data:')) preload = true;
        else if (!NODE_SAFE_FLAGS.has(name) && !NODE_SAFE_VALUES.has(name)) unsafe = true;
      }
      if (NODE_VALUE.has(v)) {
        const value = args[++i];
        if (value && (value.value === null || value.value.startsWith('data:'))) preload = true;
      }
      continue;
    }
    if (test) return preload || unsafe ? w.unknown(inv, 'shell_command_unproven') : runChecker(w, inv, i, { runsFiles: true });
    if (remitScript(w, inv, a, args.slice(i + 1))) return;
    return w.unknown(inv, 'shell_command_unproven');
  }
  if (test) return preload || unsafe ? w.unknown(inv, 'shell_command_unproven') : runChecker(w, inv, 1, { runsFiles: true });
  stdinCode(w, inv, preload || unsafe ? undefined : proveNodeCode);
};

/** python flags that do not run other code or change where modules come from. */
const PY_SAFE_FLAGS = /^-[BEIsSuOqPR]+$/;
const PY_VALUE = new Set(['-W', '-X', '--check-hash-based-pycs']);

const python: Handler = (w, inv) => {
  const args = inv.args;
  let unsafe = false;
  for (let i = 1; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) return w.unknown(inv, 'dynamic_word');
    if (i === 1 && args.length === 2 && (v === '-V' || v === '--version' || v === '-VV' || v === '-h' || v === '--help')) return w.acc.read();
    const prove = unsafe ? undefined : provePythonCode;
    if (v === '-c') return inlineCode(w, inv, args[i + 1]?.value ?? null, prove);
    if (v.startsWith('-c') && v.length > 2 && !v.startsWith('--')) return inlineCode(w, inv, v.slice(2), prove);
    if (v === '-m' || (v.startsWith('-m') && v.length > 2 && !v.startsWith('--'))) {
      const module = v === '-m' ? args[++i]?.value : v.slice(2);
      if (module === null || module === undefined) return w.unknown(inv, 'dynamic_word');
      if (!unsafe && pythonModule(w, inv, module, i + 1)) return;
      return w.unknown(inv, 'shell_command_unproven');
    }
    if (v === '-') return stdinCode(w, inv, prove);
    if (v.startsWith('-')) {
      if (PY_VALUE.has(v)) {
        i++;
        continue;
      }
      // `-i` drops into an interactive prompt; `-X importtime`-style and unknown options are not proven.
      if (!PY_SAFE_FLAGS.test(v)) unsafe = true;
      continue;
    }
    return w.unknown(inv, 'shell_command_unproven');
  }
  stdinCode(w, inv, unsafe ? undefined : provePythonCode);
};

/** ruby / php / osascript / bun-style `-e CODE`. */
function evalFlag(flags: readonly string[], reads: readonly string[]): Handler {
  return (w, inv) => {
    const args = inv.args;
    for (let i = 1; i < args.length; i++) {
      const v = args[i]!.value;
      if (v === null) return w.unknown(inv, 'dynamic_word');
      // `ruby -v` alone prints the version; `ruby -v -e code` prints it and runs the code.
      if (reads.includes(v) && args.length === 2) return w.acc.read();
      if (flags.includes(v)) return inlineCode(w, inv, args[i + 1]?.value ?? null);
      if (v.startsWith('-')) continue;
      return w.unknown(inv, 'shell_command_unproven');
    }
    stdinCode(w, inv);
  };
}

/**
 * perl: `-i` edits its file operands in place (a write of each, and of the backup a
 * suffix names); the code must be a proven filter (`s///`, `print if /x/`) or the command
 * stays unproven. `-M`/`-m` load modules (code) and `-x`/`-d`/`-S` run other text.
 */
const perl: Handler = (w, inv) => {
  const args = inv.args;
  let inPlace: string | undefined;
  let code: string | null | undefined;
  let unsafe = false;
  let i = 1;
  for (; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) return w.unknown(inv, 'dynamic_word');
    if (i === 1 && args.length === 2 && (v === '-v' || v === '--version' || v === '-V')) return w.acc.read();
    if (v === '--') {
      i++;
      break;
    }
    if (!v.startsWith('-') || v === '-') break;
    for (let j = 1; j < v.length; j++) {
      const c = v[j]!;
      if (c === 'i') {
        inPlace = v.slice(j + 1);
        break;
      }
      if (c === 'e' || c === 'E') {
        code = j + 1 < v.length ? v.slice(j + 1) : (args[++i]?.value ?? null);
        break;
      }
      if ('MmxdSD'.includes(c)) {
        unsafe = true;
        break;
      }
      if (c === 'l' || c === '0') {
        // `-l` and `-0` take optional octal digits; the cluster goes on after them (`-lane`).
        while (j + 1 < v.length && /[0-7]/.test(v[j + 1]!)) j++;
        continue;
      }
      if (c === 'I' || c === 'F') break;
      if (!'nplaswtTWXcuUhv'.includes(c)) {
        unsafe = true;
        break;
      }
    }
  }
  if (code === undefined) {
    if (!args[i]) return stdinCode(w, inv);
    // `perl script.pl`: a program in another language.
    return w.unknown(inv, 'shell_command_unproven');
  }
  const files: Arg[] = args.slice(i);
  if (code === null) return w.unknown(inv, 'dynamic_word');
  const scan = scanInlineCode(code);
  if (scan.hash) w.acc.addHash('code', scan.hash);
  const proven = !unsafe && provePerlFilter(code).ok;
  if (inPlace !== undefined) {
    for (const f of files) {
      w.effect(inv, 'write', f);
      if (inPlace !== '' && f.value !== null) {
        // `-i.orig` keeps a backup beside each file (`*` in the suffix stands for the name).
        const backup = inPlace.includes('*') ? inPlace.replace(/\*/g, f.value) : f.value + inPlace;
        w.effect(inv, 'create', { ...f, value: backup, glob: false });
      }
    }
    w.extraTargets(inv);
    if (!proven) w.unknown(inv, 'interpreter_inline_code');
    return;
  }
  for (const f of files) if (f.value !== null) w.effect(inv, 'read', f);
  if (proven) return w.acc.read();
  inlineCode(w, inv, code);
};

export const interpreterHandlers: Record<string, Handler> = {
  node,
  nodejs: node,
  python,
  python3: python,
  python2: python,
  py: python,
  pypy: python,
  pypy3: python,
  ruby: evalFlag(['-e'], ['-v', '--version']),
  php: evalFlag(['-r'], ['-v', '--version', '-l', '-m', '-i']),
  osascript: evalFlag(['-e'], []),
  perl,
  irb: (w, inv) => w.unknown(inv, 'shell_command_unproven'),
};

/** Versioned interpreter names (`python3.12`, `node20`). */
export function interpreterFor(name: string): Handler | undefined {
  if (/^python\d(?:\.\d+)?$/.test(name)) return python;
  if (/^node\d+$/.test(name)) return node;
  // `pip3.11`, `pip-3.12`: the same installer under a versioned name.
  if (/^pip-?\d(?:\.\d+)?$/.test(name)) return pip;
  return undefined;
}
