import { createHash, createHmac, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BLOCKS_PER_COPY, engineFor, hmacSha256, NATIVE_FROM, sha256, spread, viaWebAssembly } from './sha256.js';
import { COPIES, DATA, OUT, PAGE, SHA256_WASM } from './sha256-module.js';

const ROOM = PAGE - DATA;

const nodeHash = (...parts: (string | Uint8Array)[]) => parts.reduce((h, p) => h.update(p), createHash('sha256')).digest('hex');
const nodeHmac = (key: string | Uint8Array, ...parts: (string | Uint8Array)[]) => parts.reduce((h, p) => h.update(p), createHmac('sha256', key)).digest('hex');

// Each check runs through the WebAssembly module alone, at every length, and through the
// public functions, which choose (and, once a long input has loaded node:crypto, use it).
const IMPLEMENTATIONS = [
  ['the WebAssembly module', viaWebAssembly.sha256, viaWebAssembly.hmacSha256],
  ['the chosen implementation', sha256, hmacSha256],
] as const;

describe('which implementation hashes', () => {
  it('WebAssembly for what a hook hashes, node:crypto from NATIVE_FROM bytes on and for everything once it is loaded', () => {
    expect(engineFor(0)).toBe('webassembly');
    expect(engineFor(NATIVE_FROM - 1)).toBe('webassembly');
    expect(engineFor(NATIVE_FROM)).toBe('node:crypto');
    expect(sha256('x'.repeat(NATIVE_FROM)).toString('hex')).toBe(createHash('sha256').update('x'.repeat(NATIVE_FROM)).digest('hex'));
    expect(engineFor(0)).toBe('node:crypto');
  });
});

describe.each(IMPLEMENTATIONS)('sha256 through %s', (_, sha256, hmacSha256) => {
  it('gives the FIPS 180-4 example digests', () => {
    expect(sha256('').toString('hex')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256('abc').toString('hex')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq').toString('hex')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    expect(sha256('a'.repeat(1_000_000)).toString('hex')).toBe('cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0');
  });

  it('matches node:crypto for every length across three blocks, as one part and split in two', () => {
    const data = randomBytes(200);
    for (let n = 0; n <= 200; n++) {
      const bytes = data.subarray(0, n);
      expect(sha256(bytes).toString('hex')).toBe(nodeHash(bytes));
      const cut = n >> 1;
      expect(sha256(bytes.subarray(0, cut), bytes.subarray(cut)).toString('hex')).toBe(nodeHash(bytes));
    }
  });

  it('matches node:crypto on random text in random parts, either side of the native threshold', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string({ unit: 'binary' }), fc.uint8Array({ maxLength: 300 })), { maxLength: 6 }), (parts) => {
        expect(sha256(...parts).toString('hex')).toBe(nodeHash(...parts));
      }),
      { numRuns: 500 },
    );
    // Each length fills the module's memory a different number of times, up to the threshold.
    for (const n of [ROOM - 1, ROOM, ROOM + 1, ROOM + 63, 2 * ROOM + 57, 3 * ROOM, NATIVE_FROM - 1, NATIVE_FROM, NATIVE_FROM + 1]) {
      const bytes = randomBytes(n);
      expect(sha256(bytes).toString('hex')).toBe(nodeHash(bytes));
      expect(sha256(bytes.subarray(0, 7), bytes.subarray(7)).toString('hex')).toBe(nodeHash(bytes));
    }
    // Strings encoded straight into the module's memory and strings too long for what is left of it.
    for (const parts of [['€'.repeat(21_000), 'a'], ['x', '€'.repeat(30_000)], ['\ud800 lone', 'x'.repeat(70_000), '💡'.repeat(9_000)], ['é'.repeat(43_000)]]) {
      expect(sha256(...parts).toString('hex')).toBe(nodeHash(...parts));
      expect(hmacSha256('k', ...parts).toString('hex')).toBe(nodeHmac('k', ...parts));
    }
  });
});

describe.each(IMPLEMENTATIONS)('hmacSha256 through %s', (_, _sha256, hmacSha256) => {
  it('gives the RFC 4231 test case digests', () => {
    const hex = (s: string) => Buffer.from(s, 'hex');
    expect(hmacSha256(Buffer.alloc(20, 0x0b), 'Hi There').toString('hex')).toBe('b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7');
    expect(hmacSha256('Jefe', 'what do ya want for nothing?').toString('hex')).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
    expect(hmacSha256(Buffer.alloc(20, 0xaa), Buffer.alloc(50, 0xdd)).toString('hex')).toBe('773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe');
    expect(hmacSha256(hex('0102030405060708090a0b0c0d0e0f10111213141516171819'), Buffer.alloc(50, 0xcd)).toString('hex')).toBe(
      '82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b',
    );
    expect(hmacSha256(Buffer.alloc(131, 0xaa), 'Test Using Larger Than Block-Size Key - Hash Key First').toString('hex')).toBe(
      '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
    );
  });

  it('matches node:crypto for keys of every length around the block size and random messages', () => {
    const key = randomBytes(140);
    for (let n = 0; n <= 140; n++)
      expect(hmacSha256(key.subarray(0, n), 'remit audit chain v1').toString('hex')).toBe(nodeHmac(key.subarray(0, n), 'remit audit chain v1'));
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'binary' }), fc.uint8Array({ maxLength: 200 })),
        fc.array(fc.oneof(fc.string({ unit: 'binary' }), fc.uint8Array({ maxLength: 300 })), { maxLength: 4 }),
        (k, parts) => {
          expect(hmacSha256(k, ...parts).toString('hex')).toBe(nodeHmac(k, ...parts));
        },
      ),
      { numRuns: 500 },
    );
    const long = randomBytes(NATIVE_FROM + 3);
    expect(hmacSha256(key, long).toString('hex')).toBe(nodeHmac(key, long));
    expect(hmacSha256(key, long.subarray(0, NATIVE_FROM - 100)).toString('hex')).toBe(nodeHmac(key, long.subarray(0, NATIVE_FROM - 100)));
  });
});

describe("the compression spread over the module's copies", () => {
  it('runs each spare copy at most BLOCKS_PER_COPY blocks, in order over contiguous memory, and gives the first what the spares cannot take', () => {
    const calls: [number, number, number][] = [];
    const copies = Array.from({ length: 4 }, (_, n) => (ptr: number, blocks: number) => void calls.push([n, ptr, blocks]));
    const compress = spread(copies);
    compress(0, 1);
    compress(64, 2 * BLOCKS_PER_COPY);
    compress(0, 3);
    const spares = calls.filter(([n]) => n > 0);
    expect(spares.map(([, , b]) => b).reduce((a, b) => a + b, 0)).toBe(1 + 2 * BLOCKS_PER_COPY + 3);
    for (let n = 1; n < 4; n++) expect(calls.filter(([c]) => c === n).reduce((a, [, , b]) => a + b, 0)).toBeLessThanOrEqual(BLOCKS_PER_COPY);
    // The 40 blocks at 64 go through two copies, each piece starting where the last ended.
    const piece = calls.slice(1, -1);
    expect(piece[0]![1]).toBe(64);
    for (let i = 1; i < piece.length; i++) expect(piece[i]![1]).toBe(piece[i - 1]![1] + piece[i - 1]![2] * 64);
    expect(calls.map(([n]) => n)).toEqual([...calls.map(([n]) => n)].sort((a, b) => a - b));
    // Room for fewer blocks than asked: the first copy takes the whole call.
    compress(128, BLOCKS_PER_COPY);
    expect(calls.at(-1)).toEqual([0, 128, BLOCKS_PER_COPY]);
  });

  it('hashes as node:crypto does through a fresh module, across every copy', () => {
    const instance = new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(SHA256_WASM, 'base64')), {});
    const ex = instance.exports as Record<string, unknown> & { i: () => void; d: () => void; m: WebAssembly.Memory };
    const mem = Buffer.from(ex.m.buffer);
    const compress = spread(Array.from({ length: COPIES }, (_, n) => ex[`c${n}`] as (ptr: number, blocks: number) => void));
    // Message lengths that walk the spares one block and many blocks at a time, then past them.
    for (const n of [0, 55, 64, 119, 1000, 3000, 9000, 20_000]) {
      const data = randomBytes(n);
      const padded = Buffer.alloc(Math.ceil((n + 9) / 64) * 64);
      data.copy(padded);
      padded[n] = 0x80;
      padded.writeUInt32BE(Math.floor((n * 8) / 0x100000000), padded.length - 8);
      padded.writeUInt32BE((n * 8) >>> 0, padded.length - 4);
      ex.i();
      padded.copy(mem, DATA);
      for (let at = 0; at < padded.length; at += 64) compress(DATA + at, 1);
      ex.d();
      expect(mem.subarray(OUT, OUT + 32).toString('hex')).toBe(nodeHash(data));
    }
  });
});
