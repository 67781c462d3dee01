// One-off conversion (issue 24, "programs as data"): every entry of the old compact model table
// src/core/shell/programs/models-data.ts becomes src/core/shell/models/<name>.json, a model
// with the `table` parser (schemas/program-model.schema.json), and models-data.ts is deleted.
// Deterministic: the same table gives the same files byte for byte; an entry's file is
// overwritten. Run from the repository root after a merge that brings entries in the old form:
//   node scripts/gen/convert-models-data.mjs && npm run programs
import { build } from 'esbuild';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = process.cwd();
const source = path.join(root, 'src/core/shell/programs/models-data.ts');
const outDir = path.join(root, 'src/core/shell/models');
if (!existsSync(source)) {
  process.stderr.write('no src/core/shell/programs/models-data.ts: nothing to convert\n');
  process.exit(0);
}
mkdirSync(path.join(root, '.bench'), { recursive: true });
const bundled = path.join(root, '.bench', 'models-data.cjs');
await build({ entryPoints: [source], bundle: true, platform: 'node', format: 'cjs', outfile: bundled, logLevel: 'warning', keepNames: true });
const { MODELS } = createRequire(import.meta.url)(bundled);
rmSync(bundled);

/** The code conditions a model may name (src/core/shell/programs/models.ts supplies them). */
const CODES = new Set(['pacmanQuery', 'hgrcSafe', 'emptyConfig']);
const FIELDS = new Set([
  'solo',
  'options',
  'singleDash',
  'numeric',
  'require',
  'operand',
  'maxOperands',
  'check',
  'known',
  'repoConfig',
  'pathRequire',
  'global',
  'reads',
  'mutations',
  'depth',
  'bare',
  'over',
]);

const words = (s) => s.trim().split(/\s+/).filter(Boolean);
const list = (s) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
const spaced = (s) => words(s).join(' ');

function code(name, fn) {
  if (typeof fn !== 'function' || !CODES.has(fn.name)) throw new Error(`${name}: a function the conversion does not know (${fn?.name})`);
  return fn.name;
}

/** Read paths with the same options in one key (`a,b#0`), in the order of their first entry; a path listed twice is refused. */
function reads(name, table) {
  const byOptions = new Map();
  const seen = new Set();
  for (const [key, options] of Object.entries(table)) {
    for (const p of list(key)) {
      const bare = p.replace(/#\d+$/, '');
      if (seen.has(bare)) throw new Error(`${name}: read path ${bare} listed twice`);
      seen.add(bare);
    }
    const o = spaced(options);
    byOptions.set(o, [...(byOptions.get(o) ?? []), ...list(key)]);
  }
  const out = {};
  for (const [o, paths] of byOptions) out[paths.join(',')] = o;
  return out;
}

function convert(name, m) {
  for (const k of Object.keys(m)) if (!FIELDS.has(k)) throw new Error(`${name}: field ${k} the conversion does not know`);
  const out = { $schema: '../../../../schemas/program-model.schema.json', names: [name], parser: 'table' };
  const rules = {};
  if (m.singleDash) rules.singleDash = true;
  if (m.numeric) rules.numeric = true;
  if (Object.keys(rules).length > 0) out.parserRules = rules;
  if (m.over !== undefined) out.over = m.over;
  if (m.solo !== undefined) out.solo = words(m.solo);
  if (m.options !== undefined) out.readOptions = spaced(m.options);
  if (m.require !== undefined) out.require = words(m.require);
  if (m.operand !== undefined) {
    if (m.operand.flags !== '') throw new Error(`${name}: operand pattern with flags ${m.operand.flags}`);
    out.operand = m.operand.source;
  }
  if (m.maxOperands !== undefined) out.maxOperands = m.maxOperands;
  if (m.check !== undefined) out.check = code(name, m.check);
  if (m.global !== undefined) out.global = spaced(m.global);
  if (m.reads !== undefined) out.reads = reads(name, m.reads);
  if (m.pathRequire !== undefined) out.pathRequire = Object.fromEntries(Object.entries(m.pathRequire).map(([k, v]) => [k, words(v)]));
  if (m.mutations !== undefined) out.mutations = list(m.mutations);
  if (m.known !== undefined) out.known = list(m.known);
  if (m.depth !== undefined) out.depth = m.depth;
  if (m.bare !== undefined) out.bare = m.bare;
  if (m.repoConfig !== undefined) out.repoConfig = { marker: m.repoConfig.marker, file: m.repoConfig.file, safe: code(name, m.repoConfig.safe) };
  return out;
}

/** JSON with two-space indents, a list of words on one line. */
function format(v, indent = '') {
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return `[${v.map((x) => JSON.stringify(x)).join(', ')}]`;
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  const inner = `${indent}  `;
  const entries = Object.entries(v).map(([k, x]) => `${inner}${JSON.stringify(k)}: ${format(x, inner)}`);
  return `{\n${entries.join(',\n')}\n${indent}}`;
}

const names = Object.keys(MODELS).sort();
for (const name of names) {
  if (!/^[\w.+-]+$/.test(name)) throw new Error(`${name}: not a file name`);
  const file = path.join(outDir, `${name}.json`);
  if (existsSync(file) && JSON.parse(readFileSync(file, 'utf8')).parser !== 'table') throw new Error(`${name}: models/${name}.json is a hand-written model`);
  writeFileSync(file, `${format(convert(name, MODELS[name]))}\n`);
}
rmSync(source);
process.stdout.write(`${names.length} models written to src/core/shell/models/; models-data.ts removed (now run npm run programs)\n`);
