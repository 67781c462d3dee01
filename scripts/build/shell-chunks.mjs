// The shell classifier as several chunks (docs/DESIGN.md#performance-budget): a core,
// remit-shell.cjs (parser, walker, dispatch, option tables, words, result …, and the program
// families nearly every command names, which the build lists), and one chunk per other program
// family and PowerShell (remit-shell-network.cjs …), each loaded when a command first names it
// (src/core/shell/program-modules.ts, whose loaders the build makes a require() of the family's
// chunk) and each with a code cache of its own: a shell hook reads and deserialises the core and
// the families its command names, not the tables and code of every family any earlier command
// used.
//
// Every module is in exactly one of these chunks, so a class, an instanceof or a module's state
// is the same object whichever chunk uses it. The plan (planShellChunks) is made from the
// import graph of one build of the whole classifier:
// - the core holds what the core's entry and the families named to be in it (`inCore`) reach
//   without going through another family's loader;
// - every other module is in the chunk of the modules the same families load (a family loads
//   what its imports reach, another family's entry and its imports too): a family's chunk
//   holds what only it loads, and what several load is one chunk too, so no hook opens two
//   files where one would hold the same code; an import of another chunk's module stays an
//   import of that chunk;
// - what families share and no family's entry is in goes to the core when it is less than
//   SHARED_MIN bytes (a file to open and a cache to read cost a hook more than a few kilobytes
//   of code).
// A chunk exposes each module another chunk imports through a registry (`__modules`: the
// module's path -> a function that starts it, esbuild's lazy init of an ES module, and returns
// its namespace), and the importing chunk gets, in that module's place, one line that asks the
// owner's registry for it (linkShellChunks). checkOneChunkEach stops the build when the
// bundles do not match the plan: a module in two chunks, or in a chunk the plan did not put it.
import { basename, join, relative, sep } from 'node:path';

export const SHELL_CORE = 'remit-shell.cjs';
/** Bytes (minified) below which what some families share goes into the core instead of a chunk of its own. */
export const SHARED_MIN = 10_000;
const LINK = 'remit-shell-link';
const ENTRY = 'remit-shell-entry';

/** Inputs outside the file namespace: the build's wrappers of Node's own modules (`remit-builtin:`), which hold no state of their own and are in every chunk that imports them. */
const isFile = (key) => !/^[a-z-]+:/.test(key);

/**
 * The chunks of the shell classifier from `meta`, the metafile of one build of `entry` (paths
 * relative to the build's root) whose lazy-module file `lazy` loads each family; `inCore` the
 * families (file names without extension) the core holds.
 * Returns `{ chunks: [{ file, modules, exposes, imports, lazy }], owner: Map<module, file> }`:
 * the core first; `imports` the chunks a chunk's modules import, `lazy` those it loads on demand.
 */
export function planShellChunks(meta, { entry, lazy, sharedMin = SHARED_MIN, inCore = [] }) {
  const { inputs } = meta;
  const sizes = Object.values(meta.outputs)[0].inputs;
  const edges = (m) => (inputs[m]?.imports ?? []).filter((i) => !i.external && isFile(i.path)).map((i) => i.path);
  const reach = (start, stop) => {
    const seen = new Set();
    const todo = [...start];
    while (todo.length > 0) {
      const m = todo.pop();
      if (seen.has(m) || stop(m)) continue;
      seen.add(m);
      todo.push(...(m === lazy ? [] : edges(m)));
    }
    return seen;
  };
  if (!inputs[lazy]) throw new Error(`shell chunks: ${lazy} is not in the classifier's build`);
  const name = (m) => basename(m).replace(/\.[cm]?[jt]s$/, '');
  const unknown = inCore.filter((n) => !edges(lazy).some((f) => name(f) === n));
  if (unknown.length > 0) throw new Error(`shell chunks: no family ${unknown.join(', ')} for the core to hold`);
  const families = edges(lazy).filter((f) => !inCore.includes(name(f)));
  let core = reach([entry, lazy, ...edges(lazy).filter((f) => inCore.includes(name(f)))], () => false);
  const size = (ms) => ms.reduce((n, m) => n + (sizes[m]?.bytesInOutput ?? 0), 0);
  for (;;) {
    for (const f of families)
      if (core.has(f)) throw new Error(`shell chunks: the core imports ${f} other than through its loader; it would start with the core`);
    // Which families load each module outside the core: those whose static imports reach it,
    // through other families' entries too (a family imported is loaded with its importer).
    const loaders = new Map();
    for (const f of families) for (const m of reach([f], (m) => core.has(m))) loaders.set(m, [...(loaders.get(m) ?? []), f]);
    // Modules loaded by the same families are one chunk: splitting them would only make a
    // hook open more files for the same code.
    const groups = new Map();
    for (const [m, fs] of loaders) {
      const key = fs.sort().join(' ');
      groups.set(key, [...(groups.get(key) ?? []), m]);
    }
    const small = [...groups].filter(([, ms]) => !ms.some((m) => families.includes(m)) && size(ms) < sharedMin).flatMap(([, ms]) => ms);
    if (small.length > 0) {
      core = reach([...core, ...small], () => false);
      continue;
    }
    const named = (ms) => {
      const lead = ms.filter((m) => families.includes(m)).sort()[0] ?? ms.reduce((a, b) => (size([b]) > size([a]) ? b : a));
      return `remit-shell-${name(lead)}.cjs`;
    };
    const chunks = [
      { file: SHELL_CORE, modules: [...core] },
      ...[...groups.values()].map((ms) => ({ file: named(ms), modules: ms })).sort((a, b) => (a.file < b.file ? -1 : 1)),
    ];
    const owner = new Map();
    for (const c of chunks) {
      if (!/^remit-[a-z-]+\.cjs$/.test(c.file)) throw new Error(`shell chunks: ${c.file} is not a chunk name the loader and installers take`);
      if (chunks.filter((d) => d.file === c.file).length > 1) throw new Error(`shell chunks: two chunks would be ${c.file}`);
      for (const m of c.modules) owner.set(m, c.file);
    }
    for (const c of chunks) {
      const exposes = new Set();
      const imports = new Set();
      const loads = new Set();
      for (const d of chunks) {
        for (const m of d.modules) {
          for (const n of edges(m)) {
            if (owner.get(n) === c.file && d.file !== c.file) exposes.add(n);
            if (d === c && owner.get(n) !== c.file) (m === lazy ? loads : imports).add(owner.get(n));
          }
        }
      }
      Object.assign(c, { exposes: [...exposes].sort(), imports: [...imports].sort(), lazy: [...loads].sort() });
    }
    return { chunks, owner };
  }
}

/** The esbuild plugin for the shell chunk `self`: its entry (the registry, and for the core the classifier's exports) and, for each module another chunk holds, a line asking that chunk for it. */
export function linkShellChunks(plan, self, { root, entry }) {
  const chunk = plan.chunks.find((c) => c.file === self);
  const key = (file) => relative(root, file).split(sep).join('/');
  return {
    name: 'remit-shell-chunks',
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData?.[LINK] || args.kind === 'entry-point' || args.namespace !== 'file') return undefined;
        const r = await b.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { [LINK]: true } });
        if (r.errors.length > 0 || r.external || r.namespace !== 'file') return undefined;
        const owner = plan.owner.get(key(r.path));
        if (owner === undefined) throw new Error(`shell chunks: ${key(r.path)} (imported by ${key(args.importer)}) is not in the plan`);
        return owner === self ? undefined : { path: key(r.path), namespace: LINK, pluginData: { owner } };
      });
      b.onResolve({ filter: /^\.\/remit-[a-z-]+\.cjs$/, namespace: LINK }, (args) => ({ path: args.path, external: true }));
      b.onLoad({ filter: /.*/, namespace: LINK }, (args) => ({
        contents: `module.exports = require(${JSON.stringify(`./${args.pluginData.owner}`)}).__modules[${JSON.stringify(args.path)}]();\n`,
        loader: 'js',
        resolveDir: root,
      }));
      b.onResolve({ filter: new RegExp(`^${ENTRY}$`) }, () => ({ path: self, namespace: ENTRY }));
      b.onLoad({ filter: /.*/, namespace: ENTRY }, () => ({
        contents: [
          ...(self === SHELL_CORE ? [`export * from ${JSON.stringify(join(root, entry))};`] : []),
          chunk.exposes.map((_, i) => `let c${i};`).join(' '),
          'export const __modules = {',
          ...chunk.exposes.map((m, i) => `  ${JSON.stringify(m)}: () => (c${i} ??= require(${JSON.stringify(join(root, m))})),`),
          '};',
        ].join('\n'),
        loader: 'js',
        resolveDir: root,
      }));
    },
  };
}

/** The entry point a shell chunk's build takes (linkShellChunks makes it). */
export const SHELL_ENTRY = ENTRY;

/** Throws unless each file module of `outputs` (chunk file -> metafile inputs of its bundle) is in the chunk the plan gives it, and in no other. */
export function checkOneChunkEach(plan, outputs) {
  const seen = new Map();
  const wrong = [];
  for (const [file, inputs] of Object.entries(outputs)) {
    for (const m of Object.keys(inputs).filter(isFile)) {
      if (seen.has(m)) wrong.push(`${m} is in ${seen.get(m)} and ${file}`);
      else seen.set(m, file);
      if (plan.owner.get(m) !== file) wrong.push(`${m} is in ${file}, planned for ${plan.owner.get(m) ?? 'no chunk'}`);
    }
  }
  if (wrong.length > 0) throw new Error(`shell chunks: a module must be in exactly one chunk:\n  ${wrong.join('\n  ')}`);
}
