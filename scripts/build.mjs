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
  // A chunk is loaded with require(): the ESM loader would cost more and miss minified exports.
  supported: { 'dynamic-import': false },
  // jsonc-parser's default (UMD) entry require()s its parts by computed path, which a bundle
  // cannot follow; its ES build bundles whole.
  alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
};

// Three CommonJS files beside each other: what a hook parses (remit.cjs), the shell parser
// (loaded only for shell tools) and every command but `hook` (loaded only by a person's
// command). Each is self-contained; a module the chunks share is simply in each of them.
export const CHUNKS = {
  'remit-shell.cjs': 'src/core/shell/classify-shell.ts',
  'remit-cli.cjs': 'src/cli/command-table.ts',
  'remit-files.cjs': 'src/core/classify/file-change.ts',
};
const chunkOf = new Map(Object.entries(CHUNKS).map(([file, src]) => [join(root, src).replace(/\.ts$/, ''), file]));

function splitChunks(self) {
  return {
    name: 'remit-chunks',
    setup(b) {
      b.onResolve({ filter: /(classify-shell|command-table|file-change)\.js$/ }, (args) => {
        const target = join(args.resolveDir, args.path).replace(/\.js$/, '');
        const file = chunkOf.get(target);
        if (!file || file === self) return undefined;
        return { path: `./${file}`, external: true };
      });
    },
  };
}

const banner = 'var __remitImportMetaUrl=require("url").pathToFileURL(__filename).href;';
await build({
  ...sharedOptions,
  entryPoints: [join(root, 'src/cli/bin.ts')],
  outfile: join(root, 'dist/remit.cjs'),
  format: 'cjs',
  banner: { js: `#!/usr/bin/env node\n${banner}` },
  plugins: [splitChunks('remit.cjs')],
});
chmodSync(join(root, 'dist/remit.cjs'), 0o755);
for (const [file, src] of Object.entries(CHUNKS)) {
  // The command chunk keeps import() real: doctor's live probe loads an ES-module plugin file.
  const supported = file === 'remit-cli.cjs' ? { ...sharedOptions.supported, 'dynamic-import': true } : sharedOptions.supported;
  await build({ ...sharedOptions, supported, entryPoints: [join(root, src)], outfile: join(root, 'dist', file), format: 'cjs', banner: { js: banner }, plugins: [splitChunks(file)] });
}

const pluginsScript = join(root, 'scripts/build-plugins.mjs');
if (existsSync(pluginsScript)) {
  const { buildPlugins } = await import(pathToFileURL(pluginsScript).href);
  await buildPlugins(sharedOptions);
}

if (process.argv.includes('--size')) for (const f of ['remit.cjs', ...Object.keys(CHUNKS)]) console.log(`dist/${f} ${statSync(join(root, 'dist', f)).size} bytes`);
