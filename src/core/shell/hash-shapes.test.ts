import { describe, expect, it } from 'vitest';
import { compressedChecksum, handRolledHash } from './hash-shapes.js';

const words = (s: string) => s.split(' ').map((value) => ({ value }));

describe('hashing written by hand', () => {
  it('finds the constants in any base, with digit separators and suffixes', () => {
    for (const code of [
      'h = 2166136261',
      'h = 0x811C9DC5',
      'p = 16_777_619',
      'o = 0xcbf29ce484222325n',
      'p = 1099511628211',
      'a %= 65521',
      'c ^ 0xEDB88320',
      'k = 0x5bd1e995',
    ])
      expect(handRolledHash(code), code).toBeDefined();
  });

  it('finds djb2, a byte sum and a multiplicative hash by their shapes, and the hashes by name', () => {
    expect(handRolledHash('h=5381; h = h*33 + c')).toBe('djb2 (5381, *33)');
    expect(handRolledHash('h = 5381; h = (h << 5) + h + c')).toBe('djb2 (5381, *33)');
    expect(handRolledHash("print(sum(open('a','rb').read()) % 256)")).toBe('a byte sum');
    expect(handRolledHash('explode | add')).toBeDefined();
    expect(handRolledHash('h = (h * 31 + c) % 4294967296')).toBe('a multiplicative hash');
    expect(handRolledHash('def crc32(s): pass')).toBe('crc32');
  });

  it('leaves ordinary arithmetic alone', () => {
    for (const code of ['print(len(s))', 'n += length($0)', 'port = 5381', 'x = y * 33', '[.[] | .size] | add', 'sum([1, 2, 3])', 'h = 12345'])
      expect(handRolledHash(code), code).toBeUndefined();
  });
});

describe("a compressor's checksum read back", () => {
  it('counts a stream shown on the terminal or to a reader of bytes, and a verbose listing', () => {
    expect(compressedChecksum('gzip', words('gzip -c a.txt'), false, ['tail', '-c', '8'])).toBe('gzip | tail');
    expect(compressedChecksum('gzip', words('gzip'), false, ['base64'])).toBe('gzip | base64');
    expect(compressedChecksum('xz', words('xz -c --check=sha256 a.txt'), true, undefined)).toBeDefined();
    expect(compressedChecksum('gzip', words('gzip -lv a.gz'), true, undefined)).toBeDefined();
    expect(compressedChecksum('zstd', words('zstd -9c a'), false, [undefined])).toBeDefined();
  });

  it('not a file written, a count, a decompression or an unpacker', () => {
    expect(compressedChecksum('gzip', words('gzip a.txt'), true, undefined)).toBeUndefined();
    expect(compressedChecksum('gzip', words('gzip -c a.txt'), false, undefined)).toBeUndefined();
    expect(compressedChecksum('gzip', words('gzip -c a.txt'), false, ['wc', '-c'])).toBeUndefined();
    expect(compressedChecksum('gzip', words('gzip -dc a.gz'), true, undefined)).toBeUndefined();
    expect(compressedChecksum('gzip', words('gzip -c a.txt'), false, ['gzip', '-d'])).toBeUndefined();
    expect(compressedChecksum('gzip', words('gzip -l a.gz'), true, undefined)).toBeUndefined();
    expect(compressedChecksum('cat', words('cat a'), true, undefined)).toBeUndefined();
  });
});
