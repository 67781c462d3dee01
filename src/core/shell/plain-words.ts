// Command substitutions whose output is known to be plain words (docs/DESIGN.md#shell-classification).
// `git diff $(git merge-base main HEAD)` is a read only if the substitution cannot print an
// option: these git plumbing commands print commit ids, ref names (git refuses a ref name
// that starts with `-` or holds blanks or glob characters) or, on failure, the literal
// revision they were given — so every word of their output is a revision, never an option
// and never a glob. A word made of such substitutions and literal text that does not start
// with `-` expands to zero or more such words.
import type { ShNode } from './ast.js';
import { lookupTable } from '../lookup-table.js';

/** A revision as typed: ref-name characters and revision suffixes, not starting with `-`. */
const REVISION = /^(?!-)[A-Za-z0-9_./@^~{}+-]+$/;

/** Options of each producer that keep its output to commit ids and ref names. */
const PRODUCERS = lookupTable<RegExp>({
  __proto__: null,
  'rev-parse': /^(?:--verify|-q|--quiet|--short(?:=\d+)?|--abbrev-ref|--symbolic-full-name|--end-of-options)$/,
  'merge-base': /^(?:--all|--fork-point|--octopus|--independent)$/,
  'rev-list': /^(?:-n|-\d+|--max-count=\d+|--all|--reverse|--first-parent|--no-merges|--merges|--topo-order|--date-order|--abbrev-commit|--count)$/,
  describe: /^(?:--tags|--all|--always|--exact-match|--long|--abbrev=\d+|--dirty|--first-parent)$/,
  'symbolic-ref': /^(?:--short|-q|--quiet)$/,
  branch: /^--show-current$/,
});

/** True when `node` is the script of a substitution that prints only revision words. */
export function printsRevisions(node: ShNode): boolean {
  if (node.k !== 'seq' || node.items.length !== 1) return false;
  const c = node.items[0]!;
  if (c.k !== 'cmd' || c.assigns.length > 0) return false;
  for (const r of c.redirects) if (!(r.fd === 2 && r.op === '>' && r.target?.lit === '/dev/null')) return false;
  const words = c.words.map((w) => w.lit);
  if (words[0] !== 'git' || words.some((w) => w === undefined)) return false;
  const sub = words[1]!;
  const options = PRODUCERS[sub];
  if (!options) return false;
  if (sub === 'branch' && words.length !== 3) return false;
  for (let i = 2; i < words.length; i++) {
    const w = words[i]!;
    if (w.startsWith('-')) {
      if (!options.test(w)) return false;
      if (w === '-n') i++;
      continue;
    }
    if (!REVISION.test(w)) return false;
  }
  return true;
}

/** Literal text inside such a word: ref-name characters only, and never the start of an option. */
export function plainLiteral(text: string): boolean {
  return text === '' || /^(?!-)[A-Za-z0-9_./@^~{}:+=,-]+$/.test(text);
}
