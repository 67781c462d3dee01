// File work shared by the OpenCode, Pi, omp and Hermes installers (SPEC section 10): plan the
// change, refuse symlinked or malformed targets with a clear message, back up once, write
// atomically, and report what happened (or would, with --dry-run). Host-neutral.
import { closeSync, copyFileSync, existsSync, fsyncSync, lstatSync, mkdirSync, openSync, readFileSync, renameSync, rmdirSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export type InstallScope = 'user' | 'project' | 'local';

export interface InstallOptions {
  scope?: InstallScope;
  dryRun?: boolean;
  env?: NodeJS.ProcessEnv;
  /** The project folder for `project` scope (default: process.cwd()). */
  cwd?: string;
  /** The folder holding remit.cjs and plugins/ (default: the running bundle's folder). */
  dist?: string;
}

export interface InstallChange {
  path: string;
  action: 'create' | 'update' | 'unchanged' | 'remove' | 'absent' | 'kept';
}

export interface InstallReport {
  host: string;
  scope: InstallScope;
  dryRun: boolean;
  changes: InstallChange[];
  /** What the user must still do, or should know (host will not run it yet, trust, enabling). */
  notes: string[];
}

export interface DoctorRow {
  host: string;
  protected: boolean;
  /** First line "protected: yes|no — why", then the facts. */
  lines: string[];
}

export class InstallError extends Error {}

export function homeOf(env: NodeJS.ProcessEnv): string {
  const h = env.HOME ?? env.USERPROFILE;
  if (!h || !path.isAbsolute(h)) throw new InstallError('remit install: HOME is not set to an absolute path');
  return h;
}

export function xdgConfigHome(env: NodeJS.ProcessEnv): string {
  return env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : path.join(homeOf(env), '.config');
}

export function defaultDist(): string {
  // The CLI bundle runs as dist/remit.cjs; its plugins sit beside it.
  return path.dirname(path.resolve(process.argv[1] ?? '.'));
}

/** Refuses a target (or a folder on the way) that is a symlink: remit never writes through one. */
export function refuseSymlink(target: string, stopAt: string): void {
  let p = target;
  const stop = path.resolve(stopAt);
  while (p.startsWith(stop) && p !== stop) {
    try {
      if (lstatSync(p).isSymbolicLink()) throw new InstallError(`remit install: ${p} is a symbolic link; remit will not write through it. Replace it with a real file or folder and run install again.`);
    } catch (err) {
      if (err instanceof InstallError) throw err;
    }
    p = path.dirname(p);
  }
}

export function readIfExists(p: string): Buffer | undefined {
  try {
    return readFileSync(p);
  } catch {
    return undefined;
  }
}

function writeAtomic(p: string, content: Buffer | string, mode: number): void {
  mkdirSync(path.dirname(p), { recursive: true });
  const tmp = `${p}.remit-${process.pid}-${Date.now()}.tmp`;
  const fd = openSync(tmp, 'w', mode);
  try {
    writeSync(fd, typeof content === 'string' ? Buffer.from(content) : content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, p);
}

/** Puts `content` at `p` unless it is already there; backs a foreign file up once first. */
export function placeFile(p: string, content: Buffer | string, opts: { dryRun: boolean; stopAt: string; mode?: number; backup?: boolean }): InstallChange {
  refuseSymlink(p, opts.stopAt);
  const want = typeof content === 'string' ? Buffer.from(content) : content;
  const have = readIfExists(p);
  if (have && have.equals(want)) return { path: p, action: 'unchanged' };
  if (!opts.dryRun) {
    if (have && opts.backup && !existsSync(`${p}.remit-backup`)) copyFileSync(p, `${p}.remit-backup`);
    writeAtomic(p, want, opts.mode ?? 0o644);
  }
  return { path: p, action: have ? 'update' : 'create' };
}

/** Removes `p` only when `isOurs` says remit wrote it. */
export function removeOwnFile(p: string, isOurs: (content: Buffer) => boolean, opts: { dryRun: boolean; stopAt: string }): InstallChange {
  refuseSymlink(p, opts.stopAt);
  const have = readIfExists(p);
  if (!have) return { path: p, action: 'absent' };
  if (!isOurs(have)) return { path: p, action: 'kept' };
  if (!opts.dryRun) rmSync(p, { force: true });
  return { path: p, action: 'remove' };
}

export function removeEmptyDir(p: string, dryRun: boolean): void {
  if (dryRun) return;
  try {
    rmdirSync(p);
  } catch {
    // Not empty, or already gone: nothing of remit's left to take.
  }
}

export { writeAtomic };
