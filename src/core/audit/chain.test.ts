import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { appendRecord, lineHash } from './chain.js';
import { EVENT_ID, eventIdTime, newEventId } from './event-id.js';
import { findEvent, readLastRecords } from './read.js';
import { verifyAuditFile } from './verify.js';
import { validateRuntimeEvent } from '../../generated/validate-runtime-event.js';

let dir: string;
let file: string;
const at = '2026-01-01T00:00:00.000Z';

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'remit-audit-'));
  file = path.join(dir, 'audit', 'k.jsonl');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function add(n: number): string[] {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = newEventId(new Date(Date.UTC(2026, 0, 1, 0, 0, i)));
    appendRecord(file, { id, at, kind: 'lifecycle', lifecycle: { event: 'turn.end', applied: false } });
    ids.push(id);
  }
  return ids;
}

function lines(): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l !== '');
}

describe('event ids', () => {
  it('are evt_ + 28 hex, time-ordered and unique', () => {
    const a = newEventId(new Date(1000));
    const b = newEventId(new Date(2000));
    expect(a).toMatch(EVENT_ID);
    expect(a < b).toBe(true);
    expect(eventIdTime(b)).toBe(2000);
    const many = new Set(Array.from({ length: 1000 }, () => newEventId(new Date(5))));
    expect(many.size).toBe(1000);
  });
});

describe('appendRecord', () => {
  it('chains seq and prev over the previous line bytes, in a private file', () => {
    add(3);
    const ls = lines();
    const recs = ls.map((l) => JSON.parse(l));
    expect(recs.map((r) => r.seq)).toEqual([1, 2, 3]);
    expect(recs[0].prev).toBeNull();
    expect(recs[1].prev).toBe(lineHash(ls[0]!));
    expect(recs[2].prev).toBe(lineHash(ls[1]!));
    for (const r of recs) expect(validateRuntimeEvent(r)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(verifyAuditFile(file, 'k')).toEqual({ session: 'k', records: 3, intact: true });
  });

  it('after a torn line: one write adds the newline, marks prevBroken, and the chain verifies from there', () => {
    add(2);
    appendFileSync(file, '{"v":1,"seq":3,"prev":"ab');
    const rec = appendRecord(file, { id: newEventId(new Date()), at, kind: 'lifecycle', lifecycle: { event: 'turn.end', applied: false } });
    expect(rec.prevBroken).toBe(true);
    expect(rec.seq).toBe(3);
    add(2);
    const ls = lines();
    expect(ls).toHaveLength(6);
    expect(rec.prev).toBe(lineHash(ls[2]!));
    const v = verifyAuditFile(file, 'k');
    expect(v.intact).toBe(false);
    expect(v.firstBroken).toEqual({ line: 3, problem: 'not_a_record' });
    expect(v.breaks).toBe(1);
    expect(v.lastBroken).toBe(3);
    expect(v.records).toBe(5);
  });

  it('after an edited line: verify names the first broken link and later appends verify', () => {
    add(4);
    const ls = lines();
    const edited = JSON.parse(ls[1]!);
    edited.kind = 'label';
    ls[1] = JSON.stringify(edited);
    writeFileSync(file, ls.join('\n') + '\n');
    add(2);
    const v = verifyAuditFile(file, 'k');
    expect(v.firstBroken).toEqual({ line: 3, problem: 'prev_mismatch', seq: 3 });
    expect(v.breaks).toBe(1);
  });

  it('after a line edited into garbage at the end: the next record resyncs with the right seq', () => {
    add(3);
    const ls = lines();
    ls[2] = 'garbage';
    writeFileSync(file, ls.join('\n') + '\n');
    const rec = appendRecord(file, { id: newEventId(new Date()), at, kind: 'lifecycle', lifecycle: { event: 'turn.end', applied: false } });
    expect(rec.prevBroken).toBe(true);
    expect(rec.seq).toBe(3);
    const v = verifyAuditFile(file, 'k');
    expect(v.firstBroken?.line).toBe(3);
    expect(v.lastBroken).toBe(3);
  });

  it('detects a deleted record as a broken link', () => {
    add(4);
    const ls = lines();
    ls.splice(1, 1);
    writeFileSync(file, ls.join('\n') + '\n');
    expect(verifyAuditFile(file, 'k').firstBroken?.problem).toBe('prev_mismatch');
  });

  it('handles records longer than the tail chunk', () => {
    add(1);
    appendRecord(file, {
      id: newEventId(new Date()),
      at,
      kind: 'lifecycle',
      lifecycle: { event: 'turn.end', applied: false },
      detail: { event: { pad: 'x'.repeat(40_000) } },
    });
    add(1);
    expect(verifyAuditFile(file, 'k').intact).toBe(true);
    expect(lines().map((l) => JSON.parse(l).seq)).toEqual([1, 2, 3]);
  });
});

describe('reading', () => {
  it('reads the last records without the whole file, and finds one event and what refers to it', () => {
    const ids = add(30);
    appendRecord(file, { id: newEventId(new Date()), at, kind: 'label', about: ids[4]!, label: 'correct' });
    const tail = readLastRecords(file, 5);
    expect(tail.map((r) => r.seq)).toEqual([27, 28, 29, 30, 31]);
    const found = findEvent(file, ids[4]!);
    expect(found?.record.seq).toBe(5);
    expect(found?.related.map((r) => r.kind)).toEqual(['label']);
    expect(findEvent(file, newEventId(new Date()))).toBeNull();
    expect(readLastRecords(path.join(dir, 'missing.jsonl'), 5)).toEqual([]);
  });
});
