// Scripts the agent runs are read (at most 64 KiB, through the FileView) and classified as
// if typed: `bash x.sh`, `./x.sh`, `source x.sh`, `bash -c '…'`, package scripts and make
// recipes. What cannot be read is `script_unread`.
import path from 'node:path';
import { parseArgs } from '../options.js';
import { cloneScope, type Handler, type Invocation, type ShellWalker } from '../walker.js';
import type { Arg } from '../words.js';
import { checkHandlers, isCheckName } from './checks.js';
import { intentsOf } from './installers.js';
import { interpreterFor, interpreterHandlers } from './interpreters.js';
import { packageHandlers } from './packages.js';

const SCRIPT_MAX = 64 * 1024;
const SHELL_SHEBANG = /^#!\s*(?:\/usr)?\/bin\/(?:env\s+(?:-S\s+)?)?(?:ba|z|da|k|)sh\b/;

function shellQuote(v: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(v) ? v : `'${v.replace(/'/g, `'\\''`)}'`;
}

/** Classifies a script file's text; `inScope` for `source` (its cd and variables persist). */
export function runScriptFile(w: ShellWalker, inv: Invocation, file: Arg, inScope: boolean, requireShell: boolean): void {
  const p = w.path(inv, file);
  if (!p) return w.unknown(inv, 'dynamic_word');
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
  let i = 1;
  for (; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) return w.unknown(inv, 'dynamic_word');
    if (v === '--' || v === '-') {
      i++;
      break;
    }
    if (v === '-o' || v === '+o' || v === '-O' || v === '+O' || v === '--rcfile' || v === '--init-file') {
      if (v === '--rcfile' || v === '--init-file') return w.unknown(inv, 'shell_command_unproven');
      i++;
      continue;
    }
    if (v.startsWith('--')) continue;
    if (!v.startsWith('-') && !v.startsWith('+')) break;
    if (v.includes('i')) return w.unknown(inv, 'shell_command_unproven');
    if (v.includes('c') && command === undefined) command = args[++i]?.value ?? null;
  }
  if (command !== undefined) {
    if (command === null) return w.unknown(inv, 'dynamic_word');
    return w.reparse(inv, command);
  }
  const file = args[i];
  if (file) return runScriptFile(w, inv, file, false, false);
  if (inv.stdin !== undefined) return w.reparse(inv, inv.stdin);
  // Commands from a pipe or a terminal.
  w.unknown(inv, 'shell_command_unproven');
};

/** A Python virtualenv's activate script only sets PATH, PS1 and a `deactivate` function. */
const VENV_ACTIVATE = /(?:^|\/)bin\/activate(?:\.(?:sh|bash|zsh))?$/;

const source: Handler = (w, inv) => {
  const file = inv.args[1];
  if (!file) return w.acc.read();
  if (file.value !== null && VENV_ACTIVATE.test(file.value)) {
    for (const k of inv.scope.env.keys()) inv.scope.env.set(k, null);
    return w.acc.read();
  }
  runScriptFile(w, inv, file, true, false);
};

/** A virtualenv's own bin folder: its programs are the tools of those names, installed there. */
const VENV_BIN = /(?:^|\/)(?:\.?venv[\w.-]*|env|\.tox\/[^/]+|\.nox\/[^/]+|virtualenv)\/(?:bin|Scripts)\/([^/]+?)(?:\.exe)?$/;

/**
 * `./x.sh`, `scripts/build.sh`: a path run as a program. A virtualenv's `bin/python`,
 * `bin/pip`, `bin/pytest` are those tools. Any other path whose name is a package
 * manager's (`./tools/pip install x`) stays unproven, but its install intent still counts.
 */
export const pathProgram: Handler = (w, inv) => {
  const value = inv.args[0]!.value ?? '';
  const venv = VENV_BIN.exec(value);
  if (venv) {
    const handler = toolHandler(venv[1]!);
    if (handler) return handler(w, { ...inv, name: venv[1]! });
  }
  const base = value.slice(value.lastIndexOf('/') + 1).replace(/\.(?:exe|cmd|bat|ps1)$/i, '');
  const installer = packageHandlers[base] ?? (/^pip-?\d(?:\.\d+)?$/.test(base) ? interpreterFor(base) : undefined);
  if (installer) intentsOf(w, inv, installer);
  runScriptFile(w, inv, inv.args[0]!, false, true);
};

function toolHandler(name: string): Handler | undefined {
  return packageHandlers[name] ?? interpreterHandlers[name] ?? checkHandlers[name] ?? interpreterFor(name);
}

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
  w.acc.absorb(sub, isCheckName(name, w.ctx.config.checkScripts), inv.text);
}

// ---- make ----

interface MakeRule {
  prereqs: string[];
  recipes: string[];
}

interface Makefile {
  vars: Map<string, string>;
  rules: Map<string, MakeRule>;
  defaultGoal: string | undefined;
}

function parseMakefile(text: string): Makefile {
  const vars = new Map<string, string>();
  const rules = new Map<string, MakeRule>();
  let defaultGoal: string | undefined;
  const lines = text.replace(/\\\r?\n/g, ' ').split(/\r?\n/);
  let current: MakeRule[] = [];
  for (const line of lines) {
    if (line.startsWith('\t')) {
      for (const r of current) r.recipes.push(line.slice(1));
      continue;
    }
    const trimmed = line.replace(/(^|[^\\])#.*$/, '$1').trim();
    if (trimmed === '') continue;
    const assign = /^(?:export\s+|override\s+)?([A-Za-z0-9_.-]+)\s*(:::?=|\?=|\+=|!=|=)\s*(.*)$/.exec(trimmed);
    if (assign) {
      current = [];
      const [, name, op, value] = assign;
      if (op === '?=' && vars.has(name!)) continue;
      if (op === '+=') vars.set(name!, `${vars.get(name!) ?? ''} ${value}`.trim());
      else if (op === '!=') vars.set(name!, '$(shell )');
      else vars.set(name!, value!);
      continue;
    }
    const rule = /^([^:=]+?)\s*::?\s*([^=]*)$/.exec(trimmed);
    if (rule) {
      let prereqText = rule[2]!;
      let inline: string | undefined;
      const semi = prereqText.indexOf(';');
      if (semi >= 0) {
        inline = prereqText.slice(semi + 1).trim();
        prereqText = prereqText.slice(0, semi);
      }
      const prereqs = prereqText.split('|')[0]!.split(/\s+/).filter(Boolean);
      current = [];
      for (const t of rule[1]!.split(/\s+/).filter(Boolean)) {
        let r = rules.get(t);
        if (!r) {
          r = { prereqs: [], recipes: [] };
          rules.set(t, r);
        }
        r.prereqs.push(...prereqs);
        if (inline) r.recipes.push(inline);
        current.push(r);
        if (defaultGoal === undefined && !t.startsWith('.') && !t.includes('%')) defaultGoal = t;
      }
      continue;
    }
    current = [];
  }
  return { vars, rules, defaultGoal };
}

/** Expands make variables in a recipe line; null when it needs make functions (`$(shell …)`). */
function expandMake(line: string, mk: Makefile, target: string, rule: MakeRule, depth = 0): string | null {
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
    else if (n === '*' || n === '?' || n === '|') out += '';
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
        if (v !== undefined) {
          const e = expandMake(v, mk, target, rule, depth + 1);
          if (e === null) return null;
          out += e;
        }
      }
      i = end;
      continue;
    } else if (/[A-Za-z0-9_]/.test(n)) {
      const v = mk.vars.get(n);
      if (v !== undefined) out += v;
    } else return null;
    i++;
  }
  return out;
}

const make: Handler = (w, inv) => {
  const p = parseArgs(inv.args, 1, {
    flags: 'bBdeikLnpqrRsStvw',
    values: 'CfIjlOoWE',
    longFlags: ['always-make', 'environment-overrides', 'ignore-errors', 'keep-going', 'just-print', 'dry-run', 'recon', 'question', 'silent', 'quiet', 'touch', 'no-print-directory', 'print-directory', 'version', 'help', 'warn-undefined-variables', 'no-builtin-rules', 'no-builtin-variables', 'check-symlink-times', 'stop', 'no-keep-going', 'trace', 'print-data-base'],
    longValues: ['directory', 'file', 'makefile', 'include-dir', 'jobs', 'load-average', 'old-file', 'assume-old', 'what-if', 'new-file', 'assume-new', 'eval'],
    longOptional: ['debug', 'output-sync', 'jobserver-style', 'shuffle'],
  });
  if (p.options.some((o) => o.name === 'version' || o.name === 'help' || o.name === 'q' || o.name === 'question')) return w.acc.read();
  if (p.options.some((o) => o.name === 'eval')) return w.unknown(inv, 'shell_command_unproven');
  if (p.options.some((o) => o.name === 't' || o.name === 'touch')) return w.unprovenWrite(inv, 'write_path_missing');
  const dryRun = p.options.some((o) => ['n', 'just-print', 'dry-run', 'recon'].includes(o.name));
  let dir = inv.scope.cwd;
  for (const o of p.options) {
    if (o.name === 'C' || o.name === 'directory') dir = o.value ? w.path({ ...inv, scope: { ...inv.scope, cwd: dir } }, o.value) : null;
  }
  if (dir === null) return w.unknown(inv, 'dynamic_word');
  const fileOpt = p.options.find((o) => o.name === 'f' || o.name === 'file' || o.name === 'makefile');
  let text: string | undefined;
  if (fileOpt) {
    const fp = fileOpt.value ? w.path({ ...inv, scope: { ...inv.scope, cwd: dir } }, fileOpt.value) : null;
    text = fp ? w.readFile(fp, SCRIPT_MAX) : undefined;
  } else {
    for (const name of ['GNUmakefile', 'makefile', 'Makefile']) {
      text = w.readFile(`${dir}/${name}`, SCRIPT_MAX);
      if (text !== undefined) break;
    }
  }
  if (text === undefined) return w.unknown(inv, 'script_unread');
  const mk = parseMakefile(text);
  const targets: string[] = [];
  for (const o of p.operands) {
    if (o.value === null) return w.unknown(inv, 'dynamic_word');
    const eq = o.value.indexOf('=');
    if (eq > 0 && /^[A-Za-z0-9_.-]+$/.test(o.value.slice(0, eq))) mk.vars.set(o.value.slice(0, eq), o.value.slice(eq + 1));
    else targets.push(o.value);
  }
  if (targets.length === 0) {
    if (!mk.defaultGoal) return w.acc.read();
    targets.push(mk.defaultGoal);
  }
  if (dryRun) return w.acc.read();
  for (const target of targets) {
    const lines: string[] = [];
    let dynamic = false;
    const seen = new Set<string>();
    const visit = (t: string, depth: number): void => {
      if (seen.has(t) || depth > 16 || lines.length > 256) return;
      seen.add(t);
      const rule = mk.rules.get(t);
      if (!rule) return;
      for (const pre of rule.prereqs) visit(pre, depth + 1);
      for (const raw of rule.recipes) {
        const line = expandMake(raw.replace(/^[\s@+-]+/, ''), mk, t, rule);
        if (line === null) dynamic = true;
        else if (line.trim() !== '') lines.push(line);
      }
    };
    visit(target, 0);
    const check = isCheckName(target, w.ctx.config.checkScripts);
    if (!mk.rules.has(target)) {
      // No rule: make fails ("No rule to make target"), unless a file of that name exists.
      w.acc.read();
      continue;
    }
    const sub = w.isolate(() => {
      if (dynamic) w.unproven(inv, 'script_unread');
      for (const line of lines) {
        const scope = cloneScope(inv.scope);
        scope.cwd = dir;
        w.reparse(inv, line, scope);
      }
    });
    w.acc.absorb(sub, check, inv.text);
  }
};

export const scriptHandlers: Record<string, Handler> = {
  bash: shell,
  sh: shell,
  zsh: shell,
  dash: shell,
  ksh: shell,
  source,
  '.': source,
  make,
  gmake: make,
};
