// The audit chain (SPEC section 7). Each record carries `seq` and `prev` = sha256 of the
// previous line's bytes (without its newline). An append reads only the file's tail under
// the session lock, then writes the whole line with one O_APPEND write.
//
// Resynchronisation: when the last line is not a record (a crash tore it, or someone edited
// it into something unparsable), the new record still hashes that line as found, sets
// `prevBroken: true` and takes the seq after the last record it can find. A torn line with
// no newline gets one first, inside the same single write. `remit audit verify` then reports
// the break once and every later link verifies.
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { RuntimeEvent } from '../../generated/types.js';
import { ensurePrivateDir } from '../state/files.js';

const TAIL_CHUNK = 16 * 1024;
/** How far back an append looks for the last good record after a broken line. */
const MAX_TAIL = 4 * 1024 * 1024;
const NL = 0x0a;

export function lineHash(line: Buffer | string): string {
  return createHash('sha256').update(line).digest('hex');
}

export interface ChainLink {
  seq: number;
  prev: string | null;
  prevBroken?: true;
}

function parseSeq(line: Buffer): number | null {
  try {
    const v = JSON.parse(line.toString('utf8')) as { seq?: unknown };
    return typeof v === 'object' && v !== null && typeof v.seq === 'number' && Number.isInteger(v.seq) && v.seq > 0 ? v.seq : null;
  } catch {
    return null;
  }
}

function readRange(fd: number, start: number, end: number): Buffer {
  const buf = Buffer.alloc(end - start);
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
export function linkFromTail(fd: number, size: number): { link: ChainLink; needsNewline: boolean } {
  if (size === 0) return { link: { seq: 1, prev: null }, needsNewline: false };
  let start = Math.max(0, size - TAIL_CHUNK);
  let tail = readRange(fd, start, size);
  const torn = tail[tail.length - 1] !== NL;
  // The last line: from after the previous newline to the end (excluding the final newline).
  const lastEnd = torn ? tail.length : tail.length - 1;
  let lastStart = tail.lastIndexOf(NL, lastEnd - 1) + 1;
  while (lastStart === 0 && start > 0 && size - start < MAX_TAIL) {
    start = Math.max(0, start - TAIL_CHUNK * 4);
    tail = readRange(fd, start, size);
    const end = torn ? tail.length : tail.length - 1;
    lastStart = tail.lastIndexOf(NL, end - 1) + 1;
  }
  const end = torn ? tail.length : tail.length - 1;
  const last = tail.subarray(lastStart, end);
  const prev = lineHash(last);
  const seq = torn ? null : parseSeq(last);
  if (seq !== null) return { link: { seq: seq + 1, prev }, needsNewline: false };
  // Broken last line: continue the numbering from the last record still readable.
  let found = 0;
  let cursor = lastStart - 1;
  while (cursor > 0) {
    const s = tail.lastIndexOf(NL, cursor - 1) + 1;
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

export type RecordBody = Omit<RuntimeEvent, 'v' | 'seq' | 'prev' | 'prevBroken'>;

/**
 * Appends one record. Call only while holding the session lock (the chain needs the
 * previous line to stay the last one until this write lands).
 */
export function appendRecord(file: string, body: RecordBody): RuntimeEvent {
  ensurePrivateDir(path.dirname(file));
  const fd = openSync(file, 'a+', 0o600);
  try {
    const size = fstatSync(fd).size;
    const { link, needsNewline } = linkFromTail(fd, size);
    const record: RuntimeEvent = { v: 1, seq: link.seq, prev: link.prev, ...(link.prevBroken ? { prevBroken: true } : {}), ...body };
    const line = (needsNewline ? '\n' : '') + JSON.stringify(record) + '\n';
    const buf = Buffer.from(line, 'utf8');
    // One write: with O_APPEND a concurrent reader sees the line whole or not at all.
    const n = writeSync(fd, buf, 0, buf.length);
    if (n !== buf.length) throw new Error('short audit write');
    return record;
  } finally {
    closeSync(fd);
  }
}
