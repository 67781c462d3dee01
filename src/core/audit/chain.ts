// The audit chain (ARCHITECTURE.md, audit chain). Each record carries `seq` and `prev` = the
// HMAC-SHA256, under the install's audit key, of the previous line's bytes (without its
// newline); `keyed: true` says so. Records from before keying (or written when the secret was
// unreadable) carry a plain sha256 and no `keyed`; verify reads those as such, but never
// accepts an unkeyed record after a keyed one.
//
// An append takes the audit lock (audit/<key>.jsonl.lock, a symlink naming its owner; see
// state/lock.ts), independent of the session lock, so a hook that timed out on the session lock still
// appends in order. Under it the append reads only the file's tail, builds the whole line in
// one buffer and writes it with one O_APPEND write; a short write or an error (ENOSPC)
// truncates the file back to its previous size, so no partial line is ever left behind.
//
// Resynchronisation: when the last line is not a record (a crash tore it, or someone edited
// it into something unparsable), the new record still hashes that line as found, sets
// `prevBroken: true` and takes the seq after the last record it can find. A torn line with
// no newline gets one first, inside the same single write. `remit audit verify` then reports
// the break once and every later link verifies.
import { hmacSha256, sha256 } from '../crypto/sha256.js';
import { closeSync, constants, fstatSync, readSync } from 'node:fs';
import type { RuntimeEvent } from '../../generated/types.js';
import { wfs } from '../state/fs-layer.js';
import { lockSync } from '../state/lock.js';
import { readSecret } from '../state/secret.js';
import { fromHex, hexOf, utf8Of } from '../crypto/bytes.js';

const TAIL_CHUNK = 16 * 1024;
/** How far back an append looks for the last good record after a broken line. */
const MAX_TAIL = 4 * 1024 * 1024;
const NL = 0x0a;
/** The last newline at or before `from`, a negative `from` counting from the end as Buffer's does (the typed array's own search: Buffer's is JavaScript compiled on first use, see crypto/bytes.ts). */
const lastNewline = (b: Uint8Array, from: number): number => Uint8Array.prototype.lastIndexOf.call(b, NL, from);

/** The audit key: derived from the per-install secret so the digest key is never reused as is. */
export function auditKeyOf(secretHex: string): Buffer {
  return hmacSha256(fromHex(secretHex), 'remit audit chain v1');
}

/**
 * The audit key of the install's persisted secret, for commands that read it and never create
 * one (a read-back, a CLI mutation): null when there is none yet or it cannot be read.
 */
export function installAuditKey(home: string): Buffer | null {
  const secret = readSecret(home);
  return secret ? auditKeyOf(secret) : null;
}

/** Plain sha256 of a line: the link of records written before the chain was keyed. */
export function lineHash(line: Buffer | string): string {
  return hexOf(sha256(line));
}

/** The link to a line: keyed when a key is given. */
export function linkHash(line: Buffer | string, key: Buffer | null | undefined): string {
  return key ? hexOf(hmacSha256(key, line)) : lineHash(line);
}

export interface ChainLink {
  seq: number;
  prev: string | null;
  prevBroken?: true;
}

/** The last record a writer appended: what the next `prev` will be (kept in the session state). */
export interface AuditHead {
  seq: number;
  hash: string;
}

function parseSeq(line: Buffer): number | null {
  try {
    const v = JSON.parse(utf8Of(line)) as { seq?: unknown };
    return typeof v === 'object' && v !== null && typeof v.seq === 'number' && Number.isInteger(v.seq) && v.seq > 0 ? v.seq : null;
  } catch {
    return null;
  }
}

function readRange(fd: number, start: number, end: number): Buffer {
  // Only what was read is returned (Buffer.alloc is compiled on first use, crypto/bytes.ts).
  const buf = Buffer.allocUnsafe(end - start);
  let off = 0;
  while (off < buf.length) {
    const n = readSync(fd, buf, off, buf.length - off, start + off);
    if (n <= 0) break;
    off += n;
  }
  return buf.subarray(0, off);
}

/**
 * Works out the link for the next record from the file's tail. `needsNewline` when the
 * file ends in a torn line.
 */
function linkFromTail(fd: number, size: number, key?: Buffer | null): { link: ChainLink; needsNewline: boolean } {
  if (size === 0) return { link: { seq: 1, prev: null }, needsNewline: false };
  let start = Math.max(0, size - TAIL_CHUNK);
  let tail = readRange(fd, start, size);
  const torn = tail[tail.length - 1] !== NL;
  // The last line: from after the previous newline to the end (excluding the final newline).
  const lastEnd = torn ? tail.length : tail.length - 1;
  let lastStart = lastNewline(tail, lastEnd - 1) + 1;
  while (lastStart === 0 && start > 0 && size - start < MAX_TAIL) {
    start = Math.max(0, start - TAIL_CHUNK * 4);
    tail = readRange(fd, start, size);
    const end = torn ? tail.length : tail.length - 1;
    lastStart = lastNewline(tail, end - 1) + 1;
  }
  const end = torn ? tail.length : tail.length - 1;
  const last = tail.subarray(lastStart, end);
  const prev = linkHash(last, key);
  const seq = torn ? null : parseSeq(last);
  if (seq !== null) return { link: { seq: seq + 1, prev }, needsNewline: false };
  // Broken last line: continue the numbering from the last record still readable.
  let found = 0;
  let cursor = lastStart - 1;
  while (cursor > 0) {
    const s = lastNewline(tail, cursor - 1) + 1;
    const n = parseSeq(tail.subarray(s, cursor));
    if (n !== null) {
      found = n;
      break;
    }
    if (s === 0) break;
    cursor = s - 1;
  }
  return { link: { seq: found + 1, prev, prevBroken: true }, needsNewline: torn };
}

/**
 * 2: written by a remit that seals session state, so a state of this session whose seal does
 * not verify is damage once a keyed record of this version is the audit's last
 * (last-state.ts unsealedStateVerdict). Records of version 1 came before sealing.
 */
const RECORD_VERSION = 2;

export type RecordBody = Omit<RuntimeEvent, 'v' | 'seq' | 'prev' | 'prevBroken' | 'keyed'>;

// ---------------------------------------------------------------- the audit lock

/** Waiting longer than this for the audit lock is a fault (a hold lasts well under a millisecond). */
const AUDIT_LOCK_WAIT_MS = 3000;
/** An audit lock older than this whose owner cannot be checked (another host, a reused pid) is taken over. */
const AUDIT_LOCK_STALE_MS = 2000;

// ---------------------------------------------------------------- append

const APPEND_FLAGS = constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW;

export interface AppendOptions {
  /** The audit key (auditKeyOf the secret); without it the record is unkeyed. */
  key?: Buffer | null;
}

function truncateBack(fd: number, size: number): void {
  try {
    wfs.ftruncateSync(fd, size);
  } catch {
    // The file system refuses even that; verify will show the torn line.
  }
}

/** Appends one record and returns it with the head the next record will link to. */
export function appendChained(file: string, body: RecordBody, opts: AppendOptions = {}): { record: RuntimeEvent; head: AuditHead } {
  const key = opts.key ?? null;
  // Taking the lock creates the audit folder when it is missing (mkdir only on ENOENT).
  const lock = lockSync(file, AUDIT_LOCK_WAIT_MS, AUDIT_LOCK_STALE_MS);
  try {
    // 'a+' without following a link: remit never makes one, and a link to another session's
    // audit would file this record in that chain. A FIFO or device fails the type check below.
    const fd = wfs.openSync(file, APPEND_FLAGS, 0o600);
    try {
      const st = fstatSync(fd);
      if (!st.isFile()) throw new Error('the audit file is not a regular file');
      const size = st.size;
      const { link, needsNewline } = linkFromTail(fd, size, key);
      const record: RuntimeEvent = {
        v: RECORD_VERSION,
        seq: link.seq,
        prev: link.prev,
        ...(link.prevBroken ? { prevBroken: true } : {}),
        ...(key ? { keyed: true } : {}),
        ...body,
      } as RuntimeEvent;
      const json = JSON.stringify(record);
      const buf = Buffer.from((needsNewline ? '\n' : '') + json + '\n', 'utf8');
      // One write: with O_APPEND a concurrent reader sees the line whole or not at all.
      let n: number;
      try {
        n = wfs.writeSync(fd, buf, 0, buf.length);
      } catch (err) {
        truncateBack(fd, size);
        throw err;
      }
      if (n !== buf.length) {
        truncateBack(fd, size);
        throw Object.assign(new Error('short audit write'), { code: 'ENOSPC' });
      }
      return { record, head: { seq: record.seq, hash: linkHash(json, key) } };
    } finally {
      closeSync(fd);
    }
  } finally {
    lock.release();
  }
}

/** Appends one record (see appendChained). */
export function appendRecord(file: string, body: RecordBody, opts: AppendOptions = {}): RuntimeEvent {
  return appendChained(file, body, opts).record;
}

/**
 * Takes back the record `id` when it is still the file's last line (nothing appended since),
 * under the audit lock: for a decision whose state could not be written and whose superseding
 * record could not be written either (a full disk), so the audit never keeps a verdict the host
 * was not given (docs/DESIGN.md#fail-modes). Truncating the last line leaves every link before it
 * as it was. True when the record is gone.
 */
export function retractLast(file: string, id: string): boolean {
  let lock: ReturnType<typeof lockSync>;
  try {
    lock = lockSync(file, AUDIT_LOCK_WAIT_MS, AUDIT_LOCK_STALE_MS);
  } catch {
    return false;
  }
  try {
    const fd = wfs.openSync(file, constants.O_RDWR | constants.O_NOFOLLOW);
    try {
      const st = fstatSync(fd);
      if (!st.isFile() || st.size === 0) return false;
      const tail = readRange(fd, Math.max(0, st.size - TAIL_CHUNK), st.size);
      if (tail[tail.length - 1] !== NL) return false;
      const start = lastNewline(tail, tail.length - 2) + 1;
      if (start === 0 && st.size > tail.length) return false;
      let last: { id?: unknown } | null = null;
      try {
        last = JSON.parse(utf8Of(tail, start, tail.length - 1)) as { id?: unknown };
      } catch {
        return false;
      }
      if (last?.id !== id) return false;
      wfs.ftruncateSync(fd, st.size - (tail.length - start));
      return true;
    } finally {
      closeSync(fd);
    }
  } catch {
    return false;
  } finally {
    lock.release();
  }
}
