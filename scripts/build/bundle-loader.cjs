// dist/remit.cjs: loads the bundle (remit-hook.cjs for `remit hook`, remit-main.cjs for every
// other command) and its chunks through a V8 code cache kept beside them, so a hook process
// skips parsing and compiling what the last run compiled.
// scripts/build/build.mjs fills in HASHES (chunk file -> content hash of this build).
//
// A cache file `.<chunk>.v8cache` starts with a header naming the chunk's build hash, its size
// and mtime, the Node version and the architecture; any mismatch, or V8 rejecting the data
// (another V8 version or flag set), and the chunk compiles from source as before and the cache
// is rewritten at exit (temp file + rename: concurrent hooks never see a half-written cache).
// The cache holds what the run that wrote it compiled, so the first few runs (a prompt, a tool
// call, its result) each rewrite it with their own functions added; after GENERATIONS it stays.
// Nothing here can change what the code does: a cache is bytecode for exactly these bytes.
'use strict';
const fs = require('fs');
const path = require('path');
const vm = require('vm');
const Module = require('module');

const HASHES = __REMIT_CHUNK_HASHES__;
const GENERATIONS = 4;
const loaded = new Map();
const stale = [];
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

/** The cached data and its generation, or undefined when absent or made for other bytes. */
function readCache(file, header) {
  let data;
  try {
    data = fs.readFileSync(file);
  } catch {
    return undefined;
  }
  const n = data.indexOf(10);
  if (n < 0) return undefined;
  const line = data.toString('latin1', 0, n);
  const sp = line.lastIndexOf(' ');
  if (line.slice(0, sp) !== header) return undefined;
  return { data: data.subarray(n + 1), generation: Number(line.slice(sp + 1)) || 0 };
}

function writeCaches() {
  for (const { script, cacheFile, header, generation } of stale) {
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    try {
      fs.writeFileSync(tmp, Buffer.concat([Buffer.from(`${header} ${generation}\n`, 'latin1'), script.createCachedData()]), { mode: 0o644 });
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
  const file = path.join(__dirname, name);
  const fd = fs.openSync(file, 'r');
  let source;
  let header;
  try {
    const st = fs.fstatSync(fd);
    // The build makes every chunk pure ASCII, so latin1 reads the same text: in one read of
    // the known size, where 'utf8' would read it in 8 KB pieces and decode it.
    source = fs.readFileSync(fd, 'latin1');
    header = `remit-v8cache 1 ${HASHES[name] || 'unknown'} ${st.size} ${st.mtimeMs} ${process.version} ${process.arch}`;
  } finally {
    fs.closeSync(fd);
  }
  const cacheFile = path.join(__dirname, `.${name}.v8cache`);
  const imports = source.includes('import(');
  const cacheable = Boolean(HASHES[name]) && !imports;
  const cached = cacheable ? readCache(cacheFile, header) : undefined;
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const script = new vm.Script(wrapped, {
    filename: file,
    ...(cached ? { cachedData: cached.data } : {}),
    ...(imports && dynamicImport ? { importModuleDynamically: dynamicImport } : {}),
  });
  const generation = !cached || script.cachedDataRejected ? 0 : cached.generation + 1;
  if (cacheable && generation < GENERATIONS) {
    if (stale.length === 0) process.once('exit', writeCaches);
    stale.push({ script, cacheFile, header, generation });
  }
  const mod = new Module(file, module);
  mod.filename = file;
  mod.paths = Module._nodeModulePaths(__dirname);
  loaded.set(name, mod);
  const fallback = Module.createRequire(file);
  const req = (id) => (/^\.\/remit-[a-z]+\.cjs$/.test(id) && HASHES[id.slice(2)] ? load(id.slice(2)) : fallback(id));
  req.resolve = fallback.resolve;
  req.cache = fallback.cache;
  req.main = require.main;
  script.runInThisContext().call(mod.exports, mod.exports, req, mod, file, __dirname);
  mod.loaded = true;
  return mod.exports;
}

// A host's hook runs its own small chunk; a person's command the CLI.
load(process.argv[2] === 'hook' && HASHES['remit-hook.cjs'] ? 'remit-hook.cjs' : 'remit-main.cjs');
