// The interpreter of program models (schemas/program-model.schema.json, the data files in
// src/core/shell/models/): a model names its parser family, its options with their effects,
// its subcommands, the environment and working-folder files it reads, and rules over the
// parsed state; this module parses a command with that family and decides it. What data
// cannot say (git's repository writes, a patch's targets) a model names as a `code` action
// its program module supplies. A model with the `table` parser (the closed read-only option
// tables of option-table.ts, for a program or each subcommand path that only reads) is
// decided by tableHandler below. docs/DESIGN.md#shell-classification, ARCHITECTURE.md
// ("Adding a program").
import type {
  AnalysisReason,
  ModelAction,
  ModelCondition,
  ModelOption,
  ModelOptionFull,
  ModelOutcome,
  ModelParserRules,
  ModelSubcommand,
  ProgramModel,
} from '../../generated/types.js';
import { defineOptions, onFirstUse, readerHandler, scanOptions, type OptionTable } from './option-table.js';
import { cli, reads as readTables } from './programs/cli-model.js';
import { argPath, type Arg } from './words.js';
import type { Handler, Invocation, ShellWalker } from './walker.js';
import { parseGetopt } from './parsers/getopt.js';
import { parseGitOptions } from './parsers/git-options.js';
import { parseOpenssl } from './parsers/openssl.js';
import { parseTar } from './parsers/tar.js';
import { parseXxd } from './parsers/xxd.js';
import { compileSpec, emptyParsed, isOn, lastOf, literal, type OptionSpec, type Parsed } from './parsers/types.js';

type Node = ProgramModel | ModelSubcommand;

/** The entries of a string map whose values are set. */
function defined(o: Readonly<Record<string, string | undefined>> | undefined): [string, string][] {
  const out: [string, string][] = [];
  if (o) for (const k of Object.keys(o)) if (o[k] !== undefined) out.push([k, o[k]]);
  return out;
}

/** What a model's rules and code actions read: the parsed command and the variables its options set. */
export interface ModelState {
  readonly parsed: Parsed;
  readonly vars: ReadonlyMap<string, string>;
  /** The subcommand words chosen, outermost first. */
  readonly path: readonly string[];
  /** Index in `inv.args` where the chosen node's arguments begin. */
  readonly start: number;
}

/** A decision only code can make, named by `{ "code": name }` in a model. */
export type CodeAction = (w: ShellWalker, inv: Invocation, state: ModelState) => void;

/** An option's short form (`-U|--unified[=]`) as the full one. */
export function fullOption(o: ModelOption): ModelOptionFull {
  if (typeof o !== 'string') return o;
  const value = o.endsWith('[=]') ? 'optional' : o.endsWith('=') ? 'required' : 'none';
  const names = (value === 'optional' ? o.slice(0, -3) : value === 'required' ? o.slice(0, -1) : o).split('|');
  return { names: names as [string, ...string[]], value };
}

interface Compiled {
  readonly options: readonly ModelOptionFull[];
  readonly spec: OptionSpec;
  /** Every option only chooses what is shown: a word known only at run time is harmless. */
  readonly pure: boolean;
}

const compiled = new WeakMap<Node, Compiled>();

function compile(model: ProgramModel, node: Node): Compiled {
  let c = compiled.get(node);
  if (c) return c;
  // The node's own options come last, so a spelling they share with an included set is theirs:
  // git parses a builtin's own options before it hands the rest to the revision and diff parser
  // (`git format-patch -n` is --numbered, not the revision walk's --max-count).
  const options: ModelOptionFull[] = [];
  for (const name of node.include ?? []) {
    const set = model.optionSets?.[name];
    if (!set) throw new Error(`program model ${model.names[0]}: no option set ${name}`);
    for (const o of set) options.push(fullOption(o));
  }
  for (const o of node.options ?? []) options.push(fullOption(o));
  // git's parse-options unsets any long option with `--no-`; the revision parser only those it names.
  const git = model.parser === 'git' && !(node.parserRules?.exact ?? model.parserRules?.exact);
  const spec = compileSpec(
    options.map((o) => ({
      names: o.names,
      arity: o.value ?? 'none',
      negatable: o.negatable ?? (git && o.names.some((n) => n.startsWith('--'))),
    })),
  );
  c = { options, spec, pure: options.every((o) => (o.effect ?? 'read') === 'read' && !o.sets) };
  compiled.set(node, c);
  return c;
}

/**
 * `word` is, read by the node's parser alone, only options of `node` that take no value, set
 * nothing and only choose what is shown: a name whole or abbreviated (`--verb`), unset
 * (`--no-verbose`), or a cluster of them (`-vv`).
 */
function plainFlag(model: ProgramModel, node: Node, word: Arg): boolean {
  const c = compile(model, node);
  const p = parse(model, { ...model.parserRules, ...node.parserRules }, [word], 0, c.spec);
  if (p.problem !== undefined || p.usage || p.operands.length > 0 || p.occurrences.length === 0) return false;
  return p.occurrences.every((o) => {
    const opt = c.options[o.def.index];
    return opt !== undefined && o.value === undefined && (opt.value ?? 'none') === 'none' && (opt.effect ?? 'read') === 'read' && !opt.sets;
  });
}

function parse(model: ProgramModel, rules: ModelParserRules, args: readonly Arg[], start: number, spec: OptionSpec): Parsed {
  switch (model.parser) {
    case 'getopt':
      return parseGetopt(args, start, spec, rules);
    case 'bsd':
      return parseGetopt(args, start, spec, { posix: true, abbrev: false, numeric: rules.numeric ?? false });
    case 'git':
      return parseGitOptions(args, start, spec, { stopAtOperand: rules.posix ?? false, exact: rules.exact ?? false, numeric: rules.numeric ?? false });
    case 'openssl':
      return parseOpenssl(args, start, spec, rules);
    case 'xxd':
      return parseXxd(args, start, spec);
    case 'tar':
      return parseTar(args, start, spec);
    case 'table':
      // A table model is decided by tableHandler, with option-table.ts's scanner.
      throw new Error(`program model ${model.names[0]}: a table model has no parser family`);
  }
}

class Decision {
  wrote = false;
  settled = false;
  constructor(
    readonly w: ShellWalker,
    readonly inv: Invocation,
    readonly reason: AnalysisReason,
  ) {}

  unknown(reason: AnalysisReason = this.reason): void {
    if (!this.settled) this.w.unknown(this.inv, reason);
    this.settled = true;
  }

  effect(kind: 'read' | 'write' | 'create' | 'delete', arg: Arg): void {
    if (kind !== 'read') this.wrote = true;
    this.w.effect(this.inv, kind, arg);
  }
}

function holds(d: Decision, c: ModelCondition, state: ModelState, cwd: string | null): boolean {
  const p = state.parsed;
  if (c.option !== undefined && !isOn(p, c.option)) return false;
  if (c.given !== undefined && lastOf(p, c.given) === undefined) return false;
  if (c.var !== undefined) {
    const v = state.vars.get(c.var);
    if (v === undefined || (c.in !== undefined && !c.in.includes(v))) return false;
  }
  if (c.operands !== undefined) {
    const n = p.operands.length;
    if ((c.operands.min !== undefined && n < c.operands.min) || (c.operands.max !== undefined && n > c.operands.max)) return false;
  }
  if (c.operand !== undefined) {
    const v = p.operands[c.operand]?.value;
    if (v === undefined || v === null || (c.in !== undefined && !c.in.includes(v))) return false;
  }
  if (c.exists !== undefined) {
    const f = cwd === null ? null : argPath(literal(c.exists, { value: c.exists, glob: false, tilde: false, text: c.exists }), cwd, d.w.pc);
    // A working folder we cannot see may hold the file.
    if (f !== null && !d.w.exists(f)) return false;
  }
  if (c.all !== undefined && !c.all.every((x) => holds(d, x, state, cwd))) return false;
  if (c.any !== undefined && !c.any.some((x) => holds(d, x, state, cwd))) return false;
  if (c.not !== undefined && holds(d, c.not, state, cwd)) return false;
  return true;
}

/** The path an action names for operand `a`: as given, with a suffix appended, or with one stripped (no match: none, or `otherwiseSuffix` appended). */
function renamed(a: Arg, act: ModelAction, state: ModelState): Arg | undefined {
  const appends = act.suffix !== undefined || act.suffixVar !== undefined;
  if (!appends && act.stripSuffix === undefined) return a;
  if (a.value === null) return a;
  const given = act.suffixOption !== undefined ? lastOf(state.parsed, act.suffixOption) : undefined;
  const custom = given && !given.negated ? given.value : undefined;
  if (custom && custom.value === null) return { ...a, value: null };
  if (appends) return { ...a, value: a.value + (custom?.value ?? (act.suffixVar !== undefined ? (state.vars.get(act.suffixVar) ?? '') : act.suffix!)) };
  for (const s of custom?.value != null ? [custom.value] : act.stripSuffix!) {
    const colon = s.indexOf(':');
    const from = colon >= 0 ? s.slice(0, colon) : s;
    if (from !== '' && a.value.length > from.length && a.value.endsWith(from))
      return { ...a, value: a.value.slice(0, -from.length) + (colon >= 0 ? s.slice(colon + 1) : '') };
  }
  return act.otherwiseSuffix !== undefined ? { ...a, value: a.value + act.otherwiseSuffix } : undefined;
}

function act(d: Decision, outcome: ModelOutcome, state: ModelState, codes: Readonly<Record<string, CodeAction>>, cwd: string | null): void {
  if (outcome === 'unknown') return d.unknown();
  if (outcome === 'read') return;
  for (const a of outcome) {
    if (d.settled) return;
    if (a.when !== undefined && !holds(d, a.when, state, cwd)) continue;
    if (a.unknown) return d.unknown();
    if (a.hash) d.w.acc.addHash('command', d.inv.text);
    if (a.code !== undefined) {
      const code = codes[a.code];
      if (!code) throw new Error(`program model: no code action ${a.code}`);
      code(d.w, d.inv, state);
      d.wrote = true;
    }
    if (a.effect === undefined) continue;
    const targets: Arg[] = [];
    if (a.option !== undefined) {
      for (const o of state.parsed.occurrences) if (o.def.id === a.option && !o.negated && o.value) targets.push(o.value);
    } else if (a.index !== undefined) {
      const t = state.parsed.operands[a.index];
      if (t) targets.push(t);
    } else if (a.operands || a.from !== undefined) {
      targets.push(...state.parsed.operands.slice(a.from ?? 0));
      if (a.effect !== 'read' && d.inv.extraArgs) {
        d.w.extraTargets(d.inv);
        d.wrote = true;
      }
    }
    for (const t of targets) {
      if (t.value !== null && a.skip?.includes(t.value)) continue;
      const r = renamed(t, a, state);
      if (r) d.effect(a.effect, r);
    }
  }
}

/** The effects of the options given: files written or read, programs run, hashes; false when the command is settled as unknown. */
function optionEffects(d: Decision, c: Compiled, parsed: Parsed, vars: Map<string, string>, defaults: ReadonlyMap<string, string>): boolean {
  for (const o of parsed.occurrences) {
    const opt = o.def.index >= 0 ? c.options[o.def.index]! : undefined;
    if (!opt) continue;
    for (const [k, v] of defined(opt.sets)) {
      if (!o.negated) vars.set(k, v);
      else if (defaults.has(k)) vars.set(k, defaults.get(k)!);
      else vars.delete(k);
    }
    if (o.negated) continue;
    switch (opt.effect ?? 'read') {
      case 'read':
        break;
      case 'writes-file':
        if (!o.value) {
          d.wrote = true;
          d.w.unprovenWrite(d.inv, 'write_path_missing');
        } else if (o.value.value === null) {
          // `--output=$(…)`: where it writes is known only at run time.
          d.unknown('dynamic_word');
          return false;
        } else if (o.value.value !== '-') d.effect('write', o.value);
        break;
      case 'reads-file':
        if (o.value && o.value.value !== '-') d.effect('read', o.value);
        break;
      case 'hashes':
        d.w.acc.addHash('command', d.inv.text);
        break;
      default:
        d.unknown();
        return false;
    }
  }
  return true;
}

/** The environment, working-folder files and missing files a node names: false when one settles the command. */
function surroundings(d: Decision, node: Node, state: ModelState, cwd: string | null): boolean {
  for (const e of node.env ?? []) {
    if ((e.effect === 'read' || !d.inv.scope.env.has(e.name)) && e.effect !== 'hashes') continue;
    if (e.effect === 'hashes') {
      if (d.inv.scope.env.has(e.name)) d.w.acc.addHash('command', d.inv.text);
      continue;
    }
    d.unknown();
    return false;
  }
  for (const f of node.configFiles ?? []) {
    if (f.effect === 'read' || !holds(d, { exists: f.path }, state, cwd)) continue;
    d.unknown();
    return false;
  }
  for (const r of node.readWrites ?? []) {
    if (holds(d, { exists: r.missing }, state, cwd) && cwd !== null) continue;
    if (r.unless !== undefined && holds(d, r.unless, state, cwd)) continue;
    d.wrote = true;
    const p = cwd === null ? null : argPath(literal(r.missing, { value: r.missing, glob: false, tilde: false, text: r.missing }), cwd, d.w.pc);
    if (p) d.w.effectPath(d.inv, 'create', p);
    else d.w.unprovenWrite(d.inv, 'write_path_missing');
  }
  return true;
}

/**
 * Decides `inv` by `model`, from argument `start` (1: after the program name). The first
 * operand picks a subcommand while the node has subcommands (a word known only at run time
 * is unknown, a name not listed is unproven unless the node's subcommands are optional, when
 * it is the node's own operand); the chosen node's options are parsed by the
 * model's family, and then, in order: an option problem leaves the command unproven; each
 * option given has its effect; the environment and files the nodes name; the first rule
 * whose condition holds, else the node's default (read).
 */
export function decideByModel(
  w: ShellWalker,
  inv: Invocation,
  model: ProgramModel,
  codes: Readonly<Record<string, CodeAction>> = {},
  start = 1,
  cwd: string | null = inv.scope.cwd,
  reason: AnalysisReason = 'shell_command_unproven',
): void {
  const d = new Decision(w, inv, reason);
  const defaults = new Map<string, string>([...defined(model.vars), ...defined(model.nameVars?.[inv.name])]);
  const vars = new Map(defaults);
  const chain: Node[] = [model];
  const path: string[] = [];
  let node: Node = model;
  let i = start;
  while (node.subcommands) {
    const a = inv.args[i];
    // git's parse-options reads a parent's options before its subcommand (`git remote -v show`,
    // `git remote -vv show`): a flag of the parent that only shows more is passed over.
    if (
      a &&
      a.value !== null &&
      a.value.startsWith('-') &&
      model.parser === 'git' &&
      !('subcommandOptional' in node && node.subcommandOptional) &&
      plainFlag(model, node, a)
    ) {
      i++;
      continue;
    }
    if (!a || (a.value !== null && a.value.startsWith('-'))) break;
    if (a.value === null) return d.unknown('dynamic_word');
    const name = a.value;
    const sub: ModelSubcommand | undefined = Object.hasOwn(node.subcommands, name)
      ? node.subcommands[name]
      : Object.values(node.subcommands).find((s) => s?.aliases?.includes(name));
    if (!sub) {
      if ('subcommandOptional' in node && node.subcommandOptional) break;
      return d.unknown();
    }
    for (const [k, v] of defined(sub.vars)) vars.set(k, v);
    node = sub;
    chain.push(sub);
    path.push(name);
    i++;
  }
  if ('arguments' in node && node.arguments === 'any') {
    act(d, node.default ?? 'unknown', { parsed: emptyParsed(), vars, path, start: i }, codes, cwd);
    if (!d.settled && !d.wrote) w.acc.read();
    return;
  }
  const c = compile(model, node);
  const parsed = parse(model, { ...model.parserRules, ...node.parserRules }, inv.args, i, c.spec);
  if (parsed.problem !== undefined && !parsed.usage) {
    if (parsed.problem !== 'dynamic_option') return d.unknown();
    if (!c.pure) return d.unknown('dynamic_word');
  }
  const state: ModelState = { parsed, vars, path, start: i };
  if (!optionEffects(d, c, parsed, vars, defaults)) return;
  if (parsed.usage) {
    if (!d.wrote) w.acc.read();
    return;
  }
  for (const n of chain) if (!surroundings(d, n, state, cwd)) return;
  let outcome: ModelOutcome = node.default ?? 'read';
  for (const r of node.rules ?? []) {
    if (holds(d, r.when, state, cwd)) {
      outcome = r.then;
      break;
    }
  }
  act(d, outcome, state, codes, cwd);
  if (!d.settled && !d.wrote) w.acc.read();
}

/**
 * A model file as imported (`import M from '../models/x.json' with { type: 'json' }`): JSON
 * types its arrays and strings wider than the schema's; program-model.test.ts validates every
 * model file against the schema, so the data is a ProgramModel.
 */
export function programModel(data: object): ProgramModel {
  return data as ProgramModel;
}

/** The handler of a program whose model decides it, with the code actions its rules name (and, for a table model, its code conditions and families). */
export function modelHandler(data: object, codes: Readonly<Record<string, CodeAction>> = {}, table: TableCodes = {}): Handler {
  const model = programModel(data);
  if (model.parser === 'table') return tableHandler(model, table);
  return (w, inv) => decideByModel(w, inv, model, codes);
}

// ---- table models ----

type Family = NonNullable<ProgramModel['over']>;

/** What a table model's program module supplies: the code conditions it names and the families it hands commands to. */
export interface TableCodes {
  /** `check`: whether the option names given make a read (pacman's operations). */
  readonly checks?: Readonly<Record<string, (names: ReadonlySet<string>) => boolean>>;
  /** `repoConfig.safe`: whether the configuration's text runs nothing. */
  readonly texts?: Readonly<Record<string, (text: string) => boolean>>;
  /** The handler the family `over` has for a program name. */
  readonly over?: (family: Family, name: string) => Handler | undefined;
}

function named<T>(model: ProgramModel, kind: string, table: Readonly<Record<string, T>> | undefined, name: string): T {
  const f = table && Object.hasOwn(table, name) ? table[name] : undefined;
  if (f === undefined) throw new Error(`program model ${model.names[0]}: no code ${kind} ${name}`);
  return f;
}

/** Splits `path#N` keys into the tables' keys and the operand limits. */
function pathLimits(entries: Readonly<Record<string, string | undefined>>): { tables: Record<string, string>; max: Map<string, number> } {
  const tables: Record<string, string> = {};
  const max = new Map<string, number>();
  for (const [key, options] of defined(entries)) {
    const paths: string[] = [];
    for (const raw of key.split(',')) {
      const m = /^(.+?)#(\d+)$/.exec(raw.trim());
      const p = m ? m[1]! : raw.trim();
      if (m) max.set(p, Number(m[2]));
      paths.push(p);
    }
    tables[paths.join(',')] = options;
  }
  return { tables, max };
}

/** The operand pattern of a table model, compiled once. */
function operandPattern(m: ProgramModel): () => RegExp | undefined {
  return onFirstUse(() => (m.operand === undefined ? undefined : new RegExp(m.operand)));
}

/** A table model with read paths: a CLI (cli-model.ts) whose paths take the global options and their own. */
function tableCliHandler(m: ProgramModel): Handler {
  const singleDash = m.parserRules?.singleDash ?? false;
  const operand = operandPattern(m);
  const made = onFirstUse(() => {
    const { tables, max } = pathLimits(m.reads!);
    const global = m.global ?? '';
    const readMap = readTables(tables, global, singleDash);
    return { max, readMap, global: defineOptions({ read: global, abbrev: false, singleDash }) };
  });
  return cli(() => {
    const { max, readMap, global } = made();
    return {
      global,
      reads: readMap,
      mutations: new Set(m.mutations),
      known: new Set(m.known),
      depth: m.depth ?? 2,
      // The programs modelled as tables take their global options anywhere (jj, hg, svn, cobra's and clap's CLIs, cleo, apt).
      globalBetween: true,
      refine: (path: string, _inv: Invocation, rest: readonly Arg[], given: ReadonlySet<string>) => {
        // `cargo install --list`, `apt-get -s install x`: a path that reads only with one of its options, as an option (not a value, not after `--`).
        const need = m.pathRequire?.[path];
        if (need !== undefined && !need.some((n) => given.has(n))) return false;
        const limit = max.get(path);
        const re = operand();
        if (limit === undefined && !re) return true;
        const operands = scanOptions(rest, 0, readMap.get(path)!).operands;
        if (limit !== undefined && operands.length > limit) return false;
        return !re || operands.every((a) => a.value !== null && re.test(a.value));
      },
    };
  });
}

/**
 * The names of the options in effect once the program has read them all: of the options in
 * `modes` (groups, each one mode under all its spellings) only the last given stays, as the
 * program keeps only its last mode (`zstd -t -d f` decompresses).
 */
function inEffect(options: readonly { readonly name: string }[], modes: readonly (readonly string[])[]): Set<string> {
  const names = new Set<string>();
  let mode: string | undefined;
  for (const o of options) {
    if (modes.some((g) => g.includes(o.name))) mode = o.name;
    else names.add(o.name);
  }
  if (mode !== undefined) names.add(mode);
  return names;
}

/** A table model without subcommands: its read options, the options one of which it requires, its code check, its operands. */
function tableFlatHandler(m: ProgramModel, check: ((names: ReadonlySet<string>) => boolean) | undefined): Handler {
  const table = onFirstUse(
    (): OptionTable =>
      defineOptions({
        read: m.readOptions!,
        abbrev: false,
        posix: m.parserRules?.posix ?? false,
        singleDash: m.parserRules?.singleDash ?? false,
        numeric: m.parserRules?.numeric ?? false,
      }),
  );
  const required = m.require ?? [];
  const modes = m.modes ?? [];
  const operand = operandPattern(m);
  return (w, inv) => {
    const t = table();
    const s = scanOptions(inv.args, 1, t);
    if (s.problem === undefined && s.maybeOptions.length === 0) {
      const names = inEffect(s.options, modes);
      const re = operand();
      const fails =
        (required.length > 0 && !required.some((r) => names.has(r))) ||
        (check !== undefined && !check(names)) ||
        (m.maxOperands !== undefined && s.operands.length > m.maxOperands) ||
        (re !== undefined && s.operands.some((a) => a.value === null || !re.test(a.value)));
      if (fails) return w.unknown(inv, 'shell_command_unproven');
    }
    readerHandler(t)(w, inv);
  };
}

/** Whether the repository configuration a table model names, upward from the working folder, is safe (none found is safe). */
function repoConfigSafe(w: ShellWalker, inv: Invocation, c: NonNullable<ProgramModel['repoConfig']>, safe: (text: string) => boolean): boolean {
  let dir = inv.scope.cwd;
  if (dir === null) return false;
  for (;;) {
    if (w.isDirectory(`${dir}/${c.marker}`)) {
      const file = `${dir}/${c.file}`;
      if (!w.exists(file)) return true;
      const text = w.readFile(file);
      return text !== undefined && safe(text);
    }
    if (dir === '/' || dir === '') return true;
    dir = dir.slice(0, dir.lastIndexOf('/')) || '/';
  }
}

/**
 * A table model's handler: a `solo` word alone is a read; an unsafe repository configuration
 * leaves the command unknown; then the read paths or the read options decide, and what they do
 * not prove a read (or prove one with a dependency or a hash intent) goes to the family `over`
 * names, else stays unknown. A table model never widens another family: it only adds reads.
 */
function tableHandler(m: ProgramModel, codes: TableCodes = {}): Handler {
  const solo = new Set(m.solo);
  const check = m.check === undefined ? undefined : named(m, 'condition', codes.checks, m.check);
  const safe = m.repoConfig === undefined ? undefined : named(m, 'condition', codes.texts, m.repoConfig.safe);
  const inner = m.reads ? tableCliHandler(m) : m.readOptions !== undefined ? tableFlatHandler(m, check) : undefined;
  return (w: ShellWalker, inv: Invocation) => {
    const args = inv.args;
    // Its documented environment set on the command, as for the other parsers (screen's SCREENDIR).
    for (const e of m.env ?? []) {
      if (e.effect === 'read' || !inv.scope.env.has(e.name)) continue;
      if (e.effect !== 'hashes') return w.unknown(inv, 'shell_command_unproven');
      w.acc.addHash('command', inv.text);
    }
    if (args.length === 2 && solo.has(args[1]!.value ?? '')) return w.acc.read();
    if (m.repoConfig && !repoConfigSafe(w, inv, m.repoConfig, safe!)) return w.unknown(inv, 'shell_command_unproven');
    const over = m.over ? codes.over?.(m.over, inv.name) : undefined;
    if (args.length === 1 && !m.bare && m.readOptions === undefined) return over ? over(w, inv) : w.unknown(inv, 'shell_command_unproven');
    if (!inner) return over ? over(w, inv) : w.unknown(inv, 'shell_command_unproven');
    if (!over) return inner(w, inv);
    // Proven a read here, or judged by the family that models the rest.
    const trial = w.isolate(() => inner(w, inv)).finish();
    if (trial.mutability === 'read' && !trial.intents.dependency && !trial.intents.hash) return inner(w, inv);
    over(w, inv);
  };
}

/**
 * Whether `model`'s parser takes `name` as an option of `node`, by its family's rules
 * (abbreviations, `--no-` negations, one dash or two): the option audit asks this of every
 * option @withfig/autocomplete lists (test/option-audit/).
 */
export function takesOption(model: ProgramModel, node: ProgramModel | ModelSubcommand, name: string): boolean {
  const c = compile(model, node);
  const words: Arg[] = [name, 'x'].map((value) => ({ value, glob: false, tilde: false, text: value }));
  const p = parse(model, { ...model.parserRules, ...node.parserRules }, [words[1]!, ...words], 1, c.spec);
  return p.problem === undefined && (p.occurrences.length > 0 || p.usage);
}
