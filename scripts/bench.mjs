// npm run bench: the SPEC section 11 figures, each beside its target. Spawned figures are
// measured against `node -e 0` run interleaved in the same loop, so machine noise and
// NODE_EXTRA_CA_CERTS hit the floor and the hook alike. Never run as a test.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sharedOptions } from './build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, '.bench');
mkdirSync(outDir, { recursive: true });
const quick = process.argv.includes('--quick');
const rows = [];

function pct(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
function fmt(ms) {
  return `${ms.toFixed(ms < 1 ? 3 : 1)} ms`;
}
function row(name, measured, target, ok) {
  rows.push({ name, measured, target, ok });
  console.log(`${ok === undefined ? ' ' : ok ? '✓' : '✗'} ${name.padEnd(58)} ${measured.padEnd(34)} target ${target}`);
}

// 1. Bundle size.
const size = statSync(join(root, 'dist/remit.cjs')).size;
row('dist/remit.cjs size', `${(size / 1024).toFixed(1)} KB`, '<= 250 KB', size <= 250 * 1024);

// 2. In-process figures: each bench entry in scripts/bench/*.ts is bundled and run; it prints JSON rows.
for (const file of readdirSync(join(root, 'scripts/bench')).filter((f) => f.endsWith('.ts')).sort()) {
  const out = join(outDir, file.replace(/\.ts$/, '.cjs'));
  await build({ ...sharedOptions, minify: false, entryPoints: [join(root, 'scripts/bench', file)], outfile: out, format: 'cjs', banner: { js: 'var __remitImportMetaUrl=require("url").pathToFileURL(__filename).href;' } });
  const r = spawnSync(process.execPath, [out, ...(quick ? ['--quick'] : [])], { encoding: 'utf8', cwd: root, maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) {
    row(`${file}`, 'FAILED: ' + (r.stderr || '').split('\n').slice(0, 3).join(' '), '-', false);
    continue;
  }
  for (const line of r.stdout.split('\n')) {
    if (!line.startsWith('{')) continue;
    const x = JSON.parse(line);
    row(x.name, x.measured, x.target, x.ok);
  }
}

// 3. Spawned hook vs the Node floor, interleaved.
const spawnScript = join(root, 'scripts/bench-spawn.mjs');
if (existsSync(spawnScript)) {
  const { benchSpawn } = await import(pathToFileURL(spawnScript).href);
  for (const x of await benchSpawn({ root, quick })) row(x.name, x.measured, x.target, x.ok);
}

const failed = rows.filter((r) => r.ok === false).length;
console.log(`\n${rows.length} figures, ${failed} over target`);
