// Event ids: `evt_` + 12 hex of the millisecond clock + 16 hex of randomness. Sorting the
// ids sorts them by time; 64 random bits keep them unique across sessions and machines.
import { randomBytes } from '../crypto/random.js';

export const EVENT_ID = /^evt_[0-9a-f]{28}$/;

export function newEventId(now: Date): string {
  const ms = Math.max(0, Math.min(now.getTime(), 0xffffffffffff));
  return 'evt_' + ms.toString(16).padStart(12, '0') + randomBytes(8).toString('hex');
}

/** The time encoded in an event id (ms since the epoch), or null. */
export function eventIdTime(id: string): number | null {
  return EVENT_ID.test(id) ? parseInt(id.slice(4, 16), 16) : null;
}
