// Language interpreters. Inline code (`node -e`, `python -c`, `ruby -e`, `perl -e`,
// `php -r`, `osascript -e`, a heredoc on stdin) is `interpreter_inline_code` unless it is
// the one shape we prove read-only; its text is scanned for hashing APIs and paths.
// Running a program file is `shell_command_unproven`: we do not read other languages.
import { scanInlineCode } from '../code-scan.js';
import { inlineCode, unprovenCodeIntents } from './inline-code.js';
import type { Handler, Invocation, ShellWalker } from '../walker.js';
import type { Arg } from '../words.js';
import { defineOptions, scanOptions } from '../option-table.js';
import { defineCheck, runCheck } from './check-runner.js';
import { proveNodeCode, provePerlFilter, provePythonCode, proveRubyCode, type InlineProof } from './inline-proof.js';
import { pip, pythonModule } from './packages.js';
import { importShadowed } from './python-path.js';
import { pythonWarningsSafe } from '../exec-env.js';
import { remitScript } from './remit.js';
import { lookupTable } from '../../lookup-table.js';

function stdinCode(w: ShellWalker, inv: Invocation, prove?: (code: string) => InlineProof): void {
  if (inv.stdin !== undefined) return inlineCode(w, inv, inv.stdin, prove);
  if (!inv.stdinDynamic) return w.unknown(inv, 'shell_command_unproven');
  // Code piped in or built at run time (`curl -fsSL …/get-pip.py | python3`) may install or hash.
  w.acc.addDependency('hidden', '(code read at run time)');
  w.acc.addHash('hidden', inv.text);
  w.unknown(inv, 'interpreter_inline_code');
}

/**
 * node's own options (before the script or `--`; `-e`/`-p` take the code as their value and
 * options may follow it). `read` ones only shape diagnostics or limits; `exec` ones load
 * or run code before the program (`-r`, `--import`, `--loader`, an env file, a watcher, the
 * inspector, `--run`); `unsafe` ones write reports, profiles or logs. An option missing here
 * (a V8 option among them) leaves the command unproven.
 */
const NODE_READ =
  '-h --help -v --version --v8-options --completion-bash -c --check -e: --eval= -p: --print= --no-warnings --no-deprecation --trace-warnings ' +
  '--trace-deprecation --throw-deprecation --pending-deprecation --enable-source-maps --use-strict --no-experimental-fetch --experimental-strip-types ' +
  '--no-experimental-strip-types --experimental-transform-types --abort-on-uncaught-exception --preserve-symlinks --preserve-symlinks-main ' +
  '--frozen-intrinsics --disallow-code-generation-from-strings --input-type= --stack-size= --max-old-space-size= --max-semi-space-size= --title= ' +
  '--unhandled-rejections= --no-addons --no-global-search-paths --trace-uncaught --trace-exit --trace-sigint --zero-fill-buffers --jitless ' +
  '--experimental-require-module --no-experimental-require-module --experimental-detect-module --no-experimental-detect-module ' +
  '--no-experimental-global-navigator --test ';
const NODE_TEST_READ =
  '--test-name-pattern= --test-skip-pattern= --test-only --test-concurrency= --test-timeout= --test-force-exit --test-shard= --test-reporter= ' +
  '--experimental-test-coverage --test-coverage-include= --test-coverage-exclude= --test-coverage-lines= --test-coverage-branches= ' +
  '--test-coverage-functions= --test-isolation= --experimental-test-module-mocks --experimental-test-snapshots --test-update-snapshots';
const NODE_EXEC =
  '-r: --require= --import= --loader= --experimental-loader= --experimental-policy= --policy-integrity= --snapshot-blob= --build-snapshot ' +
  '--env-file= --env-file-if-exists= --experimental-default-type= --conditions= -C: --openssl-config= --icu-data-dir= --inspect[=] --inspect-brk[=] ' +
  '--inspect-port= --inspect-wait[=] --inspect-publish-uid= --watch --watch-path= --watch-preserve-output --experimental-vm-modules ' +
  '--localstorage-file= --experimental-config-file= --experimental-default-config-file --experimental-sea-config= --run= -i --interactive ' +
  '--allow-natives-syntax --expose-gc --expose-internals';
const NODE_UNSAFE =
  '--redirect-warnings= --diagnostic-dir= --report-dir= --report-directory= --report-filename= --report-on-signal --report-uncaught-exception ' +
  '--report-on-fatalerror --report-compact --cpu-prof --cpu-prof-dir= --cpu-prof-name= --cpu-prof-interval= --heap-prof --heap-prof-dir= ' +
  '--heap-prof-name= --heap-prof-interval= --prof --prof-process --trace-event-file-pattern= --trace-event-categories= --trace-events-enabled';

export const NODE = defineOptions({
  read: NODE_READ + NODE_TEST_READ,
  write: '--test-reporter-destination=',
  exec: NODE_EXEC,
  unsafe: NODE_UNSAFE,
  abbrev: false,
  posix: true,
});

/** `node --test`: the same options, judged as a check (check-runner.ts). */
const NODE_TEST = defineCheck({
  options: { read: NODE_READ + NODE_TEST_READ, write: '--test-reporter-destination=', exec: NODE_EXEC, unsafe: NODE_UNSAFE, abbrev: false },
  fix: '--test-update-snapshots',
  values: { '--test-reporter': /^(?:spec|tap|dot|junit|lcov)$/ },
  operands: 'files',
});

/** node reads `--no_warnings` as `--no-warnings`, and `-pe` as `-p`. */
function nodeSpelling(args: readonly Arg[]): Arg[] {
  return args.map((a, i) => {
    const v = a.value;
    if (i === 0 || v === null || !v.startsWith('-')) return a;
    if (v === '-pe') return { ...a, value: '-p' };
    if (!v.startsWith('--')) return a;
    const eq = v.indexOf('=');
    const name = (eq >= 0 ? v.slice(0, eq) : v).replace(/_/g, '-');
    return { ...a, value: eq >= 0 ? name + v.slice(eq) : name };
  });
}

/**
 * node loads a required file by the extension of its real path, and when `x.json` is no file
 * it tries `x.json.js`, `x.json.node` and a folder's `index.js`: `require('./x.json')` only
 * parses JSON when the path, links resolved, is an existing file whose name ends in `.json`.
 * Anything else (a link to code, a folder, nothing there, a file this command changed before)
 * leaves the code unproven
 * (docs/DESIGN.md#shell-classification).
 */
function jsonRequiresOnly(w: ShellWalker, inv: Invocation, proof: InlineProof): InlineProof {
  if (!proof.ok) return proof;
  for (const r of proof.reads) {
    const p = w.path(inv, { value: r, glob: false, tilde: false, text: r });
    // What is on disk is what node finds only if this command has not changed it first (`ln -sf evil.js x.json && node -p …`).
    if (p === null || !p.endsWith('.json') || w.acc.mayHaveChanged(p) || !w.ctx.files.exists(p) || w.ctx.files.isDirectory(p)) return { ok: false, reads: [] };
  }
  return proof;
}

const node: Handler = (w, inv) => {
  const args = nodeSpelling(inv.args);
  if (args.length === 2 && ['-v', '--version', '-h', '--help', '--v8-options'].includes(args[1]!.value ?? '')) return w.acc.read();
  if (args.some((a, i) => i > 0 && a.value === '--test')) return runCheck(w, { ...inv, args }, 1, NODE_TEST);
  const s = scanOptions(args, 1, NODE);
  if (s.problem !== undefined && s.problem !== 'dynamic_option') return w.unknown(inv, 'shell_command_unproven');
  // A word we cannot see before the script may itself be an option (`node -e code $X`, X=`-r evil`).
  if (s.problem === 'dynamic_option' && s.maybeOptions.some((a) => args.indexOf(a) <= s.rest)) return w.unknown(inv, 'dynamic_word');
  // A preloaded module (or an option that writes a report) runs or changes things before any inline code.
  const preload = s.options.some((o) => o.kind !== 'read');
  let code: Arg | undefined;
  for (const o of s.options) if (o.name === '-e' || o.name === '--eval' || o.name === '-p' || o.name === '--print') code = o.value;
  const prove = preload ? undefined : (c: string) => jsonRequiresOnly(w, inv, proveNodeCode(c));
  if (code) return inlineCode(w, inv, code.value, prove);
  if (s.options.some((o) => o.name === '-c' || o.name === '--check')) {
    if (preload) return w.unknown(inv, 'shell_command_unproven');
    const file = s.operands[0];
    if (file && file.value !== null) w.effect(inv, 'read', file);
    return w.acc.read();
  }
  const script = s.operands[0];
  if (script && script.value !== '-') {
    if (script.value !== null && script.value !== '--' && remitScript(w, inv, script, s.operands.slice(1))) return;
    return w.unknown(inv, script.value === null ? 'dynamic_word' : 'shell_command_unproven');
  }
  stdinCode(w, inv, prove);
};

/** python flags that do not run other code or change where modules come from. */
export const PY_SAFE_FLAGS = /^-[BEIsSuOqPR]+$/;
export const PY_VALUE = new Set(['-W', '-X', '--check-hash-based-pycs']);
/** `-X` settings that only add diagnostics or limits (the Python manual's -X list). */
const PY_X_SAFE =
  /^(?:importtime(?:=[12])?|dev|utf8(?:=[01])?|tracemalloc(?:=\d+)?|faulthandler|showrefcount|warn_default_encoding|no_debug_ranges|int_max_str_digits=\d+|frozen_modules=(?:on|off)|cpu_count=(?:\d+|default)|gil=[01]|disable-remote-debug)$/;

/**
 * provePythonCode, where an import also needs the folder Python runs in (first on its import
 * path without `-I`/`-P`) to hold nothing that stands in for a standard module (python-path.ts).
 */
function pythonProver(w: ShellWalker, inv: Invocation, isolated: boolean): (code: string) => InlineProof {
  return (code) => {
    const proof = provePythonCode(code);
    if (!proof.ok || isolated || !/\bimport\b/.test(code) || !importShadowed(w, inv.scope.cwd)) return proof;
    return { ok: false, reads: [] };
  };
}

const python: Handler = (w, inv) => {
  const args = inv.args;
  let unsafe = false;
  // `-I` and `-P` keep the folder Python runs in off its import path.
  let isolated = false;
  for (let i = 1; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) return w.unknown(inv, 'dynamic_word');
    if (i === 1 && args.length === 2 && (v === '-V' || v === '--version' || v === '-VV' || v === '-h' || v === '-?' || v === '--help')) return w.acc.read();
    const prove = unsafe ? undefined : pythonProver(w, inv, isolated);
    if (v === '-c') return inlineCode(w, inv, args[i + 1]?.value ?? null, prove);
    if (v.startsWith('-c') && v.length > 2 && !v.startsWith('--')) return inlineCode(w, inv, v.slice(2), prove);
    if (v === '-m' || (v.startsWith('-m') && v.length > 2 && !v.startsWith('--'))) {
      const module = v === '-m' ? args[++i]?.value : v.slice(2);
      if (module === null) return w.unknownCode(inv);
      if (module === undefined) return w.unknown(inv, 'shell_command_unproven');
      // `json.py` (or `pip/`) beside the command runs in place of the module it names.
      if (!isolated && importShadowed(w, inv.scope.cwd, [module.split('.')[0]!])) w.unknown(inv, 'shell_command_unproven');
      if (!unsafe && pythonModule(w, inv, module, i + 1)) return;
      return w.unknown(inv, 'shell_command_unproven');
    }
    if (v === '-') return stdinCode(w, inv, prove);
    if (v.startsWith('-')) {
      if (PY_VALUE.has(v)) {
        const value = args[++i]?.value;
        // `-W ignore::pkg.Warning` imports `pkg`; `-X pycache_prefix=dir` writes bytecode there,
        // `-X presite=mod` imports a module, `-X perf` writes a perf map: only listed values keep the code provable.
        if (
          value === null ||
          value === undefined ||
          (v === '-W' && !pythonWarningsSafe(value)) ||
          (v === '-X' && !PY_X_SAFE.test(value)) ||
          v === '--check-hash-based-pycs'
        )
          unsafe = true;
        continue;
      }
      // `-i` drops into an interactive prompt; `-X importtime`-style and unknown options are not proven.
      if (!PY_SAFE_FLAGS.test(v)) unsafe = true;
      else if (/[IP]/.test(v)) isolated = true;
      continue;
    }
    return w.unknown(inv, 'shell_command_unproven');
  }
  stdinCode(w, inv, unsafe ? undefined : pythonProver(w, inv, isolated));
};

/** ruby flags that change nothing about what inline code can do. */
export const RUBY_SAFE_FLAGS = /^(?:-w|-W[012]?|-v|--verbose|--disable-gems|--disable=gems|--disable=did_you_mean|-U|-E\S*|--encoding=\S+)$/;

/**
 * ruby: `-e CODE` (repeatable; options may follow it, and `-r` among them loads a library
 * first) is proven read-only by the Ruby prover when every other option is harmless;
 * `-i` edits files in place, `-n`/`-p` loop over input (still judged on the code).
 */
const ruby: Handler = (w, inv) => {
  const args = inv.args;
  if (args.length === 2 && (args[1]!.value === '-v' || args[1]!.value === '--version')) return w.acc.read();
  const code: string[] = [];
  let safe = true;
  let i = 1;
  for (; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) return w.unknownCode(inv);
    if (v === '--') break;
    if (!v.startsWith('-') || v === '-') break;
    if (v === '-e') {
      const c = args[++i]?.value;
      if (c === null || c === undefined) return c === null ? w.unknownCode(inv) : w.unknown(inv, 'shell_command_unproven');
      code.push(c);
      continue;
    }
    if (!RUBY_SAFE_FLAGS.test(v)) safe = false;
  }
  if (code.length === 0) {
    if (args[i] && args[i]!.value !== '-') return w.unknown(inv, 'shell_command_unproven');
    return stdinCode(w, inv);
  }
  inlineCode(w, inv, code.join('\n'), safe ? proveRubyCode : undefined);
};

/** php / osascript-style `-e CODE`. */
function evalFlag(flags: readonly string[], reads: readonly string[], lint = false): Handler {
  return (w, inv) => {
    const args = inv.args;
    for (let i = 1; i < args.length; i++) {
      const v = args[i]!.value;
      if (v === null) return w.unknown(inv, 'dynamic_word');
      // `ruby -v` alone prints the version; `ruby -v -e code` prints it and runs the code.
      if (reads.includes(v) && args.length === 2) return w.acc.read();
      // `php -l a.php b.php` checks the files' syntax without running them.
      if (v === '-l' && lint && i === 1 && args.length > 2) {
        for (const f of args.slice(2)) {
          if (f.value === null || f.value.startsWith('-')) return w.unknown(inv, f.value === null ? 'dynamic_word' : 'shell_command_unproven');
          w.effect(inv, 'read', f);
        }
        return w.acc.read();
      }
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
const PERL_MAGIC_OPEN = /^\s*[<>+|]|\|\s*$/;

const perl: Handler = (w, inv) => {
  const args = inv.args;
  let inPlace: string | undefined;
  let code: string | null | undefined;
  let unsafe = false;
  const modules: string[] = [];
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
        // `-MDigest::SHA=sha256_hex`: the module is scanned with the code for hashing APIs.
        if (c === 'M' || c === 'm') modules.push(v.slice(j + 1));
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
  if (code === null) return w.unknownCode(inv);
  // `<>` (and so -n, -p, -i) opens each operand with two-argument open: `cmd|` runs a
  // command, `>x` truncates x, `+<x` opens it for update. Only a literal plain name is a file.
  for (const f of files) {
    if (f.value === null) return w.unknown(inv, 'dynamic_word');
    if (PERL_MAGIC_OPEN.test(f.value)) return w.unknown(inv, 'shell_command_unproven');
  }
  const scan = scanInlineCode(modules.length > 0 ? `use ${modules.join(';\nuse ')};\n${code}` : code, inv.scope.env);
  if (scan.hash) w.acc.addHash('code', scan.hash);
  const proven = !unsafe && !scan.hash && provePerlFilter(code).ok;
  if (!proven) unprovenCodeIntents(w, inv, scan);
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

export const interpreterHandlers = lookupTable<Handler>({
  __proto__: null,
  node,
  nodejs: node,
  python,
  python3: python,
  python2: python,
  py: python,
  pypy: python,
  pypy3: python,
  ruby,
  php: evalFlag(['-r'], ['-v', '--version', '-l', '-m', '-i', '--ini'], true),
  osascript: evalFlag(['-e'], []),
  perl,
  irb: (w, inv) => w.unknown(inv, 'shell_command_unproven'),
});

/** Versioned interpreter names (`python3.12`, `node20`). */
export function interpreterFor(name: string): Handler | undefined {
  if (/^python\d(?:\.\d+)?$/.test(name)) return python;
  if (/^node\d+$/.test(name)) return node;
  // `pip3.11`, `pip-3.12`: the same installer under a versioned name.
  if (/^pip-?\d(?:\.\d+)?$/.test(name)) return pip;
  return undefined;
}
