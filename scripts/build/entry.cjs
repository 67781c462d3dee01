// dist/remit.cjs, the `remit` command and every hook's entry: starts the bundle loader
// (dist/remit-loader.cjs, scripts/build/bundle-loader.cjs with the build's chunk hashes) from a
// V8 code cache kept beside it, `.remit-loader.cjs.v8cache`, as the loader starts each chunk.
// Node compiles an entry file from source on every run, and the loader was most of what a hook
// compiled before its own chunk (some 0.25 ms). The cache's first line names the loader's build
// hash, its size and mtime, the Node version and the architecture; on any mismatch, or when V8
// rejects the data, the loader compiles from source as before and the cache is written at exit
// (temp file and rename: a concurrent run never reads half of one). A folder remit cannot write
// only costs that compile. Nothing here can change what runs: the cache is bytecode for
// exactly these bytes. scripts/build/build.mjs fills in LOADER_HASH.
'use strict';
const fs = require('fs');
const vm = require('vm');

const LOADER_HASH = __REMIT_LOADER_HASH__;
/** The loader's CommonJS wrapper, with the file helpers it is handed as its last three arguments. */
const HEAD = '(function (exports, require, module, __filename, __dirname, readWrapped, readCache, cacheBytes) {';
const TAIL = '\n})';

/**
 * The one buffer every file read here goes through, grown when a file needs more: a chunk's
 * text leaves it as a string, a cache's bytes are done with once V8 has made the script, so
 * the next read reuses the same memory. A fresh buffer for each of a hook's four reads (its
 * chunk, the shell classifier's, and their caches: some 1 MB) was memory the kernel mapped and
 * zeroed page by page, some 240 page faults a hook.
 */
let scratch = Buffer.allocUnsafeSlow(0);

/** The first `size` bytes of `fd` into the scratch buffer from `at` on; how many were read. */
function readInto(fd, size, at) {
  if (scratch.length < at + size + 8) scratch = Buffer.allocUnsafeSlow(Math.max(at + size + 8, 384 * 1024));
  let n = 0;
  while (n < size) {
    const got = fs.readSync(fd, scratch, at + n, size - n, n);
    if (got === 0) break;
    n += got;
  }
  return n;
}

/**
 * A file's text between a wrapper's two ends, read into one buffer that becomes one string:
 * joining them as strings would copy the whole text once more, and both copies count against
 * V8's young generation (a scavenge a hook would otherwise not need). The build makes every
 * file it loads this way pure ASCII, so latin1 reads the same text, in one read of the known
 * size where 'utf8' would read it in 8 KB pieces and decode it. Also the loader's reader for
 * each chunk.
 */
function readWrapped(file, head) {
  const fd = fs.openSync(file, 'r');
  try {
    const st = fs.fstatSync(fd);
    const n = readInto(fd, st.size, head.length);
    scratch.latin1Write(head, 0);
    scratch.latin1Write(TAIL, head.length + n);
    return { text: scratch.latin1Slice(0, head.length + n + TAIL.length), size: st.size, mtimeMs: st.mtimeMs };
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * A V8 code cache file, read into the scratch buffer: its header line and its data, good until
 * the next read (the loader's reader for each chunk's cache). The data starts at the first
 * multiple of 8 past the header line (cacheBytes pads to it): V8 copies cached data that is not
 * aligned to a pointer into memory of its own, the whole cache again on every run.
 */
function readCache(file) {
  const fd = fs.openSync(file, 'r');
  let n;
  try {
    n = readInto(fd, fs.fstatSync(fd).size, 0);
  } finally {
    fs.closeSync(fd);
  }
  // The typed array's own indexOf: Buffer's is JavaScript compiled on first use.
  const end = Uint8Array.prototype.indexOf.call(scratch.subarray(0, n), 10);
  if (end < 0) return undefined;
  return { line: scratch.latin1Slice(0, end), data: scratch.subarray(Math.min(n, (end + 8) & ~7), n) };
}

/** A cache file's bytes: the header line, spaces up to the next multiple of 8, then V8's data. */
function cacheBytes(line, data) {
  const head = `${line}\n`;
  return Buffer.concat([Buffer.from(head.padEnd((head.length + 7) & ~7, ' '), 'latin1'), data]);
}

const file = `${__dirname}/remit-loader.cjs`;
const cacheFile = `${__dirname}/.remit-loader.cjs.v8cache`;
const { text: source, size, mtimeMs } = readWrapped(file, HEAD);
const header = `remit-v8cache 3 ${LOADER_HASH} ${size} ${mtimeMs} ${process.version} ${process.arch}`;
let cached;
try {
  const read = readCache(cacheFile);
  if (read && read.line === header) cached = read.data;
} catch {
  // No cache yet, or one that cannot be read: compiled from source.
}
const script = new vm.Script(source, { filename: file, ...(cached ? { cachedData: cached } : {}) });
const fresh = !cached || script.cachedDataRejected;
script.runInThisContext().call(exports, exports, require, module, __filename, __dirname, readWrapped, readCache, cacheBytes);
// Registered after the loader's own exit handler, so the cache also holds what that compiles.
if (fresh) {
  process.on('exit', () => {
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    try {
      fs.writeFileSync(tmp, cacheBytes(header, script.createCachedData()), { mode: 0o644 });
      fs.renameSync(tmp, cacheFile);
    } catch {
      try {
        fs.unlinkSync(tmp);
      } catch {}
    }
  });
}
