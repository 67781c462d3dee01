// Builds dist/remit.cjs: one CommonJS bundle that is the CLI and every subprocess hook
// (CommonJS starts sooner than an ES module on Node 20), then the in-process plugin entries.
import { build } from 'esbuild';
import { readFileSync, existsSync, mkdirSync, statSync, chmodSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
mkdirSync(join(root, 'dist'), { recursive: true });

export const sharedOptions = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
  define: { __REMIT_VERSION__: JSON.stringify(pkg.version), 'import.meta.url': '__remitImportMetaUrl' },
};

await build({
  ...sharedOptions,
  entryPoints: [join(root, 'src/cli/bin.ts')],
  outfile: join(root, 'dist/remit.cjs'),
  format: 'cjs',
  banner: { js: '#!/usr/bin/env node\nvar __remitImportMetaUrl=require("url").pathToFileURL(__filename).href;' },
});
chmodSync(join(root, 'dist/remit.cjs'), 0o755);

const pluginsScript = join(root, 'scripts/build-plugins.mjs');
if (existsSync(pluginsScript)) {
  const { buildPlugins } = await import(pathToFileURL(pluginsScript).href);
  await buildPlugins(sharedOptions);
}

if (process.argv.includes('--size')) console.log(`dist/remit.cjs ${statSync(join(root, 'dist/remit.cjs')).size} bytes`);
