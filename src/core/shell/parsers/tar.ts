// tar's three forms (GNU tar, bsdtar): the old style, a first word of letters without a dash
// whose options taking a value take the next words in order (`tar cvfb a.tar 20 dir`); the
// short style (`-xvf a.tar`, clusters as getopt has them); and long options (`--file=a.tar`,
// abbreviated as getopt_long allows). After the first word, tar reads as getopt_long does.
import type { Arg } from '../words.js';
import { parseGetopt } from './getopt.js';
import type { Occurrence, OptionSpec, Parsed } from './types.js';

export function parseTar(args: readonly Arg[], start: number, spec: OptionSpec): Parsed {
  const first = args[start]?.value;
  if (first === undefined || first === null || first === '' || first.startsWith('-') || args[start]!.glob) return parseGetopt(args, start, spec);
  const old: Occurrence[] = [];
  let next = start + 1;
  let bad: string | undefined;
  for (const c of first) {
    const def = spec.short.get(c);
    if (!def) {
      bad ??= `-${c}`;
      continue;
    }
    if (def.arity === 'required') {
      const value = args[next];
      if (value) next++;
      else bad ??= first;
      old.push({ def, value, negated: false, word: first });
    } else old.push({ def, value: undefined, negated: false, word: first });
  }
  const rest = parseGetopt(args, next, spec);
  rest.occurrences.unshift(...old);
  if (bad !== undefined && rest.problem === undefined) {
    rest.problem = bad === first ? 'missing_value' : 'unknown_option';
    rest.problemWord = bad;
  }
  return rest;
}
