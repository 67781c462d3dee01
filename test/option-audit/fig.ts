// @withfig/autocomplete's completion specs (a dev-only dependency: never in the bundle), read
// as plain trees: every subcommand with its aliases and every option with its spellings, to
// any depth. A subcommand that loads its spec from another file of the package (`aws ec2`,
// `docker compose`) is read from that file; a program whose spec is versioned (az, heroku)
// is read from its newest version. The option audit (option-audit.test.ts) walks these trees;
// the grammar fuzzer (test/oracle/fuzz/grammar.ts) flattens them.
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const SPEC_DIR = path.dirname(createRequire(import.meta.url).resolve('@withfig/autocomplete'));

export interface FigOption {
  /** Every spelling: `-x`, `--long`, `-long`. */
  readonly names: readonly string[];
  /** Inherited by the subcommands below (fig's isPersistent). */
  readonly persistent: boolean;
  /** Takes a value: 'required', 'optional' (only attached, `--opt=value`), or none. */
  readonly value?: 'required' | 'optional';
}

export interface FigNode {
  /** The subcommand's names, the first its usual one; the program's own name at the top. */
  readonly names: readonly string[];
  readonly options: readonly FigOption[];
  readonly subcommands: readonly FigNode[];
}

interface RawArg {
  isOptional?: boolean;
}
interface RawOption {
  name?: unknown;
  args?: RawArg | RawArg[];
  isPersistent?: boolean;
  requiresSeparator?: boolean | string;
  requiresEquals?: boolean;
}
interface RawSpec {
  name?: unknown;
  options?: RawOption[];
  subcommands?: RawSpec[];
  loadSpec?: unknown;
}

/** The plain names of a spec's `name` (one or a list), without any that hold spaces (fig's display-only names). */
export function figNames(n: unknown): string[] {
  return (Array.isArray(n) ? n : [n]).filter((x): x is string => typeof x === 'string' && x.length > 0 && !/\s/.test(x));
}

function option(o: RawOption): FigOption | undefined {
  const names = figNames(o.name).map((n) => n.replace(/=$/, ''));
  if (names.length === 0) return undefined;
  const args = o.args === undefined ? [] : Array.isArray(o.args) ? o.args : [o.args];
  const value = args.length === 0 ? undefined : args.every((a) => a?.isOptional) || o.requiresSeparator || o.requiresEquals ? 'optional' : 'required';
  return { names, persistent: o.isPersistent === true, ...(value ? { value } : {}) };
}

/** The spec a file of the package exports: its default object, or a versioned spec's newest version. */
async function load(rel: string): Promise<RawSpec | undefined> {
  const file = path.join(SPEC_DIR, `${rel}.js`);
  if (existsSync(file)) {
    const mod = (await import(pathToFileURL(file).href)) as { default?: unknown };
    if (mod.default && typeof mod.default === 'object') return mod.default as RawSpec;
  }
  const dir = path.join(SPEC_DIR, rel);
  if (!existsSync(dir)) return undefined;
  // A versioned spec (az, heroku): the folder holds one file per version.
  const versions = readdirSync(dir)
    .filter((f) => /^\d+(?:\.\d+)*\.js$/.test(f))
    .map((f) => f.slice(0, -3))
    .sort((a, b) => {
      const x = a.split('.').map(Number);
      const y = b.split('.').map(Number);
      for (let i = 0; i < Math.max(x.length, y.length); i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
      return 0;
    });
  const newest = versions[versions.length - 1];
  return newest === undefined ? undefined : load(`${rel}/${newest}`);
}

async function tree(spec: RawSpec, names: string[], depth: number): Promise<FigNode> {
  let s = spec;
  // `{ name: 'compose', loadSpec: 'docker-compose' }`: the subcommand's own spec is another file.
  if (typeof s.loadSpec === 'string' && !s.subcommands && !s.options && depth > 0) s = (await load(s.loadSpec)) ?? s;
  const options = (s.options ?? []).map(option).filter((o): o is FigOption => o !== undefined);
  const subcommands: FigNode[] = [];
  if (depth < 12) {
    for (const sc of s.subcommands ?? []) {
      const n = figNames(sc.name);
      if (n.length > 0) subcommands.push(await tree(sc, n, depth + 1));
    }
  }
  return { names, options, subcommands };
}

/** The spec of `program` as a tree, or undefined when the package has none. */
export async function figSpec(program: string): Promise<FigNode | undefined> {
  const spec = await load(program);
  return spec ? tree(spec, [program], 0) : undefined;
}
