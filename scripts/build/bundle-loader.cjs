// dist/remit-loader.cjs, which dist/remit.cjs starts (scripts/build/entry.cjs, whose file
// helpers `readWrapped`, `readCache` and `cacheBytes` it is handed): loads the bundle (remit-hook.cjs for `remit hook`,
// remit-main.cjs for every other command) and its chunks through a V8 code cache kept beside
// them, so a hook process skips parsing and compiling what the last run compiled.
// scripts/build/build.mjs fills in HASHES (chunk file -> content hash of this build) and DYNAMIC.
//
// A cache file `.<chunk>.v8cache` starts with a header naming the chunk's build hash, its size
// and mtime, the Node version and the architecture (V8's data follows at the next multiple of 8,
// where V8 takes it without copying it); any mismatch, or V8 rejecting the data
// (another V8 version or flag set), and the chunk compiles from source as before and the cache
// is rewritten at exit (temp file + rename: concurrent hooks never see a half-written cache).
// The cache holds what the runs that wrote it compiled: a run that starts from the cache and
// compiles more writes the union. So the first GENERATIONS runs each rewrite it, and after them
// a run rewrites it only when it took a path no earlier writer took: a hook names its path
// (host, event, kind of action, answer; `remit:code-path`, src/cli/commands/hook.ts) and the
// header lists the paths the cache holds, at most MAX_PATHS. Without that, a cache written by a
// session's first prompts and reads would leave every write, refusal or patch compiling its
// own functions from source on every call. A chunk `remit-<group>-<part>.cjs` (the shell
// classifier's program families, scripts/build/shell-chunks.mjs) is a part of its group's chunk
// `remit-<group>.cjs`: the path names the group (claude.action.before.bash.allow+shell, whichever
// families the command named), each part has a cache of its own, and the group chunk's cache
// also holds the name of each part loaded beside it (`<group>:<part>`, e.g. shell:network): a
// command naming another family than the ones before it, on a path already held, adds the core
// functions that family calls instead of compiling them on every call. A chunk that starts a
// part of itself only when it is needed (picomatch, src/core/paths/picomatch-module.ts) names
// it the same way as it starts it (`remit:code-part`, `<chunk>:<part>`, e.g. hook:picomatch).
// The hook chunk keeps one cache per host event its command names (`hook <host> <Event>`, as
// install writes it: `.remit-hook.cjs.PreToolUse.v8cache`), so a tool call does not deserialise
// what only prompts or tool results compiled; a command without an event (or with any word but a
// plain name) uses the shared `.remit-hook.cjs.v8cache`.
// Nothing here can change what the code does: a cache is bytecode for exactly these bytes.
'use strict';
const fs = require('fs');
const path = require('path');
const vm = require('vm');
// The CommonJS Module class, as the entry's own module object's constructor: require('module')
// would load Node's public module API (its source-map and ES-module loader parts), some
// 0.3 ms of a hook's start, for the same class.
const Module = module.constructor;

const HASHES = __REMIT_CHUNK_HASHES__;
// The chunks whose text holds `import(` (the build knows; scanning a chunk's text for it costs
// a hook more than a tenth of a millisecond per chunk). A chunk the build did not hash is scanned.
const DYNAMIC = __REMIT_DYNAMIC_CHUNKS__;
const GENERATIONS = 4;
// The host event a hook command names, for the hook chunk's cache (see above). A name of letters only, told without a regular expression (one costs a hook its compile);
// anything else keeps the shared cache, so no argument ever reaches a file name.
function eventWord(word) {
  if (typeof word !== 'string' || word.length === 0 || word.length > 40) return undefined;
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i) | 0x20;
    if (c < 0x61 || c > 0x7a) return undefined;
  }
  return word;
}
const EVENT = process.argv[2] === 'hook' ? eventWord(process.argv[4]) : undefined;
const MAX_PATHS = 64;
const PATH_NAME = /^[A-Za-z0-9._:-]{1,64}$/;
const HEAD = '(function (exports, require, module, __filename, __dirname) {';
const loaded = new Map();
/** Every cacheable chunk this run loaded: its script, cache file, header and what its cache held. */
const chunks = [];
let codePath;
process.on('remit:code-path', (name) => {
  if (typeof name === 'string' && PATH_NAME.test(name)) codePath = name;
});
const parts = new Set();
process.on('remit:code-part', (name) => {
  if (typeof name === 'string' && PATH_NAME.test(name) && name.includes(':')) parts.add(name);
});
// import() inside a chunk goes to Node's own ESM loader, as it would from a required file.
// A script made from cached data loses that callback (Node 20: ERR_VM_DYNAMIC_IMPORT_CALLBACK_
// MISSING), so a chunk whose text holds `import(` always compiles from source. Node 20 flags the
// option experimental with a warning on stderr at the first import(); that one warning is
// dropped here (a person's command would show it, a hook's host might log it).
const dynamicImport = vm.constants && vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER;
if (dynamicImport) {
  const emitWarning = process.emitWarning;
  process.emitWarning = function (warning, ...rest) {
    if (String((warning && warning.message) || warning).includes('USE_MAIN_CONTEXT_DEFAULT_LOADER')) return;
    return emitWarning.call(this, warning, ...rest);
  };
}

/** The cached data, its generation and the paths it holds, or undefined when absent or made for other bytes. */
function cacheOf(file, header) {
  let read;
  try {
    // The entry's reader (scripts/build/entry.cjs): the bytes stay good until its next read,
    // and V8 is done with them once the script is made, before this loader reads again.
    read = readCache(file);
  } catch {
    return undefined;
  }
  if (!read) return undefined;
  const { line, data } = read;
  const paths = line.lastIndexOf(' ');
  const gen = line.lastIndexOf(' ', paths - 1);
  if (gen < 0 || line.slice(0, gen) !== header) return undefined;
  const held = line.slice(paths + 1);
  return { data, generation: Number(line.slice(gen + 1, paths)) || 0, paths: held === '-' ? [] : held.split(',') };
}

function writeCaches() {
  // The same event can run through other chunks (a Read, or a shell command that only reads):
  // the path names them too, e.g. claude.action.before.read.allow+shell.
  const taken = codePath === undefined ? undefined : [codePath, ...new Set(chunks.slice(1).map((c) => c.name.slice(6, -4).split('-')[0]))].join('+');
  for (const { name, script, cacheFile, header, generation, paths } of chunks) {
    const own = `${name.slice(6, -4)}:`;
    const names = [...(taken === undefined ? [] : [taken]), ...[...parts].filter((p) => p.startsWith(own))];
    const added = names.filter((n) => !paths.includes(n)).slice(0, Math.max(0, MAX_PATHS - paths.length));
    if (generation >= GENERATIONS && added.length === 0) continue;
    const held = [...paths, ...added];
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    try {
      fs.writeFileSync(tmp, cacheBytes(`${header} ${generation} ${held.join(',') || '-'}`, script.createCachedData()), { mode: 0o644 });
      fs.renameSync(tmp, cacheFile);
    } catch {
      // A read-only install folder only costs the compile; never a hook's answer.
      try {
        fs.unlinkSync(tmp);
      } catch {}
    }
  }
}

function load(name) {
  const done = loaded.get(name);
  if (done) return done.exports;
  // Not a regular expression: compiling one cost every hook some 0.15 M instructions.
  const dash = name.indexOf('-', 6);
  if (dash > 0) parts.add(`${name.slice(6, dash)}:${name.slice(dash + 1, -4)}`);
  const file = path.join(__dirname, name);
  // The entry's reader (scripts/build/entry.cjs): the chunk between the wrapper's ends, one string.
  const { text: wrapped, size, mtimeMs } = readWrapped(file, HEAD);
  const header = `remit-v8cache 3 ${HASHES[name] || 'unknown'} ${size} ${mtimeMs} ${process.version} ${process.arch}`;
  const cacheFile = path.join(__dirname, `.${name}${name === 'remit-hook.cjs' && EVENT ? `.${EVENT}` : ''}.v8cache`);
  const imports = HASHES[name] ? DYNAMIC.includes(name) : wrapped.includes('import(');
  const cacheable = Boolean(HASHES[name]) && !imports;
  const cached = cacheable ? cacheOf(cacheFile, header) : undefined;
  const script = new vm.Script(wrapped, {
    filename: file,
    ...(cached ? { cachedData: cached.data } : {}),
    ...(imports && dynamicImport ? { importModuleDynamically: dynamicImport } : {}),
  });
  if (cacheable) {
    const fresh = !cached || script.cachedDataRejected;
    if (chunks.length === 0) process.on('exit', writeCaches);
    chunks.push({ name, script, cacheFile, header, generation: fresh ? 0 : cached.generation + 1, paths: fresh ? [] : cached.paths });
  }
  const mod = new Module(file, module);
  mod.filename = file;
  loaded.set(name, mod);
  // What a chunk requires is a sibling chunk or one of Node's modules (the build bundles
  // everything else); anything else, and require.resolve/cache, go to a require of the chunk's
  // own file, made only then: making it for every chunk costs a hook Node's module-path
  // look-ups for nothing.
  let fallback;
  const own = () => (fallback ??= Module.createRequire(file));
  const req = (id) => (/^\.\/remit-[a-z-]+\.cjs$/.test(id) && HASHES[id.slice(2)] ? load(id.slice(2)) : Module.isBuiltin(id) ? require(id) : own()(id));
  Object.defineProperties(req, {
    resolve: { get: () => own().resolve },
    cache: { get: () => own().cache },
    main: { value: require.main },
  });
  let paths;
  Object.defineProperty(mod, 'paths', {
    get: () => (paths ??= Module._nodeModulePaths(__dirname)),
    set: (v) => {
      paths = v;
    },
    enumerable: true,
  });
  script.runInThisContext().call(mod.exports, mod.exports, req, mod, file, __dirname);
  mod.loaded = true;
  return mod.exports;
}

// A host's hook runs its own small chunk; a person's command the CLI.
load(process.argv[2] === 'hook' && HASHES['remit-hook.cjs'] ? 'remit-hook.cjs' : 'remit-main.cjs');
