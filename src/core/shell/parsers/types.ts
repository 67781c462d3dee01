// What every parser family returns: the parsed state of one command line, read as the real
// program reads it. Decisions ask this state (the last of `--dry-run`/`--no-dry-run`, the
// value an option consumed, the operands after `--`), never whether a token is present.
import type { Arg } from '../words.js';

/** `lastarg`: git's PARSE_OPT_LASTARG_DEFAULT (`git branch --merged [<commit>]`): the next word is the value, unless there is none. */
export type Arity = 'none' | 'required' | 'optional' | 'lastarg';

/** One option of a program, under all its spellings. */
export interface OptionDef {
  /** The name decisions use: the option's first spelling in its model (`-n`, `--dry-run`). */
  readonly id: string;
  readonly arity: Arity;
  /** git parse-options: `--no-<name>` unsets it (every long option unless the model says not). */
  readonly negatable: boolean;
  /** Index of the option in its model (the interpreter's key back to the effect). */
  readonly index: number;
}

/** A program's options, compiled for its parser. */
export interface OptionSpec {
  /** Short options by their letter (`n` for `-n`). */
  readonly short: ReadonlyMap<string, OptionDef>;
  /** Long options by their name without dashes (`dry-run`); OpenSSL's and xxd's names too. */
  readonly long: ReadonlyMap<string, OptionDef>;
  readonly longNames: readonly string[];
}

export interface Occurrence {
  readonly def: OptionDef;
  /** The value the option consumed (attached or the next word), if any. */
  readonly value: Arg | undefined;
  /** `--no-x`: the option was unset. */
  readonly negated: boolean;
  /** The word as typed. */
  readonly word: string;
}

export type ParseProblem = 'unknown_option' | 'ambiguous_option' | 'dynamic_option' | 'missing_value' | 'unexpected_value';

export interface Parsed {
  /** Every option in the order given. */
  readonly occurrences: Occurrence[];
  /** Every operand in order, those after `--` included. */
  readonly operands: Arg[];
  /** How many operands came before `--` (or `--end-of-options`); operands.length when none did. */
  dashdashAt: number;
  /** Words in an option position whose text is known only at run time (each may be any option). */
  readonly maybeOptions: Arg[];
  /** The program stops before doing anything (git's `-h`, a usage error it reports itself). */
  usage: boolean;
  /** The first reason the option list is not fully known. */
  problem: ParseProblem | undefined;
  problemWord: string | undefined;
}

export function emptyParsed(): Parsed {
  return { occurrences: [], operands: [], dashdashAt: -1, maybeOptions: [], usage: false, problem: undefined, problemWord: undefined };
}

export function fail(p: Parsed, problem: ParseProblem, word: string): void {
  if (p.problem === undefined) {
    p.problem = problem;
    p.problemWord = word;
  }
}

/** The option's last occurrence (last wins), negated or not. */
export function lastOf(p: Parsed, id: string): Occurrence | undefined {
  for (let i = p.occurrences.length - 1; i >= 0; i--) if (p.occurrences[i]!.def.id === id) return p.occurrences[i];
  return undefined;
}

/** The option is in effect: its last occurrence is not a negation. */
export function isOn(p: Parsed, id: string): boolean {
  const o = lastOf(p, id);
  return o !== undefined && !o.negated;
}

/** A literal argument cut from a word (`-ofile`'s `file`, `--out=f`'s `f`). */
export function literal(value: string, from: Arg): Arg {
  return { value, glob: false, tilde: value.startsWith('~'), text: from.text };
}

/** A word whose expansion may start with `-`: its value is known only at run time, or it is a glob starting with a glob character. */
export function mayBeOption(a: Arg): boolean {
  if (a.value === null) return a.plain !== true;
  if (!a.glob) return false;
  const c = a.value.charCodeAt(0);
  return c === 42 || c === 63 || c === 91;
}

/** A number given as an option (`head -5`, `git log -5`). */
export const NUMBER: OptionDef = { id: '-#', arity: 'required', negatable: false, index: -1 };

/**
 * A short-option cluster at `args[i]` (`-abc`, `-ovalue`, `-o value`): each letter an
 * option until one taking a value, whose value is the rest of the word or, when required,
 * the next word. Returns the index of the last word used, or `'h'` for an unknown `h` (git
 * prints its usage there), leaving an other unknown letter as the problem. `numeric`: a run
 * of digits is a number option.
 */
export function shortCluster(p: Parsed, args: readonly Arg[], i: number, spec: OptionSpec, numeric = false): number | 'h' {
  const a = args[i]!;
  const v = a.value!;
  for (let j = 1; j < v.length; j++) {
    const c = v[j]!;
    if (numeric && c >= '0' && c <= '9') {
      // git's OPT_NUMBER_CALLBACK: a run of digits anywhere in the cluster (`-n5`, `-5n`).
      let k = j;
      while (k < v.length && v[k]! >= '0' && v[k]! <= '9') k++;
      p.occurrences.push({ def: NUMBER, value: literal(v.slice(j, k), a), negated: false, word: v });
      j = k - 1;
      continue;
    }
    const def = spec.short.get(c);
    if (!def) {
      if (c === 'h') return 'h';
      fail(p, 'unknown_option', `-${c}`);
      return i;
    }
    if (def.arity === 'none') {
      p.occurrences.push({ def, value: undefined, negated: false, word: v });
      continue;
    }
    if (j + 1 < v.length) p.occurrences.push({ def, value: literal(v.slice(j + 1), a), negated: false, word: v });
    else if (def.arity === 'optional') p.occurrences.push({ def, value: undefined, negated: false, word: v });
    else {
      const next = args[i + 1];
      if (next) i++;
      else if (def.arity !== 'lastarg') fail(p, 'missing_value', v);
      p.occurrences.push({ def, value: next, negated: false, word: v });
    }
    return i;
  }
  return i;
}

/** Builds an OptionSpec from `[spellings, arity, negatable]` rows (the interpreter's and the tests' helper). */
export function compileSpec(rows: readonly { names: readonly string[]; arity: Arity; negatable?: boolean }[]): OptionSpec {
  const short = new Map<string, OptionDef>();
  const long = new Map<string, OptionDef>();
  rows.forEach((r, index) => {
    const def: OptionDef = { id: r.names[0]!, arity: r.arity, negatable: r.negatable ?? false, index };
    for (const n of r.names) {
      if (n.startsWith('--')) long.set(n.slice(2), def);
      else if (n.length === 2) short.set(n[1]!, def);
      else long.set(n.slice(1), def);
    }
  });
  return { short, long, longNames: [...long.keys()] };
}
