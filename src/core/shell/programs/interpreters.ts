// Language interpreters. Inline code (`node -e`, `python -c`, `ruby -e`, `perl -e`,
// `php -r`, `osascript -e`, a heredoc on stdin) is `interpreter_inline_code` unless it is
// the one shape we prove read-only; its text is scanned for hashing APIs and paths.
// Running a program file is `shell_command_unproven`: we do not read other languages.
import { isProvenReadOnlyNodeCode, scanInlineCode } from '../code-scan.js';
import type { Handler, Invocation, ShellWalker } from '../walker.js';
import type { Arg } from '../words.js';
import { runChecker } from './checks.js';
import { pip, pythonModule } from './packages.js';
import { remitScript } from './remit.js';

function inlineCode(w: ShellWalker, inv: Invocation, code: string | null, prove?: (code: string) => boolean): void {
  if (code === null) return w.unknown(inv, 'dynamic_word');
  const scan = scanInlineCode(code);
  if (scan.hash) w.acc.addHash('code', scan.hash);
  if (prove && prove(code)) return w.acc.read();
  w.unproven(inv, 'interpreter_inline_code');
  // The code itself is not a path; the strings inside it may be.
  w.mentionArgs(inv.args.filter((a) => a.value !== code), inv.scope.cwd);
  for (const p of scan.paths) {
    const path = w.path(inv, { value: p, glob: false, tilde: p.startsWith('~/'), text: p });
    if (path) w.acc.mention(path);
  }
}

function stdinCode(w: ShellWalker, inv: Invocation): void {
  if (inv.stdin !== undefined) return inlineCode(w, inv, inv.stdin);
  w.unknown(inv, inv.stdinDynamic ? 'interpreter_inline_code' : 'shell_command_unproven');
}

const NODE_VALUE = new Set(['-r', '--require', '--import', '--loader', '--experimental-loader', '--input-type', '--conditions', '-C', '--env-file', '--title', '--stack-size', '--max-old-space-size', '--inspect-port', '--test-reporter', '--test-reporter-destination', '--test-name-pattern', '--test-concurrency', '--watch-path']);

const node: Handler = (w, inv) => {
  const args = inv.args;
  let test = false;
  // A preloaded module runs before any inline code, so nothing is proven then.
  let preload = false;
  for (let i = 1; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (v === null) return w.unknown(inv, 'dynamic_word');
    if (v === '-v' || v === '--version' || v === '-h' || v === '--help' || v === '--v8-options') return w.acc.read();
    const prove = preload ? undefined : isProvenReadOnlyNodeCode;
    if (v === '-e' || v === '--eval' || v === '-p' || v === '--print') return inlineCode(w, inv, args[i + 1]?.value ?? null, prove);
    if (v.startsWith('--eval=') || v.startsWith('--print=')) return inlineCode(w, inv, v.slice(v.indexOf('=') + 1), prove);
    if (v === '-c' || v === '--check') return w.acc.read();
    if (v === '--test') {
      test = true;
      continue;
    }
    if (v === '--test-update-snapshots') return w.unprovenWrite(inv, 'write_path_missing');
    if (v === '-') return stdinCode(w, inv);
    if (v.startsWith('-')) {
      if (NODE_VALUE.has(v)) i++;
      if (/^(?:-r|--require|--import|--loader|--experimental-loader)(?:=|$)/.test(v)) preload = true;
      continue;
    }
    if (test) return runChecker(w, inv, i);
    if (remitScript(w, inv, a, args.slice(i + 1))) return;
    return w.unknown(inv, 'shell_command_unproven');
  }
  if (test) return runChecker(w, inv, args.length);
  stdinCode(w, inv);
};

const PY_VALUE = new Set(['-W', '-X', '--check-hash-based-pycs']);

const python: Handler = (w, inv) => {
  const args = inv.args;
  for (let i = 1; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) return w.unknown(inv, 'dynamic_word');
    if (v === '-V' || v === '--version' || v === '-VV' || v === '-h' || v === '--help') return w.acc.read();
    if (v === '-c') return inlineCode(w, inv, args[i + 1]?.value ?? null);
    if (v.startsWith('-c') && v.length > 2 && !v.startsWith('--')) return inlineCode(w, inv, v.slice(2));
    if (v === '-m' || (v.startsWith('-m') && v.length > 2 && !v.startsWith('--'))) {
      const module = v === '-m' ? args[++i]?.value : v.slice(2);
      if (module === null || module === undefined) return w.unknown(inv, 'dynamic_word');
      if (pythonModule(w, inv, module, i + 1)) return;
      return w.unknown(inv, 'shell_command_unproven');
    }
    if (v === '-') return stdinCode(w, inv);
    if (v.startsWith('-')) {
      if (PY_VALUE.has(v)) i++;
      if (v.includes('i') && !v.startsWith('--')) return w.unknown(inv, 'shell_command_unproven');
      continue;
    }
    return w.unknown(inv, 'shell_command_unproven');
  }
  stdinCode(w, inv);
};

/** ruby / php / osascript / bun-style `-e CODE`. */
function evalFlag(flags: readonly string[], reads: readonly string[]): Handler {
  return (w, inv) => {
    const args = inv.args;
    for (let i = 1; i < args.length; i++) {
      const v = args[i]!.value;
      if (v === null) return w.unknown(inv, 'dynamic_word');
      if (reads.includes(v)) return w.acc.read();
      if (flags.includes(v)) return inlineCode(w, inv, args[i + 1]?.value ?? null);
      if (v.startsWith('-')) continue;
      return w.unknown(inv, 'shell_command_unproven');
    }
    stdinCode(w, inv);
  };
}

/**
 * perl: `-i` edits its file operands in place (a write of each); the code itself is still
 * scanned, and a program that does more than filter lines stays unproven.
 */
const perl: Handler = (w, inv) => {
  const args = inv.args;
  let inPlace = false;
  let code: string | null | undefined;
  let i = 1;
  for (; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) return w.unknown(inv, 'dynamic_word');
    if (v === '-v' || v === '--version' || v === '-V') return w.acc.read();
    if (v === '--') {
      i++;
      break;
    }
    if (!v.startsWith('-') || v === '-') break;
    for (let j = 1; j < v.length; j++) {
      const c = v[j]!;
      if (c === 'i') {
        inPlace = true;
        break;
      }
      if (c === 'e' || c === 'E') {
        code = j + 1 < v.length ? v.slice(j + 1) : (args[++i]?.value ?? null);
        break;
      }
      if ('IMmxlF0'.includes(c)) break;
    }
  }
  if (code === undefined) {
    if (args[i]) {
      if (!inPlace) return w.unknown(inv, 'shell_command_unproven');
      i++;
    } else return stdinCode(w, inv);
  }
  const files: Arg[] = args.slice(i);
  if (inPlace) {
    for (const f of files) w.effect(inv, 'write', f);
    w.extraTargets(inv);
    if (code === null || code === undefined) return w.unknown(inv, 'dynamic_word');
    const scan = scanInlineCode(code);
    if (scan.hash) w.acc.addHash('code', scan.hash);
    if (scan.writes) w.unknown(inv, 'interpreter_inline_code');
    return;
  }
  inlineCode(w, inv, code ?? null);
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
