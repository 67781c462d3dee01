// What a session's audit tail says about its control state: read when its state file is
// missing or damaged (rule `damaged-state`: the audit, not the absence of a file, says whether
// it was armed), and by `status` to say when the audit cannot be read. One reading serves the
// store, the controller and the read-back.
import { closeSync, constants, fstatSync, lstatSync, openSync, statSync } from 'node:fs';
import path from 'node:path';
import type { RuntimeEvent } from '../../generated/types.js';
import { readLastRecords } from './read.js';
import { errnoWords } from '../state/files.js';

/** How many records back to look for one that states the control state. */
const LOOKBACK = 50;

export type AuditState = 'ARMED' | 'OBSERVING' | 'NONE' | 'UNREADABLE';

export interface AuditTail {
  state: AuditState;
  /** Why the audit cannot be read, when `state` is UNREADABLE. */
  problem?: string;
}

const unreadable = (problem: string): AuditTail => ({ state: 'UNREADABLE', problem });

/**
 * The audit folder or REMIT_HOME itself when it is a link whose target is gone: remit's
 * memory was moved away, not never written, so a missing audit cannot say the session was
 * new. Looked at only when the audit is missing.
 */
function danglingFolder(file: string): string | null {
  for (let dir = path.dirname(file), i = 0; i < 2; dir = path.dirname(dir), i++) {
    try {
      if (!lstatSync(dir).isSymbolicLink()) continue;
    } catch {
      continue;
    }
    try {
      statSync(dir);
    } catch {
      return dir;
    }
  }
  return null;
}

/** The last `n` records of the audit, or why there are none to read (absent: NONE). */
function tailRecords(file: string, n: number): RuntimeEvent[] | AuditTail {
  let fd: number;
  let size: number;
  try {
    // Non-blocking: a FIFO in its place must not hang the hook. Not through a link: remit never
    // makes one, and another session's audit linked here must not speak for this session.
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') return unreadable('it is a link, not the file remit wrote');
    if (code !== 'ENOENT') return unreadable(`it cannot be opened (${errnoWords(code)})`);
    const link = danglingFolder(file);
    return link ? unreadable(`${link} is a link to nothing`) : { state: 'NONE' };
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) return unreadable('it is a folder, not a file');
    if (!st.isFile()) return unreadable('it is not a regular file');
    size = st.size;
  } finally {
    closeSync(fd);
  }
  const tail = readLastRecords(file, n);
  // Bytes but not one record: whatever is there, it cannot say the session was not armed.
  if (size > 0 && tail.length === 0) return unreadable('it holds no readable record');
  return tail;
}

/** The control state the last record that states one says, or why the audit cannot say. */
export function auditTail(file: string): AuditTail {
  const tail = tailRecords(file, LOOKBACK);
  if (!Array.isArray(tail)) return tail;
  for (let i = tail.length - 1; i >= 0; i--) {
    const r = tail[i]!;
    if (r.state) return { state: r.state === 'ARMED' ? 'ARMED' : 'OBSERVING' };
    if (r.contract) return { state: r.contract.level === 'guard' || r.contract.level === 'lock' ? 'ARMED' : 'OBSERVING' };
  }
  return { state: 'NONE' };
}

/**
 * Whether a state file without a seal that verifies may still speak for its session
 * (docs/DESIGN.md#session-state): only while the audit's last record was written by a remit
 * that could not have sealed it — one from before sealing (`v` 1), or one without the
 * install's key (unkeyed) — or there is no record at all. `seal`: the last record is a sealing
 * writer's (`v` 2, keyed), so the state should verify and does not. `unreadable`: the audit
 * cannot say, which counts as `seal` (damage).
 */
export function unsealedStateVerdict(file: string): 'legacy' | 'seal' | 'unreadable' {
  const tail = tailRecords(file, 1);
  if (!Array.isArray(tail)) return tail.state === 'UNREADABLE' ? 'unreadable' : 'legacy';
  const last = tail.at(-1);
  return last && last.v >= 2 && last.keyed === true ? 'seal' : 'legacy';
}

export function lastStateInAudit(file: string): AuditState {
  return auditTail(file).state;
}

/** Rule `damaged-state`: armed unless the audit shows it was not; an audit that cannot be read arms. */
export function armedByAudit(file: string): boolean {
  return armedByTail(auditTail(file));
}

/** The same verdict from a tail already read (status shows the tail's problem beside it). */
export function armedByTail(tail: AuditTail): boolean {
  return tail.state === 'ARMED' || tail.state === 'UNREADABLE';
}
