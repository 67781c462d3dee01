// Builds the in-process plugin entries: dist/plugins/{opencode,pi,omp}.js (ES modules with no
// CLI side effects, loaded by the hosts themselves) and copies the Hermes plugin folder to
// dist/plugins/hermes/remit/. Called by scripts/build/build.mjs with its shared esbuild options;
// runnable alone: `node scripts/build/plugins.mjs`.
import { build } from 'esbuild';
import { cpSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

export const PLUGIN_ENTRIES = {
  opencode: 'adapters/opencode/index.ts',
  pi: 'adapters/pi/index.ts',
  omp: 'adapters/omp/index.ts',
};

export async function buildPlugins(sharedOptions = {}) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const outDir = join(root, 'dist', 'plugins');
  mkdirSync(outDir, { recursive: true });
  // The CLI bundle rewrites import.meta.url for CommonJS; these are ES modules and keep it.
  const { 'import.meta.url': _cjsOnly, ...define } = sharedOptions.define ?? {};
  for (const [host, entry] of Object.entries(PLUGIN_ENTRIES)) {
    await build({
      ...sharedOptions,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      entryPoints: [join(root, entry)],
      outfile: join(outDir, `${host}.js`),
      define: { __REMIT_VERSION__: JSON.stringify(pkg.version), ...define },
      // Bundled CommonJS dependencies call require(); an ES module has none of its own.
      banner: { js: `// remit ${pkg.version} ${host} plugin\nimport { createRequire as __remitCreateRequire } from 'node:module';\nconst require = __remitCreateRequire(import.meta.url);` },
      logLevel: sharedOptions.logLevel ?? 'warning',
    });
  }
  const hermesOut = join(outDir, 'hermes', 'remit');
  rmSync(hermesOut, { recursive: true, force: true });
  mkdirSync(hermesOut, { recursive: true });
  for (const f of ['plugin.yaml', '__init__.py']) cpSync(join(root, 'adapters/hermes/plugin/remit', f), join(hermesOut, f));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildPlugins({ minify: true, legalComments: 'none' });
}
