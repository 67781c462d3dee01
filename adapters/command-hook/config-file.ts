// The edges of an installer: reading a host's config file without trusting it, and writing it
// back so that a crash, a concurrent edit or a symlink can never cost the user their file.
import { chmodSync, lstatSync, statSync, existsSync, unlinkSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import {
  applyEdits,
  findNodeAtLocation,
  modify,
  parse as parseJsonc,
  parseTree,
  printParseErrorCode,
  type FormattingOptions,
  type ParseError,
} from 'jsonc-parser';
import { errnoWords, readRegularFileSync, writeFileAtomic as writeAtomic } from '../../src/core/state/files.js';
import { utf8Of } from '../../src/core/crypto/bytes.js';

/** `problem` says what is wrong without an installer's advice (doctor shows it). */
export type ConfigRead = { ok: true; exists: boolean; raw: string | null; doc: unknown } | { ok: false; error: string; problem?: string };

/** Doctor only reads: it follows a link, as the host does; only writing through one is refused. */
export interface ReadOptions {
  followLinks?: boolean;
  /** The host reads line and block comments in this file (Gemini CLI strips them before JSON.parse); trailing commas stay errors. */
  comments?: boolean;
}

/** Fails (rather than follows) when the file is a symlink: remit never writes through a link. */
export function refuseSymlink(file: string): string | null {
  try {
    if (lstatSync(file).isSymbolicLink())
      return `${file} is a symbolic link; remit does not write through links. Replace the link with a regular file (or install into another scope of this host), then run again. Nothing was changed.`;
  } catch {
    // missing is fine
  }
  return null;
}

/** A failed read: `error` with an installer's advice, `problem` what is wrong in a few words. */
export type RawRead = { ok: true; raw: string | null } | { ok: false; error: string; problem: string };

export function readRaw(file: string, opts: ReadOptions = {}): RawRead {
  const link = opts.followLinks ? null : refuseSymlink(file);
  if (link) return { ok: false, error: link, problem: 'it is a symbolic link' };
  try {
    return { ok: true, raw: readConfigText(file) };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    if (code === 'ENOENT') return { ok: true, raw: null };
    if (code === 'ENOTREG')
      return {
        ok: false,
        error: `${file} is not a regular file (a folder, a FIFO, a socket or a device); remit reads and writes only regular files. Nothing was changed.`,
        problem: 'it is not a regular file',
      };
    return { ok: false, error: `cannot read ${file} (${errnoWords(code)}). Nothing was changed.`, problem: `it cannot be read (${errnoWords(code)})` };
  }
}

/** Far above any host configuration: a larger file is refused unread. */
const MAX_CONFIG_BYTES = 64 * 1024 * 1024;

/**
 * A host config file's text, opened non-blocking and read only when it is a regular file
 * (ENOTREG otherwise): a FIFO in its place must not hang install, uninstall or doctor.
 */
export function readConfigText(file: string): string {
  return utf8Of(readRegularFileSync(file, MAX_CONFIG_BYTES));
}

/** The file, read through any link, names remit somewhere (or cannot be read, which may hide it). */
export function namesRemit(file: string): boolean {
  try {
    return /remit/i.test(readConfigText(file));
  } catch (err) {
    return (err as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

/**
 * A config file's document: strict JSON, or with `comments` JSON with comments as the host reads
 * it (anything else, a trailing comma included, throws with the line and column).
 */
export function parseConfigJson(raw: string, comments: boolean): unknown {
  const text = raw.replace(/^\uFEFF/, '');
  if (!comments) return JSON.parse(text) as unknown;
  const errors: ParseError[] = [];
  const doc = parseJsonc(text, errors, { disallowComments: false, allowTrailingComma: false, allowEmptyContent: false }) as unknown;
  const first = errors[0];
  if (first === undefined) return doc;
  const before = text.slice(0, first.offset);
  const line = before.split('\n').length;
  throw new Error(`${printParseErrorCode(first.error)} at line ${line} column ${first.offset - before.lastIndexOf('\n')}`);
}

export function readJsonConfig(file: string, opts: ReadOptions = {}): ConfigRead {
  const r = readRaw(file, opts);
  if (!r.ok) return r;
  if (r.raw === null) return { ok: true, exists: false, raw: null, doc: undefined };
  if (r.raw.trim() === '') return { ok: true, exists: true, raw: r.raw, doc: undefined };
  try {
    return { ok: true, exists: true, raw: r.raw, doc: parseConfigJson(r.raw, opts.comments === true) };
  } catch (err) {
    const why = err instanceof Error ? err.message.split('\n')[0] : 'parse error';
    const problem = `${file} is not valid JSON (${why})`;
    return { ok: false, error: `${problem}. Fix it or move it away, then run again. Nothing was changed.`, problem };
  }
}

function serializeJson(doc: unknown): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}

export interface WriteOptions {
  /** The bytes read before planning; the write aborts when the file no longer has them. */
  expectedRaw: string | null;
  /** `<file><suffix>` keeps the user's original once (with its mode); none when there was no original. */
  backupSuffix?: string;
  mode?: number;
}

export const BACKUP_SUFFIX = '.remit-bak';

function modeOf(file: string): number | undefined {
  try {
    return statSync(file).mode & 0o777;
  } catch {
    return undefined;
  }
}

/** The indentation and line ends a JSON file already uses, so an edit keeps them. */
function jsonFormatting(raw: string): FormattingOptions {
  const indent = /\n([ \t]+)["}\]]/.exec(raw)?.[1] ?? '  ';
  return { insertSpaces: !indent.startsWith('\t'), tabSize: indent.startsWith('\t') ? 1 : indent.length, eol: raw.includes('\r\n') ? '\r\n' : '\n' };
}

/**
 * `raw` turned from `before` into `after` (both its parsed documents) by text edits: remit's
 * entries are added or taken out one by one and a changed value is rewritten alone, so every
 * byte of the user's (comments, indentation, a one-line array, key order) stays, even when the
 * user edited the file between install and uninstall.
 */
export function editHooksText(raw: string | null, before: unknown, after: Record<string, unknown>): string {
  if (raw === null || raw.trim() === '') return serializeJson(after);
  return editJson(raw, [], before ?? {}, after, jsonFormatting(raw));
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The smallest text edit at `at` that turns `from` into `to`: per key, per entry, or the value alone. */
function editJson(text: string, at: (string | number)[], from: unknown, to: unknown, fmt: FormattingOptions): string {
  if (isDeepStrictEqual(from, to)) return text;
  let out = text;
  if (isPlainObject(from) && isPlainObject(to)) {
    // An object left with no key is written `{}`, not the lines its last key stood on.
    if (Object.keys(to).length === 0) return applyEdits(out, modify(out, at, {}, {}));
    for (const k of Object.keys(from)) if (!(k in to)) out = applyEdits(out, modify(out, [...at, k], undefined, {}));
    for (const k of Object.keys(to)) out = k in from ? editJson(out, [...at, k], from[k], to[k], fmt) : appendEntry(out, at, to[k], fmt, k);
    return out;
  }
  if (Array.isArray(from) && Array.isArray(to)) {
    const added = insertions(from, to);
    if (added) {
      for (const i of added) out = appendEntry(out, at, to[i], fmt, undefined, i);
      return out;
    }
    const removed = insertions(to, from);
    if (removed) {
      for (const i of removed.reverse()) out = removeEntry(out, at, i, fmt);
      return out;
    }
    if (from.length === to.length) {
      for (let i = 0; i < to.length; i++) out = editJson(out, [...at, i], from[i], to[i], fmt);
      return out;
    }
  }
  // The formatter lays out the whole line an edit touches (a user's one-line array with it): a
  // plain value needs none, and only a whole object or array is laid out.
  return applyEdits(out, modify(out, at, to, to !== null && typeof to === 'object' ? { formattingOptions: fmt } : {}));
}

/**
 * `value` added at the end of the array or object at `at` (`key`: its property name), laid out
 * like the entry before it (its own line at the same indentation, or on the same line when the
 * container is one line), so no byte of the user's moves; an empty container, or an array
 * insertion before the end (`index`), goes through the formatter.
 */
function appendEntry(text: string, at: (string | number)[], value: unknown, fmt: FormattingOptions, key?: string, index?: number): string {
  const node = findNodeAtLocation(parseTree(text)!, at);
  const last = node?.children?.at(-1);
  const formatted = () => applyEdits(text, modify(text, [...at, key ?? index!], value, { formattingOptions: fmt, isArrayInsertion: key === undefined }));
  if (!node || !last || node.type !== (key === undefined ? 'array' : 'object') || (key === undefined && index !== node.children!.length)) return formatted();
  const end = last.offset + last.length;
  const lead = /^[ \t]*/.exec(text.slice(text.lastIndexOf('\n', last.offset) + 1, last.offset))![0];
  const oneLine = !text.slice(node.offset, node.offset + node.length).includes('\n');
  const unit = fmt.insertSpaces === false ? '\t' : ' '.repeat(fmt.tabSize ?? 2);
  const eol = fmt.eol ?? '\n';
  const name = key === undefined ? '' : `${JSON.stringify(key)}: `;
  const content = oneLine ? `, ${name}${JSON.stringify(value)}` : `,${eol}${lead}${name}${JSON.stringify(value, null, unit).split('\n').join(`${eol}${lead}`)}`;
  return text.slice(0, end) + content + text.slice(end);
}

/**
 * `raw` without entry `index` of the array at `at`: the entry and the separator before it (after
 * it, for the first) go, and no line of the user's is laid out again.
 */
function removeEntry(text: string, at: (string | number)[], index: number, fmt: FormattingOptions): string {
  const kids = findNodeAtLocation(parseTree(text)!, at)?.children ?? [];
  const gone = kids[index];
  if (!gone || kids.length < 2) return applyEdits(text, modify(text, [...at, index], undefined, { formattingOptions: fmt }));
  const [from, to] = index > 0 ? [kids[index - 1]!.offset + kids[index - 1]!.length, gone.offset + gone.length] : [gone.offset, kids[1]!.offset];
  return text.slice(0, from) + text.slice(to);
}

/**
 * The indices in `longer` of the entries that, inserted into `shorter` in increasing order,
 * make `longer`; null when `longer` is not `shorter` with entries added.
 */
function insertions(shorter: readonly unknown[], longer: readonly unknown[]): number[] | null {
  if (longer.length <= shorter.length) return null;
  const out: number[] = [];
  let j = 0;
  for (let i = 0; i < longer.length; i++) {
    if (j < shorter.length && isDeepStrictEqual(shorter[j], longer[i])) j++;
    else out.push(i);
  }
  return j === shorter.length ? out : null;
}

/**
 * The text an uninstall's edits left differs from the original (the backup) at most in
 * spacing: the original's bytes come back. Any other difference is the user's edit since
 * install (a comment, a key, a reordering), which a restore would lose.
 */
export function sameButSpacing(edited: string, original: string): boolean {
  const squash = (t: string) => t.replace(/^\uFEFF/, '').replace(/\s+/g, '');
  return squash(edited) === squash(original);
}

export type RemovalOutcome = { ok: true; action: 'restored' | 'removed' | 'updated' | 'unchanged'; note?: string } | { ok: false; error: string };

/**
 * The end of an uninstall edit. With a backup whose content, less remit's part, equals what
 * is left: the original bytes and mode come back and the backup goes. Without a backup (remit
 * created the file) and nothing left: the file goes. Otherwise the edited text is written.
 */
export function finishRemoval(
  file: string,
  args: {
    raw: string | null;
    next: string;
    leftEmpty: boolean;
    sameAsOriginal: (backupRaw: string) => boolean;
    /** The backup is what the host itself has since rewritten (its own migration): the file keeps the host's form, the backup goes. */
    supersededBy?: (backupRaw: string) => boolean;
    dryRun: boolean;
  },
): RemovalOutcome {
  if (args.raw === null) return { ok: true, action: 'unchanged' };
  const backup = `${file}${BACKUP_SUFFIX}`;
  const b = readRaw(backup);
  const original = b.ok ? b.raw : null;
  try {
    if (original !== null && sameButSpacing(args.next, original) && args.sameAsOriginal(original)) {
      if (!args.dryRun) {
        const now = readRaw(file);
        if (!now.ok || now.raw !== args.raw)
          return { ok: false, error: `${file} changed while remit was uninstalling; nothing was written so that edit is kept. Run again.` };
        writeFileAtomic(file, original, modeOf(backup) ?? modeOf(file));
        unlinkSync(backup);
      }
      return {
        ok: true,
        action: 'restored',
        note: args.dryRun
          ? `would restore the original ${file} from ${backup} (and remove the backup)`
          : `restored the original ${file} from ${backup} (backup removed)`,
      };
    }
    if (original !== null && args.supersededBy?.(original)) {
      if (!args.dryRun) {
        const w = writeConfig(file, args.next, { expectedRaw: args.raw });
        if (!w.ok) return w;
        unlinkSync(backup);
      }
      const what = `the host rewrote ${file} since remit installed (its own settings migration): remit's entries were removed from its version and the backup, which that rewrite replaced,`;
      return { ok: true, action: 'updated', note: args.dryRun ? `${what} would be removed` : `${what} removed` };
    }
    if (original === null && args.leftEmpty) {
      if (!args.dryRun) unlinkSync(file);
      return {
        ok: true,
        action: 'removed',
        note: args.dryRun ? `${file} holds only remit's entries; it would be removed` : `${file} held only remit's entries; removed`,
      };
    }
    if (args.next === args.raw) return { ok: true, action: 'unchanged' };
    if (args.dryRun) return { ok: true, action: 'updated' };
    const w = writeConfig(file, args.next, { expectedRaw: args.raw });
    return w.ok
      ? {
          ok: true,
          action: 'updated',
          ...(original !== null ? { note: `${file} changed since remit installed; remit's entries were removed and the backup ${backup} kept` } : {}),
        }
      : w;
  } catch (err) {
    return { ok: false, error: `cannot write ${file} (${errnoWords((err as NodeJS.ErrnoException).code)}). The file was left as it was.` };
  }
}

export type WriteResult = { ok: true; backup?: string } | { ok: false; error: string };

/** Host configuration is replaced atomically with the folder fsynced; its folders keep the umask's mode, the file exactly `mode`. */
export function writeFileAtomic(file: string, text: string, mode?: number): void {
  writeAtomic(file, text, { mode: mode ?? 0o644, dirMode: null, syncDir: true });
  // The umask narrows the mode a new file is opened with; the user's own mode is kept exactly.
  if (mode !== undefined) chmodSync(file, mode);
}

export function writeConfig(file: string, text: string, opts: WriteOptions): WriteResult {
  const link = refuseSymlink(file);
  if (link) return { ok: false, error: link };
  const now = readRaw(file);
  if (!now.ok) return now;
  if (now.raw !== opts.expectedRaw)
    return { ok: false, error: `${file} changed while remit was installing; nothing was written so that edit is kept. Run again.` };
  let backup: string | undefined;
  if (opts.backupSuffix) {
    const b = `${file}${opts.backupSuffix}`;
    // Only an original is backed up, with its own mode; remit's content never becomes "the original".
    if (opts.expectedRaw !== null && !existsSync(b) && refuseSymlink(b) === null) {
      writeFileAtomic(b, opts.expectedRaw, modeOf(file) ?? 0o600);
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
    return { ok: false, error: `cannot write ${file} (${errnoWords((err as NodeJS.ErrnoException).code)}). The file was left as it was.` };
  }
  return backup ? { ok: true, backup } : { ok: true };
}
