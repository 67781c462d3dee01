// Shell builtins that change what later commands see (directory, variables) or run text
// as commands (`eval`, `trap`), plus the inert ones.
import path from 'node:path';
import { canonicalPath } from '../../paths/canonical.js';
import { gitTopLevel } from './git-config.js';
import { isExecEnv as isExecEnvName, type Handler, type Invocation, type ShellWalker } from '../walker.js';
import { argPath, type Arg } from '../words.js';
import { lookupTable } from '../../lookup-table.js';
import { cutAt } from '../../intents/line-text.js';

const read: Handler = (w) => w.acc.read();

/**
 * `ulimit` changes only this shell's limits, except one: a nonzero core-file limit (`-c`)
 * lets any later crash write a core file (in the working folder, or wherever the system's
 * core pattern says), a write nobody named. With `-c` and any value but `0`, or a word known
 * only at run time, it is unproven (docs/DESIGN.md#shell-classification).
 */
const ulimit: Handler = (w, inv) => {
  const words = inv.args.slice(1);
  if (words.some((a) => a.value === null || a.glob)) return w.unknown(inv, 'dynamic_word');
  const core = words.some((a) => /^-[A-Za-z]*c/.test(a.value!));
  if (core && words.some((a) => !a.value!.startsWith('-') && a.value !== '0')) return w.unknown(inv, 'shell_command_unproven');
  w.acc.read();
};

/**
 * `cd` as bash does it: without `-P` the target is joined to the logical `$PWD` and its
 * `..` removed as text (`cd src/lnk/..` is `src` even when `src/lnk` points elsewhere);
 * the directory entered is where that text resolves. `-P` resolves like the kernel.
 */
function changeDir(w: ShellWalker, inv: Invocation, operandIndex: number): void {
  const flags = inv.args.slice(operandIndex).filter((a) => a.value !== null && /^-[LPe@]+$/.test(a.value));
  const physical = flags.some((a) => a.value!.includes('P'));
  const ops = inv.args.slice(operandIndex).filter((a) => !(a.value !== null && /^-[LPe@]+$/.test(a.value)));
  const target = ops[0];
  const scope = inv.scope;
  if (!target) {
    scope.cwd = canonicalPath('~', '/', { realpath: w.pc.realpath, home: w.pc.home });
    scope.pwd = undefined;
    return;
  }
  // `cd "$(git rev-parse --show-toplevel)"`: the work tree of the repository found from here.
  if (target.value === null && scope.cwd !== null && /^"?\$\(\s*git\s+rev-parse\s+--show-toplevel\s*\)"?$/.test(target.text)) {
    scope.cwd = gitTopLevel(w, scope.cwd);
    scope.pwd = scope.cwd === null ? null : undefined;
    return;
  }
  if (target.value === '-' || target.value === null) {
    scope.cwd = null;
    scope.pwd = null;
    return;
  }
  const v = target.value;
  const dotdot = v === '..' || v.startsWith('../') || v.includes('/../') || v.endsWith('/..');
  if (physical || !dotdot || target.glob) {
    const logical = physical ? undefined : logicalJoin(scope.pwd === undefined ? scope.cwd : scope.pwd, v, target.tilde, w);
    scope.cwd = argPath(target, scope.cwd, w.pc);
    scope.pwd = logical === scope.cwd ? undefined : logical;
    return;
  }
  const base = scope.pwd === undefined ? scope.cwd : scope.pwd;
  const logical = logicalJoin(base, v, target.tilde, w);
  if (logical === null) {
    scope.cwd = null;
    scope.pwd = null;
    return;
  }
  // No `..` is left in the logical path: resolving it follows links only.
  scope.cwd = argPath({ value: logical, glob: false, tilde: false, text: v }, '/', w.pc);
  scope.pwd = logical === scope.cwd ? undefined : logical;
}

function logicalJoin(base: string | null, v: string, tilde: boolean, w: ShellWalker): string | null {
  let joined: string;
  if (tilde && (v === '~' || v.startsWith('~/'))) joined = w.pc.home + v.slice(1);
  else if (v.startsWith('/')) joined = v;
  else if (base === null) return null;
  else joined = `${base}/${v}`;
  const n = path.posix.normalize(joined);
  return n.length > 1 && n.endsWith('/') ? n.slice(0, -1) : n;
}

const cd: Handler = (w, inv) => {
  w.acc.read();
  changeDir(w, inv, 1);
};

const pushd: Handler = (w, inv) => {
  w.acc.read();
  const first = inv.args[1];
  // `pushd +N` rotates the stack; we do not keep one.
  if (first?.value && /^[+-]\d+$/.test(first.value)) inv.scope.cwd = null;
  else if (!first) inv.scope.cwd = null;
  else changeDir(w, inv, 1);
};

const popd: Handler = (w, inv) => {
  w.acc.read();
  inv.scope.cwd = null;
};

/** `export A=b`, `declare x=1`, `local y`: literal values are remembered, the rest forgotten. */
const declare: Handler = (w, inv) => {
  w.acc.read();
  for (let i = 1; i < inv.args.length; i++) {
    const a = inv.args[i]!;
    if (a.value === null) {
      const named = /^([A-Za-z_][A-Za-z0-9_]*)\+?=/.exec(a.text);
      if (named) {
        inv.scope.env.set(named[1]!, null);
        if (isExecEnvName(named[1]!)) w.unproven(inv, 'shell_command_unproven');
        w.envIntents(named[1]!, null);
        continue;
      }
      // `declare $x` may be an option (`-n`, `-i`) or a subscripted name, whose subscript
      // bash evaluates: not followed.
      return w.unknown(inv, 'dynamic_word');
    }
    if (a.value.startsWith('-') || a.value.startsWith('+')) {
      // `-i`: every later assignment to the name is arithmetic; `-n`: the name refers to
      // another (a subscript in it is evaluated). Neither is followed further.
      if (a.value.startsWith('-') && /[in]/.test(a.value)) return w.unknown(inv, 'dynamic_word');
      continue;
    }
    const eq = a.value.indexOf('=');
    const name = eq >= 0 ? a.value.slice(0, eq).replace(/\+$/, '') : a.value;
    if (!subscriptSafe(w, inv, name)) return w.unknown(inv, 'dynamic_word');
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) continue;
    if (eq >= 0) {
      const appended = a.value[eq - 1] === '+';
      inv.scope.env.set(name, appended || a.glob ? null : a.value.slice(eq + 1));
      const value = appended || a.glob ? null : a.value.slice(eq + 1);
      if (isExecEnvName(name, value, w.ctx.home)) w.unproven(inv, 'shell_command_unproven');
      w.envIntents(name, value);
    }
  }
};

/** `name[sub]`: the subscript is arithmetic (a value in it may run code); true when safe. */
function subscriptSafe(w: ShellWalker, inv: Invocation, name: string): boolean {
  const open = name.indexOf('[');
  if (open < 0) return true;
  const sub = name.slice(open + 1, name.endsWith(']') ? -1 : undefined);
  if (/^\s*-?\d+\s*$/.test(sub) || sub === '@' || sub === '*') return true;
  return w.arith([sub], inv.scope, false);
}

/**
 * Builtins that assign the variables they name (`read x`, `mapfile a`, `getopts o v`,
 * `unset x`). A subscripted name is arithmetic; `mapfile -C` runs a callback.
 */
const assignsNamed: Handler = (w, inv) => {
  for (let i = 1; i < inv.args.length; i++) {
    const v = inv.args[i]!.value;
    if (v === null) return w.unknown(inv, 'dynamic_word');
    if ((inv.name === 'mapfile' || inv.name === 'readarray') && /^-[^-]*C/.test(v)) return w.unknown(inv, 'shell_command_unproven');
    if (!subscriptSafe(w, inv, v)) return w.unknown(inv, 'dynamic_word');
  }
  w.acc.read();
  for (let i = 1; i < inv.args.length; i++) {
    const v = inv.args[i]!.value!;
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(v)) continue;
    inv.scope.env.set(v, null);
    // `read -r PATH <<< src`, `mapfile -t NODE_OPTIONS`: a value we do not know in a variable
    // that changes what programs run (`unset PATH` leaves the search path to the shell's default).
    if (inv.name === 'unset' ? v === 'PATH' : isExecEnvName(v, null, w.ctx.home)) w.unproven(inv, 'shell_command_unproven');
  }
};

/** `let expr…`: each argument is arithmetic. */
const letBuiltin: Handler = (w, inv) => {
  const texts: string[] = [];
  for (let i = 1; i < inv.args.length; i++) {
    const v = inv.args[i]!.value;
    if (v === null) return w.unknown(inv, 'dynamic_word');
    texts.push(v);
  }
  if (!w.arith(texts, inv.scope, true)) return w.unknown(inv, 'dynamic_word');
  w.acc.read();
};

/** `alias x=…` (with `shopt -s expand_aliases`) re-spells later commands; listing is a read. */
const alias: Handler = (w, inv) => {
  for (let i = 1; i < inv.args.length; i++) {
    const v = inv.args[i]!.value;
    if (v === null || v.includes('=')) return w.unknown(inv, 'shell_command_unproven');
  }
  w.acc.read();
};

/** `shopt -s expand_aliases` turns alias definitions on; the rest only shape globbing and output. */
const shopt: Handler = (w, inv) => {
  for (let i = 1; i < inv.args.length; i++) {
    const v = inv.args[i]!.value;
    if (v === null || v === 'expand_aliases' || v === 'extdebug' || v === 'xpg_echo') return w.unknown(inv, 'shell_command_unproven');
  }
  w.acc.read();
};

/** `hash -p /path name` makes `name` run `/path`. */
const hash: Handler = (w, inv) => {
  for (let i = 1; i < inv.args.length; i++) {
    const v = inv.args[i]!.value;
    if (v === null || /^-[^-]*p/.test(v)) return w.unknown(inv, 'shell_command_unproven');
  }
  w.acc.read();
};

/** `compgen -C cmd` / `-F func` run them; `complete -C/-F` only registers them for later. */
const compgen: Handler = (w, inv) => {
  for (let i = 1; i < inv.args.length; i++) {
    const v = inv.args[i]!.value;
    if (v === null || /^-[^-]*[CF]/.test(v)) return w.unknown(inv, 'shell_command_unproven');
  }
  w.acc.read();
};

/** `history -w/-a [file]` writes the history file (HISTFILE when no file is named). */
/** `fc -l [-nr] [first [last]]` lists history; any other form edits and re-runs commands. */
const fc: Handler = (w, inv) => {
  let list = false;
  for (let i = 1; i < inv.args.length; i++) {
    const v = inv.args[i]!.value;
    if (v === null) return w.unknown(inv, 'dynamic_word');
    if (/^-[lnr]+$/.test(v)) {
      list ||= v.includes('l');
      continue;
    }
    if (v.startsWith('-') && !/^-\d+$/.test(v)) return w.unknown(inv, 'shell_command_unproven');
  }
  if (!list) return w.unknown(inv, 'shell_command_unproven');
  w.acc.read();
};

const history: Handler = (w, inv) => {
  let writes = false;
  const files: Arg[] = [];
  for (let i = 1; i < inv.args.length; i++) {
    const a = inv.args[i]!;
    if (a.value === null) return w.unknown(inv, 'dynamic_word');
    if (/^-[a-z]+$/.test(a.value)) {
      if (/[wa]/.test(a.value)) writes = true;
      if (/[s]/.test(a.value)) break;
      continue;
    }
    files.push(a);
  }
  if (!writes) return w.acc.read();
  if (files.length === 0) return w.unprovenWrite(inv, 'write_path_missing');
  for (const f of files) w.effect(inv, 'write', f);
};

/** `enable` alone or with listing flags prints; any other form loads or disables builtins. */
const enable: Handler = (w, inv) => {
  for (let i = 1; i < inv.args.length; i++) {
    const v = inv.args[i]!.value;
    if (v === null || !/^-[aps]+$/.test(v)) return w.unknown(inv, 'shell_command_unproven');
  }
  w.acc.read();
};

const evalBuiltin: Handler = (w, inv) => {
  const parts: string[] = [];
  for (let i = 1; i < inv.args.length; i++) {
    const v = inv.args[i]!.value;
    if (v === null) return w.unknownCode(inv);
    parts.push(v);
  }
  if (parts.length === 0) return w.acc.read();
  // eval runs in the current shell: its cd and variables persist.
  w.reparse(inv, parts.join(' '), inv.scope);
};

const trap: Handler = (w, inv) => {
  const first = inv.args[1];
  if (!first || first.value === '-p' || first.value === '-l' || first.value === '-' || first.value === '') return w.acc.read();
  if (first.value === null) return w.unknownCode(inv);
  if (inv.args.length === 2 && /^(?:\d+|SIG\w+|EXIT|ERR|DEBUG|RETURN|INT|TERM|HUP)$/.test(first.value)) return w.acc.read();
  w.reparse(inv, first.value);
};

/** `printf -v name`: assigns name; a subscript in it is arithmetic. */
const printf: Handler = (w, inv) => {
  for (let i = 1; i < inv.args.length - 1; i++) {
    const v = inv.args[i]!.value;
    if (v === '--') break;
    if (v === '-v') {
      const name = inv.args[i + 1]!.value;
      if (name === null || !subscriptSafe(w, inv, name)) return w.unknown(inv, 'dynamic_word');
      inv.scope.env.set(cutAt(name, '['), null);
      if (isExecEnvName(cutAt(name, '['), null, w.ctx.home)) w.unproven(inv, 'shell_command_unproven');
    }
  }
  w.acc.read();
};

/** `jobs -x cmd args` runs cmd with job specs replaced by process group ids; other forms list jobs. */
const jobs: Handler = (w, inv) => {
  const x = inv.args.findIndex((a, i) => i > 0 && (a.value === null || /^-[lnprs]*x/.test(a.value)));
  if (x < 0) return w.acc.read();
  if (inv.args[x]!.value === null) return w.unknownCode(inv);
  const inner = inv.args.slice(x + 1).map((a) => (a.value !== null && a.value.startsWith('%') ? { ...a, value: null } : a));
  if (inner.length === 0) return w.unknown(inv, 'shell_command_unproven');
  w.run(inv, inner);
};

export const builtinHandlers = lookupTable<Handler>({
  __proto__: null,
  cd,
  pushd,
  popd,
  export: declare,
  declare,
  typeset: declare,
  local: declare,
  readonly: declare,
  read: assignsNamed,
  mapfile: assignsNamed,
  readarray: assignsNamed,
  getopts: assignsNamed,
  unset: assignsNamed,
  let: letBuiltin,
  eval: evalBuiltin,
  trap,
  printf,
  enable,
  ':': read,
  true: read,
  false: read,
  exit: read,
  return: read,
  break: read,
  continue: read,
  shift: read,
  set: read,
  shopt,
  wait: read,
  jobs,
  umask: read,
  alias,
  unalias: read,
  hash,
  help: read,
  history,
  fc,
  ulimit,
  times: read,
  caller: read,
  dirs: read,
  disown: read,
  complete: read,
  compgen,
});
