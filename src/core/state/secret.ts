// The per-install key for input digests (SPEC section 2): created once, 0600, never leaves
// REMIT_HOME. Two hooks racing to create it agree, because only one `wx` open succeeds and
// the loser reads the winner's key.
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { ensurePrivateDir } from './files.js';

export function secretFile(home: string): string {
  return path.join(home, 'secret');
}

export function loadSecret(home: string): string {
  const file = secretFile(home);
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      const text = readFileSync(file, 'utf8').trim();
      if (/^[0-9a-f]{64}$/.test(text)) return text;
      // A half-written key from a racing creator: wait for it.
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      ensurePrivateDir(home);
      const key = randomBytes(32).toString('hex');
      try {
        const fd = openSync(file, 'wx', 0o600);
        try {
          writeSync(fd, key + '\n');
        } finally {
          closeSync(fd);
        }
        return key;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2);
  }
  throw new Error('remit secret is unreadable');
}
