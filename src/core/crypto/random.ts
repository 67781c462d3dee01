// Random bytes from the kernel's generator without loading `node:crypto` (sha256.ts says why
// a hook avoids it): /dev/urandom where it is the kernel's character device (the generator
// `node:crypto`'s own is seeded from); `node:crypto` everywhere else or when it cannot be read.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { nodeCrypto } from './sha256.js';

function fromDevice(n: number): Buffer | null {
  if (process.platform === 'win32') return null;
  let fd: number;
  try {
    fd = openSync('/dev/urandom', 'r');
  } catch {
    return null;
  }
  try {
    if (!fstatSync(fd).isCharacterDevice()) return null;
    // No zeroing needed: the bytes are returned only once every one of them has been read.
    const out = Buffer.allocUnsafe(n);
    for (let got = 0; got < n; ) {
      const k = readSync(fd, out, got, n - got, null);
      if (k <= 0) return null;
      got += k;
    }
    return out;
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/** `n` cryptographically strong random bytes. */
export function randomBytes(n: number): Buffer {
  return fromDevice(n) ?? nodeCrypto().randomBytes(n);
}
