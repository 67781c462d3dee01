// xxd's own parser (xxd.c): options come before the operands (`infile [outfile]`) and the
// first word not starting with `-` ends them, as does `--`; `--x` is read as `-x`; an option
// is known by its first letter, so `-ps`, `-postscript` and `-p` are one option; a letter
// taking a value takes the rest of the word (`-c4`, `-cx`) unless the word is the letter or
// the option's long name alone (`-c`, `-cols`), when it takes the next word. A word with
// another letter is unknown (this xxd stops on it, a later one may know it). The model lists each
// option as its letter and, for one taking a value, its long name.
import type { Arg } from '../words.js';
import { emptyParsed, fail, literal, mayBeOption, type OptionSpec, type Parsed } from './types.js';

export function parseXxd(args: readonly Arg[], start: number, spec: OptionSpec): Parsed {
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
    if (v === null || v.charCodeAt(0) !== 45 /* - */ || v === '-') break;
    const body = v.startsWith('--') && v.length > 2 ? v.slice(2) : v.slice(1);
    if (v === '--') {
      i++;
      break;
    }
    const def = spec.short.get(body[0]!);
    if (!def) {
      // This xxd stops on it; a later one may know it (`-R`, colours): unproven, not nothing.
      fail(p, 'unknown_option', v);
      return p;
    }
    if (def.arity === 'none') {
      p.occurrences.push({ def, value: undefined, negated: false, word: v });
      continue;
    }
    const longName = spec.long.get(body) === def;
    if (body.length > 1 && !longName) {
      p.occurrences.push({ def, value: literal(body.slice(1), a), negated: false, word: v });
      continue;
    }
    const next = args[i + 1];
    if (!next) {
      p.usage = true;
      fail(p, 'missing_value', v);
      return p;
    }
    i++;
    p.occurrences.push({ def, value: next, negated: false, word: v });
  }
  p.dashdashAt = 0;
  for (; i < args.length; i++) p.operands.push(args[i]!);
  return p;
}
