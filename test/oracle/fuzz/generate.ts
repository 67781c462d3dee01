// Seeded command generation from a program's grammar: subcommands, options in every spelling the
// parser families accept (`--opt=value`, `--opt value`, abbreviations, `--no-` negations, short
// clusters, attached short values), values that look like options, `--`, operands, and the
// program's own environment variables (one or two, fixed or with any of ENV_VALUES). Same seed,
// same commands.
import type { Grammar, Opt } from './grammar.js';
import { COMMON_VALUES, ENV_VALUES, type Program } from './programs.js';

import { seededRandom as rng } from '../../support/random.js';

/** Quotes a word for bash when it needs it. */
export function q(w: string): string {
  if (w === "''") return w;
  return /^[A-Za-z0-9_./:=@%+,~^-]+$/.test(w) ? w : `'${w.replace(/'/g, "'\\''")}'`;
}

interface Ctx {
  r: () => number;
  values: string[];
}

function pick<T>(r: () => number, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)]!;
}

function value(c: Ctx): string {
  return q(pick(c.r, c.values));
}

/** One option, spelled one of the ways its parser family accepts (and some it may not). */
function spell(c: Ctx, o: Opt, opts: Opt[]): string[] {
  const r = c.r;
  const name = pick(r, o.names);
  const long = name.startsWith('--');
  const roll = r();
  if (long && roll < 0.12) return [`--no-${name.slice(2)}`];
  if (long && roll < 0.22 && name.length > 5) {
    // An abbreviation: a prefix the program may take for the whole name.
    const cut = 3 + Math.floor(r() * (name.length - 4));
    return [name.slice(0, cut)].concat(o.value === 'required' ? [value(c)] : []);
  }
  if (!o.value) {
    if (/^-[A-Za-z0-9]$/.test(name) && roll < 0.45) {
      // A cluster of short flags, value-taking ones last with the value attached.
      const shorts = opts.flatMap((x) => x.names.filter((n) => /^-[A-Za-z0-9]$/.test(n)));
      const extra = Array.from({ length: 1 + Math.floor(r() * 2) }, () => pick(r, shorts).slice(1));
      return [`${name}${extra.join('')}`];
    }
    if (roll < 0.3 && long) return [`${name}=${value(c)}`];
    return [name];
  }
  if (o.value === 'optional') return roll < 0.6 ? [`${name}=${value(c)}`] : [name];
  if (long) return roll < 0.5 ? [`${name}=${value(c)}`] : [name, value(c)];
  if (/^-[A-Za-z0-9]$/.test(name) && roll < 0.35) return [`${name}${value(c)}`];
  return [name, value(c)];
}

/** One of the program's environment assignments: as written, or a bare name with a value drawn. */
function assignment(r: () => number, env: readonly string[]): string {
  const e = pick(r, env);
  return e.includes('=') ? e : `${e}=${q(pick(r, ENV_VALUES))}`;
}

export function generate(program: Program, grammar: Grammar, count: number, seed: number): string[] {
  const r = rng(seed);
  const c: Ctx = { r, values: [...COMMON_VALUES, ...(program.values ?? [])] };
  const skip = new Set(program.skipSubs ?? []);
  const paths = grammar.paths.filter((p) => !p.sub.some((s) => skip.has(s)));
  const out = new Set<string>();
  let tries = 0;
  while (out.size < count && tries < count * 4) {
    tries++;
    const path = pick(r, paths);
    const words: string[] = [];
    if (program.env?.length && r() < 0.15) {
      words.push(assignment(r, program.env));
      if (r() < 0.2) words.push(assignment(r, program.env));
    }
    words.push(program.name, ...path.sub);
    const nOpts = path.opts.length ? Math.floor(r() * 4) : 0;
    for (let i = 0; i < nOpts; i++) words.push(...spell(c, pick(r, path.opts), path.opts));
    const nOperands = Math.floor(r() * 3);
    const dashdash = r() < 0.15;
    if (dashdash) words.push('--');
    for (let i = 0; i < nOperands; i++) words.push(value(c));
    // An option after the operands: permuting parsers still read it.
    if (path.opts.length && r() < 0.2) words.push(...spell(c, pick(r, path.opts), path.opts));
    out.add(words.join(' '));
  }
  return [...out];
}
