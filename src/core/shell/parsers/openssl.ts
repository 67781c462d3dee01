// OpenSSL 3's option parser (apps/lib/opts.c, opt_next): every name is whole (no
// abbreviation, no clusters), spelled with one dash or two (`-out`, `--out`); a value is the
// next word or attached with `=` (`-out=f`, `--out=f`); a flag given `=value` is an error;
// `--` ends the options and so does the first word not starting with `-` (no permutation).
// A subcommand may take any other `-name` as an algorithm (`dgst -sha256`, `enc
// -aes-256-cbc`): the model says so with `unknownAsFlag`.
import type { Arg } from '../words.js';
import { emptyParsed, fail, literal, mayBeOption, type OptionDef, type OptionSpec, type Parsed } from './types.js';

export interface OpensslRules {
  /** Any name the command does not list is a flag naming an algorithm. */
  readonly unknownAsFlag?: boolean;
}

const ALGORITHM: OptionDef = { id: '-<algorithm>', arity: 'none', negatable: false, index: -1 };

export function parseOpenssl(args: readonly Arg[], start: number, spec: OptionSpec, rules: OpensslRules = {}): Parsed {
  const p = emptyParsed();
  let i = start;
  for (; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (mayBeOption(a)) {
      p.maybeOptions.push(a);
      fail(p, 'dynamic_option', a.text);
      break;
    }
    if (v === null || v.charCodeAt(0) !== 45 /* - */) break;
    if (v === '--') {
      i++;
      break;
    }
    const body = v.slice(v.charCodeAt(1) === 45 ? 2 : 1);
    const eq = body.indexOf('=');
    const name = eq >= 0 ? body.slice(0, eq) : body;
    const def = spec.long.get(name) ?? (name.length === 1 ? spec.short.get(name) : undefined);
    if (!def) {
      if (rules.unknownAsFlag && eq < 0 && name !== '') p.occurrences.push({ def: ALGORITHM, value: literal(name, a), negated: false, word: v });
      else fail(p, 'unknown_option', v);
      continue;
    }
    if (def.arity === 'none') {
      if (eq >= 0) fail(p, 'unexpected_value', v);
      p.occurrences.push({ def, value: undefined, negated: false, word: v });
      continue;
    }
    if (eq >= 0) {
      p.occurrences.push({ def, value: literal(body.slice(eq + 1), a), negated: false, word: v });
      continue;
    }
    const next = args[i + 1];
    if (next) i++;
    else fail(p, 'missing_value', v);
    p.occurrences.push({ def, value: next, negated: false, word: v });
  }
  p.dashdashAt = 0;
  for (; i < args.length; i++) p.operands.push(args[i]!);
  return p;
}
