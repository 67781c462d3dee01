// The models family: the program models (src/core/shell/models/*.json) that no other family's
// module imports, each answered through the one interpreter (program-model.ts). Most are
// `table` models (issue 25: what people run to look, in programs the other families did not
// model, or modelled without these reads: jj, hg, svn, pulumi, crontab -l, pacman -Q, cargo
// info …). This module supplies what their data cannot say: the code conditions they name and
// the families their `over` hands the rest to. Adding a program: ARCHITECTURE.md ("Adding a
// program").
import { handlerTable, type HandlerTable, type NamesTo } from '../handler-table.js';
import { modelHandler, programModel, type TableCodes } from '../program-model.js';
import type { Handler } from '../walker.js';
import { CATALOG } from './model-catalog.js';

type Family = Parameters<NonNullable<TableCodes['over']>>[0];

/** The handler another family has for a name (a model's `over`), given by dispatch.ts: this module does not load the others itself. */
let previousOf: (family: Family, name: string) => Handler | undefined = () => undefined;

export function setFamilyLookup(lookup: (family: Family, name: string) => Handler | undefined): void {
  previousOf = lookup;
}

/**
 * pacman's query operation (`-Q…`) only reads; its sync operation reads only as a search, an
 * info or a list (`-Ss`, `-Si`, `-Sl`, `-Sg`), given nothing else: `-S x` installs, `-Sc` cleans
 * the cache even beside `-s`, `-Sy` refreshes the databases (not in the table, so unknown).
 */
function pacmanQuery(names: ReadonlySet<string>): boolean {
  // `pacman -S --help`: the usage of an operation.
  if (names.has('-h') || names.has('--help')) return true;
  if (names.has('-Q') || names.has('--query')) return !names.has('-S') && !names.has('--sync');
  if (!names.has('-S') && !names.has('--sync')) return false;
  for (const n of names)
    if (!['-S', '--sync', '-s', '--search', '-i', '--info', '-l', '--list', '-g', '--groups', '-q', '--quiet', '-a'].includes(n)) return false;
  return ['-s', '--search', '-i', '--info', '-l', '--list', '-g', '--groups'].some((n) => names.has(n));
}

/** Mercurial's repository config with no section but `[paths]`: `[hooks]`, `[extensions]`, `[pager]`, `[ui]` and `%include` can run programs. */
function hgrcSafe(text: string): boolean {
  for (const line of text.split('\n')) {
    const t = line.trim();
    if (t.startsWith('%')) return false;
    if (t.startsWith('[') && !/^\[paths\]$/.test(t)) return false;
  }
  return true;
}

/** jj's repository config: any setting may name a pager, a diff or merge tool, an editor. */
function emptyConfig(text: string): boolean {
  return text.split('\n').every((l) => l.trim() === '' || l.trim().startsWith('#'));
}

/** The code the models name (`check`, `repoConfig.safe`), and their families. */
const MODEL_CODES: TableCodes = {
  checks: { pacmanQuery },
  texts: { hgrcSafe, emptyConfig },
  over: (family, name) => previousOf(family, name),
};

export const modelHandlers: HandlerTable = handlerTable(
  ...CATALOG.map((data): NamesTo => {
    const m = programModel(data);
    return [m.names, modelHandler(m, {}, MODEL_CODES)];
  }),
);
