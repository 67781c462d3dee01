// Scripts the agent runs are read (at most 64 KiB, through the FileView) and classified as
// if typed: `bash x.sh`, `./x.sh`, `source x.sh`, `bash -c '…'`, package scripts and make
// recipes. What cannot be read is `script_unread`.
import { venvActivateProven } from './venv-activate.js';
import path from 'node:path';
import { parseArgs } from '../options.js';
import { isMakeExecEnv } from '../exec-env.js';
import { cloneScope, type Handler, type Invocation, type Scope, type ShellWalker } from '../walker.js';
import type { Arg } from '../words.js';
import { isCheckName } from './checks.js';
import { lookupTable } from '../../lookup-table.js';
import { trimEndOf } from '../../intents/line-text.js';
import { cutMakeComment, isTargetVariable, makeAssignment, makeInclude, makeRule } from './make-lines.js';

const SCRIPT_MAX = 64 * 1024;
const SHELL_SHEBANG = /^#!\s*(?:\/usr)?\/bin\/(?:env\s+(?:-S\s+)?)?(?:ba|z|da|k|)sh\b/;

function shellQuote(v: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(v) ? v : `'${v.replace(/'/g, `'\\''`)}'`;
}

/** Classifies a script file's text; `inScope` for `source` (its cd and variables persist). */
export function runScriptFile(w: ShellWalker, inv: Invocation, file: Arg, inScope: boolean, requireShell: boolean): void {
  const p = w.path(inv, file);
  if (!p) return file.value === null ? w.unknownCode(inv) : w.unknown(inv, 'dynamic_word');
  const text = w.readFile(p, SCRIPT_MAX);
  if (text === undefined) return w.unknown(inv, 'script_unread');
  if (requireShell && text.startsWith('#!') && !SHELL_SHEBANG.test(text)) {
    // A program in another language: what it does is not shell we can read.
    return w.unknown(inv, 'shell_command_unproven');
  }
  w.reparse(inv, text, inScope ? inv.scope : cloneScope(inv.scope));
}

/** bash/sh/zsh/dash: `-c STRING`, a script file, or commands on standard input. */
const shell: Handler = (w, inv) => {
  const args = inv.args;
  let command: string | null | undefined;
  // `-s`: commands come from standard input and every operand is a positional parameter.
  let fromStdin = false;
  // `-n` / `-o noexec`: read the commands and check their syntax, run none (bash, dash and a POSIX sh).
  let noexec = false;
  let i = 1;
  for (; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) return w.unknownCode(inv);
    if (v === '--' || v === '-') {
      i++;
      break;
    }
    if (v === '-o' || v === '+o' || v === '-O' || v === '+O' || v === '--rcfile' || v === '--init-file') {
      if (v === '--rcfile' || v === '--init-file') return w.unknown(inv, 'shell_command_unproven');
      if (args[i + 1]?.value === 'noexec') noexec = v === '-o';
      i++;
      continue;
    }
    if (v.startsWith('--')) continue;
    if (!v.startsWith('-') && !v.startsWith('+')) break;
    if (v.includes('i')) return w.unknown(inv, 'shell_command_unproven');
    if (v.startsWith('-') && v.includes('s')) fromStdin = true;
    if (v.includes('n')) noexec = v.startsWith('-');
    if (v.includes('c') && command === undefined) command = args[++i]?.value ?? null;
  }
  if (noexec && (inv.name === 'bash' || inv.name === 'sh' || inv.name === 'dash')) {
    const script = command === undefined && !fromStdin ? args[i] : undefined;
    if (script) w.effect(inv, 'read', script);
    return w.acc.read();
  }
  if (command !== undefined) {
    if (command === null) return w.unknownCode(inv);
    return w.reparse(inv, command);
  }
  const file = fromStdin ? undefined : args[i];
  // `bash <(curl -fsSL …)`: a script whose text only exists at run time, as `curl … | sh` below.
  if (file && (file.value === null || (file.value.startsWith('/dev/fd/') && file.text.startsWith('<(')))) return w.unknownCode(inv);
  if (file) return runScriptFile(w, inv, file, false, false);
  if (inv.stdin !== undefined) return w.reparse(inv, inv.stdin);
  // Commands piped from another program (`curl -fsSL https://… | sh`, the usual installer) may
  // install or hash anything; from a terminal, nothing the agent can type.
  if (inv.stdinDynamic) return w.unknownCode(inv);
  w.unknown(inv, 'shell_command_unproven');
};

/**
 * `source f` runs f's text in this shell: read and classified like any script, whatever it is
 * named (a `bin/activate` the agent wrote is no virtualenv's).
 */
const source: Handler = (w, inv) => {
  const file = inv.args[1];
  if (!file) return w.acc.read();
  // A virtualenv's activate script, proven by its text: it changes PATH and the prompt of
  // this shell, so what the next command names may resolve elsewhere (values unknown).
  const p = w.path(inv, file);
  const text = p === null ? undefined : w.readFile(p, SCRIPT_MAX);
  if (text !== undefined && venvActivateProven(text)) {
    for (const k of inv.scope.env.keys()) inv.scope.env.set(k, null);
    return w.acc.read();
  }
  runScriptFile(w, inv, file, true, false);
};

interface PackageJson {
  scripts?: Record<string, unknown>;
  dependencies?: Record<string, unknown>;
  devDependencies?: Record<string, unknown>;
  optionalDependencies?: Record<string, unknown>;
  peerDependencies?: Record<string, unknown>;
}

export function readPackageJson(w: ShellWalker, dir: string): PackageJson | undefined {
  const text = w.readFile(`${dir}/package.json`, SCRIPT_MAX);
  if (text === undefined) return undefined;
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as PackageJson) : undefined;
  } catch {
    return undefined;
  }
}

/** The folder of the nearest package.json from `cwd` up to the project root (else `cwd`). */
export function packageDir(w: ShellWalker, cwd: string): string {
  const root = w.ctx.projectRoot;
  let d = cwd;
  for (let i = 0; i < 64; i++) {
    if (w.exists(`${d}/package.json`)) return d;
    if (d === root || !d.startsWith(root)) break;
    const parent = path.posix.dirname(d);
    if (parent === d) break;
    d = parent;
  }
  return cwd;
}

/**
 * `npm run <name> [-- args]` and its kin: the script text (with npm's pre/post scripts)
 * is classified. A name from the check list is a check unless its text proves a write.
 */
export function runPackageScript(w: ShellWalker, inv: Invocation, dir: string | null, name: string | null, extra: readonly Arg[]): void {
  if (name === null || dir === null) return w.unknown(inv, 'dynamic_word');
  const pkg = readPackageJson(w, dir);
  if (!pkg) return w.unknown(inv, 'script_unread');
  const scripts = pkg.scripts && typeof pkg.scripts === 'object' ? pkg.scripts : {};
  const body = scripts[name];
  if (typeof body !== 'string') {
    // npm refuses a missing script (`npm start` falls back to `node server.js`).
    if (name === 'start') return w.unknown(inv, 'shell_command_unproven');
    return w.acc.read();
  }
  const extraText: string[] = [];
  for (const a of extra) {
    if (a.value === null) return w.unknown(inv, 'dynamic_word');
    extraText.push(shellQuote(a.value));
  }
  const parts: string[] = [];
  const pre = scripts['pre' + name];
  const post = scripts['post' + name];
  if (typeof pre === 'string') parts.push(pre);
  parts.push(extraText.length ? `${body} ${extraText.join(' ')}` : body);
  if (typeof post === 'string') parts.push(post);
  const scope = cloneScope(inv.scope);
  scope.cwd = dir;
  const sub = w.isolate(() => {
    for (const text of parts) w.reparse(inv, text, cloneScope(scope));
  });
  // A script named like a check keeps that benefit for its own text; words the agent adds
  // to it (`yarn test --reporter ./evil`) must be proven like any other.
  const asCheck = isCheckName(name, w.ctx.config.checkScripts) && (extra.length === 0 || sub.finish().mutability !== 'unknown');
  w.acc.absorb(sub, asCheck, inv.text);
}

// ---- make ----
//
// A make run is proven only as far as the Makefile can be read: `include`d files are read
// too (one that cannot be read is unproven, since make may try to build it), parse-time
// `$(shell …)` text is classified as shell, and `$(eval/file/guile)` or `load` leave it
// unproven. A target with no explicit rule is built by a pattern rule (`%.o: %.c`) or one
// of make's built-in implicit rules when a source file for it exists: unproven. Under
// `-n`/`-q`/`-t`, `+` lines and `$(MAKE)` lines still run. MAKEFLAGS and MAKEFILES in the
// environment, and `-e` (environment overrides), change what runs: unproven.

interface MakeRule {
  prereqs: string[];
  recipes: string[];
}

interface Makefile {
  vars: Map<string, string>;
  rules: Map<string, MakeRule>;
  patterns: { target: string; rule: MakeRule }[];
  phony: Set<string>;
  defaultGoal: string | undefined;
  /** Text make evaluates while reading (`$(shell …)` outside recipes). */
  parseTimeShell: string[];
  /** Something read at parse time we cannot prove (`$(eval …)`, `$(file …)`, an unreadable include). */
  unproven: boolean;
  /** Every variable the Makefile assigns (for the special ones). */
  assigned: Set<string>;
  /** `.ONESHELL:` runs each recipe as one script. */
  oneShell: boolean;
}

/** The shells make may run recipes with: sh or bash, by their usual paths. */
const MAKE_SHELL = /^(?:\/usr)?\/bin\/(?:ba|da)?sh$/;
/** `.SHELLFLAGS` that keep recipes plain `sh -c` text (errexit, nounset, xtrace, pipefail). */
const MAKE_SHELLFLAGS = /^(?:-[eux]+\s+)?(?:-o\s+pipefail\s+)?-[eux]*c$/;
/** Variables that change how make itself runs or reads: set anywhere, the run is not followed. */
const MAKE_CONTROL = new Set([
  'MAKEFLAGS',
  'MFLAGS',
  'GNUMAKEFLAGS',
  'MAKEFILES',
  'MAKESHELL',
  'MAKEOVERRIDES',
  '.RECIPEPREFIX',
  '.SECONDEXPANSION',
  '.EXTRA_PREREQS',
  '.LIBPATTERNS',
  'VPATH',
  '.INCLUDE_DIRS',
  'MAKE',
]);

/**
 * The variables that decide which program runs recipes and how: `SHELL` must be sh or bash,
 * `.SHELLFLAGS` plain, make's own control variables unset, and no variable that changes the
 * programs recipes find (`PATH`, `LD_PRELOAD` …), whether set in the Makefile (make exports
 * a variable the environment had) or on the command line.
 */
function specialVariablesProven(mk: Makefile, cmdline: readonly string[]): boolean {
  const shell = mk.vars.get('SHELL');
  if (shell !== undefined && !MAKE_SHELL.test(shell.trim())) return false;
  const flags = mk.vars.get('.SHELLFLAGS');
  if (flags !== undefined && !MAKE_SHELLFLAGS.test(flags.trim())) return false;
  for (const name of [...mk.assigned, ...cmdline]) {
    if (MAKE_CONTROL.has(name) || (name !== 'SHELL' && isMakeExecEnv(name))) return false;
  }
  return true;
}

const MAKE_PARSE_FUNCTIONS = /\$[({](?:eval|file|guile|value|call)\b|^[^\S\n\r\u2028\u2029]*-?load\b/m;

/** Bodies of `$(shell …)` in `line` (balanced parentheses); null when one cannot be delimited. */
function shellCalls(line: string): string[] | null {
  const out: string[] = [];
  const re = /\$([({])shell\s/g;
  for (let m = re.exec(line); m; m = re.exec(line)) {
    const open = m[1]!;
    const close = open === '(' ? ')' : '}';
    let depth = 1;
    let j = m.index + m[0].length;
    const start = j;
    for (; j < line.length && depth > 0; j++) {
      if (line[j] === open) depth++;
      else if (line[j] === close) depth--;
    }
    if (depth !== 0) return null;
    out.push(line.slice(start, j - 1));
  }
  return out;
}

function parseMakefile(text: string, load: (name: string) => string | undefined, mk?: Makefile, depth = 0): Makefile {
  const out: Makefile = mk ?? {
    vars: new Map(),
    rules: new Map(),
    patterns: [],
    phony: new Set(),
    defaultGoal: undefined,
    parseTimeShell: [],
    unproven: false,
    assigned: new Set(),
    oneShell: false,
  };
  const { vars, rules } = out;
  const lines = text.replace(/\\\r?\n/g, ' ').split(/\r?\n/);
  let current: MakeRule[] = [];
  for (const line of lines) {
    if (line.startsWith('\t')) {
      for (const r of current) r.recipes.push(line.slice(1));
      continue;
    }
    const trimmed = cutMakeComment(line).trim();
    if (trimmed === '') continue;
    if (MAKE_PARSE_FUNCTIONS.test(trimmed)) out.unproven = true;
    const calls = shellCalls(trimmed);
    if (calls === null) out.unproven = true;
    else out.parseTimeShell.push(...calls);
    const inc = makeInclude(trimmed);
    if (inc) {
      current = [];
      for (const raw of inc[1].split(/\s+/)) {
        const name = raw.replace(/\$[({]([A-Za-z0-9_.-]+)[)}]/g, (_, v: string) => vars.get(v) ?? '\u0000');
        const text2 = depth < 8 && !/[\u0000$*?[]/.test(name) ? load(name) : undefined;
        // make tries to build a missing include (even an optional one) before reading: unproven.
        if (text2 === undefined) out.unproven = true;
        else parseMakefile(text2, load, out, depth + 1);
      }
      continue;
    }
    const assign = makeAssignment(trimmed);
    if (assign) {
      current = [];
      const [name, op, value] = assign;
      out.assigned.add(name);
      if (op === '!=') {
        // `X != cmd` runs cmd in the shell while reading.
        out.parseTimeShell.push(value);
        vars.set(name, '$(shell )');
        continue;
      }
      if (op === '?=' && vars.has(name)) continue;
      if (op === '+=') vars.set(name, `${vars.get(name) ?? ''} ${value}`.trim());
      else vars.set(name, value);
      continue;
    }
    if (/^(?:export|unexport|vpath|undefine|define|endef|ifeq|ifneq|ifdef|ifndef|else|endif)\b/.test(trimmed)) {
      // Conditionals and multi-line defines change what is defined in ways we do not evaluate.
      if (/^(?:define|ifeq|ifneq|ifdef|ifndef|vpath)\b/.test(trimmed)) out.unproven = true;
      current = [];
      continue;
    }
    // `target: VAR = value` sets a variable for that target's recipes only: not followed.
    if (isTargetVariable(trimmed)) {
      out.unproven = true;
      current = [];
      continue;
    }
    const rule = makeRule(trimmed);
    if (rule) {
      let prereqText = rule[1];
      let inline: string | undefined;
      const semi = prereqText.indexOf(';');
      if (semi >= 0) {
        inline = prereqText.slice(semi + 1).trim();
        prereqText = prereqText.slice(0, semi);
      }
      const prereqs = prereqText.split('|')[0]!.split(/\s+/).filter(Boolean);
      current = [];
      for (const t of rule[0].split(/\s+/).filter(Boolean)) {
        if (t === '.PHONY') {
          for (const p of prereqs) out.phony.add(p);
          continue;
        }
        if (t === '.ONESHELL') {
          out.oneShell = true;
          continue;
        }
        if (t === '.SECONDEXPANSION' || t === '.EXPORT_ALL_VARIABLES' || t === '.POSIX') {
          // Prerequisites expanded a second time may call $(shell); POSIX mode changes how recipes run.
          if (t !== '.EXPORT_ALL_VARIABLES') out.unproven = true;
          continue;
        }
        const r: MakeRule = t.includes('%') ? { prereqs: [], recipes: [] } : (rules.get(t) ?? { prereqs: [], recipes: [] });
        if (t.includes('%')) out.patterns.push({ target: t, rule: r });
        else rules.set(t, r);
        r.prereqs.push(...prereqs);
        if (inline) r.recipes.push(inline);
        current.push(r);
        // Old-style suffix rules (`.c.o:`) are implicit rules too.
        if (/^\.[\w]+\.[\w]+$/.test(t) || (/^\.[\w]+$/.test(t) && inline !== undefined)) out.patterns.push({ target: '%', rule: r });
        if (out.defaultGoal === undefined && !t.startsWith('.') && !t.includes('%')) out.defaultGoal = t;
      }
      continue;
    }
    current = [];
  }
  return out;
}

/** Expands make variables in a recipe line; null when it needs make functions or a variable the Makefile does not define. */
function expandMake(line: string, mk: Makefile, target: string, rule: MakeRule, stem: string, depth = 0): string | null {
  if (depth > 5) return null;
  let out = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c !== '$') {
      out += c;
      continue;
    }
    const n = line[i + 1];
    if (n === undefined) return null;
    if (n === '$') {
      out += '$';
      i++;
      continue;
    }
    if (n === '@') out += target;
    else if (n === '<') out += rule.prereqs[0] ?? '';
    else if (n === '^' || n === '+') out += rule.prereqs.join(' ');
    else if (n === '*') out += stem;
    else if (n === '?' || n === '|') out += '';
    else if (n === '(' || n === '{') {
      const close = n === '(' ? ')' : '}';
      const end = line.indexOf(close, i + 2);
      if (end < 0) return null;
      const name = line.slice(i + 2, end);
      if (!/^[A-Za-z0-9_.-]+$/.test(name)) return null;
      if (name === 'MAKE') out += 'make';
      else if (name === 'CURDIR') out += '.';
      else {
        const v = mk.vars.get(name);
        // A variable the Makefile does not set comes from the environment: not known here.
        if (v === undefined) return null;
        const e = expandMake(v, mk, target, rule, stem, depth + 1);
        if (e === null) return null;
        out += e;
      }
      i = end;
      continue;
    } else if (/[A-Za-z0-9_]/.test(n)) {
      const v = mk.vars.get(n);
      if (v === undefined) return null;
      out += v;
    } else return null;
    i++;
  }
  return out;
}

/** Source suffixes of make's built-in implicit rules. */
const IMPLICIT_SOURCES = [
  '.c',
  '.cc',
  '.cpp',
  '.C',
  '.cxx',
  '.f',
  '.F',
  '.r',
  '.p',
  '.s',
  '.S',
  '.y',
  '.l',
  '.w',
  '.web',
  '.sh',
  '.mod',
  '.def',
  '.tex',
  '.texi',
  '.texinfo',
  '.txinfo',
  '.o',
];

export const MAKE_OPTIONS = {
  flags: 'bBdehikLnpqrRsStvw',
  values: 'CfIoWE',
  // `-j[N]`, `-l[N]`, `-O[TYPE]`: the value is attached (makeArgs joins a number written apart).
  optionalValues: 'jlO',
  longFlags: [
    'always-make',
    'environment-overrides',
    'ignore-errors',
    'keep-going',
    'just-print',
    'dry-run',
    'recon',
    'question',
    'silent',
    'quiet',
    'touch',
    'no-print-directory',
    'print-directory',
    'version',
    'help',
    'warn-undefined-variables',
    'no-builtin-rules',
    'no-builtin-variables',
    'check-symlink-times',
    'stop',
    'no-keep-going',
    'trace',
    'print-data-base',
    'no-silent',
  ],
  longValues: ['directory', 'file', 'makefile', 'include-dir', 'old-file', 'assume-old', 'what-if', 'new-file', 'assume-new', 'eval'],
  longOptional: ['debug', 'output-sync', 'jobserver-style', 'shuffle', 'jobs', 'load-average'],
};

/**
 * GNU make's `-j`/`--jobs` and `-l`/`--load-average` take an optional number that may also be the
 * next word, but only when that word starts with a digit (`.` too for the load): `make -j 4 build`
 * runs four jobs, `make -dj -o x` runs as many as it likes and `-o x` is the next option
 * (main.c, decode_switches). The number is joined to its option here, so the parser's
 * attached-only optional value reads it.
 */
function makeArgs(args: readonly Arg[]): Arg[] {
  const out: Arg[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    out.push(a);
    if (v === '--') {
      out.push(...args.slice(i + 1));
      break;
    }
    const next = args[i + 1]?.value;
    if (v === null || next === undefined || next === null || i === 0) continue;
    let letter: string | undefined;
    if (/^-[A-Za-z]+$/.test(v)) {
      // The cluster's first letter taking a value ends it: joined only when it is the last letter.
      const k = [...v.slice(1)].findIndex((c) => MAKE_OPTIONS.values.includes(c) || MAKE_OPTIONS.optionalValues.includes(c));
      if (k === v.length - 2) letter = v[v.length - 1];
    } else if (v === '--jobs') letter = 'j';
    else if (v.length >= 3 && 'load-average'.startsWith(v.slice(2)) && v.startsWith('--l')) letter = 'l';
    if ((letter === 'j' && /^\d/.test(next)) || (letter === 'l' && /^[\d.]/.test(next))) {
      out[out.length - 1] = { ...a, value: v.startsWith('--') ? `${v}=${next}` : v + next };
      i++;
    }
  }
  return out;
}

const make: Handler = (w, inv) => {
  const p = parseArgs(makeArgs(inv.args), 1, MAKE_OPTIONS);
  const has = (...names: string[]): boolean => p.options.some((o) => names.includes(o.name));
  if (p.unknown.length > 0) return w.unknown(inv, 'shell_command_unproven');
  // `-h` is GNU make's --help: it prints the usage and exits before reading a makefile.
  if (has('version', 'help', 'h')) return w.acc.read();
  // `-E`/`--eval` define rules from the command line; `-e` lets the environment override the Makefile.
  if (has('eval', 'E', 'e', 'environment-overrides', 'W', 'what-if', 'new-file', 'assume-new', 'B', 'always-make'))
    return w.unknown(inv, 'shell_command_unproven');
  for (const name of ['MAKEFLAGS', 'MFLAGS', 'GNUMAKEFLAGS', 'MAKEFILES']) if (inv.scope.env.has(name)) return w.unknown(inv, 'shell_command_unproven');
  const touch = has('t', 'touch');
  // Under -n/-q/-t make still runs `+` lines and lines that call $(MAKE).
  const dryRun = touch || has('n', 'just-print', 'dry-run', 'recon', 'q', 'question');
  const noBuiltins = has('r', 'no-builtin-rules');
  let dir = inv.scope.cwd;
  for (const o of p.options) {
    if (o.name === 'C' || o.name === 'directory') dir = o.value ? w.path({ ...inv, scope: { ...inv.scope, cwd: dir } }, o.value) : null;
  }
  if (dir === null) return w.unknown(inv, 'dynamic_word');
  const inDir = { ...inv, scope: { ...inv.scope, cwd: dir } };
  const includeDirs = p.options.filter((o) => o.name === 'I' || o.name === 'include-dir').map((o) => (o.value ? w.path(inDir, o.value) : null));
  const load = (name: string): string | undefined => {
    for (const d of [dir, ...includeDirs]) {
      if (d === null) continue;
      const f = name.startsWith('/') ? name : `${d}/${name}`;
      const t = w.readFile(f, SCRIPT_MAX);
      if (t !== undefined) return t;
      if (name.startsWith('/')) break;
    }
    return undefined;
  };
  const fileOpt = p.options.find((o) => o.name === 'f' || o.name === 'file' || o.name === 'makefile');
  let text: string | undefined;
  if (fileOpt) {
    const fp = fileOpt.value && fileOpt.value.value !== '-' ? w.path(inDir, fileOpt.value) : null;
    text = fp ? w.readFile(fp, SCRIPT_MAX) : undefined;
  } else {
    for (const name of ['GNUmakefile', 'makefile', 'Makefile']) {
      text = w.readFile(`${dir}/${name}`, SCRIPT_MAX);
      if (text !== undefined) break;
    }
  }
  if (text === undefined) return w.unknown(inv, 'script_unread');
  const mk = parseMakefile(text, load);
  const targets: string[] = [];
  const cmdlineVars: string[] = [];
  for (const o of p.operands) {
    if (o.value === null) return w.unknown(inv, 'dynamic_word');
    // GNU make ignores a plain `-` wherever it stands, after `--` too (main.c,
    // handle_non_switch_argument): `make -` builds the default goal.
    if (o.value === '-') continue;
    const eq = o.value.indexOf('=');
    const name = eq > 0 ? trimEndOf(o.value.slice(0, eq), ':+?!') : '';
    if (eq > 0 && /^[A-Za-z0-9_.-]+$/.test(name)) {
      mk.vars.set(name, o.value.slice(eq + 1));
      cmdlineVars.push(name);
    } else targets.push(o.value);
  }
  if (targets.length === 0 && mk.vars.has('.DEFAULT_GOAL')) {
    const goal = mk.vars.get('.DEFAULT_GOAL')!.trim();
    if (!/^[\w./-]+$/.test(goal)) return w.unknown(inv, 'shell_command_unproven');
    mk.defaultGoal = goal;
  }
  if (!specialVariablesProven(mk, cmdlineVars)) return w.unknown(inv, 'shell_command_unproven');
  const scopeIn = (): Scope => {
    const scope = cloneScope(inv.scope);
    scope.cwd = dir;
    return scope;
  };
  // Parse-time shell runs whatever the targets are.
  const parseTime = w.isolate(() => {
    if (mk.unproven) w.unproven(inv, 'script_unread');
    for (const code of mk.parseTimeShell) {
      if (/\$[({]/.test(code)) w.unproven(inv, 'script_unread');
      else w.reparse(inv, code, scopeIn());
    }
  });
  w.acc.absorb(parseTime, false, inv.text);
  if (targets.length === 0) {
    if (!mk.defaultGoal) return w.acc.read();
    targets.push(mk.defaultGoal);
  }
  const implicitSource = (t: string): boolean => {
    if (noBuiltins || mk.phony.has(t)) return false;
    const stem = t.replace(/\.[^./]+$/, '');
    for (const suffix of IMPLICIT_SOURCES) {
      const src = `${stem}${suffix}`;
      if (src !== t && w.exists(`${dir}/${src}`)) return true;
    }
    return false;
  };
  const patternFor = (t: string): { rule: MakeRule; stem: string } | undefined => {
    for (const pat of mk.patterns) {
      const [pre, post] = pat.target.split('%') as [string, string];
      if (t.length >= pre.length + post.length && t.startsWith(pre) && t.endsWith(post)) {
        const stem = t.slice(pre.length, t.length - post.length);
        return { rule: { prereqs: pat.rule.prereqs.map((x) => x.replace('%', stem)), recipes: pat.rule.recipes }, stem };
      }
    }
    return undefined;
  };
  const fallback = mk.rules.get('.DEFAULT');
  for (const target of targets) {
    const lines: string[] = [];
    let dynamic = false;
    const seen = new Set<string>();
    const visit = (t: string, depth: number): void => {
      if (seen.has(t) || depth > 16 || lines.length > 256) return;
      seen.add(t);
      let rule = mk.rules.get(t);
      let stem = '';
      if (!rule || rule.recipes.length === 0) {
        const pat = patternFor(t);
        if (pat) {
          // A pattern rule builds it (when its prerequisites exist or can be made): what it runs is run.
          rule = { prereqs: [...(rule?.prereqs ?? []), ...pat.rule.prereqs], recipes: pat.rule.recipes };
          stem = pat.stem;
        } else if (implicitSource(t)) {
          dynamic = true;
        } else if (!rule && fallback && !w.exists(`${dir}/${t}`)) {
          // `.DEFAULT:` is the recipe for any target (or prerequisite) with no rule of its own.
          rule = fallback;
        }
      }
      if (!rule) return;
      for (const pre of rule.prereqs) visit(pre, depth + 1);
      const own: string[] = [];
      for (const raw of rule.recipes) {
        const prefix = /^[\s@+-]*/.exec(raw)![0];
        if (dryRun && !prefix.includes('+') && !/\$[({]MAKE[)}]/.test(raw)) continue;
        const line = expandMake(raw.slice(prefix.length), mk, t, rule, stem);
        if (line === null) dynamic = true;
        else if (line.trim() !== '') own.push(line);
      }
      // Under `.ONESHELL:` a recipe is one script (a `cd` in one line holds for the next).
      if (mk.oneShell && own.length > 0) lines.push(own.join('\n'));
      else lines.push(...own);
    };
    visit(target, 0);
    const check = !dryRun && isCheckName(target, w.ctx.config.checkScripts);
    if (!mk.rules.has(target) && !patternFor(target) && !dynamic && (!fallback || w.exists(`${dir}/${target}`))) {
      // No rule: make fails ("No rule to make target"), unless a file of that name exists.
      if (touch) w.unprovenWrite(inv, 'write_path_missing');
      else w.acc.read();
      continue;
    }
    const sub = w.isolate(() => {
      if (dynamic) w.unproven(inv, 'script_unread');
      for (const line of lines) w.reparse(inv, line, scopeIn());
      if (touch) w.unprovenWrite(inv, 'write_path_missing');
    });
    // A check target is a check only when its recipes are proven; a user-configured check name is vouched for.
    const vouched = w.ctx.config.checkScripts.includes(target);
    w.acc.absorb(sub, check && (vouched || sub.finish().mutability !== 'unknown'), inv.text);
  }
};

export const scriptHandlers = lookupTable<Handler>({
  __proto__: null,
  bash: shell,
  sh: shell,
  zsh: shell,
  dash: shell,
  ksh: shell,
  source,
  '.': source,
  make,
  gmake: make,
});
