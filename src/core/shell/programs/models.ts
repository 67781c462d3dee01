// Programs modelled as data (issue 25): what people run to look, in the programs the other
// families did not model (jj, hg, svn, pulumi, doctl, crontab -l, pacman -Q …) or modelled
// without these reads (cargo info, npm token list, bun pm list). Each model is a closed world,
// from the program's manual:
//   solo     words that, as the program's only argument, print its usage or version
//            (`tmux -V`, `ffmpeg -version`; `--help` and `--version` are help-version.ts's rule);
//   options  a program without subcommands: its read-only options (option-table.ts notation);
//            any other option leaves the command unknown;
//   reads    a program with subcommands: each path that only reads, with its read-only options
//            (`'status,st': '-s --short'`); `path#N` allows at most N operands (`bookmarks#0`:
//            `hg bookmarks NAME` makes one); global options come before the path;
//   mutations  paths that change state (a refused write, not an unknown);
//   require  for `options`: one of these must be given (`crontab` installs a file without `-l`);
//   operand  for `options`: a pattern every operand must match (`sysctl k=v` sets);
//   bare     the program alone only prints (default: unknown);
//   over     the family that models the program's other commands: what this model does not
//            prove a read is judged there (`pacman -S x` stays a dependency change).
// A model never widens another: it only adds reads and hands everything else on.
import { handlerTable, type HandlerTable } from '../handler-table.js';
import { defineOptions, onFirstUse, readerHandler, scanOptions, scanned, type OptionTable } from '../option-table.js';
import type { Handler, Invocation, ShellWalker } from '../walker.js';
import type { Arg } from '../words.js';
import { cli, reads as readTables } from './cli-model.js';
import { MODELS, type Model } from './models-data.js';

type Family = NonNullable<Model['over']>;

/** The handler another family has for a name (a model's `over`), given by dispatch.ts: this module does not load the others itself. */
let previousOf: (family: Family, name: string) => Handler | undefined = () => undefined;

export function setFamilyLookup(lookup: (family: Family, name: string) => Handler | undefined): void {
  previousOf = lookup;
}

function previous(family: Family, name: string): Handler | undefined {
  return previousOf(family, name);
}

/** Splits `path#N` keys into the tables' keys and the operand limits. */
function pathLimits(entries: Readonly<Record<string, string>>): { tables: Record<string, string>; max: Map<string, number> } {
  const tables: Record<string, string> = {};
  const max = new Map<string, number>();
  for (const [key, options] of Object.entries(entries)) {
    const paths: string[] = [];
    for (const raw of key.split(',')) {
      const m = /^(.+?)#(\d+)$/.exec(raw.trim());
      const p = m ? m[1]! : raw.trim();
      if (m) max.set(p, Number(m[2]));
      paths.push(p);
    }
    tables[paths.join(',')] = options;
  }
  return { tables, max };
}

function words(list: string | undefined): string[] {
  return (list ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}

function subcommandHandler(m: Model): Handler {
  const made = onFirstUse(() => {
    const { tables, max } = pathLimits(m.reads!);
    const global = m.global ?? '';
    const readMap = readTables(tables, global, m.singleDash ?? false);
    return { max, readMap, global: defineOptions({ read: global, abbrev: false, singleDash: m.singleDash ?? false }) };
  });
  return cli(() => {
    const { max, readMap, global } = made();
    return {
      global,
      reads: readMap,
      mutations: new Set(words(m.mutations)),
      known: new Set(words(m.known)),
      depth: m.depth ?? 2,
      // The programs modelled here take their global options anywhere (jj, hg, svn, cobra's and clap's CLIs, cleo, apt).
      globalBetween: true,
      refine: (path: string, inv: Invocation, rest: readonly Arg[]) => {
        // `npm prune --dry-run`, `apt-get -s install x`: a path that reads only with one of its options, given anywhere.
        const need = m.pathRequire?.[path];
        if (need !== undefined) {
          const names = need.split(/\s+/);
          if (!inv.args.some((a) => a.value !== null && names.includes(a.value))) return false;
        }
        const limit = max.get(path);
        if (limit === undefined && !m.operand) return true;
        const operands = scanOptions(rest, 0, readMap.get(path)!).operands;
        if (limit !== undefined && operands.length > limit) return false;
        return !m.operand || operands.every((a) => a.value !== null && m.operand!.test(a.value));
      },
    };
  });
}

function flatHandler(m: Model): Handler {
  const table = onFirstUse(
    (): OptionTable => defineOptions({ read: m.options!, abbrev: false, singleDash: m.singleDash ?? false, numeric: m.numeric ?? false }),
  );
  const required = (m.require ?? '').split(/\s+/).filter(Boolean);
  const operand = m.operand;
  return (w, inv) => {
    const t = table();
    const s = scanOptions(inv.args, 1, t);
    if (s.problem === undefined && s.maybeOptions.length === 0) {
      const names = new Set(s.options.map((o) => o.name));
      const fails =
        (required.length > 0 && !scanned(s, ...required)) ||
        (m.check !== undefined && !m.check(names)) ||
        (m.maxOperands !== undefined && s.operands.length > m.maxOperands) ||
        (operand !== undefined && s.operands.some((a) => a.value === null || !operand.test(a.value)));
      if (fails) return w.unknown(inv, 'shell_command_unproven');
    }
    readerHandler(t)(w, inv);
  };
}

/** Whether the repository configuration `m` names, upward from the working folder, is safe (none found is safe). */
function repoConfigSafe(w: ShellWalker, inv: Invocation, c: NonNullable<Model['repoConfig']>): boolean {
  let dir = inv.scope.cwd;
  if (dir === null) return false;
  for (;;) {
    if (w.isDirectory(`${dir}/${c.marker}`)) {
      const file = `${dir}/${c.file}`;
      if (!w.exists(file)) return true;
      const text = w.readFile(file);
      return text !== undefined && c.safe(text);
    }
    if (dir === '/' || dir === '') return true;
    dir = dir.slice(0, dir.lastIndexOf('/')) || '/';
  }
}

function modelHandler(name: string, m: Model): Handler {
  const solo = new Set((m.solo ?? '').split(/\s+/).filter(Boolean));
  const inner = m.reads ? subcommandHandler(m) : m.options !== undefined ? flatHandler(m) : undefined;
  return (w: ShellWalker, inv: Invocation) => {
    const args = inv.args;
    if (args.length === 2 && solo.has(args[1]!.value ?? '')) return w.acc.read();
    if (m.repoConfig && !repoConfigSafe(w, inv, m.repoConfig)) return w.unknown(inv, 'shell_command_unproven');
    const over = m.over ? previous(m.over, name) : undefined;
    if (args.length === 1 && !m.bare && m.options === undefined) return over ? over(w, inv) : w.unknown(inv, 'shell_command_unproven');
    if (!inner) return over ? over(w, inv) : w.unknown(inv, 'shell_command_unproven');
    if (!over) return inner(w, inv);
    // Proven a read here, or judged by the family that models the rest.
    const trial = w.isolate(() => inner(w, inv)).finish();
    if (trial.mutability === 'read' && !trial.intents.dependency && !trial.intents.hash) return inner(w, inv);
    over(w, inv);
  };
}

export const modelHandlers: HandlerTable = handlerTable(
  Object.fromEntries(Object.keys(MODELS).map((name) => [name, modelHandler(name, MODELS[name]!)])) as HandlerTable,
);
