// Seeded command generation from a program's grammar: subcommands, options in every spelling the
// parser families accept (`--opt=value`, `--opt value`, abbreviations, `--no-` negations, short
// clusters, attached short values), values that look like options, `--`, operands, and the
// program's own environment variables (one or two, fixed or with any of ENV_VALUES). A quarter of
// the draws (SHAPED) are built around one sequence that only the order of its words decides,
// drawn from the path's own options (shape() below): a flag and its negation in both orders, an
// abbreviated negation, two flags in both orders, a value-taking option whose value is one of the
// path's flags, a short cluster ending in a value-taking letter before a flag-like word, and
// `--`/`--end-of-options` before option-like operands; with both orders kept, some three in ten
// of the commands. Independent picks make these rare, and
// they are where a parser that reads words one at a time and the real one part ways. Same seed,
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

/** The share of draws built around one order-decided sequence (shape()); each gives one or two commands. */
export const SHAPED = 0.25;

/**
 * Spellings of the flags a read is proven by (a dry run, a listing, a check): preferred, half the
 * time, where a shape needs a flag or a flag to negate, so `-o -n` and `--no-dry-run` after `-n` come up often enough
 * in a program's few hundred commands.
 */
const PROOF_LIKE = /^--?(?:n|l|t|p|dry|dry-?run|no-act|just-print|recon|simulate|check|list|print|show|preview|noop|what-if|test|stat)$/;

const SHORT = /^-[A-Za-z0-9]$/;

/** `--x` ↔ `--no-x`. */
function negate(long: string): string {
  return long.startsWith('--no-') ? `--${long.slice(5)}` : `--no-${long.slice(2)}`;
}

/** A prefix of a long name, at least `min` characters and shorter than the name. */
function abbreviate(r: () => number, name: string, min: number): string {
  if (name.length <= min + 1) return name;
  return name.slice(0, min + Math.floor(r() * (name.length - min)));
}

/** A flag of the path, a proof-like one half the time when it has one. */
function flagName(r: () => number, flags: Opt[]): string {
  const proof = flags.flatMap((o) => o.names.filter((n) => PROOF_LIKE.test(n)));
  if (proof.length && r() < 0.5) return pick(r, proof);
  return pick(r, pick(r, flags).names);
}

/**
 * One sequence the parser decides by the order of its words, from the path's own options, in
 * each order worth running (one or two word lists). Undefined when the path has nothing to build
 * the drawn shape from.
 */
function shape(r: () => number, opts: Opt[]): string[][] | undefined {
  const flags = opts.filter((o) => !o.value);
  const longFlags = flags.filter((o) => o.names.some((n) => n.startsWith('--') && n.length > 3));
  const valued = opts.filter((o) => o.value);
  const shortFlags = flags.flatMap((o) => o.names.filter((n) => SHORT.test(n)));
  const shortValued = valued.filter((o) => o.value === 'required').flatMap((o) => o.names.filter((n) => SHORT.test(n)));
  const kind = Math.floor(r() * 6);
  if (kind <= 1) {
    // A flag and its negation, in both orders (last wins); or the negation abbreviated after the
    // flag and the flag abbreviated after its negation.
    if (!longFlags.length) return undefined;
    const proof = longFlags.filter((x) => x.names.some((n) => PROOF_LIKE.test(n)));
    const o = proof.length && r() < 0.5 ? pick(r, proof) : pick(r, longFlags);
    const long = pick(
      r,
      o.names.filter((n) => n.startsWith('--') && n.length > 3),
    );
    const any = pick(r, o.names);
    const neg = negate(long);
    if (kind === 0)
      return [
        [any, neg],
        [neg, any],
      ];
    return [
      [any, abbreviate(r, neg, Math.min(neg.length, long.startsWith('--no-') ? 4 : 7))],
      [neg, abbreviate(r, long, 4)],
    ];
  }
  if (kind === 2) {
    // Two flags of the path (two modes, where it has them), in both orders.
    if (flags.length < 2) return undefined;
    const a = flagName(r, flags);
    const b = pick(r, pick(r, flags).names);
    return a === b
      ? undefined
      : [
          [a, b],
          [b, a],
        ];
  }
  if (kind === 3) {
    // A value-taking option whose value is one of the path's flags: taken as the value by the
    // real parser when required, left a flag when the value is optional and not attached.
    if (!valued.length || !flags.length) return undefined;
    const o = pick(r, valued);
    const name = pick(r, o.names);
    const f = flagName(r, flags);
    const attached = name.startsWith('--') ? `${name}=${f}` : SHORT.test(name) ? `${name}${f}` : undefined;
    return [[name, f], ...(attached && r() < 0.5 ? [[attached]] : [])];
  }
  if (kind === 4) {
    // A short cluster ending in a value-taking letter, then a flag-like word (its value); or the
    // value-taking letter first, the rest of the cluster its value.
    if (!shortValued.length || !shortFlags.length) return undefined;
    const v = pick(r, shortValued).slice(1);
    const lead = Array.from({ length: 1 + Math.floor(r() * 2) }, () => pick(r, shortFlags).slice(1)).join('');
    return [[`-${lead}${v}`, flagName(r, flags)], [`-${v}${lead}`]];
  }
  // `--` or `--end-of-options`, then operands that look like the path's options.
  if (!opts.length) return undefined;
  const marker = r() < 0.5 ? '--' : '--end-of-options';
  const looks = Array.from({ length: 1 + Math.floor(r() * 2) }, () => (flags.length ? flagName(r, flags) : pick(r, pick(r, opts).names)));
  return [[marker, ...looks]];
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
    // A path the drawn shape needs more options for gets up to two more draws.
    let shaped: string[][] | undefined;
    if (r() < SHAPED) for (let k = 0; k < 3 && !shaped; k++) shaped = shape(r, path.opts);
    if (shaped) {
      // Around the shape: maybe one option before it, maybe operands after it.
      if (r() < 0.3) words.push(...spell(c, pick(r, path.opts), path.opts));
      const operands = Array.from({ length: Math.floor(r() * 3) }, () => value(c));
      for (const seq of shaped) if (out.size < count) out.add([...words, ...seq, ...operands].join(' '));
      continue;
    }
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
