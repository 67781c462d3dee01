// The edges of an installer: reading a host's config file without trusting it, and writing it
// back so that a crash, a concurrent edit or a symlink can never cost the user their file.
import { lstatSync, readFileSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic as writeAtomic } from '../../src/core/state/files.js';

export type ConfigRead = { ok: true; exists: boolean; raw: string | null; doc: unknown } | { ok: false; error: string };

/** Fails (rather than follows) when the file is a symlink: remit never writes through a link. */
export function refuseSymlink(file: string): string | null {
  try {
    if (lstatSync(file).isSymbolicLink()) return `${file} is a symbolic link; remit does not write through links. Replace the link with a regular file (or install into another scope of this host), then run again. Nothing was changed.`;
  } catch {
    // missing is fine
  }
  return null;
}

export function readRaw(file: string): { ok: true; raw: string | null } | { ok: false; error: string } {
  const link = refuseSymlink(file);
  if (link) return { ok: false, error: link };
  try {
    return { ok: true, raw: readFileSync(file, 'utf8') };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { ok: true, raw: null };
    return { ok: false, error: `cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'}). Nothing was changed.` };
  }
}

export function readJsonConfig(file: string): ConfigRead {
  const r = readRaw(file);
  if (!r.ok) return r;
  if (r.raw === null) return { ok: true, exists: false, raw: null, doc: undefined };
  if (r.raw.trim() === '') return { ok: true, exists: true, raw: r.raw, doc: undefined };
  try {
    return { ok: true, exists: true, raw: r.raw, doc: JSON.parse(r.raw.replace(/^\uFEFF/, '')) as unknown };
  } catch (err) {
    const why = err instanceof Error ? err.message.split('\n')[0] : 'parse error';
    return { ok: false, error: `${file} is not valid JSON (${why}). Fix it or move it away, then run again. Nothing was changed.` };
  }
}

export function serializeJson(doc: unknown): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}

export interface WriteOptions {
  /** The bytes read before planning; the write aborts when the file no longer has them. */
  expectedRaw: string | null;
  /** `<file><suffix>` keeps the user's original once; an empty one when there was none. */
  backupSuffix?: string;
  mode?: number;
}

export type WriteResult = { ok: true; backup?: string } | { ok: false; error: string };

/** Host configuration is replaced atomically with the folder fsynced; its folders keep the umask's mode. */
export function writeFileAtomic(file: string, text: string, mode?: number): void {
  writeAtomic(file, text, { mode: mode ?? 0o644, dirMode: null, syncDir: true });
}

export function writeConfig(file: string, text: string, opts: WriteOptions): WriteResult {
  const link = refuseSymlink(file);
  if (link) return { ok: false, error: link };
  const now = readRaw(file);
  if (!now.ok) return now;
  if (now.raw !== opts.expectedRaw) return { ok: false, error: `${file} changed while remit was installing; nothing was written so that edit is kept. Run again.` };
  let backup: string | undefined;
  if (opts.backupSuffix) {
    const b = `${file}${opts.backupSuffix}`;
    if (!existsSync(b) && refuseSymlink(b) === null) {
      // Empty when there was no original, so remit's own content never becomes "the original".
      writeFileAtomic(b, opts.expectedRaw ?? '', 0o600);
      backup = b;
    }
  }
  let mode = opts.mode;
  if (mode === undefined) {
    try {
      mode = statSync(file).mode & 0o777;
    } catch {
      mode = 0o644;
    }
  }
  try {
    writeFileAtomic(file, text, mode);
  } catch (err) {
    return { ok: false, error: `cannot write ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'}). The file was left as it was.` };
  }
  return backup ? { ok: true, backup } : { ok: true };
}
