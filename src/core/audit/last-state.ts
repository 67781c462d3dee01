// What a session's audit tail says about its control state: read when its state file is
// missing or damaged (rule `damaged-state`: the audit, not the absence of a file, says whether
// it was armed), and by `status` to say when the audit cannot be read. One reading serves the
// store, the controller and the read-back.
import { closeSync, fstatSync, openSync } from 'node:fs';
import { readLastRecords } from './read.js';

/** How many records back to look for one that states the control state. */
const LOOKBACK = 50;

export type AuditState = 'ARMED' | 'OBSERVING' | 'NONE' | 'UNREADABLE';

export interface AuditTail {
  state: AuditState;
  /** Why the audit cannot be read, when `state` is UNREADABLE. */
  problem?: string;
}

const unreadable = (problem: string): AuditTail => ({ state: 'UNREADABLE', problem });

/** The control state the last record that states one says, or why the audit cannot say. */
export function auditTail(file: string): AuditTail {
  let fd: number;
  let size: number;
  try {
    fd = openSync(file, 'r');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? { state: 'NONE' } : unreadable(`it cannot be opened (${code ?? 'error'})`);
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) return unreadable('it is a folder, not a file');
    if (!st.isFile()) return unreadable('it is not a regular file');
    size = st.size;
  } finally {
    closeSync(fd);
  }
  const tail = readLastRecords(file, LOOKBACK);
  // Bytes but not one record: whatever is there, it cannot say the session was not armed.
  if (size > 0 && tail.length === 0) return unreadable('it holds no readable record');
  for (let i = tail.length - 1; i >= 0; i--) {
    const r = tail[i]!;
    if (r.state) return { state: r.state === 'ARMED' ? 'ARMED' : 'OBSERVING' };
    if (r.contract) return { state: r.contract.level === 'guard' || r.contract.level === 'lock' ? 'ARMED' : 'OBSERVING' };
  }
  return { state: 'NONE' };
}

export function lastStateInAudit(file: string): AuditState {
  return auditTail(file).state;
}

/** Rule `damaged-state`: armed unless the audit shows it was not; an audit that cannot be read arms. */
export function armedByAudit(file: string): boolean {
  const s = lastStateInAudit(file);
  return s === 'ARMED' || s === 'UNREADABLE';
}
