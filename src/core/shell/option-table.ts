// Closed-world option tables. A program on a read list is a read only when every option it
// was given is one its table knows to be read-only; anything else (an option missing from
// the table, an abbreviation the real program would resolve to a write flag or cannot
// resolve, a word that may expand to an option) leaves the command unproven.
//
// How a program table declares its options (one `defineOptions` call per program, from
// the real program's manual):
//
//   const SORT = defineOptions({
//     read:   '-b -f -n -k: -t: --key= --field-separator= --numeric-sort --debug',
//     write:  '-o: --output=',          // the value is the file written
//     exec:   '--compress-program=',    // runs another program
//     unsafe: '--files0-from=',         // known, but not provably a read (any reason)
//     numeric: false,                   // `-5` is not an option of sort
//   });
//
// Notation, one entry per whitespace-separated token:
//   -x        short flag, no value (clusters `-abc` split letter by letter)
//   -x:       short option with a value, attached (`-ofile`) or the next word (`-o file`)
//   -x::      short option with an optional value, attached only (`sed -i.bak`)
//   --name    long flag; `--name=v` is refused as the real getopt_long refuses it
//   --name=   long option with a value: `--name=v` or `--name v`
//   --name[=] long option with an optional value, attached only (`--in-place=.orig`)
// `abbrev` (default true) resolves GNU long-option abbreviations the way getopt_long does:
// an exact name wins, else a prefix of exactly one name, else the word is ambiguous and
// unproven. The prefix is resolved against the WHOLE table, write and exec entries
// included, so `sed --i` becomes `--in-place`. Programs that do not abbreviate (clap,
// Go flag, most non-GNU tools) set `abbrev: false` and any prefix is an unknown option.
// `posix: true` ends options at the first operand (no GNU permutation); `numeric: true`
// accepts `-N` (`head -5`). `singleDash: true` is Go's flag syntax: every option is a long
// name that may be spelled with one dash or two (`-run x`, `--run=x`); short clusters do
// not exist. `ignoreCase: true` matches long names without regard to case (tsc).
// `shortEquals: true` is popt's reading of an attached short value: one `=` after the letter is
// dropped (rsync's `-T=dir` is the folder `dir`, `-T==x` is `=x`).
import type { Handler, Invocation, ShellWalker } from './walker.js';
import type { Arg } from './words.js';

export type OptionKind = 'read' | 'write' | 'exec' | 'unsafe';
type Arity = 'none' | 'required' | 'optional';

interface OptionDef {
  readonly name: string;
  readonly kind: OptionKind;
  readonly arity: Arity;
}

export interface OptionTableSpec {
  readonly read?: string;
  readonly write?: string;
  readonly exec?: string;
  readonly unsafe?: string;
  readonly abbrev?: boolean;
  readonly posix?: boolean;
  readonly numeric?: boolean;
  readonly singleDash?: boolean;
  readonly ignoreCase?: boolean;
  readonly shortEquals?: boolean;
}

export interface OptionTable {
  readonly short: ReadonlyMap<string, OptionDef>;
  readonly long: ReadonlyMap<string, OptionDef>;
  readonly longNames: readonly string[];
  readonly abbrev: boolean;
  readonly posix: boolean;
  readonly numeric: boolean;
  readonly singleDash: boolean;
  readonly ignoreCase: boolean;
  readonly shortEquals?: boolean;
  /** No option of the program writes, runs a program or is otherwise unsafe. */
  readonly pure: boolean;
}

interface BuiltTable {
  readonly short: ReadonlyMap<string, OptionDef>;
  readonly long: ReadonlyMap<string, OptionDef>;
  readonly longNames: readonly string[];
  readonly pure: boolean;
}

function buildTable(spec: OptionTableSpec): BuiltTable {
  const short = new Map<string, OptionDef>();
  const long = new Map<string, OptionDef>();
  const kinds: [string | undefined, OptionKind][] = [
    [spec.read, 'read'],
    [spec.write, 'write'],
    [spec.exec, 'exec'],
    [spec.unsafe, 'unsafe'],
  ];
  for (const [text, kind] of kinds) {
    if (!text) continue;
    for (const tok of text.trim().split(/\s+/)) {
      if (tok === '') continue;
      const m = /^(--?)([^=:[\s]+)(::|:|=|\[=\])?$/.exec(tok);
      if (!m) throw new Error(`bad option notation: ${tok}`);
      const [, dashes, name, suffix] = m;
      const arity: Arity = suffix === '::' || suffix === '[=]' ? 'optional' : suffix === ':' || suffix === '=' ? 'required' : 'none';
      const map = dashes === '--' ? long : short;
      if (dashes === '-' && name!.length !== 1) throw new Error(`short option must be one character: ${tok}`);
      const key = spec.ignoreCase && dashes === '--' ? name!.toLowerCase() : name!;
      if (map.has(key)) throw new Error(`option listed twice: ${tok}`);
      map.set(key, { name: name!, kind, arity });
    }
  }
  const pure = [...short.values(), ...long.values()].every((d) => d.kind === 'read');
  return { short, long, longNames: [...long.keys()], pure };
}

/** Every table defined, so a test can build them all and catch a notation mistake at once. */
const DEFINED: OptionTable[] = [];

/** Tables build on first use: a hook process pays only for the programs its command names. */
class LazyTable implements OptionTable {
  private built: BuiltTable | undefined;
  readonly abbrev: boolean;
  readonly posix: boolean;
  readonly numeric: boolean;
  readonly singleDash: boolean;
  readonly ignoreCase: boolean;
  readonly shortEquals: boolean;

  constructor(private readonly spec: OptionTableSpec) {
    this.abbrev = spec.abbrev ?? true;
    this.posix = spec.posix ?? false;
    this.numeric = spec.numeric ?? false;
    this.singleDash = spec.singleDash ?? false;
    this.ignoreCase = spec.ignoreCase ?? false;
    this.shortEquals = spec.shortEquals ?? false;
  }

  private get table(): BuiltTable {
    this.built ??= buildTable(this.spec);
    return this.built;
  }
  get short(): ReadonlyMap<string, OptionDef> {
    return this.table.short;
  }
  get long(): ReadonlyMap<string, OptionDef> {
    return this.table.long;
  }
  get longNames(): readonly string[] {
    return this.table.longNames;
  }
  get pure(): boolean {
    return this.table.pure;
  }
}

export function defineOptions(spec: OptionTableSpec): OptionTable {
  const t = new LazyTable(spec);
  DEFINED.push(t);
  return t;
}

/** Derives a table with other scanning rules (`{ ...t, posix: true }` would lose the lazy maps). */
export function withOptions(t: OptionTable, rules: Partial<Pick<OptionTable, 'posix' | 'abbrev'>>): OptionTable {
  return {
    short: t.short,
    long: t.long,
    longNames: t.longNames,
    pure: t.pure,
    abbrev: rules.abbrev ?? t.abbrev,
    posix: rules.posix ?? t.posix,
    numeric: t.numeric,
    singleDash: t.singleDash,
    ignoreCase: t.ignoreCase,
    shortEquals: t.shortEquals,
  };
}

/** Builders deferred with onFirstUse, which buildAllTables runs first so that every table they define is defined. */
const PENDING: (() => unknown)[] = [];

/**
 * `make()` run on the first call of the returned function and remembered: the tables and sets
 * a program model derives from its spec are built when a command names the program, not when
 * the shell classifier loads (a hook process pays only for the programs its command names).
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made = false;
  let value: T;
  const get = (): T => {
    if (!made) {
      value = make();
      made = true;
    }
    return value;
  };
  PENDING.push(get);
  return get;
}

/** Builds every table defined so far, deferred ones too (for a test: a notation mistake throws here). */
export function buildAllTables(): number {
  // A builder may defer more of its own: the loop also runs those pushed while it runs.
  for (let i = 0; i < PENDING.length; i++) PENDING[i]!();
  for (const t of DEFINED) void t.long;
  return DEFINED.length;
}

export interface ScannedOption {
  /** `-o` or `--output` (the full name after abbreviation resolution); `-#` for `-N`. */
  readonly name: string;
  readonly kind: OptionKind;
  readonly value: Arg | undefined;
}

export type OptionProblem = 'unknown_option' | 'ambiguous_option' | 'dynamic_option' | 'missing_value';

export interface OptionScan {
  readonly options: ScannedOption[];
  readonly operands: Arg[];
  /** Words in an option position whose expansion we cannot see (`$X`, `$(…)`, a `*`-first glob). */
  readonly maybeOptions: Arg[];
  /** The first reason the option list is not fully known, if any. */
  problem: OptionProblem | undefined;
  /** The word that caused `problem`, as typed. */
  problemWord: string | undefined;
  /** Index of the first operand when `posix` stopped the scan (else args.length). */
  readonly rest: number;
}

/** A glob that could expand to a word starting with `-` (its first character is a glob character). */
export function mayExpandToOption(a: Arg): boolean {
  if (a.value === null) return a.plain !== true;
  if (!a.glob) return false;
  const c = a.value.charCodeAt(0);
  // `*`, `?`, `[`
  return c === 42 || c === 63 || c === 91;
}

function resolveLongName(t: OptionTable, typed: string): OptionDef | 'ambiguous' | undefined {
  const raw = t.ignoreCase ? typed.toLowerCase() : typed;
  const exact = t.long.get(raw);
  if (exact) return exact;
  if (!t.abbrev || raw === '') return undefined;
  let found: OptionDef | undefined;
  for (const n of t.longNames) {
    if (!n.startsWith(raw)) continue;
    if (found) return 'ambiguous';
    found = t.long.get(n);
  }
  return found;
}

function literal(value: string, from: Arg): Arg {
  return { value, glob: false, tilde: value.startsWith('~'), text: from.text };
}

/**
 * Scans `args` from `start` against a table. Never throws; `problem` says whether every
 * option was proven. A dynamic or option-like glob word before `--` is collected in
 * `maybeOptions` (a problem unless the table is pure) and kept as an operand too.
 */
export function scanOptions(args: readonly Arg[], start: number, t: OptionTable): OptionScan {
  const out: OptionScan = { options: [], operands: [], maybeOptions: [], problem: undefined, problemWord: undefined, rest: args.length };
  const fail = (p: OptionProblem, word: string): void => {
    if (out.problem === undefined) {
      out.problem = p;
      out.problemWord = word;
    }
  };
  for (let i = start; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    const dynamic = mayExpandToOption(a);
    if (dynamic) {
      out.maybeOptions.push(a);
      if (!t.pure) fail('dynamic_option', a.text);
    }
    if (dynamic || v === null || v.length < 2 || v.charCodeAt(0) !== 45 /* - */) {
      // An operand; under POSIX ordering the first one ends the options.
      if (t.posix) {
        (out as { rest: number }).rest = i;
        for (; i < args.length; i++) out.operands.push(args[i]!);
        break;
      }
      out.operands.push(a);
      continue;
    }
    if (v === '--') {
      for (i++; i < args.length; i++) out.operands.push(args[i]!);
      break;
    }
    if (v.charCodeAt(1) === 45 /* - */ || t.singleDash) {
      const dashes = v.charCodeAt(1) === 45 ? 2 : 1;
      const eq = v.indexOf('=');
      const raw = eq >= 0 ? v.slice(dashes, eq) : v.slice(dashes);
      const def = resolveLongName(t, raw);
      if (def === 'ambiguous') {
        fail('ambiguous_option', v);
        continue;
      }
      if (!def) {
        fail('unknown_option', v);
        continue;
      }
      const name = '--' + def.name;
      if (eq >= 0) {
        if (def.arity === 'none') fail('unknown_option', v);
        out.options.push({ name, kind: def.kind, value: literal(v.slice(eq + 1), a) });
      } else if (def.arity === 'required') {
        const next = args[i + 1];
        if (!next) fail('missing_value', v);
        else i++;
        out.options.push({ name, kind: def.kind, value: next });
      } else out.options.push({ name, kind: def.kind, value: undefined });
      continue;
    }
    if (t.numeric && /^-\d+$/.test(v)) {
      out.options.push({ name: '-#', kind: 'read', value: literal(v.slice(1), a) });
      continue;
    }
    for (let j = 1; j < v.length; j++) {
      const c = v[j]!;
      const def = t.short.get(c);
      if (!def) {
        fail('unknown_option', '-' + c);
        break;
      }
      if (def.arity === 'none') {
        out.options.push({ name: '-' + c, kind: def.kind, value: undefined });
        continue;
      }
      if (j + 1 < v.length) {
        const from = t.shortEquals && v[j + 1] === '=' ? j + 2 : j + 1;
        out.options.push({ name: '-' + c, kind: def.kind, value: literal(v.slice(from), a) });
      } else if (def.arity === 'optional') out.options.push({ name: '-' + c, kind: def.kind, value: undefined });
      else {
        const next = args[i + 1];
        if (!next) fail('missing_value', v);
        else i++;
        out.options.push({ name: '-' + c, kind: def.kind, value: next });
      }
      break;
    }
  }
  return out;
}

/** True when one of `names` (`-o`, `--output`) was given. */
export function scanned(s: OptionScan, ...names: string[]): boolean {
  for (const o of s.options) if (names.includes(o.name)) return true;
  return false;
}

/** The values given to options named `names`, in order. */
export function scannedValues(s: OptionScan, ...names: string[]): Arg[] {
  const out: Arg[] = [];
  for (const o of s.options) if (o.value && names.includes(o.name)) out.push(o.value);
  return out;
}

/** The options of one kind (`write`, `exec`, `unsafe`). */
export function optionsOfKind(s: OptionScan, kind: OptionKind): ScannedOption[] {
  return s.options.filter((o) => o.kind === kind);
}

/**
 * Settles a command whose options are not all proven read-only-or-write: an option
 * problem or any `exec`/`unsafe` option makes it unknown. Returns true when it did.
 */
export function unprovenOptions(w: ShellWalker, inv: Invocation, s: OptionScan): boolean {
  if (s.problem !== undefined) {
    w.unknown(inv, s.problem === 'dynamic_option' ? 'dynamic_word' : 'shell_command_unproven');
    return true;
  }
  for (const o of s.options) {
    if (o.kind === 'exec' || o.kind === 'unsafe') {
      w.unknown(inv, 'shell_command_unproven');
      return true;
    }
  }
  return false;
}

/**
 * A handler for a program that only reads unless a `write` option names a file: unknown
 * on any option problem or `exec`/`unsafe` option, a write effect on each write option's
 * value (a write flag without a value is a write with no provable path), else a read.
 */
export function readerHandler(table: OptionTable): Handler {
  return (w, inv) => {
    const s = scanOptions(inv.args, 1, table);
    if (unprovenOptions(w, inv, s)) return;
    readOrWriteOptions(w, inv, s);
  };
}

/** A write effect on each write option's value (none given: a write with no provable path), else a read. */
export function readOrWriteOptions(w: Parameters<Handler>[0], inv: Parameters<Handler>[1], s: OptionScan): void {
  let wrote = false;
  for (const o of s.options) {
    if (o.kind !== 'write') continue;
    wrote = true;
    if (o.value) w.effect(inv, 'write', o.value);
    else w.unprovenWrite(inv, 'write_path_missing');
  }
  if (!wrote) w.acc.read();
}
