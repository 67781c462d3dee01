// Builds what each host loads (the `plugin` of its host module, adapters/host-module.ts), found
// by one convention: an `adapters/<host>/index.ts` is bundled whole to dist/plugins/<host>.js (an
// ES module with no CLI side effects, loaded by the host itself), and an `adapters/<host>/plugin/`
// folder is copied to dist/plugins/<host>/ (Hermes' Python plugin). test/hosts.test.ts fails when
// these and the host list disagree. Called by scripts/build/build.mjs with its shared esbuild
// options; runnable alone: `node scripts/build/plugins.mjs`.
import { build } from 'esbuild';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { hostParts } from './host-parts.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** Host name (or `<host>.<form>`) → `adapters/<host>/index.ts` or `index.<form>.ts` (`modules`) or `adapters/<host>/plugin` (`folders`), for every host folder in `adaptersDir`. */
export function pluginEntries(adaptersDir = join(root, 'adapters')) {
  const modules = {};
  const folders = {};
  for (const d of readdirSync(adaptersDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .sort((a, b) => a.name.localeCompare(b.name))) {
    if (existsSync(join(adaptersDir, d.name, 'index.ts'))) modules[d.name] = `adapters/${d.name}/index.ts`;
    // A second form of the same host's plugin (`index.<form>.ts`, OpenCode 2's) → dist/plugins/<host>.<form>.js.
    for (const f of readdirSync(join(adaptersDir, d.name)).sort()) {
      const form = /^index\.([a-z0-9]+)\.ts$/.exec(f)?.[1];
      if (form) modules[`${d.name}.${form}`] = `adapters/${d.name}/${f}`;
    }
    const folder = join(adaptersDir, d.name, 'plugin');
    if (existsSync(folder) && statSync(folder).isDirectory()) folders[d.name] = `adapters/${d.name}/plugin`;
  }
  return { modules, folders };
}

export async function buildPlugins(sharedOptions = {}) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const outDir = join(root, 'dist', 'plugins');
  mkdirSync(outDir, { recursive: true });
  const { modules, folders } = pluginEntries();
  // The CLI bundle rewrites import.meta.url for CommonJS; these are ES modules and keep it.
  const { 'import.meta.url': _cjsOnly, ...define } = sharedOptions.define ?? {};
  for (const [name, entry] of Object.entries(modules)) {
    const host = name.split('.')[0];
    await build({
      ...sharedOptions,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      entryPoints: [join(root, entry)],
      outfile: join(outDir, `${name}.js`),
      define: { __REMIT_VERSION__: JSON.stringify(pkg.version), ...define },
      // A plugin reads the host list for the configuration it protects, and loads no host's parts.
      plugins: [hostParts([])],
      // Bundled CommonJS dependencies call require(); an ES module has none of its own.
      banner: {
        js: `// remit ${pkg.version} ${host} plugin\nimport { createRequire as __remitCreateRequire } from 'node:module';\nconst require = __remitCreateRequire(import.meta.url);`,
      },
      logLevel: sharedOptions.logLevel ?? 'warning',
    });
  }
  for (const [host, folder] of Object.entries(folders)) {
    const out = join(outDir, host);
    rmSync(out, { recursive: true, force: true });
    cpSync(join(root, folder), out, { recursive: true, filter: (src) => !/(^|[\\/])__pycache__$|\.pyc$/.test(src) });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildPlugins({ minify: true, legalComments: 'none' });
}
