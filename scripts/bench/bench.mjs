// npm run bench: remit's speed figures, each beside its target (docs/DESIGN.md, performance;
// issue 12's targets for the hook). Spawned figures are measured against `node -e 0` run
// interleaved in the same loop, so machine noise and NODE_EXTRA_CA_CERTS hit the floor and the
// hook alike. Prints a table and writes the same rows as JSON to .bench/bench-results.json.
// Everything it creates in the temp folder is removed before it exits. Never run as a test.
// --quick: fewer rounds and a smaller data set; --full: runtime --all over 1,000,000 records.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, existsSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sharedOptions } from '../build/build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = join(root, '.bench');
mkdirSync(outDir, { recursive: true });
const quick = process.argv.includes('--quick');
const full = process.argv.includes('--full');
const rows = [];
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const loadBefore = load();
console.log(`remit bench, node ${process.version}, load average ${loadBefore}${quick ? ', --quick' : ''}`);

function pct(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
function fmt(ms) {
  return `${ms.toFixed(ms < 1 ? 3 : 1)} ms`;
}
function row(name, measured, target, ok, extra = {}) {
  rows.push({ name, measured, target, ok, ...extra });
  console.log(`${ok === undefined ? ' ' : ok ? '✓' : '✗'} ${name.padEnd(58)} ${measured.padEnd(34)} target ${target}`);
}

// 1. Bundle size: what a hook parses (the entry and the bundle it loads).
const size = statSync(join(root, 'dist/remit.cjs')).size + statSync(join(root, 'dist/remit-main.cjs')).size;
row('dist/remit.cjs + remit-main.cjs size', `${(size / 1024).toFixed(1)} KB`, '<= 250 KB', size <= 250 * 1024);

// 2. In-process figures: each bench entry in scripts/bench/*.ts is bundled and run; it prints JSON rows.
for (const file of readdirSync(join(root, 'scripts/bench')).filter((f) => f.endsWith('.ts')).sort()) {
  const out = join(outDir, file.replace(/\.ts$/, '.cjs'));
  await build({ ...sharedOptions, minify: false, entryPoints: [join(root, 'scripts/bench', file)], outfile: out, format: 'cjs', banner: { js: 'var __remitImportMetaUrl=require("url").pathToFileURL(__filename).href;' } });
  const r = spawnSync(process.execPath, [out, ...(quick ? ['--quick'] : []), ...(full ? ['--full'] : [])], { encoding: 'utf8', cwd: root, maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'inherit'] });
  if (r.status !== 0) {
    row(`${file}`, 'FAILED: ' + (r.stderr || '').split('\n').slice(0, 3).join(' '), '-', false);
    continue;
  }
  for (const line of r.stdout.split('\n')) {
    if (!line.startsWith('{')) continue;
    const x = JSON.parse(line);
    const { name, measured, target, ok, ...extra } = x;
    row(name, measured, target, ok, extra);
  }
}

// 3. Spawned hook vs the Node floor, interleaved.
const spawnScript = join(root, 'scripts/bench/spawn.mjs');
if (existsSync(spawnScript)) {
  const { benchSpawn } = await import(pathToFileURL(spawnScript).href);
  for (const { name, measured, target, ok, ...extra } of await benchSpawn({ root, quick })) row(name, measured, target, ok, extra);
}

const failed = rows.filter((r) => r.ok === false).length;
const loadAfter = load();
console.log(`\n${rows.length} figures, ${failed} over target (load average ${loadBefore} before, ${loadAfter} after)`);
const json = join(outDir, 'bench-results.json');
writeFileSync(json, `${JSON.stringify({ at: new Date().toISOString(), node: process.version, quick, loadBefore, loadAfter, rows }, null, 2)}\n`);
console.log(`written ${json}`);
