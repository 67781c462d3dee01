// The per-install secret (ARCHITECTURE.md, REMIT_HOME): keys input digests and, through a
// derived key, the audit chain. Created once, 0600, never leaves REMIT_HOME. Creation is
// atomic (a fsynced temp file linked into place, which fails if another process won), so no
// reader ever sees an empty or half-written key; an empty or short file left by an older
// remit, a full disk or a kill is replaced the same way.
import { closeSync, statSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from '../crypto/random.js';
import { ensurePrivateDir, errnoWords, readRegularFileSync } from './files.js';
import { wfs } from './fs-layer.js';
import { utf8Of } from '../crypto/bytes.js';

const KEY = /^[0-9a-f]{64}$/;
/** 64 hex digits and a newline, with room for a CRLF or stray spaces; anything longer is not a key. */
const MAX_SECRET_BYTES = 256;

/**
 * The file's text, read as a regular file only: a FIFO or device (or a link to one) planted
 * in its place is an error at once, not a read that blocks every hook (readRegularFileSync).
 */
function secretText(file: string): string {
  return utf8Of(readRegularFileSync(file, MAX_SECRET_BYTES)).trim();
}

export function secretFile(home: string): string {
  return path.join(home, 'secret');
}

/** The secret if a sound one exists; never creates or repairs (for read-only commands). */
export function readSecret(home: string): string | null {
  try {
    const text = secretText(secretFile(home));
    return KEY.test(text) ? text : null;
  } catch {
    return null;
  }
}

/** Writes a fresh key beside the file and puts it in place: `replace` renames over a bad one. */
function install(file: string, replace: boolean): void {
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const fd = wfs.openSync(tmp, 'wx', 0o600);
  try {
    const buf = Buffer.from(randomBytes(32).toString('hex') + '\n');
    try {
      const n = wfs.writeSync(fd, buf, 0, buf.length);
      if (n !== buf.length) throw Object.assign(new Error('short write of the secret'), { code: 'ENOSPC' });
      wfs.fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    if (replace) wfs.renameSync(tmp, file);
    else wfs.linkSync(tmp, file); // EEXIST when another process created it first: theirs stands
  } finally {
    try {
      unlinkSync(tmp);
    } catch {
      // Renamed into place.
    }
  }
}

function isFolder(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}

/** Why the secret that is there cannot be used (status says so), or null: none yet, or a sound key. */
export function secretProblem(home: string): string | null {
  let text: string;
  try {
    text = secretText(secretFile(home));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    if (code === 'ENOTREG') return isFolder(secretFile(home)) ? 'it is a folder, not a file' : 'it is a FIFO, a socket or a device, not a file';
    if (code === 'EFBIG') return 'it is too long to be a key';
    return `it cannot be read (${errnoWords(code)})`;
  }
  return KEY.test(text) ? null : text === '' ? 'it is empty' : 'it holds no key';
}

export function loadSecret(home: string): string {
  const file = secretFile(home);
  for (let attempt = 0; attempt < 5; attempt++) {
    let text: string | null = null;
    try {
      text = secretText(file);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      // Too long to be a key, or a FIFO or device in its place: damage to replace, like an
      // empty or short key (a folder cannot be renamed over, and stays an error).
      if (code === 'EFBIG' || code === 'ENOTREG') text = '';
      else if (code !== 'ENOENT') throw err;
    }
    if (text !== null && KEY.test(text)) return text;
    ensurePrivateDir(home);
    try {
      // A file exists but holds no key (empty or short): files are only ever linked in whole,
      // so it is damage, not a creator still writing.
      install(file, text !== null);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
  throw new Error('remit secret is unreadable');
}
