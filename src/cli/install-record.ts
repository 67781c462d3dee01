// The install record, $XDG_DATA_HOME/remit/installs.json (schemas/install-record.schema.json):
// what each `remit install` placed, per host and scope, and which files and folders did not
// exist before an install made them. Uninstall reads it to remove only folders remit created
// and files no remaining install uses (ARCHITECTURE.md "Installing into a host's configuration").
// Host-neutral: it knows paths, not what a host does with them.
import { describeSchemaError } from '../core/config/schema-error.js';
import { lstatSync, mkdirSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { errnoWords, readRegularFileSync, writeFileAtomic } from '../core/state/files.js';
import { LOCK_STALE_MS, lockSync } from '../core/state/lock.js';
import type { HostReport } from '../../adapters/host-module.js';
import type { InstallRecord } from '../generated/types.js';
import { validateInstallRecord } from '../generated/validate-install-record.js';

export type InstallEntry = InstallRecord['installs'][number];

export type RecordRead = { state: 'ok'; record: InstallRecord } | { state: 'missing' } | { state: 'damaged'; why: string };

const RECORD_NAME = 'installs.json';

export function recordPath(dataDir: string): string {
  return path.join(dataDir, RECORD_NAME);
}

export function emptyRecord(): InstallRecord {
  return { version: 1, installs: [], created: { files: [], dirs: [] } };
}

/** Far above any record remit writes (a few lines per install). */
const MAX_RECORD_BYTES = 16 * 1024 * 1024;

export function readRecord(file: string): RecordRead {
  let text: string;
  try {
    // A link could point uninstall at another file's idea of what remit created.
    if (lstatSync(file).isSymbolicLink()) return { state: 'damaged', why: 'it is a symbolic link' };
    // Non-blocking, regular files only: a FIFO in its place must not hang install or uninstall.
    text = readRegularFileSync(file, MAX_RECORD_BYTES).toString('utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { state: 'missing' };
    if (code === 'ENOTREG') return { state: 'damaged', why: 'it is not a regular file' };
    return { state: 'damaged', why: `it cannot be read (${errnoWords(code)})` };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { state: 'damaged', why: 'it is not valid JSON' };
  }
  if (!validateInstallRecord(data)) return { state: 'damaged', why: `it fails its schema: ${describeSchemaError(validateInstallRecord.errors?.[0])}` };
  const all = [...data.installs.flatMap((i) => i.files), ...data.created.files, ...data.created.dirs];
  if (all.some((p) => !path.isAbsolute(p) || path.normalize(p) !== p)) return { state: 'damaged', why: 'it names a path that is not absolute and normal' };
  return { state: 'ok', record: data };
}

/** The one line uninstall says when it cannot trust the record. */
export function conservativeNote(file: string, read: Exclude<RecordRead, { state: 'ok' }>): string {
  const why = read.state === 'missing' ? `there is no install record (${file})` : `the install record ${file} is unusable (${read.why})`;
  return `${why[0]!.toUpperCase()}${why.slice(1)}: remit's own files were removed and every folder was kept.`;
}

/** Writes the record (0600, atomically), or removes it when it holds nothing. */
export function writeRecord(file: string, record: InstallRecord): void {
  if (record.installs.length === 0 && record.created.files.length === 0 && record.created.dirs.length === 0) {
    try {
      unlinkSync(file);
    } catch {
      // already gone
    }
    return;
  }
  // The folders on the way keep the umask's mode: they are the user's XDG folders.
  writeFileAtomic(file, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600, dirMode: null });
}

/**
 * Runs `fn` holding the record's lock, so two installs at once cannot lose each other's entry.
 * The record's folder must exist (the lock is a link beside the record).
 */
export function withRecordLock<T>(file: string, fn: () => T): T {
  const held = lockSync(file, 10_000, LOCK_STALE_MS);
  try {
    return fn();
  } finally {
    held.release();
  }
}

/** Whether `p` is under the data folder (shared by installs) rather than one host's file. */
export function isShared(p: string, dataDir: string): boolean {
  return p.startsWith(dataDir + path.sep);
}

const own = (e: InstallEntry, dataDir: string) => e.files.filter((f) => !isShared(f, dataDir));

/** Whether `e` is the install of `host` and `scope` that placed one of `files` (a project scope is one entry per project). */
export function sameInstall(e: InstallEntry, host: string, scope: string, files: ReadonlySet<string>, dataDir: string): boolean {
  return e.host === host && e.scope === scope && own(e, dataDir).some((f) => files.has(f));
}

const union = (a: readonly string[], b: readonly string[]) => [...new Set([...a, ...b])];

/**
 * The record after an install of `entry`: it replaces the entry of the same install (a
 * reinstall lists what it placed now), and what it created joins what earlier installs did.
 */
function withInstall(record: InstallRecord, entry: InstallEntry | null, created: { files: string[]; dirs: string[] }, dataDir: string): InstallRecord {
  const installs = record.installs.filter((e) => !entry || !sameInstall(e, entry.host, entry.scope, new Set(own(entry, dataDir)), dataDir));
  if (entry) installs.push(entry);
  return { version: 1, installs, created: { files: union(record.created.files, created.files), dirs: union(record.created.dirs, created.dirs) } };
}

/** Ownerless: no file of the install's own is left (its project was deleted, or the user removed it by hand). */
export function isGone(e: InstallEntry, dataDir: string, exists: (p: string) => boolean): boolean {
  return !own(e, dataDir).some(exists);
}

function lstatOrNull(p: string) {
  try {
    return lstatSync(p);
  } catch {
    return null;
  }
}

/** What is there before an install writes: which planned files exist, and the missing folders on the way to them. */
export interface BeforeInstall {
  existed: Set<string>;
  missingDirs: string[];
}

/** Looks at the files an install plans to write (and the record's own path) before it writes any. */
export function beforeInstall(files: readonly string[]): BeforeInstall {
  const existed = new Set<string>();
  const missing = new Set<string>();
  for (const f of files) {
    if (lstatOrNull(f)) existed.add(f);
    for (let d = path.dirname(f); d !== path.dirname(d) && !lstatOrNull(d); d = path.dirname(d)) missing.add(d);
  }
  return { existed, missingDirs: [...missing] };
}

const NOT_PLACED = new Set(['absent']);

/** The files an install report placed or edited (or would). */
export function reportFiles(r: HostReport): string[] {
  return [...new Set(r.actions.filter((a) => !NOT_PLACED.has(a.action)).map((a) => a.file))];
}

/**
 * Adds one install to the record: its entry (when it succeeded) and the files and folders
 * that did not exist before it and do now. Returns the notes the user should see.
 */
export function recordInstall(dataDir: string, report: HostReport, before: BeforeInstall): string[] {
  const file = recordPath(dataDir);
  const files = reportFiles(report);
  const isDir = (d: string) => lstatOrNull(d)?.isDirectory() === true;
  const isFile = (f: string) => lstatOrNull(f)?.isFile() === true;
  const createdNow = () => ({ files: files.filter((f) => !before.existed.has(f) && isFile(f)), dirs: before.missingDirs.filter(isDir) });
  // A refused install wrote nothing, and gets no record either.
  if (!report.ok && Object.values(createdNow()).every((l) => l.length === 0)) return [];
  try {
    mkdirSync(dataDir, { recursive: true });
    const created = createdNow();
    const entry = report.ok ? { host: report.host as InstallEntry['host'], scope: report.scope as InstallEntry['scope'], files } : null;
    return withRecordLock(file, () => {
      const read = readRecord(file);
      writeRecord(file, withInstall(read.state === 'ok' ? read.record : emptyRecord(), entry, created, dataDir));
      return read.state === 'damaged'
        ? [`The install record ${file} was unusable (${read.why}) and was started anew: folders that earlier installs made will be kept on uninstall.`]
        : [];
    });
  } catch (err) {
    return [
      `The install record ${file} could not be written (${errnoWords((err as NodeJS.ErrnoException).code)}): uninstall will keep the folders this install made.`,
    ];
  }
}
