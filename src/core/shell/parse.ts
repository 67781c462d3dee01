// The only module that knows unbash. It turns unbash's tree into remit's own small tree
// (ShNode), so the classifier never depends on a parser's node shapes and a parser swap
// touches one file. unbash is tolerant: it returns a partial tree plus errors, and a few
// malformed inputs (`rm (`) come back with no error at all, so trailing text the tree does
// not cover is also treated as a syntax failure.
import { forEachChild, parse as unbashParse } from 'unbash';
import { plainLiteral, printsRevisions } from './plain-words.js';
import type {
  ArithmeticExpression,
  Command,
  CompoundList,
  DoubleQuotedChild,
  PipelineNode,
  AndOr,
  Redirection,
  Script,
  Statement,
  SyntaxNode,
  TestExpression,
  Word,
  WordPart,
  Function as UnbashFunction,
  CompoundCommand,
  Redirected,
  Coproc,
} from 'unbash';

import type { Seg, ShWord, ShAssign, ShRedirect, ShCommand, ShNode, ShellParse } from './ast.js';

export type { Seg, ShWord, ShAssign, ShRedirect, ShCommand, ShNode, ShellParse } from './ast.js';

/** Shared across every parse of one classification, so re-parsed strings count too. */
export interface ParseBudget {
  nodes: number;
}

export const MAX_NODES = 50_000;
/** Structural nesting (compound commands and substitutions) beyond which we stop. */
const MAX_NESTING = 64;
/** Input longer than this is not parsed at all. */
export const MAX_SOURCE = 256 * 1024;
/**
 * Command separators beyond which the input is not parsed: unbash's time grows with the
 * number of statements (≈1 s for 40k on a loaded 2-core runner), and no agent command
 * has thousands of them. Counted before parsing, so the cap bounds the parse itself.
 */
export const MAX_SEPARATORS = 8_000;

function tooManySeparators(source: string): boolean {
  let n = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    // ';' '\n' '&' '|' '(' '`'
    if (c === 59 || c === 10 || c === 38 || c === 124 || c === 40 || c === 96) {
      if (++n > MAX_SEPARATORS) return true;
    }
  }
  return false;
}

class Fail {
  constructor(readonly reason: 'shell_syntax_unproven' | 'too_complex') {}
}

const SYNTAX = new Fail('shell_syntax_unproven');
const COMPLEX = new Fail('too_complex');

const EMPTY: readonly never[] = [];

export function parseShell(source: string, budget: ParseBudget): ShellParse {
  if (source.length > MAX_SOURCE || tooManySeparators(source)) return { ok: false, reason: 'too_complex' };
  let script: Script & { errors?: readonly unknown[] | undefined };
  try {
    script = unbashParse(source);
  } catch {
    return { ok: false, reason: 'shell_syntax_unproven' };
  }
  try {
    const conv = new Converter(source, budget);
    const root = conv.script(script, 0);
    if (trailingUncovered(source, conv.maxEnd)) return { ok: false, reason: 'shell_syntax_unproven' };
    return { ok: true, root };
  } catch (e) {
    if (e instanceof Fail) return { ok: false, reason: e.reason };
    // A parser change that yields a shape we do not know is never a pass.
    return { ok: false, reason: 'shell_syntax_unproven' };
  }
}

/** Text after the last parsed construct may only be blanks, separators and a comment. */
function trailingUncovered(source: string, end: number): boolean {
  for (let i = end; i < source.length; i++) {
    const c = source.charCodeAt(i);
    // space, tab, CR, LF, ';', '&'
    if (c === 32 || c === 9 || c === 13 || c === 10 || c === 59 || c === 38) continue;
    if (c === 35 /* # */) {
      const nl = source.indexOf('\n', i);
      if (nl < 0) return false;
      i = nl;
      continue;
    }
    return true;
  }
  return false;
}

class Converter {
  maxEnd = 0;
  constructor(
    private readonly source: string,
    private readonly budget: ParseBudget,
  ) {}

  private tick(): void {
    if (++this.budget.nodes > MAX_NODES) throw COMPLEX;
  }

  script(s: Script & { errors?: readonly unknown[] | undefined }, depth: number): ShNode {
    if (s.errors && s.errors.length > 0) throw SYNTAX;
    const items: ShNode[] = [];
    for (const st of s.commands) items.push(this.statement(st, depth, s.source));
    if (depth === 0 && s.commands.length > 0) {
      const last = s.commands[s.commands.length - 1]!;
      if (last.end > this.maxEnd) this.maxEnd = last.end;
    }
    return { k: 'seq', items, scoped: false };
  }

  private statement(st: Statement, depth: number, src: string | undefined): ShNode {
    this.tick();
    const node = this.pipelineOrAndOr(st.command, depth, src);
    // A background job runs in a subshell: its cd and variables never reach later commands.
    return st.background ? { k: 'seq', items: [node], scoped: true } : node;
  }

  private pipelineOrAndOr(n: PipelineNode | AndOr, depth: number, src: string | undefined): ShNode {
    if (depth > MAX_NESTING) throw COMPLEX;
    this.tick();
    switch (n.type) {
      case 'AndOr':
        return { k: 'andor', items: n.commands.map((c) => this.pipelineOrAndOr(c, depth + 1, src)), ops: n.operators };
      case 'Pipeline':
        if (n.commands.length === 1) return this.command(n.commands[0]!, depth + 1, src);
        return { k: 'pipe', items: n.commands.map((c) => this.command(c, depth + 1, src)) };
      default:
        return this.command(n, depth, src);
    }
  }

  private list(l: CompoundList, depth: number, src: string | undefined, scoped = false): ShNode {
    this.tick();
    return { k: 'seq', items: l.commands.map((st) => this.statement(st, depth + 1, src)), scoped };
  }

  private command(n: Command | CompoundCommand | Redirected | UnbashFunction | Coproc | CompoundList, depth: number, src: string | undefined): ShNode {
    if (depth > MAX_NESTING) throw COMPLEX;
    this.tick();
    switch (n.type) {
      case 'Command':
        return this.simple(n, depth, src);
      case 'CompoundList':
        return this.list(n, depth, src);
      case 'Subshell':
        return this.list(n.body, depth, src, true);
      case 'BraceGroup':
        return this.list(n.body, depth, src);
      case 'If': {
        const branches = [{ cond: this.list(n.clause, depth, src), body: this.list(n.then, depth, src) }];
        for (const e of n.elif) branches.push({ cond: this.list(e.clause, depth, src), body: this.list(e.then, depth, src) });
        return { k: 'if', branches, otherwise: n.else ? this.list(n.else, depth, src) : undefined };
      }
      case 'For':
      case 'Select':
        return {
          k: 'loop',
          variable: n.name.value,
          words: n.wordlist ? n.wordlist.map((w) => this.word(w, depth, src)) : EMPTY,
          cond: undefined,
          body: this.list(n.body, depth, src),
        };
      case 'ArithmeticFor': {
        const text = (e: { pos: number; end: number } | undefined): string[] => (e ? [(src ?? this.source).slice(e.pos, e.end)] : []);
        const initSubs: ShNode[] = [];
        if (n.initialize) this.collectSubs(n.initialize, initSubs, depth, src);
        const subs: ShNode[] = [];
        for (const e of [n.test, n.update]) if (e) this.collectSubs(e, subs, depth, src);
        // The initialiser runs once, before the first test.
        const init: ShNode = { k: 'expr', subs: initSubs, assigns: true, arith: text(n.initialize) };
        const loop: ShNode = {
          k: 'loop',
          variable: undefined,
          words: EMPTY,
          cond: { k: 'expr', subs, assigns: true, arith: [...text(n.test), ...text(n.update)] },
          body: this.list(n.body, depth, src),
        };
        return { k: 'seq', items: [init, loop], scoped: false };
      }
      case 'While':
        return { k: 'loop', variable: undefined, words: EMPTY, cond: this.list(n.clause, depth, src), body: this.list(n.body, depth, src) };
      case 'Case':
        return {
          k: 'case',
          word: this.word(n.word, depth, src),
          items: n.items.map((it) => ({ patterns: it.pattern.map((w) => this.word(w, depth, src)), body: this.list(it.body, depth, src) })),
        };
      case 'TestCommand': {
        const subs: ShNode[] = [];
        this.collectSubs(n.expression as TestExpression, subs, depth, src);
        const arith: string[] = [];
        testArith(n.expression, arith);
        return { k: 'expr', subs, assigns: false, arith };
      }
      case 'ArithmeticCommand': {
        const subs: ShNode[] = [];
        if (n.expression) this.collectSubs(n.expression as ArithmeticExpression, subs, depth, src);
        return { k: 'expr', subs, assigns: true, arith: [n.body] };
      }
      case 'Redirected':
        return { k: 'redir', body: this.command(n.command, depth + 1, src), redirects: n.redirects.map((r) => this.redirect(r, depth, src)) };
      case 'Function':
        return { k: 'func', name: n.name.value, body: this.command(n.body, depth + 1, src) };
      case 'Coproc':
        return { k: 'seq', items: [this.command(n.body, depth + 1, src)], scoped: true };
      default:
        throw SYNTAX;
    }
  }

  private simple(n: Command, depth: number, src: string | undefined): ShCommand {
    const assigns: ShAssign[] = [];
    const words: ShWord[] = [];
    const redirects: ShRedirect[] = [];
    let assignsInExpansion = false;
    for (const p of n.prefix) {
      if (p.type === 'Assignment') assigns.push(this.assignment(p, depth, src));
      else redirects.push(this.redirect(p, depth, src));
    }
    if (n.name) words.push(this.word(n.name, depth, src));
    for (const s of n.suffix) {
      if (s.type === 'Word') words.push(this.word(s, depth, src));
      else if (s.type === 'Assignment') {
        // `export A=b`, `declare x=1`: keep the word as typed for the program, plus its substitutions.
        const a = this.assignment(s, depth, src);
        words.push(this.assignmentWord(s.text, a));
      } else redirects.push(this.redirect(s, depth, src));
    }
    for (const w of words) if (w.assigns) assignsInExpansion = true;
    const text = (src ?? this.source).slice(n.pos, n.end);
    return { k: 'cmd', assigns, words, redirects, text, assignsInExpansion };
  }

  private assignmentWord(text: string, a: ShAssign): ShWord {
    const subs: ShNode[] = [];
    for (const w of a.words) for (const s of w.subs) subs.push(s);
    const v = a.value;
    const valueLit = v?.lit;
    const lit = valueLit !== undefined ? `${a.name}=${valueLit}` : undefined;
    return {
      text,
      lit,
      segs: v && v.segs ? [`${a.name}=`, ...v.segs] : null,
      tilde: false,
      subs,
      assigns: false,
    };
  }

  private assignment(a: Extract<Command['prefix'][number], { type: 'Assignment' }>, depth: number, src: string | undefined): ShAssign {
    this.tick();
    const words: ShWord[] = [];
    let value: ShWord | null = null;
    if (a.index) words.push(this.word(a.index, depth, src));
    if (a.value.type === 'ArrayValue') {
      for (const e of a.value.elements) words.push(this.word(e, depth, src));
    } else {
      value = this.word(a.value, depth, src);
      words.push(value);
    }
    const out: ShAssign = { name: a.name, value: a.index || a.append ? null : value, words };
    return a.index ? { ...out, index: a.index.text } : out;
  }

  private redirect(r: Redirection, depth: number, src: string | undefined): ShRedirect {
    this.tick();
    const fd = r.descriptor?.type === 'FileDescriptor' ? r.descriptor.value : undefined;
    const fdVar = r.descriptor?.type === 'FileDescriptorVariable';
    if (r.type === 'HereDoc') {
      const subs: ShNode[] = [];
      const quoted = r.delimiter?.quoted ?? true;
      if (!quoted && r.body.parts) for (const p of r.body.parts) this.collectSubs(p, subs, depth, src);
      const end = r.closing ? r.closing.end : r.body.end;
      if (end > this.maxEnd && src === undefined) this.maxEnd = end;
      return { op: r.operator, fd, fdVar, target: undefined, heredoc: { body: r.body.text, quoted, subs } };
    }
    return { op: r.operator, fd, fdVar, target: r.target ? this.word(r.target, depth, src) : undefined };
  }

  word(w: Word, depth: number, src: string | undefined): ShWord {
    this.tick();
    const parts = w.parts;
    if (!parts) {
      // No parts: one literal (quotes and escapes already removed by unbash).
      return { text: w.text, lit: w.value, segs: [w.value], tilde: w.text.charCodeAt(0) === 126, subs: EMPTY, assigns: false };
    }
    const segs: Seg[] = [];
    let dynamic = false;
    let assigns = false;
    const subs: ShNode[] = [];
    let tilde = false;
    // Whether the word is made only of revision-printing substitutions and plain literals.
    let plain = true;
    let plainSubs = 0;
    const plainSub = (kind: string, before: number): void => {
      if (kind !== 'CommandExpansion' || subs.length !== before + 1 || !printsRevisions(subs[before]!)) plain = false;
      else plainSubs++;
    };
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i]!;
      switch (p.type) {
        case 'Literal':
          if (i === 0 && p.text.charCodeAt(0) === 126) tilde = true;
          segs.push(p.value);
          if (!plainLiteral(p.value)) plain = false;
          break;
        case 'SingleQuoted':
        case 'AnsiCQuoted':
          segs.push(p.value);
          if (!plainLiteral(p.value)) plain = false;
          break;
        case 'DoubleQuoted':
        case 'LocaleString':
          for (const c of p.parts) {
            const before = subs.length;
            const r = this.quotedChild(c, segs, subs, depth, src);
            if (c.type === 'Literal') {
              if (!plainLiteral(c.value)) plain = false;
            } else plainSub(c.type, before);
            if (r === 'dynamic') dynamic = true;
            else if (r === 'assigns') {
              dynamic = true;
              assigns = true;
            }
          }
          break;
        case 'SimpleExpansion':
          segs.push({ v: p.text.slice(1), q: false });
          break;
        case 'ParameterExpansion':
          if (!p.prefix && !p.index && !p.operation) segs.push({ v: p.parameter, q: false });
          else {
            const ev = expansionEvals(p);
            if (ev) subs.push(ev);
            dynamic = true;
            if (p.operation?.type === 'Default' && (p.operation.operator === '=' || p.operation.operator === ':=')) assigns = true;
            this.collectSubs(p, subs, depth, src);
          }
          break;
        case 'Glob':
          segs.push({ g: p.text });
          if (p.kind === 'bracket') this.collectSubs(p, subs, depth, src);
          break;
        case 'BraceExpansion': {
          const alts = simpleBraceAlternatives(p.text);
          if (alts) segs.push({ b: alts });
          else dynamic = true;
          this.collectSubs(p, subs, depth, src);
          break;
        }
        case 'ArithmeticExpansion':
          // Its assignments are followed by the walker (the `evals` node), not guessed.
          dynamic = true;
          subs.push({ k: 'evals', text: p.text, arith: [arithBody(p.text)] });
          this.collectSubs(p, subs, depth, src);
          break;
        default: {
          // Command and process substitutions, extended globs.
          dynamic = true;
          const before = subs.length;
          this.collectSubs(p, subs, depth, src);
          plainSub(p.type, before);
        }
      }
      if (
        p.type !== 'Literal' &&
        p.type !== 'SingleQuoted' &&
        p.type !== 'AnsiCQuoted' &&
        p.type !== 'DoubleQuoted' &&
        p.type !== 'LocaleString' &&
        p.type !== 'CommandExpansion'
      )
        plain = false;
    }
    let lit: string | undefined;
    if (!dynamic && segs.every((s) => typeof s === 'string')) lit = (segs as string[]).join('');
    const procSub = parts.length === 1 && parts[0]!.type === 'ProcessSubstitution';
    const word: ShWord = { text: w.text, lit, segs: dynamic ? null : segs, tilde, subs: subs.length ? subs : EMPTY, assigns, procSub };
    return dynamic && plain && plainSubs > 0 && !tilde ? { ...word, plain: true } : word;
  }

  private quotedChild(c: DoubleQuotedChild, segs: Seg[], subs: ShNode[], depth: number, src: string | undefined): 'ok' | 'dynamic' | 'assigns' {
    switch (c.type) {
      case 'Literal':
        segs.push(c.value);
        return 'ok';
      case 'SimpleExpansion':
        segs.push({ v: c.text.slice(1), q: true });
        return 'ok';
      case 'ParameterExpansion':
        if (!c.prefix && !c.index && !c.operation) {
          segs.push({ v: c.parameter, q: true });
          return 'ok';
        }
        {
          const ev = expansionEvals(c);
          if (ev) subs.push(ev);
        }
        this.collectSubs(c, subs, depth, src);
        return c.operation?.type === 'Default' && (c.operation.operator === '=' || c.operation.operator === ':=') ? 'assigns' : 'dynamic';
      case 'ArithmeticExpansion':
        subs.push({ k: 'evals', text: c.text, arith: [arithBody(c.text)] });
        this.collectSubs(c, subs, depth, src);
        return 'dynamic';
      default:
        this.collectSubs(c, subs, depth, src);
        return 'dynamic';
    }
  }

  /** Finds every substitution script below `n` and converts it as its own list. */
  collectSubs(n: SyntaxNode | WordPart, out: ShNode[], depth: number, src: string | undefined): void {
    if (depth > MAX_NESTING) throw COMPLEX;
    const visit = (child: SyntaxNode): void => {
      this.tick();
      if (child.type === 'Script') {
        const s = child as Script & { errors?: readonly unknown[] | undefined };
        if (s.errors && s.errors.length > 0) throw SYNTAX;
        const inner = s.source ?? src;
        const items: ShNode[] = [];
        for (const st of s.commands) items.push(this.statement(st, depth + 1, inner));
        // Substitutions run in a subshell.
        out.push({ k: 'seq', items, scoped: true });
        return;
      }
      if ((child.type === 'CommandExpansion' || child.type === 'ProcessSubstitution' || child.type === 'ArithmeticCommandExpansion') && !child.script) {
        throw SYNTAX;
      }
      if (child.type === 'ParameterExpansion' && child !== (n as SyntaxNode)) {
        const ev = expansionEvals(child);
        if (ev) out.push(ev);
      }
      if (child.type === 'ArithmeticExpansion' && child !== (n as SyntaxNode)) out.push({ k: 'evals', text: child.text, arith: [arithBody(child.text)] });
      forEachChild(child, visit);
    };
    visit(n as SyntaxNode);
  }
}

const ARITH_TEST_OPS = new Set(['-eq', '-ne', '-lt', '-le', '-gt', '-ge']);

/** The operands `[[ ]]` evaluates as arithmetic (`-eq` and kin) and `-v` subscripts. */
function testArith(e: TestExpression, out: string[]): void {
  switch (e.type) {
    case 'TestBinary':
      if (ARITH_TEST_OPS.has(e.operator)) out.push(unquote(e.left.text), unquote(e.right.text));
      return;
    case 'TestUnary':
      if (e.operator === '-v' && e.operand.text.includes('[')) out.push(e.operand.text);
      return;
    case 'TestLogical':
      for (const o of e.operands) testArith(o, out);
      return;
    case 'TestNot':
      testArith(e.operand, out);
      return;
    case 'TestGroup':
      testArith(e.expression, out);
      return;
  }
}

function unquote(t: string): string {
  return t.length >= 2 && t[0] === '"' && t[t.length - 1] === '"' ? t.slice(1, -1) : t;
}

/** `$(( x ))` → ` x `. */
function arithBody(text: string): string {
  if (text.startsWith('$((') && text.endsWith('))')) return text.slice(3, -2);
  if (text.startsWith('$[') && text.endsWith(']')) return text.slice(2, -1);
  return text;
}

/**
 * An expansion that evaluates text: `${x@P}` expands the value as a prompt (running its
 * substitutions); `${!x}` names a variable by x's value, so `a[$(cmd)]` in it is
 * evaluated; a subscript other than `@`, `*` or a number is arithmetic.
 */
function expansionEvals(p: Extract<WordPart, { type: 'ParameterExpansion' }>): ShNode | undefined {
  const op = p.operation;
  if (op && op.type === 'Transform' && /P/.test(op.operand.text)) return { k: 'evals', text: p.text, arith: ['['] };
  const idx = p.index?.text;
  const listing = idx === '@' || idx === '*';
  if (p.prefix === '!' && !(op && op.type === 'Names') && !listing) return { k: 'evals', text: p.text, arith: ['['] };
  if (idx !== undefined && !listing && !/^\s*-?\d+\s*$/.test(idx)) return { k: 'evals', text: p.text, arith: [unquote(idx)] };
  return undefined;
}

/** `{a,b,c}` and small `{1..5}` / `{a..e}` ranges; anything else is left dynamic. */
function simpleBraceAlternatives(text: string): string[] | undefined {
  if (text.length < 3 || text[0] !== '{' || text[text.length - 1] !== '}') return undefined;
  const inner = text.slice(1, -1);
  if (/[{}'"\\$`]/.test(inner)) return undefined;
  const range = /^(-?\d{1,4}|[A-Za-z])\.\.(-?\d{1,4}|[A-Za-z])$/.exec(inner);
  if (range) {
    const a = range[1]!;
    const b = range[2]!;
    const numeric = /\d/.test(a);
    if (numeric !== /\d/.test(b)) return undefined;
    const from = numeric ? Number(a) : a.charCodeAt(0);
    const to = numeric ? Number(b) : b.charCodeAt(0);
    if (Math.abs(to - from) > 63) return undefined;
    const step = from <= to ? 1 : -1;
    const out: string[] = [];
    for (let i = from; step > 0 ? i <= to : i >= to; i += step) out.push(numeric ? String(i) : String.fromCharCode(i));
    return out;
  }
  if (!inner.includes(',')) return undefined;
  return inner.split(',');
}
