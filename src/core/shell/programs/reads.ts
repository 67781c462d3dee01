// Programs proven not to change files: an exact list, plus the readers whose options or
// program text can write (`sed -i`, `sed 'w f'`, awk's `print > f`, `find -delete`,
// `rg --pre`) and are judged on those.
import { hasOption, parseArgs } from '../options.js';
import type { Handler, Invocation, ShellWalker } from '../walker.js';
import type { Arg } from '../words.js';
import { sedScriptEffects } from './sed-script.js';

const read: Handler = (w) => w.acc.read();

/** Exact names whose every form only reads (options that write are handled elsewhere). */
const READ_ONLY = [
  'cat', 'ls', 'grep', 'egrep', 'fgrep', 'head', 'tail', 'wc', 'diff', 'cmp', 'comm', 'jq', 'echo', 'pwd', 'which', 'type',
  'whereis', 'stat', 'du', 'df', 'less', 'more', 'basename', 'dirname', 'realpath', 'readlink', 'test', '[', 'sleep', 'whoami',
  'id', 'hostname', 'uname', 'nproc', 'free', 'uptime', 'ps', 'column', 'cut', 'tr', 'paste', 'join', 'nl', 'fold', 'fmt',
  'rev', 'tac', 'od', 'hexdump', 'strings', 'expand', 'unexpand', 'seq', 'yes', 'printenv', 'locale', 'getconf', 'man',
  'apropos', 'ag', 'ack', 'fd', 'fdfind', 'bat', 'batcat', 'exa', 'eza', 'dir', 'vdir', 'lsof', 'pgrep', 'zcat', 'zgrep',
  'zless', 'bzcat', 'xzcat', 'base64', 'base32', 'numfmt', 'tsort', 'pathchk', 'groups', 'users', 'who', 'w',
  'last', 'arch', 'lscpu', 'lsblk', 'vmstat', 'iostat', 'dig', 'nslookup', 'host', 'ping', 'tput', 'stty', 'clear', 'tty',
  'cal', 'factor', 'expr', 'bc', 'dc', 'look', 'colordiff', 'wdiff', 'diffstat', 'xmllint', 'lsattr',
  'getfacl', 'namei',
];

const date: Handler = (w, inv) => {
  for (const a of inv.args) if (a.value !== null && (a.value === '-s' || a.value.startsWith('--set'))) return w.unknown(inv, 'shell_command_unproven');
  w.acc.read();
};

/** `file -C` compiles a magic file; everything else reads. */
const file: Handler = (w, inv) => {
  for (const a of inv.args) if (a.value === '-C' || a.value === '--compile') return w.unprovenWrite(inv, 'write_path_missing');
  w.acc.read();
};

/** ripgrep runs a preprocessor program with `--pre`. */
const rg: Handler = (w, inv) => {
  for (let i = 1; i < inv.args.length; i++) {
    const v = inv.args[i]!.value;
    if (v === '--') break;
    if (v !== null && (v === '--pre' || v.startsWith('--pre=') || v.startsWith('--hostname-bin'))) return w.unknown(inv, 'shell_command_unproven');
  }
  w.acc.read();
};

/** xxd writes its second operand (`xxd in out`, `xxd -r dump bin`). */
const xxd: Handler = (w, inv) => {
  const p = parseArgs(inv.args, 1, { flags: 'abCeEhiruvdpR', values: 'cglosn', longFlags: ['version', 'help'], numeric: true });
  const out = p.operands[1];
  if (out && out.value !== '-') w.effect(inv, 'write', out);
  else w.acc.read();
};

/** yq edits in place with `-i`. */
const yq: Handler = (w, inv) => {
  const p = parseArgs(inv.args, 1, {
    flags: 'CMPNrjeaVvhi0',
    values: 'pIoFd',
    longFlags: ['inplace', 'colors', 'no-colors', 'prettyPrint', 'null-input', 'exit-status', 'unwrapScalar', 'no-doc', 'verbose', 'version', 'help', 'from-file', 'nul-output'],
    longValues: ['input-format', 'output-format', 'indent', 'expression', 'front-matter', 'split-exp', 'xml-attribute-prefix', 'xml-content-name'],
  });
  if (!hasOption(p, 'i', 'inplace')) return w.acc.read();
  const files = hasOption(p, 'expression') ? p.operands : p.operands.slice(1);
  if (files.length === 0) return w.unprovenWrite(inv, 'write_path_missing');
  for (const f of files) w.effect(inv, 'write', f);
};

const SED_SPEC = {
  flags: 'nErsuzbi',
  values: 'efl',
  longFlags: ['quiet', 'silent', 'regexp-extended', 'separate', 'unbuffered', 'null-data', 'posix', 'debug', 'sandbox', 'binary', 'follow-symlinks'],
  longValues: ['expression', 'file', 'line-length'],
  longOptional: ['in-place'],
};

/**
 * sed: `-i` / `--in-place` edits its file operands. A cluster like `-ni` or `-i.bak` is
 * split by hand because every letter after `i` is the backup suffix.
 */
const sed: Handler = (w, inv) => {
  let inPlace = false;
  const scripts: (string | null)[] = [];
  const operands: Arg[] = [];
  let sawScriptOption = false;
  const args = inv.args;
  let i = 1;
  for (; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (v === null || v === '-' || !v.startsWith('-')) {
      operands.push(a);
      continue;
    }
    if (v === '--') {
      for (i++; i < args.length; i++) operands.push(args[i]!);
      break;
    }
    if (v.startsWith('--')) {
      const eq = v.indexOf('=');
      const name = eq >= 0 ? v.slice(2, eq) : v.slice(2);
      if ('in-place'.startsWith(name) && name.length >= 2) {
        inPlace = true;
        continue;
      }
      if ('expression'.startsWith(name) && name.length >= 2) {
        sawScriptOption = true;
        scripts.push(eq >= 0 ? v.slice(eq + 1) : (args[++i]?.value ?? null));
        continue;
      }
      if ('file'.startsWith(name) && name.length >= 2) {
        sawScriptOption = true;
        scripts.push(null);
        if (eq < 0) i++;
        continue;
      }
      if (name === 'line-length' && eq < 0) i++;
      continue;
    }
    for (let j = 1; j < v.length; j++) {
      const c = v[j]!;
      if (c === 'i') {
        inPlace = true;
        break;
      }
      if (c === 'e' || c === 'f') {
        sawScriptOption = true;
        const val = j + 1 < v.length ? v.slice(j + 1) : (args[++i]?.value ?? null);
        scripts.push(c === 'e' ? val : null);
        break;
      }
      if (c === 'l') {
        if (j + 1 >= v.length) i++;
        break;
      }
    }
  }
  if (!sawScriptOption) {
    const first = operands.shift();
    scripts.push(first ? first.value : null);
  }
  let scriptWrites = false;
  for (const s of scripts) {
    if (s === null) {
      // A script from a file or a dynamic word: its `w` and `e` commands are unknown.
      return w.unknown(inv, s === null && sawScriptOption ? 'script_unread' : 'dynamic_word');
    }
    const r = sedScriptEffects(s);
    if (r === 'exec' || r === 'unparsed') return w.unknown(inv, 'shell_command_unproven');
    for (const target of r) {
      scriptWrites = true;
      if (target !== '/dev/stdout' && target !== '/dev/stderr') w.effect(inv, 'write', { value: target, glob: false, tilde: target.startsWith('~/'), text: target });
    }
  }
  if (inPlace) {
    if (operands.length === 0 && !inv.extraArgs) return w.unprovenWrite(inv, 'write_path_missing');
    for (const o of operands) w.effect(inv, 'write', o);
    w.extraTargets(inv);
    return;
  }
  if (!scriptWrites) w.acc.read();
};

/** awk reads unless its program writes (`print > f`, `-i inplace`) or runs commands (`system()`, pipes). */
const AWK_UNSAFE = /\bsystem\s*\(|\|\s*getline|\bprintf?\b[^;{}\n]*[>|]|\bfflush\s*\(\s*\)|\bclose\s*\(/;

const awk: Handler = (w, inv) => {
  const args = inv.args;
  let program: string | null | undefined;
  let i = 1;
  for (; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) {
      if (program === undefined) return w.unknown(inv, 'dynamic_word');
      break;
    }
    if (v === '--') {
      i++;
      break;
    }
    if (!v.startsWith('-') || v === '-') break;
    if (v === '-F' || v === '-v') {
      i++;
      continue;
    }
    if (v.startsWith('-F') || v.startsWith('-v')) continue;
    if (v === '-f' || v.startsWith('--file')) return w.unknown(inv, 'script_unread');
    if (v === '-i' || v.startsWith('--include') || v.startsWith('-i')) return w.unknown(inv, 'shell_command_unproven');
    if (v === '-e' || v === '--source') {
      program = args[++i]?.value ?? null;
      continue;
    }
    // gawk's profiling, dumping and debugging options write files or run code.
    return w.unknown(inv, 'shell_command_unproven');
  }
  if (program === undefined) program = args[i++]?.value ?? null;
  if (program === null) return w.unknown(inv, 'dynamic_word');
  if (AWK_UNSAFE.test(program)) return w.unknown(inv, 'shell_command_unproven');
  w.acc.read();
};

const FIND_VALUE_PRIMARIES = new Set([
  '-name', '-iname', '-path', '-ipath', '-regex', '-iregex', '-type', '-xtype', '-size', '-user', '-group', '-perm', '-mtime',
  '-mmin', '-atime', '-amin', '-ctime', '-cmin', '-newer', '-anewer', '-cnewer', '-maxdepth', '-mindepth', '-links', '-inum',
  '-samefile', '-wholename', '-iwholename', '-lname', '-ilname', '-uid', '-gid', '-used', '-fstype', '-context', '-printf',
  '-regextype', '-files0-from', '-newermt', '-newerct', '-newerat', '-newermm', '-newercc', '-newerBt',
]);
const FIND_EXEC = new Set(['-exec', '-execdir', '-ok', '-okdir']);
const FIND_WRITE_FILE = new Set(['-fprint', '-fprint0', '-fls']);

/**
 * find reads unless it deletes (`-delete`: the search roots' subtree), writes a list
 * (`-fprint f`) or runs a command (`-exec … {} +`, re-classified with `{}` standing for
 * each search root, because the files it receives all lie below the roots).
 */
const find: Handler = (w, inv) => {
  const args = inv.args;
  let i = 1;
  while (i < args.length) {
    const v = args[i]!.value;
    if (v === '-H' || v === '-L' || v === '-P' || (v !== null && /^-O\d$/.test(v))) i++;
    else if (v === '-D') i += 2;
    else break;
  }
  const roots: Arg[] = [];
  for (; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (v !== null && (v.startsWith('-') || v === '(' || v === '!' || v === ')' || v === ',')) break;
    roots.push(a);
  }
  if (roots.length === 0) roots.push({ value: '.', glob: false, tilde: false, text: '.' });
  let acted = false;
  for (; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) continue;
    if (FIND_VALUE_PRIMARIES.has(v)) {
      i++;
      continue;
    }
    if (v === '-fprintf') {
      w.effect(inv, 'write', args[i + 1] ?? { value: null, glob: false, tilde: false, text: '' });
      i += 2;
      acted = true;
      continue;
    }
    if (FIND_WRITE_FILE.has(v)) {
      const t = args[++i];
      if (t) w.effect(inv, 'write', t);
      acted = true;
      continue;
    }
    if (v === '-delete') {
      for (const r of roots) w.effect(inv, 'delete', r);
      acted = true;
      continue;
    }
    if (FIND_EXEC.has(v)) {
      const cmd: Arg[] = [];
      let j = i + 1;
      for (; j < args.length; j++) {
        const t = args[j]!.value;
        if (t === ';' || (t === '+' && cmd.length > 0 && cmd[cmd.length - 1]!.value === '{}')) break;
        cmd.push(args[j]!);
      }
      i = j;
      acted = true;
      runExec(w, inv, cmd, roots);
    }
  }
  if (!acted) {
    for (const r of roots) w.effect(inv, 'read', r);
    w.acc.read();
  }
};

function runExec(w: ShellWalker, inv: Invocation, cmd: Arg[], roots: Arg[]): void {
  if (cmd.length === 0) return w.unknown(inv, 'shell_command_unproven');
  for (const r of roots) {
    const substituted = cmd.map((a) => {
      if (a.value === '{}') return r;
      if (a.value !== null && a.value.includes('{}')) return { value: null, glob: false, tilde: false, text: a.text };
      return a;
    });
    w.run(inv, substituted, { stdin: undefined, stdinDynamic: false, stdinPath: undefined });
  }
}

export const readHandlers: Record<string, Handler> = {
  ...Object.fromEntries(READ_ONLY.map((n) => [n, read])),
  date,
  file,
  rg,
  xxd,
  yq,
  sed,
  gsed: sed,
  awk,
  gawk: awk,
  mawk: awk,
  nawk: awk,
  find,
  gfind: find,
};

