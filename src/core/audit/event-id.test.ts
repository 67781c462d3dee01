import { describe, expect, it } from 'vitest';
import { eventIdTime, isoTime, newEventId } from './event-id.js';

describe('event ids and times', () => {
  it('an id carries its time', () => {
    const at = new Date(Date.UTC(2025, 0, 2, 3, 4, 5, 6));
    expect(eventIdTime(newEventId(at))).toBe(at.getTime());
  });

  it('isoTime is toISOString, at every field boundary and on random instants', () => {
    const instants = [
      0,
      -1,
      1,
      253402300799999,
      -62167219200000,
      Date.UTC(2000, 1, 29, 23, 59, 59, 999),
      Date.UTC(1999, 11, 31),
      Date.UTC(2024, 9, 9, 9, 9, 9, 9),
    ];
    for (let i = 0; i < 2000; i++) instants.push(Math.floor((Math.random() * 2 - 1) * 253402300799999));
    for (const ms of instants) expect(isoTime(new Date(ms)), String(ms)).toBe(new Date(ms).toISOString());
  });

  it('leaves years outside 0–9999 and invalid dates to toISOString', () => {
    expect(isoTime(new Date(253402300800000))).toBe('+010000-01-01T00:00:00.000Z');
    expect(isoTime(new Date(-62167219200001))).toBe('-000001-12-31T23:59:59.999Z');
    expect(() => isoTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});
