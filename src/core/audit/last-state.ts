// What a session's audit tail says about its control state: read when its state file is
// missing (rule `damaged-state`: the audit, not the absence of a file, says whether it was armed).
import { closeSync, fstatSync, openSync } from 'node:fs';
import { readLastRecords } from './read.js';

/** How many records back to look for one that states the control state. */
const LOOKBACK = 50;

export type AuditState = 'ARMED' | 'OBSERVING' | 'NONE' | 'UNREADABLE';

export function lastStateInAudit(file: string): AuditState {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'NONE' : 'UNREADABLE';
  }
  try {
    if (!fstatSync(fd).isFile()) return 'UNREADABLE';
  } finally {
    closeSync(fd);
  }
  const tail = readLastRecords(file, LOOKBACK);
  for (let i = tail.length - 1; i >= 0; i--) {
    const r = tail[i]!;
    if (r.state) return r.state === 'ARMED' ? 'ARMED' : 'OBSERVING';
    if (r.contract) return r.contract.level === 'guard' || r.contract.level === 'lock' ? 'ARMED' : 'OBSERVING';
  }
  return 'NONE';
}
