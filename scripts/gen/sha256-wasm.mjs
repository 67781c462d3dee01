// Assembles the SHA-256 compression function (FIPS 180-4, section 6.2.2) into a WebAssembly
// module and writes it, base64, to src/core/crypto/sha256-module.ts, which sha256.ts runs:
// a hook hashes a few kilobytes, and compiling this module costs a process far less than
// loading `node:crypto` (sha256.ts says why that matters). `--check` fails when the committed
// file is not what this script makes instead of writing it.
//
// The module exports its memory `m`; `i()`, which sets the eight hash words at STATE to their
// initial value; COPIES identical compression functions `c0` … `c<COPIES-1>`: `cN(ptr, n)` runs
// the compression over n 64-byte blocks at ptr and updates the hash words (each a little-endian
// i32, as WebAssembly stores them); and `d()`, which writes them as the 32-byte big-endian
// digest at OUT. Memory layout: K (64 words) at 0, the hash words at STATE, the message
// schedule W (64 words) at SCHEDULE, the digest at OUT, input blocks from DATA to the end of
// its one 64 KiB page.
//
// Why copies: V8 runs a WebAssembly function as baseline code and, once it has run some 66
// blocks (its tiering budget on Node 20), compiles it again with its optimising compiler on another thread,
// about 1.2 ms of CPU, more than a hook's whole hashing. sha256.ts spreads a hook's few dozen
// blocks over copies that each stay under that budget, and hands a long input to `c0`, which
// is then worth optimising.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const STATE = 256;
const SCHEDULE = 288;
const OUT = 544;
const DATA = 1024;
const PAGE = 65536;
/** Compression functions in the module (sha256.ts: `c0` for long inputs, the rest for short ones). */
const COPIES = 12;

// The first 32 bits of the fractional parts of the cube roots of the first 64 primes.
const K = [
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74,
  0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d,
  0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e,
  0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
  0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
];

// The initial hash value: the first 32 bits of the fractional parts of the square roots of the first 8 primes.
const H0 = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

// Opcodes (WebAssembly core specification, section 5.4).
const BLOCK = 0x02,
  LOOP = 0x03,
  END = 0x0b,
  BR = 0x0c,
  BR_IF = 0x0d,
  VOID = 0x40;
const GET = 0x20,
  SET = 0x21,
  TEE = 0x22;
const LOAD = 0x28,
  STORE = 0x36,
  CONST = 0x41;
const EQZ = 0x45,
  LT_U = 0x49;
const ADD = 0x6a,
  SUB = 0x6b,
  AND = 0x71,
  OR = 0x72,
  XOR = 0x73,
  SHL = 0x74,
  SHR_U = 0x76;

// Locals: the two parameters, then the loop offset, the eight working variables and two temporaries.
const PTR = 0,
  N = 1,
  J = 2,
  A = 3,
  B = 4,
  C = 5,
  D = 6,
  E = 7,
  F = 8,
  G = 9,
  H = 10,
  T1 = 11,
  T2 = 12;
const LOCALS = 11;

function sleb(n) {
  const out = [];
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (byte & 0x40) === 0) || (n === -1 && (byte & 0x40) !== 0)) return [...out, byte];
    out.push(byte | 0x80);
  }
}
const uleb = (n) => (n < 0x80 ? [n] : [(n & 0x7f) | 0x80, ...uleb(n >>> 7)]);
const get = (l) => [GET, l];
const set = (l) => [SET, l];
const i32 = (n) => [CONST, ...sleb(n | 0)];
const load = (offset) => [LOAD, 2, ...uleb(offset)];
const store = (offset) => [STORE, 2, ...uleb(offset)];
/**
 * Local `l` rotated right by r, as two shifts and an OR: V8's baseline compiler (Liftoff, which
 * runs every hook's hashing) emits i32.rotr and i32.rotl as a call into C on Node 20, some 0.2 ms
 * of a hook's 600 rotations a block; shifts it emits as one instruction each.
 */
const rotr = (l, r) => [...get(l), ...i32(r), SHR_U, ...get(l), ...i32(32 - r), SHL, OR];
/** The value of local `l` rotated right by each amount, XORed together (one shift instead of the last rotation when `shift` is set). */
function sigma(l, [r1, r2, r3], shift = false) {
  return [...rotr(l, r1), ...rotr(l, r2), XOR, ...(shift ? [...get(l), ...i32(r3), SHR_U] : rotr(l, r3)), XOR];
}
/** The word in local `l` with its bytes reversed (little-endian to big-endian and back). */
const swapped = (l) => [...rotr(l, 24), ...i32(0x00ff00ff), AND, ...rotr(l, 8), ...i32(0xff00ff00), AND, OR];
/** A big-endian word of the input at ptr + j. */
const bigEndianWord = [...get(PTR), ...get(J), ADD, ...load(0), ...set(T1), ...swapped(T1)];
/** A counted loop over j = from, from + 4, … below `to`, with `body` inside. */
const loopOver = (from, to, body) => [...i32(from), ...set(J), LOOP, VOID, ...body, ...get(J), ...i32(4), ADD, TEE, J, ...i32(to), LT_U, BR_IF, 0, END];
const working = [A, B, C, D, E, F, G, H];

function compressBody() {
  return [
    BLOCK,
    VOID,
    LOOP,
    VOID,
    ...get(N),
    EQZ,
    BR_IF,
    1,
    // W[0..16): the block's words.
    ...loopOver(0, 64, [...get(J), ...bigEndianWord, ...store(SCHEDULE)]),
    // W[16..64): W[t-16] + σ0(W[t-15]) + W[t-7] + σ1(W[t-2]).
    ...loopOver(64, 256, [
      ...get(J),
      ...get(J),
      ...load(SCHEDULE - 64),
      ...get(J),
      ...load(SCHEDULE - 60),
      ...set(T1),
      ...sigma(T1, [7, 18, 3], true),
      ADD,
      ...get(J),
      ...load(SCHEDULE - 28),
      ADD,
      ...get(J),
      ...load(SCHEDULE - 8),
      ...set(T2),
      ...sigma(T2, [17, 19, 10], true),
      ADD,
      ...store(SCHEDULE),
    ]),
    ...working.flatMap((l, i) => [...i32(0), ...load(STATE + 4 * i), ...set(l)]),
    // The 64 rounds.
    ...loopOver(0, 256, [
      // T1 = h + Σ1(e) + Ch(e, f, g) + K[t] + W[t]
      ...get(H),
      ...sigma(E, [6, 11, 25]),
      ADD,
      ...get(E),
      ...get(F),
      AND,
      ...get(E),
      ...i32(-1),
      XOR,
      ...get(G),
      AND,
      XOR,
      ADD,
      ...get(J),
      ...load(0),
      ADD,
      ...get(J),
      ...load(SCHEDULE),
      ADD,
      ...set(T1),
      // T2 = Σ0(a) + Maj(a, b, c)
      ...sigma(A, [2, 13, 22]),
      ...get(A),
      ...get(B),
      AND,
      ...get(A),
      ...get(C),
      AND,
      XOR,
      ...get(B),
      ...get(C),
      AND,
      XOR,
      ADD,
      ...set(T2),
      ...get(G),
      ...set(H),
      ...get(F),
      ...set(G),
      ...get(E),
      ...set(F),
      ...get(D),
      ...get(T1),
      ADD,
      ...set(E),
      ...get(C),
      ...set(D),
      ...get(B),
      ...set(C),
      ...get(A),
      ...set(B),
      ...get(T1),
      ...get(T2),
      ADD,
      ...set(A),
    ]),
    ...working.flatMap((l, i) => [...i32(0), ...i32(0), ...load(STATE + 4 * i), ...get(l), ADD, ...store(STATE + 4 * i)]),
    ...get(PTR),
    ...i32(64),
    ADD,
    ...set(PTR),
    ...get(N),
    ...i32(1),
    SUB,
    ...set(N),
    BR,
    0,
    END,
    END,
  ];
}

const section = (id, body) => [id, ...uleb(body.length), ...body];
const name = (s) => [s.length, ...[...s].map((ch) => ch.charCodeAt(0))];

/** i(): the hash words set to H0. */
const initBody = () => H0.flatMap((h, k) => [...i32(0), ...i32(h), ...store(STATE + 4 * k)]);
/** d(): the hash words, byte-swapped, at OUT (its one local holds each word). */
const digestBody = () => H0.flatMap((_, k) => [...i32(0), ...i32(0), ...load(STATE + 4 * k), ...set(0), ...swapped(0), ...store(OUT + 4 * k)]);

/** A function body: one run of `locals` i32 locals, then the instructions. */
const body = (locals, instructions) => {
  const code = [...(locals > 0 ? [1, locals, 0x7f] : [0]), ...instructions, END];
  return [...uleb(code.length), ...code];
};

/** The module's bytes. */
function sha256Module() {
  const kBytes = K.flatMap((k) => [k & 0xff, (k >>> 8) & 0xff, (k >>> 16) & 0xff, k >>> 24]);
  return new Uint8Array([
    0x00,
    0x61,
    0x73,
    0x6d,
    0x01,
    0x00,
    0x00,
    0x00,
    ...section(1, [2, 0x60, 2, 0x7f, 0x7f, 0, 0x60, 0, 0]), // types: (i32, i32) -> () and () -> ()
    ...section(3, [COPIES + 2, ...Array(COPIES).fill(0), 1, 1]), // c0 … c<COPIES-1>, i, d
    ...section(5, [1, 0, 1]), // one memory of one page
    // exports: each compression function, i, d and the memory
    ...section(7, [
      COPIES + 3,
      ...Array.from({ length: COPIES }, (_, n) => [...name(`c${n}`), 0, n]).flat(),
      ...name('i'),
      0,
      COPIES,
      ...name('d'),
      0,
      COPIES + 1,
      ...name('m'),
      2,
      0,
    ]),
    ...section(10, [COPIES + 2, ...Array(COPIES).fill(body(LOCALS, compressBody())).flat(), ...body(0, initBody()), ...body(1, digestBody())]),
    ...section(11, [1, 0, ...i32(0), END, ...uleb(kBytes.length), ...kBytes]), // K at 0
  ]);
}

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const out = join(root, 'src/core/crypto/sha256-module.ts');
const text = `// Generated by scripts/gen/sha256-wasm.mjs: the SHA-256 compression function as a WebAssembly
// module (that script is its source and says what it exports). Do not edit.
export const OUT = ${OUT};
export const DATA = ${DATA};
export const PAGE = ${PAGE};
export const COPIES = ${COPIES};
export const SHA256_WASM = '${Buffer.from(sha256Module()).toString('base64')}';
`;
if (process.argv.includes('--check')) {
  let current = null;
  try {
    current = readFileSync(out, 'utf8');
  } catch {}
  if (current !== text) {
    console.error('src/core/crypto/sha256-module.ts is stale: run node scripts/gen/sha256-wasm.mjs');
    process.exit(1);
  }
} else writeFileSync(out, text);
