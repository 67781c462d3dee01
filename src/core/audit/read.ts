// Reading audit files: the tail for status (never the whole log), whole-file line scans for
// verify and explain. Reads take no lock: a record is written with one append, so a reader
// sees it whole or not at all.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import type { RuntimeEvent } from '../../generated/types.js';

const CHUNK = 1024 * 1024;
const NL = 0x0a;

export function parseRecord(line: Buffer | string): RuntimeEvent | null {
  try {
    const v = JSON.parse(typeof line === 'string' ? line : line.toString('utf8')) as RuntimeEvent;
    if (typeof v !== 'object' || v === null || (v.v !== 1 && v.v !== 2) || typeof v.seq !== 'number' || typeof v.id !== 'string' || typeof v.kind !== 'string')
      return null;
    return v;
  } catch {
    return null;
  }
}

/**
 * An open regular file, else null (absent, unreadable, or a folder planted in its place).
 * Opened non-blocking: a FIFO in its place would block the open itself until a writer came.
 */
function openForRead(file: string): number | null {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    if (fstatSync(fd).isFile()) return fd;
  } catch {
    // Treated as unreadable below.
  }
  closeSync(fd);
  return null;
}

/** Calls `fn` for every line (without its newline), in order, with its 1-based number. */
export function forEachLine(file: string, fn: (line: Buffer, lineNo: number) => void): boolean {
  const fd = openForRead(file);
  if (fd === null) return false;
  try {
    const buf = Buffer.alloc(CHUNK);
    let carry: Buffer = Buffer.alloc(0);
    let pos = 0;
    let lineNo = 0;
    for (;;) {
      const n = readSync(fd, buf, 0, CHUNK, pos);
      if (n <= 0) break;
      pos += n;
      const data: Buffer = carry.length ? Buffer.concat([carry, buf.subarray(0, n)]) : buf.subarray(0, n);
      let start = 0;
      for (let i = data.indexOf(NL, start); i >= 0; i = data.indexOf(NL, start)) {
        fn(data.subarray(start, i), ++lineNo);
        start = i + 1;
      }
      carry = Buffer.from(data.subarray(start));
    }
    if (carry.length) fn(carry, ++lineNo);
    return true;
  } finally {
    closeSync(fd);
  }
}

/** The last `n` records of the file, oldest first, reading backwards from the end. */
export function readLastRecords(file: string, n: number, maxBytes = 4 * 1024 * 1024): RuntimeEvent[] {
  const fd = openForRead(file);
  if (fd === null) return [];
  try {
    const size = fstatSync(fd).size;
    const out: RuntimeEvent[] = [];
    let end = size;
    let carry: Buffer = Buffer.alloc(0);
    const step = 64 * 1024;
    while (end > 0 && out.length < n && size - end < maxBytes) {
      const start = Math.max(0, end - step);
      const chunk = Buffer.alloc(end - start);
      readSync(fd, chunk, 0, chunk.length, start);
      let data: Buffer = Buffer.concat([chunk, carry]);
      let stop = data.length;
      for (let i = data.lastIndexOf(NL, stop - 1); i >= 0 && out.length < n; i = data.lastIndexOf(NL, stop - 1)) {
        const line = data.subarray(i + 1, stop);
        if (line.length) {
          const r = parseRecord(line);
          if (r) out.push(r);
        }
        stop = i;
        if (stop === 0) break;
      }
      carry = Buffer.from(data.subarray(0, stop));
      data = Buffer.alloc(0);
      end = start;
      if (start === 0 && carry.length && out.length < n) {
        const r = parseRecord(carry);
        if (r) out.push(r);
      }
    }
    return out.reverse();
  } finally {
    closeSync(fd);
  }
}

export interface EventLookup {
  record: RuntimeEvent;
  /** Records about it (labels, approvals, effects, the host's after-fact), oldest first. */
  related: RuntimeEvent[];
  /** A directive, correction or state repair was recorded after it: the contract may have changed since. */
  contractChangedAfter: boolean;
  /** The guard error record that superseded it (its state could not be written): what the host was told instead. */
  supersededBy?: RuntimeEvent;
}

const CONTRACT_CHANGES = ['"kind":"directive",', '"kind":"correction",', '"kind":"state_repair",'].map((s) => Buffer.from(s));

/** Finds one event and the records that name it, by scanning the file's bytes. */
export function findEvent(file: string, eventId: string): EventLookup | null {
  const own = Buffer.from(`"id":"${eventId}"`);
  const about = Buffer.from(`"about":"${eventId}"`);
  const supersedes = Buffer.from(`"supersedes":"${eventId}"`);
  let record: RuntimeEvent | null = null;
  let supersededBy: RuntimeEvent | undefined;
  let contractChangedAfter = false;
  const related: RuntimeEvent[] = [];
  forEachLine(file, (line) => {
    if (record === null) {
      if (line.indexOf(own) < 0) return;
      const r = parseRecord(line);
      if (r && r.id === eventId) record = r;
    } else if (line.indexOf(about) >= 0) {
      const r = parseRecord(line);
      if (r && r.about === eventId) related.push(r);
    } else if (supersededBy === undefined && line.indexOf(supersedes) >= 0) {
      const r = parseRecord(line);
      if (r && r.supersedes === eventId) supersededBy = r;
    } else if (!contractChangedAfter && CONTRACT_CHANGES.some((k) => line.indexOf(k) >= 0)) {
      contractChangedAfter = parseRecord(line) !== null;
    }
  });
  if (!record) return null;
  return supersededBy ? { record, related, contractChangedAfter, supersededBy } : { record, related, contractChangedAfter };
}
