// Every option and subcommand of a program, for the grammar fuzzer: from @withfig/autocomplete's
// spec where it has one (a dev-only dependency), else from the installed program's own --help.
// Flattened to one table per subcommand path, with the options that path accepts.
import { spawnSync } from 'node:child_process';
import { figSpec, type FigNode, type FigOption } from '../../option-audit/fig.js';

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

function toOpt(o: FigOption): Opt {
  return o.value ? { names: [...o.names], value: o.value } : { names: [...o.names] };
}

/** The spec's subcommand tree, two levels deep, persistent options inherited. */
function flatten(node: FigNode, depth: number, prefix: string[], inherited: Opt[], out: Grammar['paths']): void {
  out.push({ sub: prefix, opts: [...inherited, ...node.options.map(toOpt)] });
  if (depth === 0) return;
  const persistent = node.options.filter((o) => o.persistent).map(toOpt);
  for (const sc of node.subcommands) flatten(sc, depth - 1, [...prefix, sc.names[0]!], [...inherited, ...persistent], out);
}

export async function figGrammar(program: string, specName = program): Promise<Grammar | undefined> {
  const spec = await figSpec(specName);
  if (!spec) return undefined;
  const paths: Grammar['paths'] = [];
  flatten(spec, 2, [], [], paths);
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
