// Shell builtins that change what later commands see (directory, variables) or run text
// as commands (`eval`, `trap`), plus the inert ones.
import { canonicalPath } from '../../paths/canonical.js';
import { isExecEnv as isExecEnvName, type Handler, type Invocation, type ShellWalker } from '../walker.js';
import { argPath } from '../words.js';

const read: Handler = (w) => w.acc.read();

function changeDir(w: ShellWalker, inv: Invocation, operandIndex: number): void {
  const ops = inv.args.slice(operandIndex).filter((a) => !(a.value !== null && /^-[LPe@]+$/.test(a.value)));
  const target = ops[0];
  if (!target) {
    inv.scope.cwd = canonicalPath('~', '/', { realpath: w.pc.realpath, home: w.pc.home });
    return;
  }
  if (target.value === '-' || target.value === null) {
    inv.scope.cwd = null;
    return;
  }
  inv.scope.cwd = argPath(target, inv.scope.cwd, w.pc);
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
        continue;
      }
      // `declare $x=…` may set any variable.
      for (const k of inv.scope.env.keys()) inv.scope.env.set(k, null);
      continue;
    }
    if (a.value.startsWith('-') || a.value.startsWith('+')) {
      if (/n/.test(a.value)) for (const k of inv.scope.env.keys()) inv.scope.env.set(k, null);
      continue;
    }
    const eq = a.value.indexOf('=');
    const name = eq >= 0 ? a.value.slice(0, eq).replace(/\+$/, '') : a.value;
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) continue;
    if (eq >= 0) {
      const appended = a.value[eq - 1] === '+';
      inv.scope.env.set(name, appended || a.glob ? null : a.value.slice(eq + 1));
      if (isExecEnvName(name)) w.unproven(inv, 'shell_command_unproven');
    }
  }
};

/** Builtins that assign the variables they name (`read x`, `mapfile a`, `getopts o v`). */
const assignsNamed: Handler = (w, inv) => {
  w.acc.read();
  for (let i = 1; i < inv.args.length; i++) {
    const v = inv.args[i]!.value;
    if (v === null) {
      for (const k of inv.scope.env.keys()) inv.scope.env.set(k, null);
      continue;
    }
    if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(v)) inv.scope.env.set(v, null);
  }
};

const poisonAll: Handler = (w, inv) => {
  w.acc.read();
  for (const k of inv.scope.env.keys()) inv.scope.env.set(k, null);
};

const evalBuiltin: Handler = (w, inv) => {
  const parts: string[] = [];
  for (let i = 1; i < inv.args.length; i++) {
    const v = inv.args[i]!.value;
    if (v === null) {
      w.unknown(inv, 'dynamic_word');
      return;
    }
    parts.push(v);
  }
  if (parts.length === 0) return w.acc.read();
  // eval runs in the current shell: its cd and variables persist.
  w.reparse(inv, parts.join(' '), inv.scope);
};

const trap: Handler = (w, inv) => {
  const first = inv.args[1];
  if (!first || first.value === '-p' || first.value === '-l' || first.value === '-' || first.value === '') return w.acc.read();
  if (first.value === null) return w.unknown(inv, 'dynamic_word');
  if (inv.args.length === 2 && /^(?:\d+|SIG\w+|EXIT|ERR|DEBUG|RETURN|INT|TERM|HUP)$/.test(first.value)) return w.acc.read();
  w.reparse(inv, first.value);
};

const printf: Handler = (w, inv) => {
  w.acc.read();
  for (let i = 1; i < inv.args.length - 1; i++) {
    if (inv.args[i]!.value === '-v') {
      const name = inv.args[i + 1]!.value;
      if (name === null) for (const k of inv.scope.env.keys()) inv.scope.env.set(k, null);
      else inv.scope.env.set(name.replace(/\[.*$/, ''), null);
    }
  }
};

const enable: Handler = (w, inv) => w.unknown(inv, 'shell_command_unproven');

export const builtinHandlers: Record<string, Handler> = {
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
  let: poisonAll,
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
  shopt: read,
  wait: read,
  jobs: read,
  umask: read,
  alias: read,
  unalias: read,
  hash: read,
  help: read,
  history: read,
  ulimit: read,
  times: read,
  caller: read,
  dirs: read,
  disown: read,
  complete: read,
  compgen: read,
};
