// File work shared by the OpenCode, Pi, omp and Hermes installers (docs/DESIGN.md#adapters-and-installers): plan the
// change, refuse symlinked or malformed targets with a clear message, back up once, write
// atomically, and report what happened (or would, with --dry-run). Host-neutral.
import {
  closeSync,
  copyFileSync,
  existsSync,
  fchmodSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { isMap, isScalar, isSeq, parseDocument, type Document, type YAMLSeq } from 'yaml';
import { addListItem, removeListItem, YamlLayoutError, yamlScalar } from './yaml-text.js';
import { errnoWords, readRegularFileSync } from '../../src/core/state/files.js';
import { sameButSpacing } from '../command-hook/config-file.js';

export type InstallScope = 'user' | 'project' | 'local';

export interface InstallOptions {
  scope?: InstallScope;
  dryRun?: boolean;
  env?: NodeJS.ProcessEnv;
  /** The project folder for `project` scope (default: process.cwd()). */
  cwd?: string;
  /** The folder holding remit.cjs and plugins/ (default: the running bundle's folder). */
  dist?: string;
  /** The version of the host on PATH (`<binary> --version`), null when none was found: picks a plugin form. */
  hostVersion?: string | null;
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
  /** The version line the installed file serves (OpenCode 1.x `opencode`, 2.x `opencode2`), when the host has lines. */
  line?: string;
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

/** What a refusal tells the user to run again. */
export type InstallVerb = 'install' | 'uninstall';

/**
 * Refuses a target file that is a symlink: replacing it atomically would put a file where the
 * user keeps a link. Folders on the way may be links (a dotfiles manager links ~/.config or
 * ~/.pi): the file goes where the link points, as Claude Code's and Codex's installers do.
 * `stopAt` is kept for the callers' shape; only the target itself is judged.
 */
export function refuseSymlink(target: string, _stopAt: string, verb: InstallVerb = 'install'): void {
  let link = false;
  try {
    link = lstatSync(target).isSymbolicLink();
  } catch {
    // missing is fine
  }
  if (link)
    throw new InstallError(`remit ${verb}: ${target} is a symbolic link; remit will not write through it. Replace it with a real file and run ${verb} again.`);
}

/**
 * The file's bytes, or undefined when there is none (a folder in its place reads as none, as
 * before). A FIFO, socket or device is refused rather than read: reading one would hang
 * install, uninstall or doctor. A file that is there but cannot be read (permissions, over the
 * size cap, an I/O error) is refused too: taken for none, an edit would write over the user's
 * file with remit's entry alone, and with no backup of what was there.
 */
export function readIfExists(p: string): Buffer | undefined {
  try {
    return readRegularFileSync(p, MAX_READ_BYTES);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    if (code !== 'ENOTREG')
      throw new InstallError(
        `${p} cannot be read (${code ? errnoWords(code) : (err as Error).message}); remit will not write over a file it cannot read. Fix it, then run again.`,
      );
    let folder = false;
    try {
      folder = statSync(p).isDirectory();
    } catch {
      // Gone meanwhile: none.
    }
    if (folder) return undefined;
    throw new InstallError(`${p} is not a regular file (a FIFO, a socket or a device); remit reads and writes only regular files. Replace it, then run again.`);
  }
}

/** Far above any file an installer reads (a host config, a plugin, the bundle). */
const MAX_READ_BYTES = 256 * 1024 * 1024;

function writeAtomic(p: string, content: Buffer | string, mode: number): void {
  mkdirSync(path.dirname(p), { recursive: true });
  const tmp = `${p}.remit-${process.pid}-${Date.now()}.tmp`;
  const fd = openSync(tmp, 'w', mode);
  try {
    // Exactly `mode`: the umask would narrow it.
    fchmodSync(fd, mode);
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
  // Nothing there is nothing to remove, whatever links lie on the way.
  const have = readIfExists(p);
  if (!have) return { path: p, action: 'absent' };
  refuseSymlink(p, opts.stopAt, 'uninstall');
  if (!isOurs(have)) return { path: p, action: 'kept' };
  if (!opts.dryRun) rmSync(p, { force: true });
  return { path: p, action: 'remove' };
}

const CONFIG_BACKUP = '.remit-bak';

function modeOf(p: string): number | undefined {
  try {
    return statSync(p).mode & 0o777;
  } catch {
    return undefined;
  }
}

const itemText = (i: unknown): string => String((i as { value?: unknown })?.value ?? i);

/** The parsed mapping of a YAML file, or a refusal naming what to fix. */
function yamlDoc(file: string, raw: string | undefined, label: string, verb: InstallVerb): Document {
  const doc = parseDocument(raw ?? '');
  if (doc.errors.length > 0)
    throw new InstallError(
      `remit ${verb} ${label}: ${file} is not valid YAML (${doc.errors[0]!.message.split('\n')[0]}); fix it and run ${verb} again. Nothing was changed.`,
    );
  if (doc.contents !== null && !isMap(doc.contents))
    throw new InstallError(`remit ${verb} ${label}: ${file} does not hold a YAML mapping; fix it and run ${verb} again. Nothing was changed.`);
  return doc;
}

export interface YamlListEdit {
  file: string;
  /** The list's key path, e.g. ['plugins', 'enabled']. */
  keys: string[];
  entry: string;
  add: boolean;
  dryRun: boolean;
  stopAt: string;
  /** The host, for messages. */
  label: string;
  /** The mode of a file remit creates. */
  newMode: number;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The node at `keys`: undefined when a mapping on the way lacks the key or holds null (the
 * list is then added), false when a value on the way is neither a mapping nor null.
 */
function listAt(doc: Document, keys: string[]): unknown {
  let node: unknown = doc.contents;
  for (const k of keys) {
    if (node === null || node === undefined || (isScalar(node) && node.value === null)) return undefined;
    if (!isMap(node)) return false;
    node = node.get(k, true);
  }
  return node ?? undefined;
}

/**
 * A parsed config with every empty list or mapping read as null: the same to Hermes and omp,
 * and how a block list or mapping left with nothing under its key reads.
 */
function loose(v: unknown): unknown {
  if (Array.isArray(v)) return v.length === 0 ? null : v.map(loose);
  if (isObject(v)) {
    const keys = Object.keys(v);
    return keys.length === 0 ? null : Object.fromEntries(keys.map((k) => [k, loose(v[k])]));
  }
  return v ?? null;
}

/**
 * The text edit (yaml-text.ts) checked against the same change made on the parsed document:
 * when the two disagree, or the layout is one the line edits do not do, the user is asked to
 * make the one-line change by hand rather than have remit rewrite their lines.
 */
function editedYaml(e: YamlListEdit, raw: string, edit: (doc: Document) => string, expected: unknown): string {
  const verb: InstallVerb = e.add ? 'install' : 'uninstall';
  const byHand = () =>
    new InstallError(
      `remit ${verb} ${e.label}: ${e.file} lays out ${e.keys.join('.')} in a way remit cannot edit without rewriting your lines; ${
        e.add ? 'add' : 'remove'
      } ${yamlScalar(e.entry)} ${e.add ? 'to' : 'from'} that list by hand, then run ${verb} again. Nothing was changed.`,
    );
  let text: string;
  try {
    text = edit(parseDocument(raw));
  } catch (err) {
    if (err instanceof YamlLayoutError) throw byHand();
    throw err;
  }
  const check = parseDocument(text);
  if (check.errors.length > 0 || !isDeepStrictEqual(loose(check.toJS()), loose(expected))) throw byHand();
  return text;
}

/**
 * Adds or removes `entry` in a YAML list by line edits (yaml-text.ts), so no other byte of the
 * file moves, even when the user edited it between install and uninstall. The original is
 * backed up once (with its mode) before the first edit; removing remit's entry restores that
 * original byte for byte when nothing else changed, keeps a list the original had (empty, if
 * remit's was its only entry), and deletes a file that only remit's entry made.
 */
export function editYamlList(e: YamlListEdit): { change: InstallChange; note?: string } {
  const verb: InstallVerb = e.add ? 'install' : 'uninstall';
  const raw = readIfExists(e.file)?.toString('utf8');
  let doc: Document;
  let list: unknown;
  try {
    refuseSymlink(e.file, e.stopAt, verb);
    doc = yamlDoc(e.file, raw, e.label, verb);
    list = listAt(doc, e.keys);
    if (list === false || (list !== undefined && !isSeq(list) && !(isScalar(list) && list.value === null)))
      throw new InstallError(`remit ${verb} ${e.label}: ${e.keys.join('.')} in ${e.file} is not a list; fix it and run ${verb} again. Nothing was changed.`);
  } catch (err) {
    // A file remit may not edit (a link, not YAML, the list of another shape) that never
    // names remit's entry holds nothing to take out: uninstall leaves it and goes on.
    if (e.add || !(err instanceof InstallError) || (raw !== undefined && raw.includes(e.entry))) throw err;
    return raw === undefined
      ? { change: { path: e.file, action: 'absent' } }
      : { change: { path: e.file, action: 'unchanged' }, note: `${e.file} was left as it is: remit does not edit it, and it does not name ${e.entry}` };
  }
  const names = isSeq(list) ? (list as YAMLSeq).items.map(itemText) : [];
  if (e.add === names.includes(e.entry)) return { change: { path: e.file, action: raw === undefined && !e.add ? 'absent' : 'unchanged' } };
  const backup = `${e.file}${CONFIG_BACKUP}`;
  if (e.add) {
    const want = (doc.toJS() ?? {}) as Json;
    const holder = e.keys.slice(0, -1).reduce((o, k) => (o[k] = isObject(o[k]) ? o[k] : {}) as Json, want);
    const last = e.keys.at(-1)!;
    holder[last] = [...(Array.isArray(holder[last]) ? holder[last] : []), e.entry];
    const text = editedYaml(e, raw ?? '', (d) => addListItem(raw ?? '', d, e.keys, yamlScalar(e.entry)), want);
    if (e.dryRun) return { change: { path: e.file, action: raw === undefined ? 'create' : 'update' } };
    let note: string | undefined;
    if (raw !== undefined && !existsSync(backup)) {
      writeAtomic(backup, raw, modeOf(e.file) ?? 0o600);
      note = `backup of the original: ${backup}`;
    }
    writeAtomic(e.file, text, modeOf(e.file) ?? e.newMode);
    return { change: { path: e.file, action: raw === undefined ? 'create' : 'update' }, ...(note ? { note } : {}) };
  }
  // The original (the backup) says which lists and mappings were the user's, to keep when emptied.
  const originalBytes = readIfExists(backup);
  const was = originalBytes === undefined ? undefined : parseDocument(originalBytes.toString('utf8'));
  const usable = was !== undefined && was.errors.length === 0 && (was.contents === null || isMap(was.contents));
  const keepPath = (p: string[]) => usable && listAt(was, p) !== undefined;
  // Taken out one at a time, the last first, each on a fresh parse of the text before it.
  let text = raw!;
  let left = (doc.toJS() ?? {}) as Json;
  for (;;) {
    const now = parseDocument(text);
    const seq = listAt(now, e.keys);
    const at = isSeq(seq) ? seq.items.map(itemText).lastIndexOf(e.entry) : -1;
    if (at < 0) break;
    const want = structuredClone(left);
    const path = e.keys.slice(0, -1).map((_, n) => e.keys.slice(0, n + 1));
    const holder = path.reduce((o, p) => o[p.at(-1)!] as Json, want);
    const list = holder[e.keys.at(-1)!] as unknown[];
    list.splice(at, 1);
    if (list.length === 0 && !keepPath(e.keys)) {
      delete holder[e.keys.at(-1)!];
      for (let n = path.length - 1; n >= 0; n--) {
        const parent = path.slice(0, n).reduce((o, p) => o[p.at(-1)!] as Json, want);
        const key = path[n]!.at(-1)!;
        if (Object.keys(parent[key] as Json).length === 0 && !keepPath(path[n]!)) delete parent[key];
        else break;
      }
    }
    text = editedYaml(e, text, (d) => removeListItem(text, d, e.keys, at, keepPath), want);
    left = want;
  }
  if (usable && sameButSpacing(text, originalBytes!.toString('utf8')) && isDeepStrictEqual(loose(was.toJS()), loose(left))) {
    if (!e.dryRun) {
      writeAtomic(e.file, originalBytes!, modeOf(backup) ?? modeOf(e.file) ?? e.newMode);
      unlinkSync(backup);
    }
    return {
      change: { path: e.file, action: 'update' },
      note: e.dryRun
        ? `would restore the original ${e.file} from ${backup} (and remove the backup)`
        : `restored the original ${e.file} from ${backup} (backup removed)`,
    };
  }
  if (originalBytes === undefined && text.trim() === '') {
    if (!e.dryRun) rmSync(e.file, { force: true });
    return {
      change: { path: e.file, action: 'remove' },
      note: e.dryRun ? `${e.file} holds only remit's entry; it would be removed` : `${e.file} held only remit's entry; removed`,
    };
  }
  if (!e.dryRun) writeAtomic(e.file, text, modeOf(e.file) ?? e.newMode);
  // The user's own later edits stay, so the original is not restored: its backup stays too, and the user is told.
  return {
    change: { path: e.file, action: 'update' },
    ...(originalBytes !== undefined
      ? {
          note: e.dryRun
            ? `${e.file} changed since remit installed; remit's entry would be removed and the backup ${backup} kept`
            : `${e.file} changed since remit installed; remit's entry was removed and the backup ${backup} kept`,
        }
      : {}),
  };
}

export { writeAtomic };
