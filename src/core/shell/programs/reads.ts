// Programs proven not to change files. The readers with a closed option table
// (read-tables.ts) are reads only when every option is in their table; the rest of the
// list are programs whose manual has no option that writes, runs a program or changes
// system state. Readers whose options or program text can write (`sed -i`, `sed 'w f'`,
// awk's `print > f`, `find -delete`, `rg --pre`) are judged on those.
import { handlerTable, handlersOf, type HandlerTable } from '../handler-table.js';
import { defineOptions, mayExpandToOption, readerHandler, scanOptions, unprovenOptions } from '../option-table.js';
import { DATE, FD as FD_TABLE, JQ, LESS, READER_TABLES, SED, TOP } from '../read-tables.js';
import { cloneScope, type Handler, type Invocation, type ShellWalker } from '../walker.js';
import type { Arg } from '../words.js';
import { awkProgramWrites } from './awk-program.js';
import { handRolledHash } from '../hash-shapes.js';
import { sedScriptEffects } from './sed-script.js';
import { configFilesHarmless, foldersUp } from './workdir-config.js';
import { modelHandler } from '../program-model.js';
import { parseFind } from '../parsers/find.js';
import XXD_MODEL from '../models/xxd.json' with { type: 'json' };
import { trimEndOf } from '../../intents/line-text.js';

const read: Handler = (w) => w.acc.read();

/** Names whose manual lists no option that writes a file, runs a program or changes system state. */
export const READ_ONLY = [
  'echo',
  'whereis',
  'free',
  'uptime',
  'ps',
  'column',
  'hexdump',
  'strings',
  'yes',
  'locale',
  'getconf',
  'apropos',
  'exa',
  'eza',
  'lsof',
  'pgrep',
  'zcat',
  'bzcat',
  'xzcat',
  'numfmt',
  'tsort',
  'pathchk',
  'groups',
  'users',
  'who',
  'w',
  'last',
  'arch',
  'lscpu',
  'lsblk',
  'vmstat',
  'iostat',
  'dig',
  'nslookup',
  'host',
  'ping',
  'tput',
  'clear',
  'tty',
  'cal',
  'factor',
  'expr',
  'bc',
  'look',
  'colordiff',
  'lsattr',
  'getfacl',
  'namei',
  'getent',
  'pidof',
  'lsb_release',
  'zipinfo',
  'readelf',
];

/** `test`/`[`: `-v 'a[$(cmd)]'` evaluates the subscript, running the substitution. */
const test: Handler = (w, inv) => {
  for (let i = 1; i < inv.args.length; i++) {
    const a = inv.args[i]!;
    if (a.value === '-v' && i + 1 < inv.args.length) {
      const n = inv.args[i + 1]!.value;
      if (n === null || n.includes('[')) return w.unknown(inv, 'shell_command_unproven');
    }
  }
  w.acc.read();
};

/** Words that name a pager or browser the program runs, or a cache it rebuilds. */
function refusing(names: readonly string[], opts: { subcommands?: readonly string[]; config?: (w: ShellWalker, cwd: string | null) => boolean } = {}): Handler {
  return (w, inv) => {
    for (let i = 1; i < inv.args.length; i++) {
      const v = inv.args[i]!.value;
      if (v === null) return w.unknown(inv, 'dynamic_word');
      if (v === '--') break;
      if (refusedWord(v, names)) return w.unknown(inv, 'shell_command_unproven');
      if (i === 1 && opts.subcommands?.includes(v)) return w.unknown(inv, 'shell_command_unproven');
    }
    if (opts.config && !opts.config(w, inv.scope.cwd)) return w.unknown(inv, 'shell_command_unproven');
    w.acc.read();
  };
}

/** `v` is one of `names`, or a long option abbreviating one (Getopt::Long), with or without `=value`. */
function refusedWord(v: string, names: readonly string[]): boolean {
  const eq = v.indexOf('=');
  const name = eq > 0 ? v.slice(0, eq) : v;
  return names.includes(name) || (name.startsWith('--') && names.some((n) => n.startsWith('--') && n.startsWith(name) && name.length >= 4));
}

const ACK_REFUSED = ['--pager', '--output', '--ackrc', '--create-ackrc'];
/**
 * The project `.ackrc` ack finds from its folder upwards holds options, one a line, read as
 * if typed: proven when none of them is one refused on the command line (ack 3 forbids
 * `--pager` there itself, older releases do not).
 */
function ackrcProven(w: ShellWalker, cwd: string | null): boolean {
  if (cwd === null) return false;
  const files = foldersUp(w, cwd).flatMap((d) => [`${d === '/' ? '' : d}/.ackrc`, `${d === '/' ? '' : d}/_ackrc`]);
  return configFilesHarmless(w, files, (text) =>
    text.split(/\r?\n/).every((line) => {
      const t = line.trim();
      return t === '' || t.startsWith('#') || !refusedWord(t.split(/\s/)[0]!, ACK_REFUSED);
    }),
  );
}

/** man-db: `-P` pager, `-H` browser, `-T`/`-t`/`-Z`/`-X` groff output and `-p` preprocessors run programs; `-c`/`-u` rebuild caches. */
export const MAN = defineOptions({
  read:
    '-d --debug -D --default --warnings[=] -f --whatis -k --apropos -K --global-apropos -l --local-file -w --where --path -W --where-cat --location-cat ' +
    '-R: --recode= -L: --locale= -m: --systems= -M: --manpath= -S: -s: --sections= -e: --extension= -i --ignore-case -I --match-case --regex --wildcard ' +
    '--names-only -a --all --no-subpages -r: --prompt= -7 --ascii -E: --encoding= --no-hyphenation --nh --no-justification --nj -? -h --help --usage -V --version',
  exec: '-P: --pager= -p: --preprocessor= -t --troff -T:: --troff-device[=] -H:: --html[=] -X:: --gxditview[=] -Z --ditroff',
  unsafe: '-C: --config-file= -c --catman -u --update',
});
const man = readerHandler(MAN);
/** bat's options that run a pager or read another configuration, and its `cache` subcommand that rebuilds one. */
export const BAT_REFUSED = ['--pager', '--config-file', '--config-dir', '--cache-dir'];
const bat = refusing(BAT_REFUSED, { subcommands: ['cache'] });
const ack = refusing(ACK_REFUSED, { config: ackrcProven });
const wdiff = refusing(['-a', '--auto-pager', '-l', '--less-mode']);

/** diffstat writes a file with `-o`/`--output`. */
const outputWriter =
  (short: string, long: string): Handler =>
  (w, inv) => {
    for (let i = 1; i < inv.args.length; i++) {
      const a = inv.args[i]!;
      const v = a.value;
      if (v === null) return w.unknown(inv, 'dynamic_word');
      if (v === short || v === long) {
        const t = inv.args[i + 1];
        return t ? w.effect(inv, 'write', t) : w.unprovenWrite(inv, 'write_path_missing');
      }
      if (v.startsWith(long + '=')) return w.effect(inv, 'write', { ...a, value: v.slice(long.length + 1) });
      if (short.length === 2 && v.startsWith(short) && v.length > 2 && !v.startsWith('--')) return w.effect(inv, 'write', { ...a, value: v.slice(2) });
    }
    w.acc.read();
  };

/**
 * xmllint's own parser takes every option with one dash or two (`-output f`, `--output f`,
 * `-o f`; never `=value`): `output` writes the next word, and `shell` reads commands from
 * standard input, whose `save` and `write` write files.
 */
const xmllint: Handler = (w, inv) => {
  let wrote = false;
  for (let i = 1; i < inv.args.length; i++) {
    const v = inv.args[i]!.value;
    if (v === null) return w.unknown(inv, 'dynamic_word');
    const word = v.replace(/^--?/, '');
    if (v === word || v === '-') continue;
    // `--output=f` is not xmllint's syntax (it stops), but a release that took it would write f.
    const eq = word.indexOf('=');
    const name = eq > 0 ? word.slice(0, eq) : word;
    if (name === 'shell') return w.unknown(inv, 'shell_command_unproven');
    if (name === 'o' || name === 'output') {
      const t = eq > 0 ? { ...inv.args[i]!, value: word.slice(eq + 1) } : inv.args[++i];
      if (t) w.effect(inv, 'write', t);
      else w.unprovenWrite(inv, 'write_path_missing');
      wrote = true;
    }
  }
  if (!wrote) w.acc.read();
};

/** `hostname NAME` / `-F file` and `stty SETTINGS` change system state; bare forms print. */
export const HOSTNAME_PRINTS = [
  '-f',
  '-s',
  '-i',
  '-I',
  '-d',
  '-a',
  '-A',
  '-y',
  '--fqdn',
  '--long',
  '--short',
  '--ip-address',
  '--all-ip-addresses',
  '--domain',
  '--alias',
];
const printsWithout =
  (allowed: readonly string[]): Handler =>
  (w, inv) => {
    for (let i = 1; i < inv.args.length; i++) {
      const v = inv.args[i]!.value;
      if (v === null || !allowed.includes(v)) return w.unknown(inv, 'shell_command_unproven');
    }
    w.acc.read();
  };

/** dc's `!` runs a shell command; it is a read only for `-e` programs without one and no other input. */
const dc: Handler = (w, inv) => {
  let sawExpr = false;
  for (let i = 1; i < inv.args.length; i++) {
    const v = inv.args[i]!.value;
    if (v === '-e' || v === '--expression') {
      const e = inv.args[++i]?.value;
      if (e === null || e === undefined || e.includes('!')) return w.unknown(inv, 'interpreter_inline_code');
      sawExpr = true;
      continue;
    }
    if (v !== null && v.startsWith('--expression=')) {
      if (v.includes('!')) return w.unknown(inv, 'interpreter_inline_code');
      sawExpr = true;
      continue;
    }
    if (v === '-V' || v === '--version' || v === '-h' || v === '--help') return w.acc.read();
    return w.unknown(inv, 'script_unread');
  }
  if (!sawExpr) return w.unknown(inv, 'script_unread');
  w.acc.read();
};

/** `date MMDDhhmm` and `-s` set the clock; only `+FORMAT` operands print. */
const date: Handler = (w, inv) => {
  const s = scanOptions(inv.args, 1, DATE);
  if (unprovenOptions(w, inv, s)) return;
  for (const o of s.operands) if (o.value === null || !o.value.startsWith('+')) return w.unknown(inv, 'shell_command_unproven');
  w.acc.read();
};

/** top: batch mode (`-b`, macOS `-l N`) only; its table has no option that writes. */
const top: Handler = (w, inv) => {
  const s = scanOptions(inv.args, 1, TOP);
  if (unprovenOptions(w, inv, s)) return;
  if (s.maybeOptions.length > 0) return w.unknown(inv, 'dynamic_word');
  if (s.operands.length > 0 || !s.options.some((o) => o.name === '-b' || o.name === '-l' || o.name === '-h' || o.name === '-v'))
    return w.unknown(inv, 'shell_command_unproven');
  w.acc.read();
};

/**
 * less's `+cmd` (`++cmd` for every file) runs less commands as typed keys: `!` runs a shell, `|`
 * pipes to one, `s` saves to a file, `v` runs an editor. Only a motion is a read: `+F` follows
 * the file, `+G`/`+g` go to its end or start, `+N`/`+Ng`/`+N%` to a line or a percentage, and
 * `+/pattern` searches (the pattern ends at a newline, after which more commands would follow, so
 * none is taken with a control character in it).
 */
const LESS_MOTION = /^\+\+?(?:F|G|g|\d+[g%]?|\/[^\x00-\x1f\x7f]*)$/;
const lessReader = readerHandler(LESS);
const less: Handler = (w, inv) => {
  for (let i = 1; i < inv.args.length; i++) {
    const v = inv.args[i]!.value;
    if (v === '--') break;
    if (v !== null && v.startsWith('+') && !LESS_MOTION.test(v)) return w.unknown(inv, 'shell_command_unproven');
  }
  lessReader(w, inv);
};

/** jq: `--arg name value` and its kin take two words, which the table cannot say. */
const JQ_TWO = new Set(['--arg', '--argjson', '--slurpfile', '--rawfile']);
const jqReader = readerHandler(JQ);
const jq: Handler = (w, inv) => {
  const args: Arg[] = [];
  for (let i = 0; i < inv.args.length; i++) {
    const a = inv.args[i]!;
    if (a.value === '--args' || a.value === '--jsonargs') {
      // Every later operand is a value, not a file.
      args.push(a);
      continue;
    }
    if (a.value !== null && JQ_TWO.has(a.value)) {
      if (i + 2 >= inv.args.length) return w.unknown(inv, 'shell_command_unproven');
      i += 2;
      continue;
    }
    args.push(a);
  }
  // The filter is the first operand (none with `-f`/`--from-file`): a hash written in jq hashes.
  const filter = scanOptions(args, 1, JQ).operands[0]?.value;
  const hash = filter ? handRolledHash(filter) : undefined;
  if (hash) w.acc.addHash('code', hash);
  jqReader(w, { ...inv, args });
};

/** ripgrep: its table (`--pre` and `--hostname-bin` run programs). */
const rg = readerHandler(READER_TABLES.rg!);

/** fd's placeholders in an `-x`/`-X` command stand for each result path. */
const FD_PLACEHOLDER = /\{[/.]*\}/;

/**
 * fd: its table; `-x`/`--exec` and `-X`/`--exec-batch` run the words after them (up to
 * `;`) for the results, like xargs: the command is classified with operands we cannot see,
 * and a word holding a placeholder is one of them.
 */
const fdReader = readerHandler(FD_TABLE);
const fd: Handler = (w, inv) => {
  const at = inv.args.findIndex((a, i) => i > 0 && (a.value === '-x' || a.value === '--exec' || a.value === '-X' || a.value === '--exec-batch'));
  if (at < 0) return fdReader(w, inv);
  const end = inv.args.findIndex((a, i) => i > at && a.value === ';');
  const stop = end < 0 ? inv.args.length : end;
  const inner = inv.args.slice(at + 1, stop).map((a) => (a.value !== null && FD_PLACEHOLDER.test(a.value) ? { ...a, value: null, glob: false } : a));
  fdReader(w, { ...inv, args: [...inv.args.slice(0, at), ...inv.args.slice(stop + 1)] });
  if (inner.length === 0) return w.unknown(inv, 'shell_command_unproven');
  w.run(inv, inner, { extraArgs: true, stdin: undefined, stdinDynamic: false, stdinPath: undefined });
};

/** xxd writes its second operand (`xxd in out`, `xxd -r dump bin`): models/xxd.json. */
const xxd: Handler = modelHandler(XXD_MODEL);

/**
 * yq (mikefarah, v4 manual): `-i` rewrites the files it reads, `-s`/`--split-exp` writes one
 * file per result under a name the expression computes. Closed table: any other option (or
 * a word that may expand to one) is unproven. pflag does not abbreviate long options.
 */
const YQ = defineOptions({
  read:
    '-C --colors -M --no-colors -e --exit-status -f: --front-matter= -h --help -I: --indent= -p: --input-format= -o: --output-format= -P --prettyPrint ' +
    '-n --null-input -N --no-doc -r --unwrapScalar -0 --nul-output -v --verbose -V --version --expression= --from-file= --header-preprocess ' +
    '--xml-attribute-prefix= --xml-content-name= --xml-strict-mode --xml-keep-namespace --xml-raw-token --xml-directive-name= --xml-proc-inst-prefix= ' +
    '--xml-skip-directives --xml-skip-proc-inst --lua-globals --lua-prefix= --lua-suffix= --lua-unquoted --properties-array-brackets --properties-separator= ' +
    '--csv-auto-parse --csv-separator= --tsv-auto-parse --string-interpolation --security-disable-env-ops --security-disable-file-ops --shell-key-separator=',
  write: '-i --inplace -s: --split-exp= --split-exp-file=',
  abbrev: false,
});

const yq: Handler = (w, inv) => {
  const s = scanOptions(inv.args, 1, YQ);
  if (unprovenOptions(w, inv, s)) return;
  if (s.options.some((o) => o.name === '-s' || o.name === '--split-exp' || o.name === '--split-exp-file')) return w.unprovenWrite(inv, 'write_path_missing');
  const operands = s.operands[0]?.value !== null && ['e', 'eval', 'ea', 'eval-all'].includes(s.operands[0]?.value ?? '') ? s.operands.slice(1) : s.operands;
  const files = s.options.some((o) => o.name === '--expression' || o.name === '--from-file') ? operands : operands.slice(1);
  if (!s.options.some((o) => o.name === '-i' || o.name === '--inplace')) return w.acc.read();
  if (files.length === 0) return w.unprovenWrite(inv, 'write_path_missing');
  for (const f of files) w.effect(inv, 'write', f);
};

/** Where `sed -i SUFFIX` keeps its backup of `file`: `*` stands for the file's name. */
function backupPath(file: string, suffix: string): string {
  if (!suffix.includes('*')) return file + suffix;
  const slash = file.lastIndexOf('/');
  const dir = slash >= 0 ? file.slice(0, slash + 1) : '';
  const base = file.slice(slash + 1);
  const b = suffix.replace(/\*/g, base);
  return b.includes('/') ? (b.startsWith('/') ? b : dir + b) : dir + b;
}

/**
 * sed: closed option table; `-i`/`--in-place` (and any abbreviation GNU accepts, `--i`)
 * edits the file operands and, with a suffix, creates a backup beside each; `w` commands
 * and the `w` flag of `s` write files; `e` runs commands.
 */
const sed: Handler = (w, inv) => {
  let args = inv.args;
  // BSD `sed -i '' …`: the empty word is the (absent) backup suffix, not the script.
  const bsd = args.findIndex((a) => a.value === '-i');
  if (bsd > 0 && args[bsd + 1]?.value === '') args = [...args.slice(0, bsd + 1), ...args.slice(bsd + 2)];
  const s = scanOptions(args, 1, SED);
  if (unprovenOptions(w, inv, s)) return;
  const scripts: (string | null)[] = [];
  let fromFile = false;
  for (const o of s.options) {
    if (o.name === '-e' || o.name === '--expression') scripts.push(o.value?.value ?? null);
    if (o.name === '-f' || o.name === '--file') fromFile = true;
  }
  const operands = [...s.operands];
  if (scripts.length === 0 && !fromFile) {
    const first = operands.shift();
    scripts.push(first ? first.value : null);
  }
  const inPlace = s.options.filter((o) => o.name === '-i' || o.name === '--in-place');
  // `-i` rewrites every file operand (and writes its backup) whatever the script does: those
  // writes stand even when the script itself is not proven (a manifest edited by an unread script).
  const inPlaceWrites = (): void => {
    if (operands.length === 0 && !inv.extraArgs) return w.unprovenWrite(inv, 'write_path_missing');
    for (const o of operands) w.effect(inv, 'write', o);
    for (const opt of inPlace) {
      const suffix = opt.value?.value;
      if (suffix === undefined || suffix === '') continue;
      if (suffix === null) {
        w.unprovenWrite(inv, 'dynamic_word');
        continue;
      }
      for (const o of operands) {
        if (o.value === null) continue;
        w.effect(inv, 'create', { ...o, value: backupPath(o.value, suffix), glob: false });
      }
      if (inv.extraArgs) w.unprovenWrite(inv, 'dynamic_word');
    }
    w.extraTargets(inv);
  };
  const unproven = (reason: 'script_unread' | 'dynamic_word' | 'shell_command_unproven'): void => {
    if (inPlace.length > 0) inPlaceWrites();
    w.unknown(inv, reason);
  };
  if (fromFile) return unproven('script_unread');
  let scriptWrites = false;
  for (const text of scripts) {
    if (text === null) return unproven('dynamic_word');
    const r = sedScriptEffects(text);
    if (r === 'exec' || r === 'unparsed') return unproven('shell_command_unproven');
    for (const target of r) {
      scriptWrites = true;
      if (target !== '/dev/stdout' && target !== '/dev/stderr')
        w.effect(inv, 'write', { value: target, glob: false, tilde: target.startsWith('~/'), text: target });
    }
  }
  if (inPlace.length > 0) return inPlaceWrites();
  if (!scriptWrites) w.acc.read();
};

/** awk reads unless its program writes (`print > "f"`: a write of f; `-i inplace`) or runs commands (`system()`, pipes). */

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
  const hash = handRolledHash(program);
  if (hash) w.acc.addHash('code', hash);
  const writes = awkProgramWrites(program);
  if (writes === null) return w.unknown(inv, 'shell_command_unproven');
  // `print > "src/a.ts"`: awk opens the file by its name as written, from its working folder.
  for (const f of writes) w.effect(inv, 'write', { value: f, glob: false, tilde: false, text: f });
  if (writes.length === 0) w.acc.read();
};

/**
 * find, closed-world (its grammar in parsers/find.ts): every primary must be a known test,
 * a known action or an operator; `-files0-from` roots are not on the line.
 * It reads unless it deletes (`-delete`: the search roots' subtree), writes a list
 * (`-fprint f`) or runs a command (`-exec … {} +`, re-classified with `{}` standing for
 * each search root, because the files it receives all lie below the roots). A word whose
 * value we cannot see, or a `*`-first glob, could be any primary and leaves it unknown.
 */
const find: Handler = (w, inv) => {
  const p = parseFind(inv.args, 1, mayExpandToOption);
  if (p.problem) return w.unknown(inv, p.problem === 'dynamic' ? 'dynamic_word' : 'shell_command_unproven');
  // `-files0-from list` reads the roots from a file: what an action reaches is not on the line.
  const listed = p.primaries.some((q) => q.name === '-files0-from');
  const roots: Arg[] = listed ? [{ value: null, glob: false, tilde: false, text: '-files0-from' }] : [...p.roots];
  if (roots.length === 0) roots.push({ value: '.', glob: false, tilde: false, text: '.' });
  // `-L`/`-H`/`-follow` walk through symbolic links: what lies below a root may be anywhere the
  // links lead (`find -L src -delete` with `src/lnk → ../docs` deletes in docs/), so a change
  // made per file has no target we can name.
  const follows = p.options.some((o) => o === '-L' || o === '-H') || p.primaries.some((q) => q.name === '-follow');
  let acted = false;
  for (const q of p.primaries) {
    if (q.name === '-fprint' || q.name === '-fprint0' || q.name === '-fls' || q.name === '-fprintf') {
      w.effect(inv, 'write', q.values[0]!);
      acted = true;
    } else if (q.name === '-delete') {
      for (const r of roots) w.effect(inv, 'delete', r);
      if (follows) w.unprovenWrite(inv, 'shell_command_unproven');
      acted = true;
    } else if (q.command) {
      acted = true;
      const inDir = q.name === '-execdir' || q.name === '-okdir';
      if (follows) {
        const inner = w.isolate(() => runExec(w, inv, [...q.command!], roots, inDir));
        w.acc.absorb(inner, false, inv.text);
        if (inner.wroteAny) w.unprovenWrite(inv, 'shell_command_unproven');
      } else runExec(w, inv, [...q.command], roots, inDir);
    }
  }
  if (!acted) {
    for (const r of p.roots) w.effect(inv, 'read', r);
    if (p.roots.length === 0 && !listed) w.effect(inv, 'read', roots[0]!);
    w.acc.read();
  }
};

/**
 * `-exec cmd {} …`: `{}` is each path find reports, the root itself or any path below it.
 * The command is classified twice per root: with the root, and with a pattern standing for
 * a path below it (`src/*`), so a command that derives a path from `{}` (`mv {} .` lands
 * each file's name in `.`) is judged on what it derives, not only on the root folder.
 */
function runExec(w: ShellWalker, inv: Invocation, cmd: Arg[], roots: Arg[], inFileDir: boolean): void {
  if (cmd.length === 0) return w.unknown(inv, 'shell_command_unproven');
  // `-execdir` runs in each file's own folder, anywhere below the roots: relative paths there are not proven.
  // The command is a child of find: it changes no state of this shell (run() copies the scope).
  const scope = inFileDir ? { ...cloneScope(inv.scope), cwd: null } : undefined;
  for (const r of roots) {
    const below: Arg | undefined =
      r.value === null ? undefined : { value: `${trimEndOf(r.value, '/') || '/'}/*`.replace(/^\/\/\*$/, '/*'), glob: true, tilde: r.tilde, text: r.text };
    for (const stand of below ? [r, below] : [r]) {
      const substituted = cmd.map((a) => {
        if (a.value === '{}') return stand;
        if (a.value !== null && a.value.includes('{}')) return { value: null, glob: false, tilde: false, text: a.text };
        return a;
      });
      w.run(inv, substituted, { scope, stdin: undefined, stdinDynamic: false, stdinPath: undefined });
    }
  }
}

export const readHandlers: HandlerTable = handlerTable([READ_ONLY, read], handlersOf(READER_TABLES, readerHandler), {
  __proto__: null,
  test,
  '[': test,
  date,
  top,
  less,
  zless: less,
  // On macOS and several distributions `more` is less (LESS_IS_MORE): less's log files,
  // lesskey files and `+!cmd` reach it too.
  more: less,
  jq,
  rg,
  man,
  bat,
  batcat: bat,
  ack,
  wdiff,
  xmllint,
  diffstat: outputWriter('-o', '--output'),
  hostname: printsWithout(HOSTNAME_PRINTS),
  stty: printsWithout(['-a', '--all', '-g', '--save', 'size']),
  dc,
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
  fd,
  fdfind: fd,
});
