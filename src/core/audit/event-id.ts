// Event ids: `evt_` + 12 hex of the millisecond clock + 16 hex of randomness. Sorting the
// ids sorts them by time; 64 random bits keep them unique across sessions and machines. And
// the time a record or a state carries, as ISO 8601 text.
import { randomBytes } from '../crypto/random.js';
import { hexOf } from '../crypto/bytes.js';

export const EVENT_ID = /^evt_[0-9a-f]{28}$/;

export function newEventId(now: Date): string {
  const ms = Math.max(0, Math.min(now.getTime(), 0xffffffffffff));
  return 'evt_' + ms.toString(16).padStart(12, '0') + hexOf(randomBytes(8));
}

/** The time encoded in an event id (ms since the epoch), or null. */
export function eventIdTime(id: string): number | null {
  return EVENT_ID.test(id) ? parseInt(id.slice(4, 16), 16) : null;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * `date.toISOString()`, the same text, without what its first call costs a hook: V8 sets up
 * the local time zone the first time it formats any date (some 0.15 ms), though this form is
 * UTC. Years outside 0–9999 and invalid dates go to toISOString (which throws for the latter).
 */
export function isoTime(date: Date): string {
  const y = date.getUTCFullYear();
  if (!(y >= 0 && y <= 9999)) return date.toISOString();
  return `${pad(y, 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}T${pad(date.getUTCHours(), 2)}:${pad(date.getUTCMinutes(), 2)}:${pad(date.getUTCSeconds(), 2)}.${pad(date.getUTCMilliseconds(), 3)}Z`;
}
