// `remit audit verify`: walks one file's chain and reports the first broken link. Keyed
// links are checked with the install's audit key; the session state's `auditHead` (the last
// record written under the session lock) exposes a truncated or rewritten tail, and a state
// whose seal the hook would refuse (docs/DESIGN.md#session-state) is reported as
// `state_seal_broken`, after the chain's lines.
import { createHash, createHmac } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync } from 'node:fs';
import type { CliAuditVerify } from '../../generated/types.js';
import { installAuditKey, type AuditHead } from './chain.js';
import { forEachLine, parseRecord } from './read.js';
import { auditFile } from '../state/home.js';
import { readSession } from '../state/store.js';

export type FileVerdict = CliAuditVerify['files'][number];
type Problem = NonNullable<FileVerdict['firstBroken']>['problem'];

export interface VerifyOptions {
  /** The audit key; keyed links cannot be checked without it. */
  key?: Buffer | null;
  /** The last record the session state says was written. */
  head?: AuditHead | null;
  /** The session's state has no seal, or one that does not verify, where a hook counts that as damage. */
  stateSealBroken?: boolean;
}

/** Whether the path is a regular file (true), absent (null), or something else (false). */
function regularFile(file: string): boolean | null {
  let fd: number;
  try {
    // Non-blocking: a FIFO in its place would block the open until a writer came.
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT' ? null : false;
  }
  try {
    return fstatSync(fd).isFile();
  } finally {
    closeSync(fd);
  }
}

export function verifyAuditFile(file: string, session: string, opts: VerifyOptions = {}): FileVerdict {
  const key = opts.key ?? null;
  const head = opts.head ?? null;
  let records = 0;
  let breaks = 0;
  let firstBroken: FileVerdict['firstBroken'];
  let lastBroken: number | undefined;
  let prevSha: string | null = null;
  let prevMac: string | null = null;
  let lastSeq = 0;
  let seenKeyed = false;
  let keyMissingReported = false;
  let headLine: { sha: string; mac: string | null } | null = null;
  let lines = 0;
  const broke = (line: number, problem: Problem, seq?: number) => {
    breaks++;
    lastBroken = line;
    if (!firstBroken) firstBroken = seq === undefined ? { line, problem } : { line, problem, seq };
  };
  const kind = regularFile(file);
  if (kind === false) {
    broke(1, 'unreadable');
  } else if (kind === true) {
    forEachLine(file, (line, lineNo) => {
      lines = lineNo;
      const sha = createHash('sha256').update(line).digest('hex');
      const mac = key ? createHmac('sha256', key).update(line).digest('hex') : null;
      const r = parseRecord(line);
      if (!r || (r.prev !== null && typeof r.prev !== 'string')) {
        broke(lineNo, 'not_a_record');
      } else {
        records++;
        const keyed = r.keyed === true;
        if (keyed && !key) {
          if (!keyMissingReported) broke(lineNo, 'key_unavailable', r.seq);
          keyMissingReported = true;
        } else if (seenKeyed && !keyed) {
          broke(lineNo, 'unkeyed_after_keyed', r.seq);
        } else if (lineNo === 1) {
          if (r.prev !== null && !r.prevBroken) broke(lineNo, 'first_prev_not_null', r.seq);
        } else if (r.prev !== (keyed ? prevMac : prevSha)) {
          broke(lineNo, 'prev_mismatch', r.seq);
        } else if (!r.prevBroken && r.seq !== lastSeq + 1) {
          broke(lineNo, 'seq_gap', r.seq);
        }
        if (keyed) seenKeyed = true;
        lastSeq = r.seq;
        if (head && r.seq === head.seq) headLine = { sha, mac };
      }
      prevSha = sha;
      prevMac = mac;
    });
  }
  if (head && kind !== false) {
    const found = headLine as { sha: string; mac: string | null } | null;
    if (lastSeq < head.seq) broke(lines + 1, 'tail_truncated', head.seq);
    else if (!found || (found.sha !== head.hash && found.mac !== head.hash)) broke(lines + 1, key ? 'head_mismatch' : 'key_unavailable', head.seq);
  }
  if (opts.stateSealBroken) broke(lines + 1, 'state_seal_broken');
  const verdict: FileVerdict = { session, records, intact: breaks === 0 };
  if (firstBroken) verdict.firstBroken = firstBroken;
  if (breaks) verdict.breaks = breaks;
  if (lastBroken !== undefined) verdict.lastBroken = lastBroken;
  return verdict;
}

/**
 * Verifies one session's audit with the install's key and the head its state recorded, and the
 * state's seal as a hook reads it. A state whose seal fails gives no head: what it says is not
 * remit's.
 */
export function verifySession(home: string, key: string): FileVerdict {
  const auditKey = installAuditKey(home);
  const loaded = readSession(home, key, { consultAudit: false, sealKey: auditKey });
  const head = loaded.kind === 'ok' ? (loaded.state.auditHead ?? null) : null;
  return verifyAuditFile(auditFile(home, key), key, { key: auditKey, head, stateSealBroken: loaded.kind === 'damaged' && loaded.damage === 'seal' });
}
