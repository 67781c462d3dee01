// SHA-256 and HMAC-SHA256 (FIPS 180-4, RFC 2104) for what a hook hashes: a state file, an
// audit line, a tool input, a session id — a few kilobytes. Loading `node:crypto` costs a
// spawned hook about 3 ms (it brings Node's streams and initialises OpenSSL;
// docs/DESIGN.md#performance-budget), more than its whole hashing. So inputs below
// NATIVE_FROM bytes go through the compression function compiled from sha256-module.ts
// (assembled by scripts/gen/sha256-wasm.mjs). A longer one (a state file holding hundreds of
// open calls), or any input where WebAssembly is not available (`node --jitless`), goes
// through `node:crypto`, which then loads and hashes everything after it: the module runs as
// V8's baseline code, some 90 MB/s, so past a few tens of kilobytes the load pays for itself.
// Both give the same bytes (`sha256.test.ts` checks them against `node:crypto` on the
// standard vectors and on random inputs of every length around the block boundaries).
import { createRequire } from 'node:module';
import { COPIES, DATA, OUT, PAGE, SHA256_WASM } from './sha256-module.js';
import { fromBase64, writeUtf8 } from './bytes.js';

type NodeCrypto = typeof import('node:crypto');
let native: NodeCrypto | undefined;
/** `node:crypto`, loaded on first use. */
export function nodeCrypto(): NodeCrypto {
  native ??= createRequire(import.meta.url)('node:crypto') as NodeCrypto;
  return native;
}

/** From this many bytes of input on, the native hash is cheaper even counting its load (a state file is hashed twice a hook). */
export const NATIVE_FROM = 32 * 1024;

interface Engine {
  init: () => void;
  compress: (ptr: number, blocks: number) => void;
  digest: () => void;
  /** The module's memory. */
  bytes: Uint8Array;
}
let engine: Engine | null | undefined;

/** The module for an input of this many bytes, or null for `node:crypto` (once loaded, it hashes everything). */
function pick(bytes: number): Engine | null {
  return native === undefined && bytes < NATIVE_FROM ? wasm() : null;
}

/** Which implementation hashes an input of this many bytes now. */
export function engineFor(bytes: number): 'webassembly' | 'node:crypto' {
  return pick(bytes) ? 'webassembly' : 'node:crypto';
}

/**
 * Blocks one compression function runs before V8 would compile it again with its optimising
 * compiler (its WebAssembly tiering budget, measured at some 66 blocks of this function on
 * Node 20 and several hundred on Node 22): that compile costs a process about 1.2 ms of CPU,
 * more than hashing a hook's hundred-odd blocks as baseline code. So each of the module's spare copies runs at most
 * this many; the first copy takes what the spares cannot (a long input, or everything past
 * their share), and its compile then pays for itself.
 */
export const BLOCKS_PER_COPY = 50;

type Compress = (ptr: number, blocks: number) => void;

/** `compress` over the copies: each spare up to BLOCKS_PER_COPY blocks, in turn, then the first. */
export function spread(copies: readonly Compress[]): Compress {
  let spare = 1;
  let used = 0;
  return (ptr, blocks) => {
    if (blocks > (copies.length - spare) * BLOCKS_PER_COPY - used) {
      copies[0]!(ptr, blocks);
      return;
    }
    while (blocks > 0) {
      if (used === BLOCKS_PER_COPY) {
        spare++;
        used = 0;
      }
      const take = Math.min(blocks, BLOCKS_PER_COPY - used);
      copies[spare]!(ptr, take);
      ptr += take * 64;
      blocks -= take;
      used += take;
    }
  };
}

/** The compiled module, or null where WebAssembly cannot run (then everything goes native). */
function wasm(): Engine | null {
  if (engine !== undefined) return engine;
  try {
    const instance = new WebAssembly.Instance(new WebAssembly.Module(fromBase64(SHA256_WASM)), {});
    const exports = instance.exports as Record<string, unknown> & { i: Engine['init']; d: Engine['digest']; m: WebAssembly.Memory };
    const copies = Array.from({ length: COPIES }, (_, n) => exports[`c${n}`] as Compress);
    engine = { init: exports.i, compress: spread(copies), digest: exports.d, bytes: new Uint8Array(exports.m.buffer) };
  } catch {
    engine = null;
  }
  return engine;
}

const ROOM = PAGE - DATA;

/** SHA-256 of the parts one after another, through the module's memory. */
function wasmDigest({ init, compress, digest, bytes }: Engine, input: readonly (string | Uint8Array)[]): Buffer {
  init();
  let fill = 0;
  let length = 0;
  for (const item of input) {
    // A string that fits is encoded straight into the module's memory (UTF-8 takes at most
    // three bytes per UTF-16 unit); anything else is copied in from its bytes.
    if (typeof item === 'string' && item.length * 3 <= ROOM - fill) {
      const n = writeUtf8(bytes, item, DATA + fill);
      fill += n;
      length += n;
      continue;
    }
    const part = bytesOf(item);
    length += part.length;
    for (let off = 0; off < part.length; ) {
      const take = Math.min(ROOM - fill, part.length - off);
      bytes.set(part.subarray(off, off + take), DATA + fill);
      fill += take;
      off += take;
      if (fill === ROOM) {
        compress(DATA, ROOM / 64);
        fill = 0;
      }
    }
  }
  const whole = fill & ~63;
  if (whole > 0) {
    compress(DATA, whole / 64);
    bytes.copyWithin(DATA, DATA + whole, DATA + fill);
    fill -= whole;
  }
  // Padding: 0x80, zeros, and the length in bits as a 64-bit big-endian number. (The typed
  // array's own fill: Buffer's is JavaScript compiled on first use, for these few zeros.)
  Uint8Array.prototype.fill.call(bytes, 0, DATA + fill, DATA + 128);
  bytes[DATA + fill] = 0x80;
  const end = fill < 56 ? 64 : 128;
  const bits = length * 8;
  putUint32(bytes, DATA + end - 8, Math.floor(bits / 0x100000000));
  putUint32(bytes, DATA + end - 4, bits >>> 0);
  compress(DATA, end / 64);
  digest();
  const out = Buffer.allocUnsafe(32);
  out.set(bytes.subarray(OUT, OUT + 32));
  return out;
}

/** A 32-bit big-endian number at `at` (Buffer's writeUInt32BE is JavaScript compiled on first use, with its checks). */
function putUint32(bytes: Uint8Array, at: number, n: number): void {
  bytes[at] = n >>> 24;
  bytes[at + 1] = (n >>> 16) & 0xff;
  bytes[at + 2] = (n >>> 8) & 0xff;
  bytes[at + 3] = n & 0xff;
}

const bytesOf = (part: string | Uint8Array): Uint8Array => (typeof part === 'string' ? Buffer.from(part, 'utf8') : part);
/** The input's length in bytes or more: a string's UTF-8 takes at most three bytes per unit (counted exactly when that bound is no help). */
const bound = (input: readonly (string | Uint8Array)[]) =>
  input.reduce((n, p) => n + (typeof p !== 'string' ? p.length : p.length * 3 < NATIVE_FROM ? p.length * 3 : Buffer.byteLength(p, 'utf8')), 0);

/** SHA-256 of the parts one after another (strings as UTF-8). */
export function sha256(...input: (string | Uint8Array)[]): Buffer {
  const e = pick(bound(input));
  if (e) return wasmDigest(e, input);
  const hash = nodeCrypto().createHash('sha256');
  for (const p of input) hash.update(bytesOf(p));
  return hash.digest();
}

/** HMAC-SHA256 under `key` of the parts one after another (strings as UTF-8). */
export function hmacSha256(key: string | Uint8Array, ...input: (string | Uint8Array)[]): Buffer {
  const k = bytesOf(key);
  const e = pick(bound(input) + k.length);
  if (e) return wasmHmac(e, k, input);
  const hmac = nodeCrypto().createHmac('sha256', k);
  for (const p of input) hmac.update(bytesOf(p));
  return hmac.digest();
}

/** The WebAssembly path alone, at any length (what the tests hold to `node:crypto` beyond NATIVE_FROM). */
export const viaWebAssembly = {
  sha256: (...input: (string | Uint8Array)[]): Buffer => wasmDigest(wasm()!, input),
  hmacSha256: (key: string | Uint8Array, ...input: (string | Uint8Array)[]): Buffer => wasmHmac(wasm()!, bytesOf(key), input),
};

function wasmHmac(e: Engine, key: Uint8Array, input: readonly (string | Uint8Array)[]): Buffer {
  let k = key;
  if (k.length > 64) k = wasmDigest(e, [k]);
  const inner = new Uint8Array(64).fill(0x36);
  const outer = new Uint8Array(64).fill(0x5c);
  for (let i = 0; i < k.length; i++) {
    inner[i] = inner[i]! ^ k[i]!;
    outer[i] = outer[i]! ^ k[i]!;
  }
  return wasmDigest(e, [outer, wasmDigest(e, [inner, ...input])]);
}
