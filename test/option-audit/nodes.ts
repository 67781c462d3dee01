// The nodes the option audit compares @withfig/autocomplete's specs with (known.ts): what a
// model knows at one subcommand path, and the building blocks the model families' answers
// are made of (option tables, option specs, subcommand paths, the models as data, the compact
// models). Test-only.
import type { ModelSubcommand, ProgramModel } from '../../src/generated/types.js';
import { defineOptions, type OptionTable } from '../../src/core/shell/option-table.js';
import type { OptionSpec } from '../../src/core/shell/options.js';
import type { OptionSpec as ParsedSpec } from '../../src/core/shell/parsers/types.js';
import { takesOption } from '../../src/core/shell/program-model.js';
import { reads as readTables, type CliSpec } from '../../src/core/shell/programs/cli-model.js';
import { classifyShell } from '../../src/core/shell/classify-shell.js';
import type { ShellClassification } from '../../src/core/shell/result.js';
import { virtualContext } from '../support/classify-context.js';
import { TREE } from '../shell-corpus/harness.js';

/** A subcommand path remit decides from its words alone (a mutation, a version word): whatever follows does not change it. */
export const WHOLE = 'whole';
export type Known = KnownNode | typeof WHOLE;

export interface KnownNode {
  /** Whether the model names this option spelling here (`-x`, `--long`, `-long`), whatever it does with it. */
  option(name: string): boolean;
  /** What the model makes of a subcommand word here; undefined when it does not know it. */
  sub(word: string): Known | undefined;
  /** Why options the model does not name here are accepted unexamined (aws: an operation's parameters), when they are. */
  readonly openOptions?: string;
  /** Why any word is taken as a subcommand here (gcloud's command groups), when it is. */
  readonly openSubs?: string;
}

export const NONE: KnownNode = { option: () => false, sub: () => undefined };

// ---- building blocks ----

/** A long name as a table resolves it: exactly, or as the one name it abbreviates where the table takes abbreviations (getopt_long). */
function longKnown(t: OptionTable, raw: string): boolean {
  const name = t.ignoreCase ? raw.toLowerCase() : raw;
  if (t.long.has(name)) return true;
  return t.abbrev && name !== '' && t.longNames.filter((n) => n.startsWith(name)).length === 1;
}

/** The options of option tables (option-table.ts): every short and long name (and abbreviation it takes), `-name` too for Go's single-dash syntax. */
export function tableOptions(...tables: readonly OptionTable[]): (name: string) => boolean {
  return (name) =>
    tables.some((t) => {
      if (name.startsWith('--')) return longKnown(t, name.slice(2));
      if (!name.startsWith('-') || name.length < 2) return false;
      if (name.length === 2) return t.short.has(name[1]!) || (t.numeric && /\d/.test(name[1]!));
      if (t.singleDash) return longKnown(t, name.slice(1));
      // A cluster of flags (`-vv`, `-la`): each letter a flag of the table.
      return [...name.slice(1)].every((c) => t.short.get(c)?.arity === 'none');
    });
}

/** The options of an OptionSpec (options.ts): its short letters and long names. */
export function specOptions(spec: OptionSpec): (name: string) => boolean {
  const short = `${spec.flags ?? ''}${spec.values ?? ''}${spec.optionalValues ?? ''}`;
  const long = new Set([...(spec.longFlags ?? []), ...(spec.longValues ?? []), ...(spec.longOptional ?? [])]);
  return (name) => (name.startsWith('--') ? long.has(name.slice(2)) : /^-.$/.test(name) && short.includes(name[1]!));
}

/** A parser family's compiled spec (src/core/shell/parsers/types.ts): `-x` by its letter, `--name` by its name. */
export function parsedSpecOptions(spec: ParsedSpec): (name: string) => boolean {
  return (name) => (name.startsWith('--') ? spec.long.has(name.slice(2)) : /^-.$/.test(name) && spec.short.has(name[1]!));
}

/**
 * A node whose options are `option` and whose subcommand paths (`'pm ls'`) lead where `paths`
 * says; `help` are the words that print a known path's usage after it (cli-model.ts).
 */
export function pathNode(
  option: (name: string) => boolean,
  paths: ReadonlyMap<string, Known>,
  open: Pick<KnownNode, 'openOptions' | 'openSubs'> = {},
  help: ReadonlySet<string> = new Set(),
  between: (name: string) => boolean = () => false,
): KnownNode {
  const at = (prefix: string, own: (n: string) => boolean = () => false): KnownNode => ({
    option: prefix === '' ? option : (n) => help.has(n) || own(n) || between(n),
    sub(word) {
      const p = prefix === '' ? word : `${prefix} ${word}`;
      const exact = paths.get(p);
      const longer = [...paths.keys()].some((k) => k.startsWith(`${p} `));
      // A mutation ends the path (cli-model.ts); a read that longer paths start goes on with its own options.
      if (exact === WHOLE) return exact;
      if (exact !== undefined && !longer) return help.size === 0 ? exact : { ...exact, option: (n) => help.has(n) || exact.option(n) };
      return longer ? at(p, exact?.option) : undefined;
    },
    ...(prefix === '' ? open : {}),
  });
  return at('');
}

/** A node with `option` and no subcommands. */
export function flatNode(option: (name: string) => boolean, open: Pick<KnownNode, 'openOptions'> = {}): KnownNode {
  return { option, sub: () => undefined, ...open };
}

/** Two models of one program (a compact model that adds reads over the family that judges the rest): what either knows. */
export function union(a: Known | undefined, b: Known | undefined): Known | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  if (a === WHOLE || b === WHOLE) return a === WHOLE ? b : a;
  const openOptions = a.openOptions ?? b.openOptions;
  const openSubs = a.openSubs ?? b.openSubs;
  return {
    option: (n) => a.option(n) || b.option(n),
    sub: (w) => union(a.sub(w), b.sub(w)),
    ...(openOptions ? { openOptions } : {}),
    ...(openSubs ? { openSubs } : {}),
  };
}

/** `node` with `names` known at its top too (help and version words a rule outside the model reads). */
export function withOptions(node: KnownNode, names: readonly string[]): KnownNode {
  return { ...node, option: (n) => names.includes(n) || node.option(n), sub: (w) => node.sub(w) };
}

// ---- models as data (src/core/shell/models/*.json) ----

/** A data model's node: the options its parser takes there (program-model.ts, its family's rules), and its subcommands. */
export function dataModelNode(model: ProgramModel, node: ProgramModel | ModelSubcommand = model): Known {
  if ('arguments' in node && node.arguments === 'any') return WHOLE;
  return {
    option: (n) => takesOption(model, node, n),
    sub(word) {
      const subs = node.subcommands;
      if (!subs) return undefined;
      const s = Object.hasOwn(subs, word) ? subs[word] : Object.values(subs).find((x) => x?.aliases?.includes(word));
      return s ? dataModelNode(model, s) : undefined;
    },
  };
}

// ---- table models (models/*.json with the `table` parser) ----

/** A table model's node, built as program-model.ts builds its handler: each read path's table is the global options and its own (cli-model.ts). */
export function compactModelNode(m: ProgramModel): KnownNode {
  const solo = m.solo ?? [];
  const paths = new Map<string, Known>();
  for (const w of solo) if (!w.startsWith('-')) paths.set(w, WHOLE);
  const singleDash = m.parserRules?.singleDash ?? false;
  const entries: Record<string, string> = {};
  for (const [keys, options] of Object.entries(m.reads ?? {}))
    if (options !== undefined)
      entries[
        keys
          .split(',')
          .map((k) => k.trim().replace(/#\d+$/, ''))
          .join(',')
      ] = options;
  for (const [p, t] of readTables(entries, m.global ?? '', singleDash)) paths.set(p, flatNode(tableOptions(t)));
  for (const list of [m.mutations, m.known]) for (const k of list ?? []) paths.set(k, WHOLE);
  const top = m.reads ? (m.global ?? '') : (m.readOptions ?? '');
  const topTable = top.trim() ? defineOptions({ read: top, abbrev: false, singleDash, numeric: m.parserRules?.numeric ?? false }) : undefined;
  // Global options are taken between a path's words too (program-model.ts: globalBetween).
  const between = m.reads && topTable !== undefined ? tableOptions(topTable) : () => false;
  return pathNode((n) => solo.includes(n) || (topTable !== undefined && tableOptions(topTable)(n)), paths, {}, m.reads ? CLI_HELP : new Set(), between);
}

// ---- asking the classifier (hand-written handlers decide subcommands in code) ----

/** A project like the shell corpus's (package.json, go.mod, Cargo.toml, a git repository …), in memory. */
let probeContext: ReturnType<typeof virtualContext> | undefined;

/** What remit makes of a command in that project: the classifier itself, asked. */
export function decision(words: readonly string[]): ShellClassification['mutability'] {
  probeContext ??= virtualContext(TREE);
  return classifyShell(words.map((w) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, "'\\''")}'`)).join(' '), probeContext).mutability;
}

/** A word no program takes as an option: a handler that still decides the same with it does not look at options it does not name. */
const UNHEARD = '--zz-option-audit';

/** `node` at `at`, marked open when the command still reads there with an option nothing takes (a family behind a compact model that takes any). */
function openWhereRead(at: readonly string[], node: KnownNode): KnownNode {
  if (node.openOptions !== undefined || node.openSubs !== undefined || at.length > 4) return node;
  if (decision(at) !== 'read' || decision([...at, UNHEARD]) !== 'read') return node;
  return { ...node, openOptions: `\`${at.join(' ')}\` reads with an option nothing takes (asked of the classifier)` };
}

/**
 * `base`, with what its handler decides for subcommand words it has no data for, asked of the
 * classifier (`words` is the program and the words so far): a word it leaves unknown is not
 * known; a write or a check is WHOLE (no option makes it a read); a read is a node whose
 * options are `options` (the handler's own table), open when the handler still reads with an
 * option nothing has.
 */
export function probed(words: readonly string[], base: KnownNode, options: (name: string) => boolean = () => false): KnownNode {
  return {
    ...base,
    sub(word) {
      const known = base.sub(word);
      const at = [...words, word];
      if (known === WHOLE) return known;
      // The data's own node, with what the handler decides below it asked too: words after a
      // read path are its operands, taken with its options; and where the data's table leaves
      // an option unknown, the family the compact model hands the rest to may still read it.
      if (known !== undefined) return probed(at, openWhereRead(at, known), known.option);
      const d = decision(at);
      if (d === 'unknown') return undefined;
      // A write or a check is no read whatever its options: they choose only what it writes or runs.
      if (d !== 'read') return WHOLE;
      const unheard = decision([...at, UNHEARD]);
      const node = flatNode(
        options,
        unheard === d ? { openOptions: `\`${at.join(' ')}\` decides the same with an option nothing takes (asked of the classifier)` } : {},
      );
      return probed(at, node, options);
    },
  };
}

/**
 * `node`, with the options its handler decides in code (`cargo -V`, `find -L`: anything but
 * unknown, where an option nothing takes is unknown), and open where its program still reads
 * with an option nothing takes (a handler that does not look at options); both asked of the
 * classifier.
 */
export function probedTop(program: string, node: KnownNode): KnownNode {
  // A handler that leaves an unheard option unknown decides every option it does not leave unknown.
  const closed = decision([program, 'x', UNHEARD]) === 'unknown';
  const option = (n: string) => node.option(n) || (closed && (decision([program, n]) !== 'unknown' || decision([program, n, 'x']) !== 'unknown'));
  if (closed || node.openOptions !== undefined || decision([program, 'x']) !== 'read') return { ...node, option };
  return { ...node, option, openOptions: `\`${program}\` reads with an option nothing takes (asked of the classifier)` };
}

// ---- CLI models (cli-model.ts) ----

/** A CLI model's node: its global options at the top, each read path with its table, mutations and known paths decided whole; `-h`/`--help` after a known path print its usage. */
export function cliNode(spec: CliSpec): KnownNode {
  const paths = new Map<string, Known>();
  for (const [p, t] of spec.reads) paths.set(p, flatNode(tableOptions(t)));
  for (const p of [...spec.mutations, ...(spec.known ?? [])]) if (!paths.has(p)) paths.set(p, WHOLE);
  return pathNode(tableOptions(spec.global), paths, {}, spec.helpWords ?? CLI_HELP, spec.globalBetween ? tableOptions(spec.global) : undefined);
}

/** The words after a known path that print its usage, unless a CLI model says otherwise (cli-model.ts). */
const CLI_HELP: ReadonlySet<string> = new Set(['--help', '-h']);

/** A regular expression of option spellings (`-out=.+`, `-json`): a name it takes bare or with a value. */
export function patternOptions(re: RegExp): (name: string) => boolean {
  return (n) => re.test(n) || re.test(`${n}=x`);
}
