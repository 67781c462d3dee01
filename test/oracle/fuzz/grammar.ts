// Every option and subcommand of a program, for the grammar fuzzer: from @withfig/autocomplete's
// spec where it has one (a dev-only dependency), else from the installed program's own --help.
// Flattened to one table per subcommand path, with the options that path accepts.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface Opt {
  /** Every spelling: `-x`, `--long`, `-long` (OpenSSL, xxd, find), `x` (tar's old style). */
  names: string[];
  /** Takes a value: 'required', 'optional' (only as `--opt=value`), or none. */
  value?: 'required' | 'optional';
}

export interface Grammar {
  program: string;
  source: 'fig' | 'help';
  /** Subcommand path (empty for the program itself) to its options. */
  paths: { sub: string[]; opts: Opt[] }[];
}

interface FigOption {
  name: string | string[];
  args?: FigArg | FigArg[];
  isPersistent?: boolean;
  requiresSeparator?: boolean | string;
  requiresEquals?: boolean;
}
interface FigArg {
  isOptional?: boolean;
}
interface FigSub {
  name: string | string[];
  options?: FigOption[];
  subcommands?: FigSub[];
}

const SPEC_DIR = path.join(path.dirname(createRequire(import.meta.url).resolve('@withfig/autocomplete')), '');

function names(n: string | string[]): string[] {
  return (Array.isArray(n) ? n : [n]).filter((x) => typeof x === 'string' && x.length > 0 && !/\s/.test(x));
}

function toOpt(o: FigOption): Opt | undefined {
  const ns = names(o.name);
  if (!ns.length) return undefined;
  const args = o.args === undefined ? [] : Array.isArray(o.args) ? o.args : [o.args];
  if (!args.length) return { names: ns };
  return { names: ns, value: args.every((a) => a.isOptional) || o.requiresSeparator || o.requiresEquals ? 'optional' : 'required' };
}

/** The spec's subcommand tree, two levels deep, persistent options inherited. */
function flatten(spec: FigSub, depth: number, prefix: string[], inherited: Opt[], out: Grammar['paths']): void {
  const own = (spec.options ?? []).map(toOpt).filter((o): o is Opt => o !== undefined);
  const persistent = (spec.options ?? [])
    .filter((o) => o.isPersistent)
    .map(toOpt)
    .filter((o): o is Opt => o !== undefined);
  out.push({ sub: prefix, opts: [...inherited, ...own] });
  if (depth === 0) return;
  for (const sc of spec.subcommands ?? []) {
    const n = names(sc.name)[0];
    if (!n) continue;
    flatten(sc, depth - 1, [...prefix, n], [...inherited, ...persistent], out);
  }
}

export async function figGrammar(program: string, specName = program): Promise<Grammar | undefined> {
  const file = path.join(SPEC_DIR, `${specName}.js`);
  if (!existsSync(file)) return undefined;
  const mod = (await import(pathToFileURL(file).href)) as { default?: FigSub };
  if (!mod.default || typeof mod.default !== 'object') return undefined;
  const paths: Grammar['paths'] = [];
  flatten(mod.default, 2, [], [], paths);
  return { program, source: 'fig', paths };
}

/**
 * Options as a program's help lists them: a line's leading `-x, --long[=ARG]` or `-opt val`
 * spellings. Ground truth of the installed version, without the descriptions' guesswork.
 */
export function parseHelp(text: string): Opt[] {
  const out: Opt[] = [];
  const seen = new Set<string>();
  for (const line of text.split('\n')) {
    const m =
      /^\s{0,8}((?:-{1,2}[A-Za-z0-9][-A-Za-z0-9_+]*(?:\[?[= ][A-Za-z<[][^,\s]*)?(?:,\s*|\s+(?=-)))*-{1,2}[A-Za-z0-9][-A-Za-z0-9_+]*(?:\[?[= ][A-Za-z<[][^\s,]*)?)/.exec(
        line,
      );
    if (!m) continue;
    const opt: Opt = { names: [] };
    for (const part of m[1]!.split(/,\s*|\s+(?=-)/)) {
      const p = /^(-{1,2}[A-Za-z0-9][-A-Za-z0-9_+]*)(\[=)?([= ])?(.*)$/.exec(part.trim());
      if (!p) continue;
      opt.names.push(p[1]!);
      if (p[2]) opt.value = 'optional';
      else if (p[3] && p[4] && /^[A-Z<[]|^[a-z]+$/.test(p[4]) && !opt.value) opt.value = 'required';
    }
    const key = opt.names.join(' ');
    if (opt.names.length && !seen.has(key)) {
      seen.add(key);
      out.push(opt);
    }
  }
  return out;
}

function helpText(argv: string[]): string {
  const r = spawnSync(argv[0]!, argv.slice(1), { encoding: 'utf8', timeout: 5000, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LANG: 'C' } });
  return `${r.stdout ?? ''}\n${r.stderr ?? ''}`;
}

/** A program's grammar from its own help; `subs` each read with `<program> <sub> <helpFlag>`. */
export function helpGrammar(program: string, helpFlag = '--help', subs: string[] = []): Grammar | undefined {
  const top = parseHelp(helpText([program, helpFlag]));
  const paths: Grammar['paths'] = [{ sub: [], opts: top }];
  for (const s of subs) paths.push({ sub: [s], opts: parseHelp(helpText([program, s, helpFlag])) });
  if (paths.every((p) => p.opts.length === 0)) return undefined;
  return { program, source: 'help', paths };
}
