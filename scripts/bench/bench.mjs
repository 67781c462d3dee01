// npm run bench: remit's speed figures, each beside its target (docs/DESIGN.md#performance-budget;
// issue 12's targets for the hook). Every spawned figure (the hook's shapes, `status`,
// `--version`) comes from one run in which `node -e 0` and every shape take turns round by
// round, so machine noise and NODE_EXTRA_CA_CERTS hit the floor and the shapes alike; each is
// printed as its median and p95 over the floor and as a ratio to the floor. In-process figures
// (classification, decide, audit append, action.before, read-back) are absolute. Prints a table
// and writes the same rows as JSON to .bench/bench-results.json; a figure over its target makes
// it exit 1. Everything it creates in the
// temp folder is removed before it exits. Never run as a test.
// --quick: fewer rounds and a smaller data set; --full: runtime --all over 1,000,000 records;
// --cpu: also each spawned process's CPU time over the floor's (steadier on a loaded machine);
// --against <dist/remit.cjs of another build>: that build's hook shapes in the same rounds;
// --no-extra-ca: the spawned figures without NODE_EXTRA_CA_CERTS in their environment.
// --only <name>: only the in-process entry scripts/bench/<name>.ts (e.g. `npm run bench -- --only
// hostile-input`), without the bundle size and the spawned figures; --verbose is passed to it.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, existsSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { loadavg } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cjsBanner, sharedOptions } from '../build/build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = join(root, '.bench');
mkdirSync(outDir, { recursive: true });
const quick = process.argv.includes('--quick');
const full = process.argv.includes('--full');
const cpu = process.argv.includes('--cpu');
const withoutExtraCa = process.argv.includes('--no-extra-ca');
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt > 0 ? process.argv[onlyAt + 1] : undefined;
const verbose = process.argv.includes('--verbose');
const againstAt = process.argv.indexOf('--against');
const against = againstAt > 0 ? resolve(process.argv[againstAt + 1] ?? '') : undefined;
if (against !== undefined && !existsSync(against)) throw new Error(`--against: no such file ${against}`);
if (only !== undefined && !existsSync(join(root, 'scripts/bench', `${only}.ts`))) throw new Error(`--only: no such bench entry scripts/bench/${only}.ts`);
const rows = [];
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const loadBefore = load();
console.log(
  `remit bench, node ${process.version}, ${cpus().length} cores, load average ${loadBefore}${quick ? ', --quick' : ''}${only ? `, --only ${only}` : ''}${cpu ? ', --cpu' : ''}${against ? `, --against ${against}` : ''}${withoutExtraCa ? ', --no-extra-ca' : process.env.NODE_EXTRA_CA_CERTS ? ', NODE_EXTRA_CA_CERTS set' : ''}`,
);
console.log('spawned figures: "+X ms p50 (xR)" is the shape\'s median minus the floor\'s (node -e 0, same rounds), R the ratio of the two; p95 likewise');

function row(name, measured, target, ok, extra = {}) {
  rows.push({ name, measured, target, ok, ...extra });
  console.log(`${ok === undefined ? ' ' : ok ? '✓' : '✗'} ${name.padEnd(66)} ${measured.padEnd(44)} target ${target}`);
}

// 1. Bundle size: what a hook parses (the entry, the loader and the hook's bundle).
if (only === undefined) {
  const hookFiles = ['remit.cjs', 'remit-loader.cjs', 'remit-hook.cjs'].filter((f) => existsSync(join(root, 'dist', f)));
  const size = hookFiles.reduce((n, f) => n + statSync(join(root, 'dist', f)).size, 0);
  row(`dist/${hookFiles.join(' + ')} size (what every hook loads)`, `${(size / 1024).toFixed(1)} KB`, '<= 250 KB', size <= 250 * 1024);
}

// 2. In-process figures: each bench entry in scripts/bench/*.ts is bundled and run; it prints JSON rows.
for (const file of readdirSync(join(root, 'scripts/bench'))
  .filter((f) => f.endsWith('.ts') && (only === undefined || f === `${only}.ts`))
  .sort()) {
  const out = join(outDir, file.replace(/\.ts$/, '.cjs'));
  await build({ ...sharedOptions, minify: false, entryPoints: [join(root, 'scripts/bench', file)], outfile: out, format: 'cjs', banner: { js: cjsBanner } });
  const r = spawnSync(process.execPath, [out, ...(quick ? ['--quick'] : []), ...(full ? ['--full'] : []), ...(verbose ? ['--verbose'] : [])], {
    encoding: 'utf8',
    cwd: root,
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
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

// 3. Spawned figures vs the Node floor, in one interleaved run. The state bench writes the
// 100,000-record session `status` reads, with remit's own store and chain.
const spawnScript = join(root, 'scripts/bench/spawn.mjs');
if (only === undefined && existsSync(spawnScript)) {
  const { benchSpawn } = await import(pathToFileURL(spawnScript).href);
  const makeStatusHome = (dir) => {
    const r = spawnSync(process.execPath, [join(outDir, 'state.cjs'), '--make-status-home', dir], { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
    if (r.status !== 0) throw new Error(`status data: ${r.stderr}`);
  };
  for (const { name, measured, target, ok, ...extra } of await benchSpawn({ root, quick, cpu, makeStatusHome, against, withoutExtraCa }))
    row(name, measured, target, ok, extra);
}

const failed = rows.filter((r) => r.ok === false).length;
const loadAfter = load();
console.log(`\n${rows.length} figures, ${failed} over target (load average ${loadBefore} before, ${loadAfter} after)`);
const json = join(outDir, only ? `bench-results-${only}.json` : 'bench-results.json');
writeFileSync(
  json,
  `${JSON.stringify({ at: new Date().toISOString(), node: process.version, cores: cpus().length, quick, cpu, ...(against ? { against } : {}), extraCa: !withoutExtraCa && Boolean(process.env.NODE_EXTRA_CA_CERTS), loadBefore, loadAfter, rows }, null, 2)}\n`,
);
console.log(`written ${json}`);
// A figure over its target fails the run (the table above says which).
if (failed > 0) process.exitCode = 1;
