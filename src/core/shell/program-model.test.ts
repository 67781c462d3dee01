// Every program model under src/core/shell/models/ is valid against
// schemas/program-model.schema.json and names only options it has; the interpreter decides
// each family's commands from the parsed state (the corpus in test/shell-corpus/ holds the
// bypass lines and their benign twins).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { virtualContext as ctx } from '../../../test/support/classify-context.js';
import type { ModelCondition, ModelOutcome, ModelSubcommand, ProgramModel } from '../../generated/types.js';
import { validateProgramModel } from '../../generated/validate-program-model.js';
import { classifyShell } from './classify-shell.js';

const DIR = path.join(path.dirname(new URL(import.meta.url).pathname), 'models');
const models = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .map((f) => ({ file: f, model: JSON.parse(readFileSync(path.join(DIR, f), 'utf8')) as ProgramModel }));

/** Option ids a node's rules and actions name. */
function named(c: ModelCondition | undefined, out: Set<string>): void {
  if (!c) return;
  if (c.option) out.add(c.option);
  if (c.given) out.add(c.given);
  for (const x of [...(c.all ?? []), ...(c.any ?? [])]) named(x, out);
  named(c.not, out);
}
function outcomeNames(o: ModelOutcome | undefined, out: Set<string>): void {
  if (!o || typeof o === 'string') return;
  for (const a of o) {
    named(a.when, out);
    if (a.option) out.add(a.option);
  }
}

describe('program models', () => {
  it('finds the models', () => expect(models.length).toBeGreaterThan(0));
  it.each(models)('$file is valid against the schema and names only its own options', ({ model }) => {
    expect(validateProgramModel(model)).toBe(true);
    const check = (node: ProgramModel | ModelSubcommand, where: string): void => {
      const ids = new Set<string>(['-#', '-<algorithm>']);
      for (const o of node.options ?? []) ids.add(o.names[0]!);
      for (const s of node.include ?? []) {
        expect(model.optionSets?.[s], `${where}: option set ${s}`).toBeDefined();
        for (const o of model.optionSets?.[s] ?? []) ids.add(o.names[0]!);
      }
      const used = new Set<string>();
      for (const r of node.rules ?? []) {
        named(r.when, used);
        outcomeNames(r.then, used);
      }
      outcomeNames(node.default, used);
      for (const id of used) expect(ids.has(id), `${where}: ${id} is not an option id (an option's first name)`).toBe(true);
      for (const [name, sub] of Object.entries(node.subcommands ?? {})) if (sub) check(sub, `${where} ${name}`);
    };
    check(model, model.names[0]!);
  });
});

describe('decisions read the parsed state', () => {
  const m = (cmd: string) => classifyShell(cmd, ctx()).mutability;
  it('xxd: the outfile after xxd-style options', () => {
    expect(m('xxd -ps a.txt out')).toBe('write');
    expect(m('xxd -cols 4 a.txt out')).toBe('write');
    expect(m('xxd -c4 a.txt')).toBe('read');
    expect(m('xxd -ps a.txt')).toBe('read');
    expect(m('xxd a.txt -')).toBe('read');
    expect(m('xxd -h a.txt out')).toBe('read');
    expect(m('xxd -Z a.txt out')).toBe('unknown');
  });
});
