// GNU getopt_long, and BSD getopt as its variant without permutation or long options.
// GNU: options and operands may mix (permutation) unless POSIX order is asked; `--` ends the
// options; a long option may be abbreviated to a prefix of exactly one option (two prefixes
// of the same option are one); `--name=v` or `--name v` for a required value, `--name=v`
// only for an optional one (`--color[=WHEN]`); short options cluster (`-abc`) and the first
// one taking a value ends the cluster, its value the rest of the word or (required) the next
// word; `-` alone is an operand.
import type { Arg } from '../words.js';
import { emptyParsed, fail, literal, mayBeOption, NUMBER, shortCluster, type OptionDef, type OptionSpec, type Parsed } from './types.js';

export interface GetoptRules {
  /** The first operand ends the options (POSIXLY_CORRECT, `+` in optstring, BSD getopt). */
  readonly posix?: boolean;
  /** Long options may be abbreviated (GNU getopt_long; not BSD getopt). */
  readonly abbrev?: boolean;
  /** `-N` is an option (`head -5`): recorded under the id `-#`. */
  readonly numeric?: boolean;
  /** Long options are spelled with one dash too (`-name`, Go's flag package). */
  readonly singleDash?: boolean;
}

/** Resolves a long name: exact, else the one option a prefix names. */
export function resolveLong(spec: OptionSpec, name: string, abbrev: boolean): OptionDef | 'ambiguous' | undefined {
  const exact = spec.long.get(name);
  if (exact) return exact;
  if (!abbrev || name === '') return undefined;
  let found: OptionDef | undefined;
  for (const n of spec.longNames) {
    if (!n.startsWith(name)) continue;
    const d = spec.long.get(n)!;
    if (found && found !== d) return 'ambiguous';
    found = d;
  }
  return found;
}

export function parseGetopt(args: readonly Arg[], start: number, spec: OptionSpec, rules: GetoptRules = {}): Parsed {
  const p = emptyParsed();
  const abbrev = rules.abbrev ?? true;
  for (let i = start; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (mayBeOption(a)) {
      p.maybeOptions.push(a);
      fail(p, 'dynamic_option', a.text);
    }
    if (v === null || v.length < 2 || v.charCodeAt(0) !== 45 /* - */ || mayBeOption(a)) {
      if (rules.posix) {
        p.dashdashAt = p.operands.length;
        for (; i < args.length; i++) p.operands.push(args[i]!);
        break;
      }
      p.operands.push(a);
      continue;
    }
    if (v === '--') {
      p.dashdashAt = p.operands.length;
      for (i++; i < args.length; i++) p.operands.push(args[i]!);
      break;
    }
    if (v.charCodeAt(1) === 45 || rules.singleDash) {
      const dashes = v.charCodeAt(1) === 45 ? 2 : 1;
      const eq = v.indexOf('=');
      const def = resolveLong(spec, eq >= 0 ? v.slice(dashes, eq) : v.slice(dashes), abbrev);
      if (def === 'ambiguous') {
        fail(p, 'ambiguous_option', v);
        continue;
      }
      if (!def) {
        fail(p, 'unknown_option', v);
        continue;
      }
      if (eq >= 0) {
        if (def.arity === 'none') fail(p, 'unexpected_value', v);
        p.occurrences.push({ def, value: literal(v.slice(eq + 1), a), negated: false, word: v });
      } else if (def.arity === 'required') {
        const next = args[i + 1];
        if (next) i++;
        else fail(p, 'missing_value', v);
        p.occurrences.push({ def, value: next, negated: false, word: v });
      } else p.occurrences.push({ def, value: undefined, negated: false, word: v });
      continue;
    }
    if (rules.numeric && /^-\d+$/.test(v)) {
      p.occurrences.push({ def: NUMBER, value: literal(v.slice(1), a), negated: false, word: v });
      continue;
    }
    const r = shortCluster(p, args, i, spec);
    if (r !== 'h') i = r;
    else fail(p, 'unknown_option', '-h');
  }
  if (p.dashdashAt < 0) p.dashdashAt = p.operands.length;
  return p;
}
