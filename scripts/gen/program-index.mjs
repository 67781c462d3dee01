// npm run programs: bundles scripts/gen/program-index.ts and runs it (`--check` to verify only).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
mkdirSync(join(root, '.bench'), { recursive: true });
const out = join(root, '.bench', 'program-index.cjs');
await build({
  entryPoints: [join(root, 'scripts/gen/program-index.ts')],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  outfile: out,
  logLevel: 'warning',
  define: { 'import.meta.url': '__filename' },
});
const r = spawnSync(process.execPath, [out, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(r.status ?? 1);
