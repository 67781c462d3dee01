// Programs that run another program: their own options are stripped and the inner command
// is classified as if typed directly (`timeout 5 sudo rm x` is `rm x`).
import { parseArgs, type OptionSpec } from '../options.js';
import { cloneScope, isExecEnv, type Handler, type Invocation, type ShellWalker } from '../walker.js';
import { argPath, type Arg } from '../words.js';
import { lookupTable } from '../../lookup-table.js';

/** Classifies `inv.args` from `rest` as the inner command, or `none` when there is none. */
function runRest(w: ShellWalker, inv: Invocation, rest: number, none: () => void): void {
  const inner = inv.args.slice(rest);
  if (inner.length === 0) return none();
  w.run(inv, inner);
}

function wrapper(spec: OptionSpec, afterOptions?: (inv: Invocation, rest: number) => number): Handler {
  return (w, inv) => {
    const p = parseArgs(inv.args, 1, { ...spec, stopAtOperand: true });
    if (p.unknown.length > 0) return w.unknown(inv, 'shell_command_unproven');
    const rest = afterOptions ? afterOptions(inv, p.rest) : p.rest;
    runRest(w, inv, rest, () => w.acc.read());
  };
}

/**
 * `nohup cmd` with standard output on a terminal (hosts that run commands in a PTY) appends
 * to ./nohup.out, or $HOME/nohup.out when the working folder is not writable: a write of the
 * working folder unless the command's output is redirected or piped (docs/DESIGN.md#shell-classification).
 */
const nohup: Handler = (w, inv) => {
  const p = parseArgs(inv.args, 1, { stopAtOperand: true });
  if (p.unknown.length > 0) return w.unknown(inv, 'shell_command_unproven');
  if (p.rest >= inv.args.length) return w.acc.read();
  if (!inv.stdoutSet) w.effect(inv, 'write', { value: 'nohup.out', glob: false, tilde: false, text: 'nohup.out' });
  runRest(w, inv, p.rest, () => w.acc.read());
};
const nice = wrapper({ values: 'n', longValues: ['adjustment'], numeric: true });
const stdbuf = wrapper({ values: 'ioe', longValues: ['input', 'output', 'error'] });
/** `builtin x` runs the builtin, never a function of the same name (`cd() {…}; builtin cd d`). */
const builtin: Handler = (w, inv) => {
  const inner = inv.args.slice(1);
  if (inner.length === 0) return w.acc.read();
  if (inner[0]!.value?.startsWith('-')) return w.unknown(inv, 'shell_command_unproven');
  const scope = { ...inv.scope, funcs: new Map<string, never>() };
  w.run(inv, inner, { scope });
  inv.scope.cwd = scope.cwd;
};
const chronic = wrapper({ flags: 'ev' });
const ionice: Handler = (w, inv) => {
  const p = parseArgs(inv.args, 1, {
    flags: 'tu',
    values: 'cnpP',
    longFlags: ['ignore'],
    longValues: ['class', 'classdata', 'pid', 'pgid', 'uid'],
    stopAtOperand: true,
  });
  if (p.unknown.length > 0) return w.unknown(inv, 'shell_command_unproven');
  // `-p`/`-P`/`-u` name running processes: with a class or level it sets theirs (and every
  // operand is another PID), without one it prints it.
  const names = new Set(p.options.map((o) => o.name));
  const others = ['p', 'P', 'u', 'pid', 'pgid', 'uid'].some((n) => names.has(n));
  if (others) return ['c', 'n', 'class', 'classdata'].some((n) => names.has(n)) ? w.unprovenWrite(inv, 'write_path_missing') : w.acc.read();
  runRest(w, inv, p.rest, () => w.acc.read());
};

/** timeout [opts] DURATION cmd… */
const timeout = wrapper(
  { flags: 'v', values: 'sk', longFlags: ['preserve-status', 'foreground', 'verbose'], longValues: ['signal', 'kill-after'] },
  (_inv, rest) => rest + 1,
);

/** `command -v x` looks a name up (`-v`, `-V`); `command x` runs x bypassing functions (`-p`: with the default PATH). */
export const COMMAND_LOOKUP = ['-v', '-V'];
const command: Handler = (w, inv) => {
  let i = 1;
  for (; i < inv.args.length; i++) {
    const v = inv.args[i]!.value;
    if (v !== null && COMMAND_LOOKUP.includes(v)) return w.acc.read();
    if (v === '-p') continue;
    if (v === '--') {
      i++;
      break;
    }
    break;
  }
  const inner = inv.args.slice(i);
  if (inner.length === 0) return w.acc.read();
  // Skip shell functions of the same name: `command rm` is the real rm.
  const scope = { ...inv.scope, funcs: new Map<string, never>() };
  w.run(inv, inner, { scope });
  inv.scope.cwd = scope.cwd;
};

/** exec with no command only applies its redirections (already counted). */
export const EXEC: OptionSpec = { flags: 'cl', values: 'a', stopAtOperand: true };
const exec: Handler = (w, inv) => {
  const p = parseArgs(inv.args, 1, EXEC);
  runRest(w, inv, p.rest, () => w.acc.read());
};

export const TIME: OptionSpec = {
  flags: 'pvaqV',
  values: 'of',
  longFlags: ['portability', 'verbose', 'append', 'quiet', 'version', 'help'],
  longValues: ['output', 'format'],
  stopAtOperand: true,
};
const time: Handler = (w, inv) => {
  const p = parseArgs(inv.args, 1, TIME);
  for (const o of p.options) if ((o.name === 'o' || o.name === 'output') && o.value) w.effect(inv, 'write', o.value);
  runRest(w, inv, p.rest, () => w.acc.read());
};

export const ENV: OptionSpec = {
  flags: 'i0v',
  values: 'uCS',
  longFlags: ['ignore-environment', 'null', 'debug'],
  longValues: ['unset', 'chdir', 'split-string'],
  longOptional: ['block-signal', 'default-signal', 'ignore-signal', 'list-signal-handling'],
  stopAtOperand: true,
};
/** env [-i] [-u N] [-C DIR] [NAME=VALUE…] [cmd…]; no command prints the environment. */
const env: Handler = (w, inv) => {
  const p = parseArgs(inv.args, 1, ENV);
  if (p.unknown.length > 0) return w.unknown(inv, 'shell_command_unproven');
  if (p.options.some((o) => o.name === 'S' || o.name === 'split-string')) return w.unknown(inv, 'shell_command_unproven');
  let i = p.rest;
  const args = inv.args;
  if (args[i]?.value === '-') i++;
  for (; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) return w.unknownCode(inv);
    const eq = v.indexOf('=');
    if (eq <= 0 || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(v.slice(0, eq))) break;
    if (isExecEnv(v.slice(0, eq), v.slice(eq + 1), w.ctx.home)) w.unproven(inv, 'shell_command_unproven');
    w.envIntents(v.slice(0, eq), v.slice(eq + 1));
  }
  const chdir = p.options.find((o) => o.name === 'C' || o.name === 'chdir');
  // The program env starts cannot change this shell (`env cd docs` changes no folder); it runs
  // with the assignments (`env BZIP2=a.txt bzip2`: bzip2 reads them).
  const scope = cloneScope(inv.scope);
  for (let k = p.rest; k < i; k++) {
    const v = args[k]!.value!;
    const eq = v.indexOf('=');
    if (eq > 0) scope.env.set(v.slice(0, eq), v.slice(eq + 1));
  }
  if (chdir) scope.cwd = chdir.value ? argPath(chdir.value, inv.scope.cwd, w.pc) : null;
  const inner = args.slice(i);
  if (inner.length === 0) return w.acc.read();
  w.run(inv, inner, { scope });
};

export const SUDO: OptionSpec = {
  flags: 'AbEeHiKklnPSsVv',
  values: 'CDghprtTUu',
  longFlags: [
    'askpass',
    'background',
    'edit',
    'set-home',
    'login',
    'remove-timestamp',
    'reset-timestamp',
    'list',
    'non-interactive',
    'preserve-groups',
    'stdin',
    'shell',
    'version',
    'validate',
    'bell',
  ],
  longValues: ['close-from', 'chdir', 'group', 'host', 'prompt', 'role', 'type', 'command-timeout', 'other-user', 'user', 'chroot'],
  longOptional: ['preserve-env'],
  stopAtOperand: true,
};

/** sudo/doas: the inner command runs with more privilege but the same effects. */
const sudo: Handler = (w, inv) => {
  const p = parseArgs(inv.args, 1, SUDO);
  if (p.unknown.length > 0) return w.unknown(inv, 'shell_command_unproven');
  const has = (...n: string[]) => p.options.some((o) => n.includes(o.name));
  const operands = inv.args.slice(p.rest);
  if (has('e', 'edit')) {
    for (const o of operands) w.effect(inv, 'write', o);
    return;
  }
  // `-A` runs the askpass helper SUDO_ASKPASS (or sudo.conf) names, from an environment this
  // command may not show.
  if (has('A', 'askpass')) return w.unknown(inv, 'shell_command_unproven');
  if (has('l', 'list', 'v', 'validate', 'k', 'K', 'remove-timestamp', 'reset-timestamp', 'V', 'version') && operands.length === 0) return w.acc.read();
  if (operands.length === 0) return w.unknown(inv, 'shell_command_unproven');
  const dir = p.options.find((o) => o.name === 'D' || o.name === 'chdir');
  // A child process: what it runs changes no state of this shell.
  const scope = cloneScope(inv.scope);
  if (dir) scope.cwd = dir.value ? argPath(dir.value, inv.scope.cwd, w.pc) : null;
  if (has('s', 'shell', 'i', 'login')) {
    // `sudo -s cmd` runs cmd through a shell: the words are joined and parsed again.
    const text = operands.map((a) => a.value);
    if (text.some((t) => t === null)) return w.unknownCode(inv);
    return w.reparse(inv, text.join(' '), scope);
  }
  w.run(inv, operands, { scope });
};

const doas: Handler = (w, inv) => {
  const p = parseArgs(inv.args, 1, { flags: 'ns', values: 'uC', stopAtOperand: true });
  if (p.unknown.length > 0 || p.options.some((o) => o.name === 's' || o.name === 'C')) return w.unknown(inv, 'shell_command_unproven');
  runRest(w, inv, p.rest, () => w.unknown(inv, 'shell_command_unproven'));
};

/** GNU xargs: `-e[EOF]`, `-i[R]`, `-l[N]` and their long forms take a value only when it is attached. */
export const XARGS: OptionSpec = {
  flags: '0rtpxo',
  values: 'nLPsIdEa',
  optionalValues: 'eil',
  longFlags: ['null', 'no-run-if-empty', 'verbose', 'interactive', 'exit', 'open-tty', 'show-limits'],
  longValues: ['max-args', 'max-procs', 'max-chars', 'delimiter', 'arg-file', 'process-slot-var'],
  longOptional: ['replace', 'max-lines', 'eof'],
  stopAtOperand: true,
};

/** xargs runs its command with operands read from standard input (unknown to us). */
const xargs: Handler = (w, inv) => {
  const p = parseArgs(inv.args, 1, XARGS);
  if (p.unknown.length > 0) return w.unknown(inv, 'shell_command_unproven');
  let replace: string | undefined;
  for (const o of p.options) {
    if (o.name === 'I') replace = o.value?.value ?? undefined;
    if (o.name === 'i' || o.name === 'replace') replace = o.value?.value || '{}';
    // The command runs with this variable set to a slot number (`--process-slot-var=PATH`).
    if (o.name === 'process-slot-var' && (o.value?.value == null || isExecEnv(o.value.value, null, w.ctx.home))) w.unproven(inv, 'shell_command_unproven');
  }
  let inner: Arg[] = inv.args.slice(p.rest);
  if (inner.length === 0) return w.acc.read();
  if (replace !== undefined) {
    const r = replace;
    inner = inner.map((a, idx) => (idx > 0 && a.value !== null && a.value.includes(r) ? { value: null, glob: false, tilde: false, text: a.text } : a));
  }
  w.run(inv, inner, { extraArgs: true });
};

/** watch runs its words through `sh -c`. */
const watch: Handler = (w, inv) => {
  const p = parseArgs(inv.args, 1, {
    flags: 'bcdegprtxwC',
    values: 'nq',
    longFlags: ['beep', 'color', 'no-color', 'errexit', 'chgexit', 'precise', 'no-rerun', 'no-title', 'no-wrap', 'exec', 'no-linewrap'],
    longValues: ['interval', 'equexit'],
    longOptional: ['differences'],
    stopAtOperand: true,
  });
  if (p.unknown.length > 0) return w.unknown(inv, 'shell_command_unproven');
  const inner = inv.args.slice(p.rest);
  if (inner.length === 0) return w.acc.read();
  if (p.options.some((o) => o.name === 'x' || o.name === 'exec')) return w.run(inv, inner);
  const words = inner.map((a) => a.value);
  if (words.some((v) => v === null)) return w.unknownCode(inv);
  w.reparse(inv, words.join(' '));
};

/**
 * busybox and toybox run the applet named first (`busybox sha256sum f`). An applet's options
 * are its own reduced set, so the command stays unproven, but it is classified as typed so
 * its effects and intents (a hash, an install, a write) count.
 */
const multiCall: Handler = (w, inv) => {
  const applet = inv.args[1]?.value;
  if (applet !== undefined && applet !== null && !applet.startsWith('-')) w.run(inv, inv.args.slice(1));
  w.unknown(inv, 'shell_command_unproven');
};

export const wrapperHandlers = lookupTable<Handler>({
  __proto__: null,
  busybox: multiCall,
  toybox: multiCall,
  env,
  sudo,
  doas,
  timeout,
  gtimeout: timeout,
  nice,
  nohup,
  xargs,
  time,
  command,
  exec,
  stdbuf,
  ionice,
  builtin,
  chronic,
  watch,
});
