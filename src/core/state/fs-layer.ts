// The write primitives REMIT_HOME's stores go through: every call that can run out of space
// (a folder, a file, a lock link, the secret's link, an append, a rename). Production uses
// node:fs as is; the fault suite swaps single functions (a short write, ENOSPC, EROFS) through
// `faultFs` to prove each writer leaves no partial line and no session without state, without
// patching node:fs for the whole process.
// Named imports: a namespace import of node:fs makes the bundle copy its hundred-odd members.
import { fsyncSync, ftruncateSync, linkSync, mkdirSync, openSync, renameSync, symlinkSync, writeSync, type MakeDirectoryOptions } from 'node:fs';

export interface WriteFs {
  openSync: typeof openSync;
  writeSync: (fd: number, buf: Buffer, off: number, len: number) => number;
  fsyncSync: typeof fsyncSync;
  ftruncateSync: typeof ftruncateSync;
  renameSync: typeof renameSync;
  mkdirSync: (dir: string, opts: MakeDirectoryOptions & { recursive: true }) => string | undefined;
  symlinkSync: (target: string, file: string) => void;
  linkSync: (existing: string, file: string) => void;
}

const real: WriteFs = {
  openSync,
  writeSync: (fd, buf, off, len) => writeSync(fd, buf, off, len),
  fsyncSync,
  ftruncateSync,
  renameSync,
  mkdirSync: (dir, opts) => mkdirSync(dir, opts),
  symlinkSync: (target, file) => symlinkSync(target, file),
  linkSync: (existing, file) => linkSync(existing, file),
};

/** The layer every REMIT_HOME writer calls. */
export const wfs: WriteFs = { ...real };

/** Test seam: replaces some primitives until the returned restore runs. */
export function faultFs(overrides: Partial<WriteFs>): () => void {
  Object.assign(wfs, overrides);
  return () => Object.assign(wfs, real);
}
