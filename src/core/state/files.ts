// File primitives for REMIT_HOME: private modes (0700 folders, 0600 files) and atomic
// replacement. A reader never sees half a state file: writes go to a temp file (fsynced unless
// the caller says the content may roll back after a power loss) renamed over the old one.
import { closeSync, constants, fchmodSync, fstatSync, openSync, readSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { wfs } from './fs-layer.js';

/** A pause inside synchronous work (a held audit lock, a pipe with nothing to read yet). */
export function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

const ERRNO_WORDS: Record<string, string> = {
  ENOTREG: 'it is not a regular file: a folder, FIFO, socket or device',
  EFBIG: 'it is too large',
  EACCES: 'permission denied',
  EPERM: 'not permitted',
  EISDIR: 'it is a folder',
  ENOTDIR: 'a folder on its way is a file',
  ELOOP: 'a loop of symbolic links',
  EROFS: 'a read-only file system',
  ENOSPC: 'no space left on the disk',
  EDQUOT: 'the disk quota is used up',
  ENAMETOOLONG: 'the name is too long',
  EMFILE: 'too many open files',
  EIO: 'an input/output error',
};

/** A file error's code in words a person reads (`ENOTREG` is remit's own, and no system's); an unknown code as it is. */
export function errnoWords(code: string | undefined): string {
  if (code === undefined) return 'error';
  if (!Object.hasOwn(ERRNO_WORDS, code)) return code;
  return code === 'ENOTREG' ? ERRNO_WORDS[code]! : `${ERRNO_WORDS[code]}, ${code}`;
}

/** Opens `file` non-blocking and gives its descriptor and size when it is a regular file, else throws ENOTREG (closing it). */
function openRegular(file: string): { fd: number; size: number } {
  const fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const st = fstatSync(fd);
    if (st.isFile()) return { fd, size: st.size };
  } catch (err) {
    closeSync(fd);
    throw err;
  }
  closeSync(fd);
  throw Object.assign(new Error(`${path.basename(file)} is not a regular file`), { code: 'ENOTREG' });
}

/** `length` bytes from `position`, fewer only when the file ends first. */
function readAt(fd: number, length: number, position: number): Buffer {
  const buf = Buffer.allocUnsafe(length);
  let off = 0;
  while (off < length) {
    const n = readSync(fd, buf, off, length - off, position + off);
    if (n <= 0) break;
    off += n;
  }
  return buf.subarray(0, off);
}

/**
 * Reads a file only when it is a regular file of at most `maxBytes`, else throws with code
 * ENOTREG or EFBIG. It is opened non-blocking, so a FIFO, socket or device planted in its
 * place (or a link to one) is refused at once instead of blocking the hook until the host
 * times it out and runs the tool (docs/DESIGN.md#fail-modes), and a huge file is refused
 * unread. The same four system calls readFileSync makes: open, fstat, read, close.
 */
export function readRegularFileSync(file: string, maxBytes: number): Buffer {
  const { fd, size } = openRegular(file);
  try {
    if (size > maxBytes) throw Object.assign(new Error(`${path.basename(file)} is larger than ${maxBytes} bytes`), { code: 'EFBIG' });
    return readAt(fd, size, 0);
  } finally {
    closeSync(fd);
  }
}

/**
 * The last `maxBytes` of a regular file (all of it when shorter), opened as readRegularFileSync
 * opens it: a host's log or transcript a hook reads the end of. Throws ENOTREG for anything but
 * a regular file. The first line may be cut.
 */
export function readRegularFileTailSync(file: string, maxBytes: number): Buffer {
  const { fd, size } = openRegular(file);
  try {
    const length = Math.min(size, maxBytes);
    return readAt(fd, length, size - length);
  } finally {
    closeSync(fd);
  }
}

export function ensurePrivateDir(dir: string): void {
  wfs.mkdirSync(dir, { recursive: true, mode: 0o700 });
}

let tmpCounter = 0;

export interface AtomicWriteOptions {
  /** File mode (default 0600: REMIT_HOME is private). */
  mode?: number;
  /** Mode of folders created on the way (default 0700); null keeps the umask's. */
  dirMode?: number | null;
  /** Also fsync the folder after the rename (host configuration files). */
  syncDir?: boolean;
  /**
   * Use the one temp name `.<name>.tmp` (truncated on open) instead of a unique one: a killed
   * writer's temp file is then reused and renamed away by the next write rather than left
   * behind. Only for writers that hold a lock on `file`, or whose value is so short that
   * racing writers each write it whole (the project pointer).
   */
  fixedTemp?: boolean;
  /**
   * Give the file exactly `mode`, whatever the umask (a host's configuration file put back as
   * it was): set on the temp file before the rename.
   */
  exactMode?: boolean;
  /**
   * fsync the temp file before the rename (default true). Without it the replacement is still
   * atomic for every reader and survives a killed process; only a power loss may leave the
   * previous version, or on some file systems an empty file (docs/DESIGN.md#session-state).
   */
  sync?: boolean;
}

/** The temp name a locked writer of `file` reuses (`fixedTemp`). */
export function fixedTempOf(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.tmp`);
}

/** The one atomic replacement: temp file in the same folder (exclusive), fsync, rename. */
export function writeFileAtomic(file: string, data: string | Buffer, opts: AtomicWriteOptions = {}): void {
  const dir = path.dirname(file);
  if (opts.dirMode === null) wfs.mkdirSync(dir, { recursive: true });
  else wfs.mkdirSync(dir, { recursive: true, mode: opts.dirMode ?? 0o700 });
  const tmp = opts.fixedTemp ? fixedTempOf(file) : path.join(dir, `.${path.basename(file)}.${process.pid}.${Date.now().toString(36)}.${tmpCounter++}.tmp`);
  const fd = wfs.openSync(tmp, opts.fixedTemp ? 'w' : 'wx', opts.mode ?? 0o600);
  try {
    const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    let off = 0;
    while (off < buf.length) {
      const n = wfs.writeSync(fd, buf, off, buf.length - off);
      if (n <= 0) throw Object.assign(new Error('no progress writing'), { code: 'ENOSPC' });
      off += n;
    }
    if (opts.exactMode) fchmodSync(fd, opts.mode ?? 0o600);
    if (opts.sync !== false) wfs.fsyncSync(fd);
  } catch (err) {
    closeSync(fd);
    try {
      unlinkSync(tmp);
    } catch {
      // Already gone.
    }
    throw err;
  }
  closeSync(fd);
  try {
    wfs.renameSync(tmp, file);
  } catch (err) {
    try {
      unlinkSync(tmp);
    } catch {
      // Already gone.
    }
    throw err;
  }
  if (opts.syncDir) {
    try {
      const dfd = openSync(dir, 'r');
      try {
        wfs.fsyncSync(dfd);
      } finally {
        closeSync(dfd);
      }
    } catch {
      // Some file systems refuse a directory fsync; the rename already happened.
    }
  }
}
