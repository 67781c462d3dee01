// Walks remit's shell tree in execution order, keeping what later commands depend on
// (working directory after `cd`, variables set to literals, functions defined), and hands
// every simple command to the program table. Re-parsed strings (`bash -c`, `eval`,
// scripts) come back here one level deeper; past MAX_DEPTH the input is `too_complex`.
import type { AnalysisReason, EffectKind } from '../../generated/types.js';
import type { ClassifyContext } from '../classify/context.js';
import { checkArith, INT_VALUE } from './arith.js';
import { manifestKind } from '../intents/manifest-kind.js';
import { gitFetchRewriteEnv, isExecEnv } from './exec-env.js';
import { zshHookFunction, zshRunsCode } from './zsh.js';
import { compressedChecksum } from './hash-shapes.js';
import { parseShell, type ParseBudget, type ShAssign, type ShCommand, type ShNode, type ShRedirect } from './parse.js';
import { ShellAccumulator } from './result.js';
import { argPath, dynamicArg, expandSingle, expandWord, isPathLike, type Arg, type Env, type PathContext } from './words.js';

export const MAX_DEPTH = 5;
const MAX_STEPS = 200_000;

export interface Scope {
  /** Canonical working directory; null after a `cd` we could not follow. */
  cwd: string | null;
  /** bash's logical `$PWD` (symlinks kept), which `cd ..` works from; absent when it is `cwd`. */
  pwd?: string | null;
  env: Env;
  funcs: Map<string, ShNode>;
}

export interface Invocation {
  /** args[0] is the program word as run (after wrappers). */
  readonly args: readonly Arg[];
  /** Program name used for the table (basename, `.exe` dropped). */
  readonly name: string;
  readonly scope: Scope;
  readonly depth: number;
  /** The command's source text, for explanations. */
  readonly text: string;
  /** Static standard input text (a here-document or here-string), when there is one. */
  readonly stdin: string | undefined;
  /** Standard input is a here-document or here-string whose text we could not fix. */
  readonly stdinDynamic: boolean;
  /** Canonical path of a `< file` redirection, when there is one. */
  readonly stdinPath?: string | undefined;
  /** `xargs` appends operands we cannot see. */
  readonly extraArgs: boolean;
  /** Standard output goes to a file, a pipe or /dev/null, never the terminal (`nohup` writes nohup.out otherwise). */
  readonly stdoutSet?: boolean;
}

export type Handler = (w: ShellWalker, inv: Invocation) => void;

const DEV_SINKS = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/tty', '/dev/zero']);
const FD_DUP = /^(?:\d+-?|-)$/;
const SYSTEM_BIN = /^(?:\/usr)?(?:\/local)?\/s?bin\/|^\/opt\/homebrew\/bin\/|^\/bin\/|^\/usr\/bin\//;

/** Writing to /dev/null, a terminal or a pipe descriptor changes no file. */
export function isDeviceSink(p: string): boolean {
  return DEV_SINKS.has(p) || /^\/dev\/fd\/\d+$/.test(p);
}

export function cloneScope(s: Scope): Scope {
  return { cwd: s.cwd, pwd: s.pwd, env: new Map(s.env), funcs: new Map(s.funcs) };
}

/** Paths that may be the terminal, or stand for a descriptor that may be: writing there keeps output on it. */
const MAY_BE_TERMINAL = /^\/dev\/(?:tty\w*|pts\/.*|console|fd\/[02]|stdin|stderr)$|^\/proc\/(?:self|\d+|thread-self)\/fd\//;

/**
 * Whether standard output is off the terminal after `redirects`, applied in order as bash does,
 * starting from `offBefore` (an enclosing group's or pipe's answer; standard error starts on the
 * terminal). `>`, `>>`, `>|` on descriptor 1 (or none), `&>`, `&>>` and `>&file` to a file or
 * /dev/null take it off; to `/dev/tty`, `/dev/stderr`, `/dev/fd/2` or a word known only at run
 * time they do not; `/dev/stdout` and `/dev/fd/1` leave it where it was; `1>&2` makes it what
 * descriptor 2 is, `2>&1` the other way round. `nohup` writes nohup.out while it is on the terminal.
 */
function stdoutOffTerminal(redirects: readonly ShRedirect[], offBefore: boolean): boolean {
  let out = offBefore;
  let err = false;
  const lands = (target: string | undefined): boolean => {
    if (target === undefined) return false;
    if (target === '/dev/stdout' || target === '/dev/fd/1') return out;
    if (target === '/dev/stderr' || target === '/dev/fd/2') return err;
    return !MAY_BE_TERMINAL.test(target);
  };
  for (const r of redirects) {
    if (r.heredoc || !r.target || r.fdVar) continue;
    const fd = r.fd ?? (r.op.startsWith('<') ? 0 : 1);
    const target = r.target.lit;
    if (r.op === '&>' || r.op === '&>>' || (r.op === '>&' && r.fd === undefined && !FD_DUP.test(r.target.text))) {
      out = err = lands(target);
      continue;
    }
    if (fd !== 1 && fd !== 2) continue;
    let next: boolean;
    if (r.op === '>&' || r.op === '<&') {
      const from = r.target.text;
      next = from === '1' ? out : from === '2' ? err : false;
    } else if (r.op === '>' || r.op === '>>' || r.op === '>|' || r.op === '<>') {
      next = lands(target);
    } else continue;
    if (fd === 1) out = next;
    else err = next;
  }
  return out;
}

/** After a branch that may or may not have run, what it changed is no longer known. */
function integerValued(v: string | null | undefined): boolean {
  return v === INT_VALUE || (typeof v === 'string' && /^-?\d+$/.test(v));
}

function mergeBranch(outer: Scope, inner: Scope): void {
  for (const [k, v] of inner.env) {
    const o = outer.env.get(k);
    // Two integers are still an integer (a counter after a loop), which arithmetic may read.
    if (o !== v) outer.env.set(k, integerValued(o) && integerValued(v) ? INT_VALUE : null);
  }
  if (inner.cwd !== outer.cwd) outer.cwd = null;
  if (inner.pwd !== outer.pwd) outer.pwd = null;
  for (const [k, v] of inner.funcs) {
    const o = outer.funcs.get(k);
    // Either definition may be the one in force afterwards: a call walks both.
    if (o === undefined) outer.funcs.set(k, v);
    else if (o !== v) outer.funcs.set(k, { k: 'seq', items: [o, v], scoped: false });
  }
}

/** `exit`/`return`, alone or ending a group: nothing after it in this shell runs. */
function terminates(node: ShNode): boolean {
  if (node.k === 'cmd') {
    const name = node.words[0]?.lit;
    return name === 'exit' || name === 'return';
  }
  if (node.k === 'seq' && !node.scoped && node.items.length > 0) return terminates(node.items[node.items.length - 1]!);
  return false;
}

function poisonAll(env: Env): void {
  for (const k of env.keys()) env.set(k, null);
}

export class ShellWalker {
  acc = new ShellAccumulator();
  /** Walking a command after the first of a pipeline: its standard input is the previous command's output. */
  private piped = false;
  /** Walking a command whose standard output is not the terminal (a pipe or an enclosing redirection). */
  private stdoutSet = false;
  /** The pipeline stage that reads this command's standard output, when there is one. */
  private nextStage: ShNode | undefined;
  /** The invocation whose handler is running (for helpers that need its context). */
  current: Invocation | undefined;
  readonly budget: ParseBudget = { nodes: 0 };
  readonly pc: PathContext;
  private steps = 0;
  private tooComplex = false;

  constructor(
    readonly ctx: ClassifyContext,
    private readonly dispatch: Handler,
  ) {
    this.pc = { realpath: ctx.realpath, home: ctx.home };
  }

  rootScope(): Scope {
    const env: Env = new Map();
    env.set('HOME', this.ctx.home);
    return { cwd: this.ctx.cwd, env, funcs: new Map() };
  }

  /** Parses and walks shell source in `scope`; failures become an unproven part, never a throw. */
  walkSource(source: string, scope: Scope, depth: number, segment: string): void {
    if (depth > MAX_DEPTH) {
      this.acc.unproven('too_complex', segment);
      return;
    }
    const parsed = parseShell(source, this.budget);
    if (!parsed.ok) {
      this.acc.unproven(parsed.reason, segment);
      this.mentionText(source, scope.cwd);
      return;
    }
    this.walk(parsed.root, scope, depth);
  }

  private step(): boolean {
    if (this.tooComplex) return false;
    if (++this.steps > MAX_STEPS) {
      this.tooComplex = true;
      this.acc.unproven('too_complex', 'command');
      return false;
    }
    return true;
  }

  walk(node: ShNode, scope: Scope, depth: number): void {
    if (!this.step()) return;
    switch (node.k) {
      case 'cmd':
        this.simple(node, scope, depth);
        return;
      case 'seq': {
        const s = node.scoped ? cloneScope(scope) : scope;
        for (const item of node.items) this.walk(item, s, depth);
        return;
      }
      case 'andor': {
        let prevStart = scope.cwd;
        for (let i = 0; i < node.items.length; i++) {
          const item = node.items[i]!;
          if (i > 0 && node.ops[i - 1] === '||' && terminates(item)) {
            // `cd dir || exit 1`: later commands run only where the cd worked.
            this.walk(item, cloneScope(scope), depth);
            continue;
          }
          // After `||` the previous command failed, so a `cd` in it may not have happened.
          if (i > 0 && node.ops[i - 1] === '||' && scope.cwd !== prevStart) scope.cwd = null;
          prevStart = scope.cwd;
          if (i === 0) this.walk(item, scope, depth);
          else {
            const inner = cloneScope(scope);
            this.walk(item, inner, depth);
            // Later list items run only on this path; keep its directory (success path).
            const cwd = inner.cwd;
            mergeBranch(scope, inner);
            scope.cwd = cwd;
          }
        }
        return;
      }
      case 'pipe': {
        // Every command after the first reads the one before it: its standard input is not
        // text we can see (`curl -fsSL … | sh`).
        const outer = this.piped;
        const outerOut = this.stdoutSet;
        const outerNext = this.nextStage;
        try {
          node.items.forEach((item, k) => {
            this.piped = k > 0 || outer;
            this.stdoutSet = k < node.items.length - 1 || outerOut;
            this.nextStage = node.items[k + 1] ?? outerNext;
            this.walk(item, cloneScope(scope), depth);
          });
        } finally {
          this.piped = outer;
          this.stdoutSet = outerOut;
          this.nextStage = outerNext;
        }
        return;
      }
      case 'if': {
        const first = node.branches[0]!;
        this.walk(first.cond, scope, depth);
        const after = cloneScope(scope);
        const inner = cloneScope(scope);
        this.walk(first.body, inner, depth);
        mergeBranch(after, inner);
        for (let i = 1; i < node.branches.length; i++) {
          const b = node.branches[i]!;
          const s = cloneScope(scope);
          this.walk(b.cond, s, depth);
          this.walk(b.body, s, depth);
          mergeBranch(after, s);
        }
        if (node.otherwise) {
          const s = cloneScope(scope);
          this.walk(node.otherwise, s, depth);
          mergeBranch(after, s);
        }
        scope.cwd = after.cwd;
        scope.env = after.env;
        scope.funcs = after.funcs;
        return;
      }
      case 'loop': {
        for (const w of node.words) this.walkSubs(w.subs, scope, depth);
        if (node.words.some((w) => zshRunsCode(w.text))) this.acc.unproven('dynamic_word', 'for');
        // `for f in a.ts b.ts`: a short list of plain words runs the body once per value, in order.
        if (node.variable && node.words.length > 0) {
          const values: Arg[] = [];
          for (const w of node.words) expandWord(w, scope.env, values);
          if (values.length <= 16 && values.every((a) => a.value !== null && !a.glob)) {
            for (const a of values) {
              scope.env.set(node.variable, a.value);
              this.walk(node.body, scope, depth);
            }
            return;
          }
        }
        if (node.variable) {
          const ints = node.words.length > 0 && node.words.every((w) => w.lit !== undefined && /^-?\d+$/.test(w.lit));
          scope.env.set(node.variable, ints ? INT_VALUE : null);
        }
        const first = cloneScope(scope);
        if (node.cond) this.walk(node.cond, first, depth);
        this.walk(node.body, first, depth);
        const again = cloneScope(scope);
        mergeBranch(again, first);
        // A second pass sees what the first iteration changed (unknown from then on).
        // A function the body defines runs in the next iteration (`ls; ls() { rm x; }`).
        const newFuncs = [...first.funcs].some(([k, v]) => scope.funcs.get(k) !== v);
        if (newFuncs) for (const [k, v] of first.funcs) again.funcs.set(k, v);
        if (newFuncs || again.cwd !== scope.cwd || [...again.env].some(([k, v]) => scope.env.get(k) !== v)) {
          if (node.cond) this.walk(node.cond, again, depth);
          this.walk(node.body, again, depth);
        }
        mergeBranch(scope, first);
        mergeBranch(scope, again);
        return;
      }
      case 'case': {
        this.walkSubs(node.word.subs, scope, depth);
        if (zshRunsCode(node.word.text)) this.acc.unproven('dynamic_word', 'case');
        const after = cloneScope(scope);
        for (const it of node.items) {
          const s = cloneScope(scope);
          for (const p of it.patterns) this.walkSubs(p.subs, s, depth);
          this.walk(it.body, s, depth);
          mergeBranch(after, s);
        }
        scope.cwd = after.cwd;
        scope.env = after.env;
        scope.funcs = after.funcs;
        return;
      }
      case 'func':
        // bash calls this function for every command it cannot find: any later typo runs it;
        // zsh calls its trap and hook functions by name (zsh.ts).
        if (node.name === 'command_not_found_handle' || zshHookFunction(node.name)) this.acc.unproven('shell_command_unproven', node.name);
        scope.funcs.set(node.name, node.body);
        return;
      case 'redir': {
        const outerOut = this.stdoutSet;
        this.stdoutSet = stdoutOffTerminal(node.redirects, this.stdoutSet);
        try {
          this.walk(node.body, scope, depth);
        } finally {
          this.stdoutSet = outerOut;
        }
        for (const r of node.redirects) this.redirect(r, scope, 'compound command');
        return;
      }
      case 'expr': {
        for (const s of node.subs) this.walk(s, cloneScope(scope), depth);
        if (!this.arith(node.arith, scope, node.assigns)) {
          this.acc.unproven('dynamic_word', node.arith.join(' ').slice(0, 120));
          if (node.assigns) poisonAll(scope.env);
        }
        return;
      }
      case 'evals':
        if (!this.arith(node.arith, scope, true)) this.acc.unproven('dynamic_word', node.text);
        return;
    }
  }

  /**
   * Checks texts bash evaluates as arithmetic; when every one is safe, the variables they
   * assign hold integers from then on. False when one may run code.
   */
  arith(texts: readonly string[], scope: Scope, assigns: boolean): boolean {
    for (const t of texts) {
      const r = checkArith(t, scope.env);
      if (!r.safe) return false;
      // `(( PATH = 1 ))`, `let GIT_TRACE=5`: a number in a variable that changes what programs run or write.
      if (assigns && r.targets.some((n) => isExecEnv(n, null))) return false;
      if (assigns) for (const n of r.targets) scope.env.set(n, INT_VALUE);
    }
    return true;
  }

  private walkSubs(subs: readonly ShNode[], scope: Scope, depth: number): void {
    // Substitutions run in a subshell; an arithmetic expansion runs in this shell.
    for (const s of subs) this.walk(s, s.k === 'evals' ? scope : cloneScope(scope), depth);
  }

  private simple(cmd: ShCommand, scope: Scope, depth: number): void {
    // What zsh would run in these words (glob qualifiers, `${(e)…}`, `=(…)`).
    if ((cmd.text.includes('(') || cmd.text.includes('$~') || cmd.text.includes('${~')) && this.zshWords(cmd)) this.acc.unproven('dynamic_word', cmd.text);
    // Substitutions run before the command itself, each in its own subshell.
    for (const a of cmd.assigns) for (const w of a.words) this.walkSubs(w.subs, scope, depth);
    // `a[i]=v` evaluates the subscript as arithmetic.
    for (const a of cmd.assigns) {
      if (a.index !== undefined && !/^\s*-?\d+\s*$/.test(a.index) && !this.arith([a.index], scope, false)) this.acc.unproven('dynamic_word', cmd.text);
    }
    for (const w of cmd.words) this.walkSubs(w.subs, scope, depth);
    let stdin: string | undefined;
    let stdinPath: string | undefined;
    let stdinDynamic = this.piped;
    for (const r of cmd.redirects) {
      if (r.target) this.walkSubs(r.target.subs, scope, depth);
      if (r.heredoc) {
        this.walkSubs(r.heredoc.subs, scope, depth);
        if (r.fd === undefined || r.fd === 0) {
          stdinDynamic = !(r.heredoc.quoted || !/[$`\\]/.test(r.heredoc.body));
          if (!stdinDynamic) stdin = r.heredoc.body;
        }
      } else if (r.op === '<' && r.target && (r.fd === undefined || r.fd === 0)) {
        stdinPath = argPath(expandSingle(r.target, scope.env), scope.cwd, this.pc) ?? undefined;
        stdinDynamic = false;
      } else if (r.op === '<<<' && r.target && (r.fd === undefined || r.fd === 0)) {
        const v = expandSingle(r.target, scope.env).value;
        stdinDynamic = v === null;
        if (v !== null) stdin = v + '\n';
      }
    }
    if (cmd.words.length === 0) {
      for (const a of cmd.assigns) {
        const v = a.value ? expandSingle(a.value, scope.env) : null;
        // `i=$((i + 1))` holds an integer (its text was checked as arithmetic above).
        const arithmetic = a.value !== null && /^\$\(\([^()]*\)\)$/.test(a.value.text);
        scope.env.set(a.name, v && v.value !== null && !v.glob ? v.value : arithmetic ? INT_VALUE : null);
        if (isExecEnv(a.name, this.assignedValue(a, scope), this.ctx.home)) this.acc.unproven('shell_command_unproven', cmd.text);
        this.envIntents(a.name, this.assignedValue(a, scope));
      }
      for (const r of cmd.redirects) this.redirect(r, scope, cmd.text);
      if (cmd.assignsInExpansion) poisonAll(scope.env);
      return;
    }
    // `IFS=, read -r a b`: IFS before the read builtin only shapes how read splits its line
    // (bash ignores an IFS it inherits, so a program run this way is not affected either;
    // for eval, source and functions it would change how this shell splits words).
    const readBuiltin = cmd.words[0]?.lit === 'read' && !scope.funcs.has('read');
    for (const a of cmd.assigns) this.envIntents(a.name, this.assignedValue(a, scope));
    // `PYTHONPATH=src pytest`: folders of the project on the import path of a check, which runs the project's code anyway.
    let onlyForCheck = false;
    for (const a of cmd.assigns) {
      const value = this.assignedValue(a, scope);
      if (isExecEnv(a.name, value, this.ctx.home) && !(a.name === 'IFS' && readBuiltin)) {
        if (a.name === 'PYTHONPATH' && this.projectFolders(value, scope.cwd)) {
          onlyForCheck = true;
          continue;
        }
        this.acc.unproven('shell_command_unproven', cmd.text);
        onlyForCheck = false;
        break;
      }
    }
    const args: Arg[] = [];
    for (const w of cmd.words) expandWord(w, scope.env, args);
    for (const r of cmd.redirects) this.redirect(r, scope, cmd.text);
    if (args.length > 0) {
      const stdoutSet = stdoutOffTerminal(cmd.redirects, this.stdoutSet);
      const base = { args, name: '', depth, text: cmd.text, stdin, stdinDynamic, stdinPath, extraArgs: false, stdoutSet };
      const restore = this.commandEnv(cmd.assigns, scope);
      if (onlyForCheck && this.isolate(() => this.invoke({ ...base, scope: cloneScope(scope) })).finish().mutability !== 'check')
        this.acc.unproven('shell_command_unproven', cmd.text);
      this.invoke({ ...base, scope });
      restore();
    } else if (onlyForCheck) this.acc.unproven('shell_command_unproven', cmd.text);
    if (cmd.assignsInExpansion) poisonAll(scope.env);
  }

  private zshWords(cmd: ShCommand): boolean {
    for (const w of cmd.words) if (zshRunsCode(w.text)) return true;
    for (const a of cmd.assigns) for (const w of a.words) if (zshRunsCode(w.text)) return true;
    for (const r of cmd.redirects) if (r.target && zshRunsCode(r.target.text)) return true;
    return false;
  }

  /** Whether `value` is a `:`-separated list of folders inside the project (no empty entry, which is the working folder). */
  private projectFolders(value: string | null, cwd: string | null): boolean {
    if (value === null || value === '') return false;
    const root = this.ctx.projectRoot;
    for (const entry of value.split(':')) {
      const p = entry === '' ? null : argPath({ value: entry, glob: false, tilde: false, text: entry }, cwd, this.pc);
      if (p === null || (p !== root && !p.startsWith(`${root}/`))) return false;
    }
    return true;
  }

  /**
   * `BZIP2=a.txt bzip2`: a command's own assignments are in the environment it runs with, so a
   * handler reading a program's documented variables (BZIP2, UNZIP, PATCH_GET, GOTOOLCHAIN) and
   * a command it runs in turn see them. Set left to right, as bash does; the returned function
   * puts back what the shell had, or, where the command itself assigned the name (a function
   * doing `X=2`), leaves its value unknown.
   */
  private commandEnv(assigns: readonly ShAssign[], scope: Scope): () => void {
    if (assigns.length === 0) return () => {};
    const saved: [string, boolean, string | null | undefined, string | null][] = [];
    for (const a of assigns) {
      const value = this.assignedValue(a, scope);
      saved.push([a.name, scope.env.has(a.name), scope.env.get(a.name), value]);
      scope.env.set(a.name, value);
    }
    return () => {
      for (const [name, had, before, value] of saved.reverse()) {
        if (scope.env.get(name) !== value) scope.env.set(name, null);
        else if (had) scope.env.set(name, before!);
        else scope.env.delete(name);
      }
    };
  }

  /** The literal value an assignment gives (`~/` expanded), '' for `X=`, null when known only at run time. */
  private assignedValue(a: ShAssign, scope: Scope): string | null {
    if (!a.value) return '';
    const v = expandSingle(a.value, scope.env);
    if (v.value === null || v.glob) return null;
    return v.tilde && v.value.startsWith('~/') ? this.ctx.home + v.value.slice(1) : v.value;
  }

  /** Runs one argv (also used by wrappers and by `xargs`/`find -exec`). */
  invoke(base: Omit<Invocation, 'name'> & { name?: string }): void {
    if (!this.step()) return;
    const args = base.args;
    const prog = args[0];
    if (!prog) return;
    if (prog.value === null || prog.glob) {
      this.hiddenIntents(base.text);
      this.unknownArgs(args, base.scope.cwd, 'dynamic_word', base.text);
      return;
    }
    const name = programName(prog.value);
    const inv: Invocation = { ...base, name };
    const fn = inv.scope.funcs.get(prog.value);
    if (fn) {
      if (inv.depth + 1 > MAX_DEPTH) {
        this.acc.unproven('too_complex', inv.text);
        return;
      }
      // A function body sees its caller's directory and variables, and changes them.
      this.walk(fn, inv.scope, inv.depth + 1);
      return;
    }
    // A compressor's stream shows the checksum it carries (hash-shapes.ts).
    const next = this.nextStage;
    const checksum = compressedChecksum(name, args, !inv.stdoutSet, next === undefined ? undefined : next.k === 'cmd' ? next.words.map((w) => w.lit) : []);
    if (checksum) this.acc.addHash('command', checksum);
    const outer = this.current;
    this.current = inv;
    try {
      this.dispatch(this, inv);
    } finally {
      this.current = outer;
    }
  }

  /**
   * Runs `args` as a new command with the same context (a wrapper's inner command). A program
   * another program starts is a child process: a `cd`, `export` or `alias` it names changes no
   * state of this shell (`env cd docs; rm b.ts` removes ./b.ts), so it runs in a copy of the
   * scope unless the caller passes the scope it means (`builtin`, `command`).
   */
  run(inv: Invocation, args: readonly Arg[], extra: Partial<Pick<Invocation, 'extraArgs' | 'scope' | 'stdin' | 'stdinDynamic' | 'stdinPath'>> = {}): void {
    if (args.length === 0) return;
    this.invoke({
      args,
      scope: extra.scope ?? cloneScope(inv.scope),
      depth: inv.depth,
      text: inv.text,
      stdin: 'stdin' in extra ? extra.stdin : inv.stdin,
      stdinDynamic: extra.stdinDynamic ?? inv.stdinDynamic,
      stdinPath: 'stdinPath' in extra ? extra.stdinPath : inv.stdinPath,
      extraArgs: extra.extraArgs ?? inv.extraArgs,
      stdoutSet: inv.stdoutSet,
    });
  }

  /** Runs `fn` against a fresh accumulator and returns it (for checks judged as a whole). */
  isolate(fn: () => void): ShellAccumulator {
    const outer = this.acc;
    const inner = new ShellAccumulator();
    inner.parent = outer;
    this.acc = inner;
    try {
      fn();
    } finally {
      this.acc = outer;
    }
    return inner;
  }

  /** Re-parses a command string one level deeper (`bash -c`, `eval`, a script's text). */
  reparse(inv: Invocation, source: string, scope: Scope = cloneScope(inv.scope)): void {
    this.walkSource(source, scope, inv.depth + 1, inv.text);
  }

  private redirect(r: ShRedirect, scope: Scope, segment: string): void {
    if (r.heredoc || r.op === '<<<') return;
    const t = r.target;
    if (!t) return;
    const arg = expandSingle(t, scope.env);
    if (r.op === '>&' || r.op === '<&') {
      if (arg.value !== null && FD_DUP.test(arg.value)) return;
      if (r.op === '<&') return;
      // `>&file` is `&>file` in bash.
    }
    if (arg.value !== null && DEV_SINKS.has(arg.value)) return;
    if (arg.value !== null && /^\/dev\/fd\/\d+$/.test(arg.value)) return;
    if (r.op === '<' || r.op === '<&') {
      const p = this.argPath(arg, scope.cwd);
      if (p) this.acc.effect('read', p, segment);
      return;
    }
    const p = this.argPath(arg, scope.cwd);
    if (p) this.acc.effect('write', p, segment);
    else this.acc.unprovenWrite('dynamic_word', segment);
  }

  // ---- helpers for program handlers ----

  path(inv: Invocation, arg: Arg): string | null {
    return this.argPath(arg, inv.scope.cwd);
  }

  /**
   * A path as the kernel resolves it, links this command made included: `..` after a link
   * leaves from the link's target (`ln -s . src/self; echo x > src/self/../README.md` writes
   * ./README.md). Links already on disk are resolved by the path canonicalizer.
   */
  private argPath(arg: Arg, cwd: string | null): string | null {
    const p = argPath(arg, cwd, this.pc);
    const v = arg.value;
    if (p === null || v === null || arg.tilde || !v.includes('..') || !this.acc.madeLinks) return p;
    if (!v.startsWith('/') && cwd === null) return null;
    let cur = '';
    for (const part of (v.startsWith('/') ? v : `${cwd}/${v}`).split('/')) {
      if (part === '' || part === '.') continue;
      if (part === '..') {
        cur = cur.slice(0, cur.lastIndexOf('/'));
        continue;
      }
      cur = `${cur}/${part}`;
      cur = this.acc.createdLink(cur) ?? cur;
    }
    return argPath({ ...arg, value: cur || '/' }, cwd, this.pc);
  }

  /** Records an effect on the path an argument names; an unprovable write target becomes `dynamic_word`. */
  effect(inv: Invocation, kind: EffectKind, arg: Arg): void {
    // `/dev/stdout` as written (its real path is a descriptor of this process, a pipe or a terminal).
    if (kind !== 'read' && arg.value !== null && !arg.glob && isDeviceSink(arg.value)) return this.acc.read();
    const p = this.path(inv, arg);
    if (p && kind !== 'read' && isDeviceSink(p)) return this.acc.read();
    if (p) this.acc.effect(kind, p, inv.text);
    else if (kind !== 'read') this.acc.unprovenWrite('dynamic_word', inv.text);
  }

  effectPath(inv: Invocation, kind: EffectKind, path: string): void {
    this.acc.effect(kind, path, inv.text);
  }

  /** A write whose targets xargs or a dynamic word hides. */
  extraTargets(inv: Invocation): void {
    if (inv.extraArgs) this.acc.unprovenWrite('dynamic_word', inv.text);
  }

  unknown(inv: Invocation, reason: AnalysisReason): void {
    this.unknownArgs(inv.args, inv.scope.cwd, reason, inv.text);
  }

  /**
   * Code or a program name known only at run time (`$PM install x`, `eval "$X"`,
   * `python -c "$CODE"`): unknown, and it may install or hash, so `deps=` and `hash=` hold
   * for it (docs/DESIGN.md#shell-classification).
   */
  unknownCode(inv: Invocation): void {
    this.hiddenIntents(inv.text);
    this.unknown(inv, 'dynamic_word');
  }

  /**
   * A program remit cannot see runs (one a repository's config names, code loaded from a
   * file the command may have written): unknown, and it may install or hash.
   */
  unknownProgram(inv: Invocation, reason: AnalysisReason): void {
    this.hiddenIntents(inv.text);
    this.unknown(inv, reason);
  }

  private hiddenIntents(text: string): void {
    this.acc.addDependency('hidden', '(a command named at run time)');
    this.acc.addHash('hidden', text);
  }

  /**
   * Environment that rewrites where git fetches from swaps the source of every dependency
   * the command's programs fetch through git (`GIT_CONFIG_KEY_0=url.<x>.insteadOf … go mod
   * download`): a dependency change (issue 9 principle 9).
   */
  envIntents(name: string, value: string | null | undefined): void {
    if (gitFetchRewriteEnv(name, value)) this.acc.addDependency('command', `package source ${name}`);
  }

  unproven(inv: Invocation, reason: AnalysisReason): void {
    this.acc.unproven(reason, inv.text);
  }

  unprovenWrite(inv: Invocation, reason: AnalysisReason): void {
    this.acc.unprovenWrite(reason, inv.text);
    this.mentionArgs(inv.args, inv.scope.cwd);
  }

  check(inv: Invocation): void {
    this.acc.check(inv.text);
  }

  private unknownArgs(args: readonly Arg[], cwd: string | null, reason: AnalysisReason, text: string): void {
    this.acc.unproven(reason, text);
    this.mentionArgs(args, cwd);
    this.mentionManifests(text, cwd);
  }

  /**
   * Dependency manifests an unproven command's text names anywhere (an argument, a string in
   * its code, an awk program's redirect): it may change them (result.ts counts the intent).
   */
  mentionManifests(text: string, cwd: string | null): void {
    if (cwd === null) return;
    let n = 0;
    for (const t of text.slice(0, 16 * 1024).split(/[\s;&|<>()`"'=,{}[\]:]+/)) {
      if (t === '' || t.includes('$') || t.includes('://') || !manifestKind(t)) continue;
      const p = argPath({ value: t, glob: false, tilde: t.startsWith('~/'), text: t }, cwd, this.pc);
      if (p) this.acc.mention(p);
      if (++n > 16) break;
    }
  }

  mentionArgs(args: readonly Arg[], cwd: string | null): void {
    for (const a of args) {
      let v = a.value;
      if (v === null) {
        // A dynamic word may still spell a path in its literal parts (`"$X/.codex/hooks.json"`).
        v = a.text.replace(/["']/g, '');
        const i = v.search(/[/~]/);
        if (i < 0) continue;
        v = v.slice(i);
        if (v.startsWith('/') || v.startsWith('~/')) this.mentionValue(v, cwd, true);
        continue;
      }
      if (v.startsWith('-')) {
        const eq = v.indexOf('=');
        if (eq < 0) continue;
        v = v.slice(eq + 1);
      }
      this.mentionValue(v, cwd, a.tilde);
    }
  }

  private mentionValue(v: string, cwd: string | null, tilde: boolean): void {
    if (!isPathLike(v)) return;
    const p = argPath({ value: v, glob: false, tilde, text: v }, cwd, this.pc);
    if (p) this.acc.mention(p);
  }

  /** Path-like tokens of raw text we could not parse (quotes and separators stripped). */
  mentionText(text: string, cwd: string | null): void {
    const tokens = text.slice(0, 64 * 1024).split(/[\s;&|<>()`"'=,]+/);
    let n = 0;
    for (const t of tokens) {
      if (t === '' || !(t.includes('/') || t.startsWith('~'))) continue;
      if (t.includes('$') || t.includes('://')) continue;
      this.mentionValue(t, cwd, t.startsWith('~'));
      if (++n > 128) break;
    }
  }

  /**
   * A file's text as it is now; undefined when it cannot be read or when this command may
   * already have changed it (a script written and then run is judged unread, never on its
   * old text).
   */
  readFile(path: string, maxBytes = 64 * 1024): string | undefined {
    if (this.acc.mayHaveChanged(path)) return undefined;
    try {
      return this.ctx.files.read(path, maxBytes);
    } catch {
      return undefined;
    }
  }

  exists(path: string): boolean {
    try {
      return this.ctx.files.exists(path);
    } catch {
      return false;
    }
  }

  isDirectory(path: string): boolean {
    try {
      return this.ctx.files.isDirectory(path);
    } catch {
      return false;
    }
  }

  listDir(path: string): string[] | undefined {
    try {
      return this.ctx.files.list(path);
    } catch {
      return undefined;
    }
  }
}

/** `/usr/bin/rm` → `rm`, `git.exe` → `git`; other paths stay whole (scripts). */
function programName(v: string): string {
  let n = v;
  if (n.includes('/')) {
    if (SYSTEM_BIN.test(n) || /(?:^|\/)node_modules\/\.bin\/[^/]+$/.test(n)) n = n.slice(n.lastIndexOf('/') + 1);
    else return n;
  }
  if (n.length > 4 && n.toLowerCase().endsWith('.exe')) n = n.slice(0, -4);
  return n;
}

export { dynamicArg, isExecEnv };
