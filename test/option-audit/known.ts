// What remit's models know of a program, asked of each model family (issue 25 part 3): the
// options they name at each subcommand path and the subcommand paths they decide. One entry,
// knownNames(program), finds the family that answers the program (program-index.ts, as
// dispatch.ts does) and reads that family's own data: option tables (read-tables.ts,
// option-table.ts), the table models (models/*.json with the `table` parser), the models as data
// (src/core/shell/models/*.json), the CLI models (cli-model.ts) and the constants hand-written
// handlers decide by (handwritten.ts). Nothing here restates a list: each answer is the data
// the classifier itself uses. Test-only: nothing here is part of the hook bundle.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ProgramModel } from '../../src/generated/types.js';
import { isHelpOrVersion } from '../../src/core/shell/help-version.js';
import { PROGRAM_NAMES } from '../../src/core/shell/program-index.js';
import { READER_TABLES } from '../../src/core/shell/read-tables.js';
import { HANDWRITTEN, PROBED_OPTIONS } from './handwritten.js';
import { compactModelNode, dataModelNode, flatNode, NONE, probed, probedTop, tableOptions, union, WHOLE, withOptions, type Known } from './nodes.js';

export { WHOLE, type Known } from './nodes.js';

/** The family names in dispatch.ts's order (FAMILIES), as program-index.ts lists them. */
export const FAMILY_NAMES = [
  'reads',
  'files',
  'builtins',
  'wrappers',
  'checks',
  'packages',
  'interpreters',
  'network',
  'hash',
  'scripts',
  'system',
  'datastores',
  'models',
  'git-remit-pwsh',
] as const;
export type FamilyName = (typeof FAMILY_NAMES)[number];

/** The family that answers `program` (the last that has it, as dispatch.ts looks it up). */
export function familyOf(program: string): FamilyName | undefined {
  const key = ` ${program} `;
  const i = PROGRAM_NAMES.findIndex((line) => line.includes(key));
  return i < 0 ? undefined : FAMILY_NAMES[i];
}

/** Every program name some family answers. */
export function programNames(): string[] {
  return PROGRAM_NAMES.flatMap((line) => line.trim().split(/\s+/));
}

// ---- models as data (src/core/shell/models/*.json) ----

const MODEL_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src/core/shell/models');

/** Every model file, by each program name it declares. */
function dataModels(): Map<string, ProgramModel> {
  const out = new Map<string, ProgramModel>();
  for (const f of readdirSync(MODEL_DIR)) {
    if (!f.endsWith('.json')) continue;
    const m = JSON.parse(readFileSync(path.join(MODEL_DIR, f), 'utf8')) as ProgramModel;
    for (const n of m.names) out.set(n, m);
  }
  return out;
}

// ---- the one entry ----

let models: Map<string, ProgramModel> | undefined;

/**
 * What remit knows of `program`: the node of the family that answers it, with what every
 * modelled program shares (its `--help` and `--version`, help-version.ts). Undefined when no
 * family answers the program.
 */
export function knownNames(program: string): Known | undefined {
  const family = familyOf(program);
  if (family === undefined) return undefined;
  models ??= dataModels();
  const model = models.get(program);
  // A table model (the `table` parser) is read as models.ts's family reads it.
  const data = model?.parser === 'table' ? undefined : model;
  const compact = family === 'models' && model?.parser === 'table' ? model : undefined;
  let node: Known | undefined = Object.hasOwn(HANDWRITTEN, program) ? HANDWRITTEN[program]!() : undefined;
  if (data) node = union(node, dataModelNode(data));
  if (family === 'reads' && Object.hasOwn(READER_TABLES, program)) node = union(node, flatNode(tableOptions(READER_TABLES[program]!)));
  if (compact) node = union(compact.over ? node : undefined, compactModelNode(compact));
  const known: Known = node ?? NONE;
  if (known === WHOLE) return known;
  // What the handler decides in code for words no data names, asked of the classifier.
  const asked = probedTop(program, probed([program], known, PROBED_OPTIONS[program] ?? known.option));
  if (family === 'builtins') return asked;
  return withOptions(
    asked,
    ['--help', '--version'].filter((h) => isHelpOrVersion(program, [{ value: program }, { value: h }])),
  );
}
