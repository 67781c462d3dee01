// git's parse-options (parse-options.c), as its builtins read their arguments: options and
// operands mix unless the command stops at the first operand; `--` and `--end-of-options`
// end the options; every long option may be unset with `--no-<name>` unless it says not, an
// option named `no-<name>` is set back by `--<name>`, and the last occurrence wins; a long
// name may be abbreviated (to a prefix of one option, `--no-` prefixes too) unless the
// command keeps unknown options for another parser (the revision and diff options of `log`,
// `diff`, `show` are matched whole); an optional value is only ever attached (`--abbrev=7`,
// `-O'cmd'`), a required one attached or the next word; short options cluster; `-h` where
// the command has no `-h` of its own prints the usage and stops, as does `--help-all`.
import type { Arg } from '../words.js';
import { emptyParsed, fail, literal, mayBeOption, NUMBER, shortCluster, type OptionDef, type OptionSpec, type Parsed } from './types.js';

export interface GitOptionRules {
  /** The first operand ends the options (PARSE_OPT_STOP_AT_NON_OPTION). */
  readonly stopAtOperand?: boolean;
  /** Long names must be whole (PARSE_OPT_KEEP_UNKNOWN_OPT; the revision parser). */
  readonly exact?: boolean;
  /** `-N` is an option (`git log -5`, OPT_NUMBER_CALLBACK): recorded under the id `-#`. */
  readonly numeric?: boolean;
}

interface LongMatch {
  def: OptionDef;
  negated: boolean;
  /** The text after the name: '' or `=value`. */
  rest: string;
}

/** parse_long_opt: an exact match wins; else one abbreviation (of a name or of its `no-` form). */
function matchLong(spec: OptionSpec, arg: string, whole: boolean): LongMatch | 'ambiguous' | undefined {
  const eq = arg.indexOf('=');
  const name = eq >= 0 ? arg.slice(0, eq) : arg;
  const rest = eq >= 0 ? arg.slice(eq) : '';
  let abbrev: LongMatch | undefined;
  let ambiguous = false;
  const consider = (m: LongMatch): void => {
    if (abbrev && (abbrev.def !== m.def || abbrev.negated !== m.negated)) ambiguous = true;
    else abbrev = m;
  };
  const exact = spec.long.get(name);
  if (exact) return { def: exact, negated: false, rest };
  for (const longName of spec.longNames) {
    const def = spec.long.get(longName)!;
    if (def.negatable && name === `no-${longName}`) return { def, negated: true, rest };
    // An option named `no-<name>` is set back by `--<name>` only when it can be unset at all:
    // PARSE_OPT_NONEG skips it (`git tag --cont` is --contains, not an unset --no-contains).
    if (def.negatable && longName.startsWith('no-') && name === longName.slice(3)) return { def, negated: true, rest };
    if (whole) continue;
    if (longName.startsWith(name)) consider({ def, negated: false, rest });
    else if (def.negatable && longName.startsWith('no-') && longName.startsWith(name, 3)) consider({ def, negated: true, rest });
    else if (def.negatable && name.startsWith('no-') && longName.startsWith(name.slice(3))) consider({ def, negated: true, rest });
    else if (def.negatable && 'no-'.startsWith(name)) consider({ def, negated: true, rest });
  }
  if (ambiguous) return 'ambiguous';
  return abbrev;
}

/**
 * `--since="$(date …)"`: a long option typed whole whose value alone is known only at run
 * time. Recorded with a dynamic value when the name is one taking a value; false otherwise.
 */
function dynamicValue(p: Parsed, spec: OptionSpec, a: Arg, exact: boolean): boolean {
  const m = /^--([A-Za-z][\w-]*)=/.exec(a.text);
  if (!m) return false;
  const r = matchLong(spec, m[1]!, exact);
  if (r === undefined || r === 'ambiguous' || r.negated || r.def.arity === 'none') return false;
  p.occurrences.push({ def: r.def, value: { ...a, value: null }, negated: false, word: a.text });
  return true;
}

export function parseGitOptions(args: readonly Arg[], start: number, spec: OptionSpec, rules: GitOptionRules = {}): Parsed {
  const p = emptyParsed();
  for (let i = start; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (v === null && dynamicValue(p, spec, a, rules.exact ?? false)) continue;
    const dynamic = mayBeOption(a);
    if (dynamic) {
      p.maybeOptions.push(a);
      fail(p, 'dynamic_option', a.text);
    }
    if (dynamic || v === null || v.length < 2 || v.charCodeAt(0) !== 45 /* - */) {
      if (rules.stopAtOperand) {
        p.dashdashAt = p.operands.length;
        for (; i < args.length; i++) p.operands.push(args[i]!);
        break;
      }
      p.operands.push(a);
      continue;
    }
    if (v === '--' || v === '--end-of-options') {
      p.dashdashAt = p.operands.length;
      for (i++; i < args.length; i++) p.operands.push(args[i]!);
      break;
    }
    if (v.charCodeAt(1) === 45) {
      if (v === '--help-all' || v === '--help') {
        p.usage = true;
        return p;
      }
      const m = matchLong(spec, v.slice(2), rules.exact ?? false);
      if (m === 'ambiguous') {
        fail(p, 'ambiguous_option', v);
        continue;
      }
      if (!m) {
        fail(p, 'unknown_option', v);
        continue;
      }
      const { def, negated, rest } = m;
      if (rest !== '') {
        if (negated || def.arity === 'none') fail(p, 'unexpected_value', v);
        p.occurrences.push({ def, value: literal(rest.slice(1), a), negated, word: v });
      } else if ((def.arity === 'required' || def.arity === 'lastarg') && !negated) {
        // parse-options' get_value: a required value is the next word whatever it looks like;
        // a lastarg-default option given as the command's last word takes its default.
        const next = args[i + 1];
        if (next) i++;
        else if (def.arity === 'required') fail(p, 'missing_value', v);
        p.occurrences.push({ def, value: next, negated, word: v });
      } else p.occurrences.push({ def, value: undefined, negated, word: v });
      continue;
    }
    if (rules.numeric && /^-\d+$/.test(v)) {
      p.occurrences.push({ def: NUMBER, value: literal(v.slice(1), a), negated: false, word: v });
      continue;
    }
    const r = shortCluster(p, args, i, spec, rules.numeric ?? false);
    // `-h` where the command has none of its own: the usage, and nothing done.
    if (r === 'h') {
      p.usage = true;
      return p;
    }
    i = r;
  }
  if (p.dashdashAt < 0) p.dashdashAt = p.operands.length;
  return p;
}
