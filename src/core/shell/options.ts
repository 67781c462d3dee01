// A small getopt: enough of GNU and POSIX option syntax to find which words of a command
// are option values and which are operands (the paths a program reads or writes).
import type { Arg } from './words.js';

export interface OptionSpec {
  /** Short flags that take no value, e.g. 'rfiv'. */
  readonly flags?: string;
  /** Short options that take a value (attached `-tDIR` or the next word). */
  readonly values?: string;
  /** Short options whose value is optional and only ever attached (GNU `xargs -l[N]`, `-e[EOF]`). */
  readonly optionalValues?: string;
  /** Long flags (names without `--`) that take no value. */
  readonly longFlags?: readonly string[];
  /** Long options that take a value (`--x=v` or `--x v`). */
  readonly longValues?: readonly string[];
  /** Long options whose value is optional and only ever attached (`--backup[=CONTROL]`). */
  readonly longOptional?: readonly string[];
  /** Options end at the first operand (POSIX; wrappers such as `sudo`, `timeout`). */
  readonly stopAtOperand?: boolean;
  /** Accept a bare `-N` number as an option (`nice -10`, `head -5`). */
  readonly numeric?: boolean;
}

export interface ParsedOption {
  /** Short letter or long name without dashes. */
  readonly name: string;
  readonly value: Arg | undefined;
}

export interface ParsedArgs {
  readonly options: ParsedOption[];
  readonly operands: Arg[];
  /**
   * Option words not in the spec (as typed), and `*`-first globs before `--`, which the
   * shell may expand to any option (a file named `--target-directory=..`).
   */
  readonly unknown: string[];
  /** Words before `--` whose value is only known at run time: each may be an option. */
  readonly maybeOptions: Arg[];
  /** Index in the input where operands begin when `stopAtOperand` is set (else the length). */
  readonly rest: number;
}

function literalValue(text: string, from: Arg): Arg {
  return { value: text, glob: false, tilde: false, text: from.text };
}

/** Resolves a GNU long option, accepting an unambiguous prefix as getopt_long does. */
function resolveLong(name: string, spec: OptionSpec): { name: string; kind: 'flag' | 'value' | 'optional' } | undefined {
  const kinds: [readonly string[] | undefined, 'flag' | 'value' | 'optional'][] = [
    [spec.longFlags, 'flag'],
    [spec.longValues, 'value'],
    [spec.longOptional, 'optional'],
  ];
  for (const [list, kind] of kinds) if (list && list.includes(name)) return { name, kind };
  let found: { name: string; kind: 'flag' | 'value' | 'optional' } | undefined;
  for (const [list, kind] of kinds) {
    if (!list) continue;
    for (const n of list) {
      if (n.startsWith(name)) {
        if (found && found.name !== n) return undefined;
        found = { name: n, kind };
      }
    }
  }
  return found;
}

export function parseArgs(args: readonly Arg[], start: number, spec: OptionSpec): ParsedArgs {
  const options: ParsedOption[] = [];
  const operands: Arg[] = [];
  const unknown: string[] = [];
  const maybeOptions: Arg[] = [];
  const shortFlags = spec.flags ?? '';
  const shortValues = spec.values ?? '';
  let i = start;
  for (; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (v === null) maybeOptions.push(a);
    else if (a.glob && /^[*?[]/.test(v)) unknown.push(a.text);
    if (v === null || v.length < 2 || v.charCodeAt(0) !== 45 /* - */) {
      if (spec.stopAtOperand) break;
      operands.push(a);
      continue;
    }
    if (v === '--') {
      i++;
      if (spec.stopAtOperand) break;
      for (; i < args.length; i++) operands.push(args[i]!);
      break;
    }
    if (v.startsWith('--')) {
      const eq = v.indexOf('=');
      const raw = eq >= 0 ? v.slice(2, eq) : v.slice(2);
      const r = resolveLong(raw, spec);
      if (!r) {
        unknown.push(v);
        continue;
      }
      if (eq >= 0) options.push({ name: r.name, value: literalValue(v.slice(eq + 1), a) });
      else if (r.kind === 'value') {
        const next = args[i + 1];
        if (next) i++;
        options.push({ name: r.name, value: next });
      } else options.push({ name: r.name, value: undefined });
      continue;
    }
    if (spec.numeric && /^-\d+$/.test(v)) {
      options.push({ name: '#', value: literalValue(v.slice(1), a) });
      continue;
    }
    for (let j = 1; j < v.length; j++) {
      const c = v[j]!;
      if (spec.optionalValues?.includes(c)) {
        options.push({ name: c, value: j + 1 < v.length ? literalValue(v.slice(j + 1), a) : undefined });
        break;
      }
      if (shortValues.includes(c)) {
        if (j + 1 < v.length) options.push({ name: c, value: literalValue(v.slice(j + 1), a) });
        else {
          const next = args[i + 1];
          if (next) i++;
          options.push({ name: c, value: next });
        }
        break;
      }
      if (shortFlags.includes(c)) options.push({ name: c, value: undefined });
      else {
        unknown.push('-' + c);
      }
    }
  }
  return { options, operands, unknown, maybeOptions, rest: i };
}

export function hasOption(p: ParsedArgs, ...names: string[]): boolean {
  for (const o of p.options) if (names.includes(o.name)) return true;
  return false;
}

export function optionValues(p: ParsedArgs, ...names: string[]): Arg[] {
  const out: Arg[] = [];
  for (const o of p.options) if (o.value && names.includes(o.name)) out.push(o.value);
  return out;
}

/**
 * The closed-world test of a reading subcommand whose options are not an option table (a
 * `git config` or `pip list`): every option in `args` is one `known` lists (with its dashes),
 * and no word is known only at run time. A long option may carry `=value`; one of `takesValue`
 * without it takes the next word. Short flags may cluster; one of `takesValue` ends the
 * cluster, its value attached or the next word. `--` ends the options.
 */
export function onlyKnownOptions(args: readonly Arg[], known: ReadonlySet<string>, takesValue: ReadonlySet<string>): boolean {
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) return false;
    if (v === '--') return true;
    if (!v.startsWith('-') || v === '-') continue;
    if (v.startsWith('--')) {
      const eq = v.indexOf('=');
      const name = eq >= 0 ? v.slice(0, eq) : v;
      if (!known.has(name)) return false;
      if (eq < 0 && takesValue.has(name)) i++;
      continue;
    }
    for (let j = 1; j < v.length; j++) {
      const flag = `-${v[j]}`;
      if (!known.has(flag)) return false;
      if (takesValue.has(flag)) {
        if (j === v.length - 1) i++;
        break;
      }
    }
  }
  return true;
}
