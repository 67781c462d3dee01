import { describe, expect, it } from 'vitest';
import { fromBase64, fromHex, hexOf, latin1Of, PUBLIC_CODEC, utf8Of, writeUtf8 } from './bytes.js';
import { SHA256_WASM } from './sha256-module.js';

// The helpers call Buffer's native per-encoding methods directly; each must answer what the
// Buffer method it stands for answers, on every kind of input a hook gives it.
const samples = ['', 'a', 'remit', 'ü', 'naïve café', '日本語のテキスト', '😀 emoji', 'a\u0000b', '\ud800 lone', 'x'.repeat(5000)];

function randomBytes(n: number, seed: number): Buffer {
  const b = Buffer.allocUnsafe(n);
  let s = seed;
  for (let i = 0; i < n; i++) {
    s = (s * 1103515245 + 12345) >>> 0;
    b[i] = s >>> 24;
  }
  return b;
}

describe('crypto/bytes', () => {
  it('decodes as Buffer#toString does (hex, utf8, latin1, ranges, broken UTF-8)', () => {
    for (let n = 0; n < 80; n++) {
      const b = randomBytes(n, n + 1);
      expect(hexOf(b)).toBe(b.toString('hex'));
      expect(utf8Of(b)).toBe(b.toString('utf8'));
      expect(latin1Of(b)).toBe(b.toString('latin1'));
      expect(utf8Of(b, n >> 2, n >> 1)).toBe(b.toString('utf8', n >> 2, n >> 1));
      expect(latin1Of(b, n >> 2, n >> 1)).toBe(b.toString('latin1', n >> 2, n >> 1));
    }
    for (const s of samples) expect(utf8Of(Buffer.from(s))).toBe(Buffer.from(s).toString('utf8'));
    // A plain Uint8Array (the WebAssembly memory's view) decodes too.
    expect(hexOf(new Uint8Array([0, 15, 255]))).toBe('000fff');
  });

  it('reads hex as Buffer.from(s, "hex") does, stopping where it does', () => {
    for (const s of ['', '00', 'deadBEEF', 'abc', 'zz00', '00zz11', '0g', randomBytes(32, 7).toString('hex')])
      expect(fromHex(s)).toEqual(Buffer.from(s, 'hex'));
  });

  it('reads the embedded module as Buffer.from(s, "base64") does', () => {
    expect(Buffer.from(fromBase64(SHA256_WASM))).toEqual(Buffer.from(SHA256_WASM, 'base64'));
    for (let n = 0; n < 12; n++) {
      const s = randomBytes(n, 99 + n).toString('base64');
      expect(Buffer.from(fromBase64(s))).toEqual(Buffer.from(s, 'base64'));
    }
  });

  it('writes UTF-8 as Buffer#write does, whole characters only when short of room', () => {
    for (const s of samples)
      for (const room of [0, 1, 2, 3, 5, 64, 20000]) {
        const a = Buffer.alloc(room + 4, 0xaa);
        const b = new Uint8Array(room + 4).fill(0xaa);
        expect(writeUtf8(b, s, 4)).toBe(a.write(s, 4, 'utf8'));
        expect(Buffer.from(b)).toEqual(a);
      }
  });

  it('falls back to the public API with the same answers when Buffer lacks the native methods', () => {
    const native = Buffer.prototype as unknown as typeof PUBLIC_CODEC;
    for (let n = 0; n < 40; n++) {
      const b = randomBytes(n, 500 + n);
      const plain = new Uint8Array(b);
      for (const k of ['hexSlice', 'utf8Slice', 'latin1Slice'] as const) {
        expect(PUBLIC_CODEC[k].call(plain, n >> 2, n)).toBe(native[k].call(b, n >> 2, n));
      }
    }
    for (const [k, s] of [
      ['hexWrite', 'deadbeefzz00'],
      ['utf8Write', 'naïve 😀'],
      ['base64Write', 'cmVtaXQ='],
    ] as const) {
      for (const room of [0, 1, 3, 16]) {
        const a = new Uint8Array(room + 2);
        const b = Buffer.alloc(room + 2);
        expect(PUBLIC_CODEC[k].call(a, s, 2, room)).toBe(native[k].call(b, s, 2, room));
        expect(Buffer.from(a)).toEqual(b);
      }
    }
  });
});
