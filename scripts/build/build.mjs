// Builds dist/: remit-main.cjs, one CommonJS bundle that is the CLI and every subprocess hook
// (CommonJS starts sooner than an ES module on Node 20), its chunks, remit-loader.cjs, which
// loads them through a V8 code cache (scripts/build/bundle-loader.cjs), and remit.cjs, the small
// entry that starts the loader through a cache of its own (scripts/build/entry.cjs); then the
// in-process plugin entries.
import { build, transform } from 'esbuild';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync, existsSync, mkdirSync, statSync, chmodSync, readdirSync, rmSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { hookCapabilities, hostParts } from './host-parts.mjs';
import { checkOneChunkEach, linkShellChunks, planShellChunks, SHELL_CORE, SHELL_ENTRY } from './shell-chunks.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
mkdirSync(join(root, 'dist'), { recursive: true });

export const sharedOptions = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  // --no-minify keeps names, for reading a CPU profile of the hook.
  minify: !process.argv.includes('--no-minify'),
  legalComments: 'none',
  logLevel: 'warning',
  define: { __REMIT_VERSION__: JSON.stringify(pkg.version), 'import.meta.url': '__remitMeta.url' },
  // A chunk is loaded with require(): the ESM loader would cost more and miss minified exports.
  supported: { 'dynamic-import': false },
  // jsonc-parser's default (UMD) entry require()s its parts by computed path, which a bundle
  // cannot follow; its ES build bundles whole.
  alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
};

// CommonJS files beside each other, each self-contained (a module two chunks need is simply in
// both): the CLI (remit-main.cjs), what a Codex or Claude Code hook runs (remit-hook.cjs, which
// dist/remit.cjs loads for `remit hook`), the Hermes hook, the shell parser (loaded only for
// shell tools), the patch and intent readers (loaded only for writes), the watch on host
// configuration (loaded only around an unproven call in an ARMED session), the read-back commands
// and every other command (loaded only by a person's command). An import of another chunk's entry becomes a
// require() of that file. The shell parser is itself a core and a chunk per program family,
// which share no module (scripts/build/shell-chunks.mjs).
export const CHUNKS = {
  'remit-main.cjs': 'src/cli/bin.ts',
  'remit-hook.cjs': 'src/cli/hook-bin.ts',
  'remit-hermes.cjs': 'adapters/hermes/hook.ts',
  'remit-shell.cjs': 'src/core/shell/classify-shell.ts',
  'remit-cli.cjs': 'src/cli/command-table.ts',
  'remit-readback.cjs': 'src/cli/readback-table.ts',
  'remit-files.cjs': 'src/core/classify/file-change.ts',
  'remit-watch.cjs': 'src/core/watch/host-config-watch.ts',
};
/** The bundle dist/remit.cjs loads for every command but `hook`; installers copy every dist/remit-*.cjs beside remit.cjs. */
export const MAIN = 'remit-main.cjs';
/** The bundle loader (scripts/build/bundle-loader.cjs), which dist/remit.cjs starts (scripts/build/entry.cjs). */
export const LOADER = 'remit-loader.cjs';
const chunkOf = new Map(Object.entries(CHUNKS).map(([file, src]) => [join(root, src).replace(/\.ts$/, ''), file]));
const chunkNames = new RegExp(`[\\\\/](${[...new Set(Object.values(CHUNKS).map((src) => src.split('/').pop().replace(/\.ts$/, '')))].join('|')})\\.js$`);

function splitChunks(self) {
  return {
    name: 'remit-chunks',
    setup(b) {
      b.onResolve({ filter: chunkNames }, (args) => {
        const target = join(args.resolveDir, args.path).replace(/\.js$/, '');
        const file = chunkOf.get(target);
        if (!file || file === self) return undefined;
        return { path: `./${file}`, external: true };
      });
    },
  };
}

// The subprocess bundles swap perf_hooks for an hrtime clock, load node:module on first use,
// and make each generated validator build itself on its first call (each shim says why); the
// in-process plugins keep the originals.
const shim = (file) => ({ path: join(root, 'scripts/build/bundle-shims', file) });
const GENERATED_VALIDATOR = /[\\/]src[\\/]generated[\\/]validate-[a-z-]+\.js$/;
// scripts/gen/schemas.mjs writes `"use strict";export const validateX = validateN;` and then the
// module body; anything else stops the build rather than bundling a validator unwrapped.
const VALIDATOR_HEAD = /^(\/\/[^\n]*\n)"use strict";export const (validate[A-Za-z]+) = (validate[0-9]+);/;
// unbash makes a TextDecoder when its escape module loads, which loads Node's encoding module
// for every shell hook; it is only used to decode a $'\xHH' run. The subprocess bundles make it
// on that first use (the same decoder, the same answers); another unbash stops the build here.
const UNBASH_ANSI_C = /[\\/]node_modules[\\/]unbash[\\/]dist[\\/]ansi-c\.js$/;
const UNBASH_DECODER = 'const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });';

const plainFs = {
  name: 'remit-hook-shims',
  setup(b) {
    b.onLoad({ filter: UNBASH_ANSI_C }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      const uses = text.split('utf8.decode(').length - 1;
      if (!text.includes(UNBASH_DECODER) || uses !== 1) throw new Error(`${args.path}: not the decoder the build makes lazy`);
      return {
        contents: text.replace(UNBASH_DECODER, 'let utf8;').replace('utf8.decode(', '(utf8 ??= new TextDecoder("utf-8", { ignoreBOM: true })).decode('),
        loader: 'js',
      };
    });
    // Program models (src/core/shell/models/*.json) keep their notes for readers, not for the
    // hook; each is one JSON.parse of a string, which V8 reads faster than an object literal.
    const model = (file) => JSON.parse(readFileSync(file, 'utf8'), (k, v) => (k === 'note' || k === '$comment' || k === '$schema' ? undefined : v));
    b.onLoad({ filter: /[\\/]src[\\/]core[\\/]shell[\\/]models[\\/][^\\/]+\.json$/ }, (args) => {
      return { contents: `export default JSON.parse(${JSON.stringify(JSON.stringify(model(args.path)))});`, loader: 'js' };
    });
    // The models family's catalog (generated by npm run programs) is one JSON.parse of every
    // model it lists, not a module per model (each one's wrapper cost more than its data).
    b.onLoad({ filter: /[\\/]src[\\/]core[\\/]shell[\\/]programs[\\/]model-catalog\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      const files = [...text.matchAll(/^import m\d+ from '(\.\.\/models\/[\w.+-]+\.json)' with \{ type: 'json' \};$/gm)].map((m) =>
        join(dirname(args.path), m[1]),
      );
      if (files.length === 0 || files.length !== text.split('\nimport ').length - 1) throw new Error(`${args.path}: not the catalog the build reads`);
      return { contents: `export const CATALOG = JSON.parse(${JSON.stringify(JSON.stringify(files.map(model)))});`, loader: 'js' };
    });
    b.onResolve({ filter: /^(node:)?perf_hooks$/ }, () => shim('perf-hooks.mjs'));
    // The shim's own require('node:module') is Node's module.
    b.onResolve({ filter: /^(node:)?module$/ }, (args) =>
      args.importer === shim('node-module.mjs').path ? { path: 'node:module', external: true } : shim('node-module.mjs'),
    );
    b.onLoad({ filter: GENERATED_VALIDATOR }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      const head = VALIDATOR_HEAD.exec(text);
      if (!head) throw new Error(`${args.path}: not the shape scripts/gen/schemas.mjs writes; cannot make it lazy`);
      const [whole, banner, name, inner] = head;
      const lazy = JSON.stringify(shim('lazy-validator.mjs').path);
      return {
        contents: `${banner}import { lazyValidator } from ${lazy};\nexport const ${name} = lazyValidator(() => {"use strict";${text.slice(whole.length)}\nreturn ${inner};});\n`,
        loader: 'js',
      };
    });
  },
};

// A lazy-module file (LAZY_MODULES) imports modules and hands them out through loaders:
// src/core/shell/program-modules.ts the shell classifier's program families and PowerShell,
// src/core/paths/picomatch-module.ts picomatch. In a bundle each loader becomes a require() of
// its module, made once: esbuild then initialises that module (and what only it imports) on
// the loader's first call, not when the chunk loads, so a shell hook builds only the families
// its command names and a prompt or a read never starts picomatch. A family outside the shell
// core is a chunk of its own (scripts/build/shell-chunks.mjs), so its require() loads that
// chunk, which the bundle loader names as a part of the core; picomatch's first call names
// itself (`remit:code-part`, `<chunk>:picomatch`), so the chunk's code cache learns each part's
// functions once (scripts/build/bundle-loader.cjs). A namespace import
// is the module's require(); a default import, only of a package (CommonJS), its exports.
const LAZY_MODULES = /[\\/]src[\\/]core[\\/](?:shell[\\/]program-modules|paths[\\/]picomatch-module)\.ts$/;
const PROGRAM_MODULES = /[\\/]program-modules\.ts$/;
const lazyModules = (chunk) => ({
  name: 'remit-lazy-modules',
  setup(b) {
    b.onLoad({ filter: LAZY_MODULES }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      const imports = new Map(
        [...text.matchAll(/^import (?:\* as (\w+)|(\w+)) from '([\w@./-]+)';$/gm)].map((m) => [m[1] ?? m[2], { spec: m[3], namespace: m[1] !== undefined }]),
      );
      const body = /^export const load = \{\n((?: {2}\w+: \(\) => \w+,\n)+)\};\n$/m.exec(text);
      const loaders = body ? [...body[1].matchAll(/^ {2}(\w+): \(\) => (\w+),$/gm)].map((m) => [m[1], m[2]]) : [];
      const rest = text
        .replace(/^import (?:\* as \w+|\w+) from '[^']+';\n/gm, '')
        .replace(body?.[0] ?? '\0', '')
        .replace(/^\/\/.*\n/gm, '')
        .trim();
      const wrong = [...imports.values()].some((i) => (i.namespace ? !i.spec.startsWith('.') : i.spec.startsWith('.')));
      if (!body || imports.size === 0 || loaders.length !== imports.size || rest !== '' || wrong || loaders.some(([, mod]) => !imports.has(mod))) {
        throw new Error(
          `${args.path}: not the shape the build makes lazy (namespace imports of modules or default imports of packages, then one \`name: () => module\` loader a line)`,
        );
      }
      // A program family is a chunk of its own, which the loader names as it loads it.
      const named = !PROGRAM_MODULES.test(args.path);
      const part = (name) => (named ? `process.emit('remit:code-part', ${JSON.stringify(`${chunk.slice(6, -4)}:${name}`)}), ` : '');
      const lines = loaders.map(([name, mod], i) => `  ${name}: () => (m${i} ??= (${part(name)}require(${JSON.stringify(imports.get(mod).spec)}))),`);
      return {
        contents: `${loaders.map((_, i) => `let m${i};`).join(' ')}\nexport const load = {\n${lines.join('\n')}\n};\n`,
        loader: 'ts',
        resolveDir: dirname(args.path),
      };
    });
  },
});

// `import path from 'node:path'` in an ES module becomes, in a CommonJS bundle, a copy of
// Node's module made for each importing module (esbuild's __toESM: an object with a getter per
// member; a shell hook made 22 of them). Node's modules that remit imports that way are one
// module of the bundle instead, which every importer shares. node:os is loaded on first use:
// its functions call it then, and a hook asks it nothing (the home folder comes from HOME, the
// host name for a lock from /proc), while loading it cost every hook its compile; a named import
// of one of its values that is not a function stops the build (no such export).
const SHARED_BUILTINS = ['path', 'os'];
const LAZY_BUILTINS = ['os'];
const sharedBuiltins = {
  name: 'remit-shared-builtins',
  setup(b) {
    const filter = new RegExp(`^(node:)?(${SHARED_BUILTINS.join('|')})$`);
    b.onResolve({ filter }, (args) =>
      args.namespace === 'remit-builtin' ? { path: args.path, external: true } : { path: args.path.replace(/^node:/, ''), namespace: 'remit-builtin' },
    );
    b.onLoad({ filter: /.*/, namespace: 'remit-builtin' }, async (args) => {
      const mod = await import(`node:${args.path}`);
      const names = Object.keys(mod).filter((n) => n !== 'default' && /^[A-Za-z_$][\w$]*$/.test(n));
      if (LAZY_BUILTINS.includes(args.path)) {
        const fns = names.filter((n) => typeof mod[n] === 'function');
        return {
          contents: [
            `let m;\nconst load = () => (m ??= require("node:${args.path}"));`,
            // The default import (unused by a hook, so dropped from its bundle) answers each member on first read.
            `const all = /* @__PURE__ */ (() => {\n  const o = {};\n  for (const n of ${JSON.stringify(names)}) Object.defineProperty(o, n, { get: () => load()[n], enumerable: true });\n  return o;\n})();\nexport default all;`,
            ...fns.map((n) => `export const ${n} = (...a) => load().${n}(...a);`),
          ].join('\n'),
          loader: 'js',
          resolveDir: root,
        };
      }
      return {
        contents: `const m = require("node:${args.path}");\nexport default m;\nexport const { ${names.join(', ')} } = m;\n`,
        loader: 'js',
        resolveDir: root,
      };
    });
  },
};

// --size: each file's size and, for every chunk, the inputs that take most of it.
// A module that is a chunk of its own and is loaded only on its first use, not when a chunk
// that imports it loads: the session-state validator (some 51 KB, a quarter of the hook chunk)
// runs only for a state file whose seal does not verify (docs/DESIGN.md#session-state), so every
// other chunk holds a stand-in that requires the validator's chunk on its first call. The
// stand-in is the lazy validator the chunk held before (scripts/build/bundle-shims/lazy-validator.mjs),
// with the chunk in place of the module's text.
export const LAZY_CHUNKS = { 'remit-state-schema.cjs': { source: 'src/generated/validate-session-state.js', name: 'validateSessionState' } };
function lazyChunks(self) {
  return {
    name: 'remit-lazy-chunks',
    setup(b) {
      for (const [file, { source, name }] of Object.entries(LAZY_CHUNKS)) {
        if (file === self) continue;
        const filter = new RegExp(`${source.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/\\\//g, '[\\\\/]')}$`);
        b.onLoad({ filter }, () => ({
          contents: `import { lazyValidator } from ${JSON.stringify(shim('lazy-validator.mjs').path)};\nexport const ${name} = lazyValidator(() => require(${JSON.stringify(`./${file}`)}).${name});\n`,
          loader: 'js',
        }));
        b.onResolve({ filter: new RegExp(`^\\./${file.replace(/\./g, '\\.')}$`) }, () => ({ path: `./${file}`, external: true }));
      }
    },
  };
}

const sizes = process.argv.includes('--size');
const inputs = {};
/**
 * What `import.meta.url` means in a CommonJS bundle (sharedOptions.define): the file's URL, made
 * when code asks for it. Made eagerly, as the banner of every chunk, it cost a hook a third of a
 * millisecond (Node's URL code starting) for a value only the command chunk reads.
 */
export const cjsBanner = 'var __remitMeta={get url(){return require("url").pathToFileURL(__filename).href}};';
/** Builds one chunk; `entry` an entry point other than the chunk's own source, `extra` plugins that run before the others. */
async function buildChunk(file, { entry = join(root, CHUNKS[file]), extra = [], write = true } = {}) {
  // The command chunk keeps import() real: doctor's live probe loads an ES-module plugin file.
  const supported = file === 'remit-cli.cjs' ? { ...sharedOptions.supported, 'dynamic-import': true } : sharedOptions.supported;
  // Which host parts a chunk carries (scripts/build/host-parts.mjs): the command chunk every
  // part, the hook chunk the hooks and none of their adapters or setups, every other chunk none
  // (the CLI entry reads the host list for its help, and runs no host's code).
  const parts = file === 'remit-cli.cjs' ? [] : [hostParts(file === 'remit-hook.cjs' ? ['hook'] : [])];
  // The hook reads three fields of the host capability records (scripts/build/host-parts.mjs).
  if (file === 'remit-hook.cjs') parts.push(hookCapabilities(sharedOptions));
  const r = await build({
    ...sharedOptions,
    supported,
    metafile: true,
    write,
    absWorkingDir: root,
    entryPoints: [entry],
    outfile: join(root, 'dist', file),
    format: 'cjs',
    banner: { js: cjsBanner },
    // A part left out is left out before the chunk split could make it a require() of its chunk.
    plugins: [...extra, ...parts, lazyChunks(file), splitChunks(file), plainFs, lazyModules(file), sharedBuiltins],
  });
  inputs[file] = Object.values(r.metafile.outputs)[0].inputs;
  return r;
}

/**
 * The program families the shell core holds: the programs nearly every agent's shell commands
 * name (git, the readers, the builtins and wrappers, file commands, remit itself). A chunk costs
 * a hook some 0.15 ms to load on top of its code (the file, its cache, the script and module
 * objects; measured with callgrind, docs/DESIGN.md#performance-budget), so `git status && grep
 * -rn x src | head` loading one chunk beats loading four; every other family is a chunk of its own.
 */
const SHELL_CORE_FAMILIES = ['builtins', 'files', 'git', 'reads', 'remit', 'wrappers'];

/** The shell classifier's chunks (scripts/build/shell-chunks.mjs), planned from one build of it whole; the build stops unless each module is in exactly one. */
async function buildShellChunks(write) {
  const entry = CHUNKS[SHELL_CORE];
  const whole = await buildChunk(SHELL_CORE, { write: false });
  const plan = planShellChunks(whole.metafile, { entry, lazy: 'src/core/shell/program-modules.ts', inCore: SHELL_CORE_FAMILIES });
  const outputs = {};
  // A family chunk an earlier build wrote and this one does not would be copied by an installer.
  if (write) {
    for (const f of readdirSync(join(root, 'dist')).filter((f) => /^\.?remit-shell-[a-z-]+\.cjs/.test(f))) {
      if (!plan.chunks.some((c) => f === c.file || f.startsWith(`.${c.file}.`))) rmSync(join(root, 'dist', f));
    }
  }
  for (const { file } of plan.chunks) {
    await buildChunk(file, { entry: SHELL_ENTRY, extra: [linkShellChunks(plan, file, { root, entry })], write });
    outputs[file] = inputs[file];
  }
  checkOneChunkEach(plan, outputs);
  return plan;
}

// `--shell-plan`: the shell chunks' plan and each one's modules as JSON on stdout, nothing written (test/shell-chunks.test.ts).
if (process.argv.includes('--shell-plan')) {
  const plan = await buildShellChunks(false);
  const modules = (file) => Object.keys(inputs[file]).filter((m) => !/^[a-z-]+:/.test(m));
  process.stdout.write(JSON.stringify(plan.chunks.map((c) => ({ ...c, bundled: modules(c.file) }))));
  process.exit(0);
}
const shellChunks = (await buildShellChunks(true)).chunks.map((c) => c.file);
for (const file of Object.keys(CHUNKS)) if (file !== SHELL_CORE) await buildChunk(file);
for (const [file, { source }] of Object.entries(LAZY_CHUNKS)) await buildChunk(file, { entry: join(root, source) });
/** Every chunk of this build, the shell's and the lazy ones included. */
const ALL = [...Object.keys(CHUNKS), ...shellChunks.filter((f) => f !== SHELL_CORE), ...Object.keys(LAZY_CHUNKS)];
// A chunk that is pure ASCII reads and compiles as a one-byte string: half the memory and a
// faster decode for every hook. esbuild leaves non-ASCII text in regular expression literals,
// so escape each UTF-16 unit (\uXXXX means the same in strings, regexes and identifiers); one
// after a backslash would change meaning, so that stops the build instead.
for (const f of ALL) {
  const file = join(root, 'dist', f);
  const text = readFileSync(file, 'utf8');
  if (/\\[^\x00-\x7f]/.test(text)) throw new Error(`${f}: a non-ASCII character after a backslash; cannot escape it safely`);
  writeFileSync(
    file,
    text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
  );
}
// The entry knows each chunk's content hash: a code cache is used only for the bytes it was made from.
const hashes = Object.fromEntries(
  ALL.map((f) => [
    f,
    createHash('sha256')
      .update(readFileSync(join(root, 'dist', f)))
      .digest('hex')
      .slice(0, 32),
  ]),
);
const dynamic = ALL.filter((f) => readFileSync(join(root, 'dist', f), 'latin1').includes('import('));
const loader = readFileSync(join(root, 'scripts/build/bundle-loader.cjs'), 'utf8')
  .replace('const HASHES = __REMIT_CHUNK_HASHES__;', `const HASHES = ${JSON.stringify(hashes)};`)
  .replace('const DYNAMIC = __REMIT_DYNAMIC_CHUNKS__;', `const DYNAMIC = ${JSON.stringify(dynamic)};`);
const { code } = await transform(loader, { loader: 'js', format: 'cjs', platform: 'node', target: 'node20', minify: true, legalComments: 'none' });
writeFileSync(join(root, 'dist', LOADER), code);
// The entry starts the loader through a code cache of its own, checked against the loader's hash.
const loaderHash = createHash('sha256').update(code).digest('hex').slice(0, 32);
const entry = readFileSync(join(root, 'scripts/build/entry.cjs'), 'utf8').replace(
  'const LOADER_HASH = __REMIT_LOADER_HASH__;',
  `const LOADER_HASH = ${JSON.stringify(loaderHash)};`,
);
const { code: entryCode } = await transform(entry, { loader: 'js', format: 'cjs', platform: 'node', target: 'node20', minify: true, legalComments: 'none' });
writeFileSync(join(root, 'dist/remit.cjs'), `#!/usr/bin/env node\n${entryCode}`);
chmodSync(join(root, 'dist/remit.cjs'), 0o755);

const pluginsScript = join(root, 'scripts/build/plugins.mjs');
if (existsSync(pluginsScript)) {
  const { buildPlugins } = await import(pathToFileURL(pluginsScript).href);
  await buildPlugins(sharedOptions);
}

if (sizes) {
  for (const f of ['remit.cjs', LOADER, ...ALL]) {
    console.log(`dist/${f} ${statSync(join(root, 'dist', f)).size} bytes`);
    const top = Object.entries(inputs[f] ?? {})
      .sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)
      .slice(0, 12);
    for (const [input, { bytesInOutput }] of top) console.log(`  ${String(bytesInOutput).padStart(7)} ${input}`);
  }
}
