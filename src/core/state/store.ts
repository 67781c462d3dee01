// The session store (ARCHITECTURE.md, state store): lock-free reads, mutations under the
// session lock, atomic writes. A damaged file is never written over from here: only
// `remit state repair` replaces it, and only after the sound one is written.
//
// A state file that is missing while the session's audit says it was armed is damage, not a
// new session (rule `damaged-state`): deleting the file, or pointing it at nothing, must not disarm.
// So is one whose seal is missing or does not verify under the install's key once the audit
// shows a writer that seals (docs/DESIGN.md#session-state): rewriting the file alone (a
// contract changed, the seal dropped) must not disarm either.
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readSync, rmSync } from 'node:fs';
import type { SessionState } from '../../generated/types.js';
import { lastStateInAudit, unsealedStateVerdict } from '../audit/last-state.js';
import { decodeState, encodeState, type StateDamage } from './decode.js';
import { errnoWords, readRegularFileSync, writeFileAtomic } from './files.js';
import { wfs } from './fs-layer.js';
import { auditFile, homeDamage, homeProblem, projectPointerFile, SESSION_KEY, sessionFile, sessionsDir } from './home.js';
import { withLock } from './lock.js';
import { latin1Of, utf8Of } from '../crypto/bytes.js';

export type LoadedState =
  | { kind: 'absent' }
  | { kind: 'ok'; state: SessionState; migratedFrom?: number; sealed?: true }
  | { kind: 'damaged'; damage: StateDamage; detail: string };

export interface ReadOptions {
  /** Look at the audit tail when the file is missing (default true; verify reads the file only). */
  consultAudit?: boolean;
  /**
   * The install's audit key, as persisted in `secret` (never a per-process stand-in): a file
   * that verifies under it skips schema validation (decode.ts), and one that does not is damage
   * unless the audit shows no writer that could have sealed it (unsealed below). Without it,
   * any file that passes validation is read.
   */
  sealKey?: Buffer | null;
}

/** A missing state file: absent for a new session, damage when the audit says it was armed. */
function missing(home: string, key: string, opts: ReadOptions): LoadedState {
  if (opts.consultAudit === false) return { kind: 'absent' };
  const last = lastStateInAudit(auditFile(home, key));
  if (last === 'ARMED') return { kind: 'damaged', damage: 'missing', detail: 'the state file is missing but the audit says the session was armed' };
  if (last === 'UNREADABLE') return { kind: 'damaged', damage: 'missing', detail: 'the state file is missing and the audit cannot be read' };
  return { kind: 'absent' };
}

/**
 * A sound file without a seal that verifies under the install's key: a state from before
 * sealing (or written while the key could not be read) is read as it is (then the next write
 * seals it), but only while the audit's last record came from a writer that could not seal;
 * once a sealing writer's record is last, the file was rewritten behind remit's back, or under
 * an earlier secret (`remit state repair` rebuilds it). Read only off the hot path: a sealed
 * file never gets here.
 */
function unsealed(home: string, key: string, hasSeal: boolean): LoadedState | null {
  const verdict = unsealedStateVerdict(auditFile(home, key));
  if (verdict === 'legacy') return null;
  const what = hasSeal
    ? "the state file's seal does not verify under this install's key (the file was changed, or sealed under an earlier secret)"
    : 'the state file has no seal';
  return {
    kind: 'damaged',
    damage: 'seal',
    detail: verdict === 'seal' ? `${what}, but remit sealed this session's state` : `${what}, and the audit cannot be read to say it may`,
  };
}

/**
 * Far above any state remit writes (open calls, check counts and denials are capped; the
 * ledger's lists grow by one entry per subagent): a larger file is damage, refused unread.
 */
const MAX_STATE_BYTES = 16 * 1024 * 1024;

/** A project pointer is a 24-hex session key. */
const MAX_POINTER_BYTES = 64;

/**
 * Reads the file without following it into a FIFO or device (O_NONBLOCK, then a type check)
 * or reading a huge one, so a planted special file is damage rather than a hook that hangs
 * until the host times out.
 */
function readStateText(file: string): string {
  return utf8Of(readRegularFileSync(file, MAX_STATE_BYTES));
}

/** The state file's text for salvage (`remit state repair`), read as the hook reads it: null when it is no regular file within the cap. */
export function readSessionText(home: string, key: string): string | null {
  try {
    return readStateText(sessionFile(home, key));
  } catch {
    return null;
  }
}

export function readSession(home: string, key: string, opts: ReadOptions = {}): LoadedState {
  let text: string;
  try {
    text = readStateText(sessionFile(home, key));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return missing(home, key, opts);
    if (code === 'ENOTREG') return { kind: 'damaged', damage: 'unparsable', detail: 'the state file is not a regular file' };
    if (code === 'EFBIG') return { kind: 'damaged', damage: 'unparsable', detail: `the state file is larger than ${MAX_STATE_BYTES} bytes` };
    // Looked at only now, off the hot path: a REMIT_HOME that is a file is no session's damage.
    const folder = homeProblem(home);
    if (folder) return { kind: 'damaged', damage: 'home', detail: homeDamage(home, folder) };
    return { kind: 'damaged', damage: 'unparsable', detail: `the state file cannot be read (${errnoWords(code)})` };
  }
  const decoded = decodeState(text, opts.sealKey);
  if (!decoded.ok) return { kind: 'damaged', damage: decoded.damage, detail: decoded.detail };
  if (opts.sealKey && !decoded.sealed) {
    const damage = unsealed(home, key, decoded.hasSeal);
    if (damage) return damage;
  }
  return {
    kind: 'ok',
    state: decoded.state,
    ...(decoded.migratedFrom !== undefined ? { migratedFrom: decoded.migratedFrom } : {}),
    ...(decoded.sealed ? { sealed: true as const } : {}),
  };
}

/**
 * What a state holds that must survive a power loss (docs/DESIGN.md#session-state): who the
 * session is, its contract and pending directive error, the ledger, approvals, labels and
 * flags. The rest is the bookkeeping of checks (counters, open calls, recent denials, check
 * repeat counts, last use, the audit head), which a power loss may roll back to the last write.
 */
function authorityOf(s: SessionState): string {
  return JSON.stringify([s.host, s.projectRoot ?? null, s.contract, s.directiveError, s.ledger, s.approvals, s.labels, s.flags]);
}

/** The authority of each state object as it was read under the lock (absent: a new state). */
const readAuthority = new WeakMap<SessionState, string>();

/**
 * Writes the state, sealed under `sealKey` when given. Call only while holding the session
 * lock. The write is always atomic; it is fsynced before the rename only when the state's
 * authority changed since it was read (or it is new), so a check that only moves counters
 * costs no disk flush.
 */
export function writeSession(home: string, key: string, state: SessionState, sealKey?: Buffer | null): void {
  const authority = authorityOf(state);
  // A fixed temp name: writers hold the session lock, and a killed writer's temp file is
  // simply overwritten by the next write instead of left behind.
  writeFileAtomic(sessionFile(home, key), encodeState(state, sealKey), { fixedTemp: true, sync: readAuthority.get(state) !== authority });
  readAuthority.set(state, authority);
  if (state.projectRoot) pointProjectAt(home, state.projectRoot, key);
}

/**
 * `remit state repair`: puts `state` where a damaged (or missing) file is, never leaving the
 * session without one. The sound file is written and synced beside it first; only then is
 * the damaged file moved aside (returned: its new name) and the sound one renamed in. A full
 * disk fails the first step and changes nothing. Call only while holding the session lock.
 */
export function replaceDamagedSession(home: string, key: string, state: SessionState, at: string, sealKey?: Buffer | null): string | undefined {
  const file = sessionFile(home, key);
  const staged = `${file}.repair-${process.pid}.tmp`;
  writeFileAtomic(staged, encodeState(state, sealKey));
  let backup: string | undefined = `${file}.damaged-${at.replace(/[:.]/g, '-')}`;
  try {
    wfs.renameSync(file, backup);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      rmSync(staged, { force: true });
      throw err;
    }
    backup = undefined;
  }
  wfs.renameSync(staged, file);
  if (state.projectRoot) pointProjectAt(home, state.projectRoot, key);
  return backup;
}

/** The project pointer is a hint (selection falls back to a scan): failing to move it is no fault. */
function pointProjectAt(home: string, projectRoot: string, key: string): void {
  const file = projectPointerFile(home, projectRoot);
  if (repointInPlace(file, key)) return;
  try {
    // One temp name per pointer: two sessions of a project racing here each write all 24
    // bytes, and a killed writer's temp file is reused by the next pointer write. A hint needs
    // no flush: lost in a power loss, selection scans instead.
    writeFileAtomic(file, key, { fixedTemp: true, sync: false });
  } catch {
    // A full disk or a read-only folder: the next write tries again.
  }
}

/**
 * An existing pointer (a plain file holding one session key) is rewritten in place, its 24
 * bytes in one write: where two sessions share a project it moves on nearly every hook, and a
 * temp file and rename each time cost a journalled disk some 0.1 ms, and 1.5 ms at the 99th
 * percentile, against 10 us. A reader racing the write that saw a mix of both keys names no
 * session remit has and selects by scanning, as for a missing pointer. Anything else (no
 * pointer yet, a link, a file of another size) takes the atomic path. True when the pointer
 * names `key` now.
 */
function repointInPlace(file: string, key: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDWR | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return false;
  }
  try {
    const st = fstatSync(fd);
    // A key SESSION_KEY accepts is ASCII, whose UTF-8 is its latin1; any other is refused below.
    const want = Buffer.from(key);
    if (!st.isFile() || st.size !== want.length || !SESSION_KEY.test(key)) return false;
    const now = Buffer.allocUnsafe(want.length);
    if (readSync(fd, now, 0, now.length, 0) === now.length && latin1Of(now) === key) return true;
    return wfs.writeSync(fd, want, 0, want.length) === want.length;
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}

/** Runs `fn` under the session lock with the state as it is on disk. */
export function withSessionLock<T>(
  home: string,
  key: string,
  timeoutMs: number,
  fn: (loaded: LoadedState) => T | Promise<T>,
  opts: ReadOptions = {},
): Promise<T> {
  return withLock(sessionFile(home, key), timeoutMs, () => {
    const loaded = readSession(home, key, opts);
    if (loaded.kind === 'ok') readAuthority.set(loaded.state, authorityOf(loaded.state));
    return fn(loaded);
  });
}

export function listSessionKeys(home: string): string[] {
  let names: string[];
  try {
    names = readdirSync(sessionsDir(home));
  } catch {
    return [];
  }
  const keys: string[] = [];
  for (const n of names) {
    if (!n.endsWith('.json')) continue;
    const key = n.slice(0, -5);
    if (SESSION_KEY.test(key)) keys.push(key);
  }
  return keys.sort();
}

function traceOf(p: string): boolean {
  try {
    lstatSync(p);
    return true;
  } catch {
    return false;
  }
}

/**
 * The session last used in `projectRoot`: the project pointer when it names a session remit
 * still has a trace of (its state file, even a dangling link, or its audit: a session whose
 * state was deleted is read back from its audit tail, docs/DESIGN.md#fail-modes), else the
 * newest state file whose projectRoot matches (a scan, only when the pointer is gone).
 *
 * States are read as the hook reads them, under the install's key (`sealKey`,
 * docs/DESIGN.md#session-state), so a file rewritten by hand cannot steer the choice: a
 * pointer naming a session whose sound state belongs to another project is passed over, and
 * the scan counts only states that verify, or unsealed ones the audit lets speak (a state from
 * before sealing, with its audit: one planted with no record at all is no session remit had).
 * A damaged state named by the pointer is still chosen: status and check must show its damage.
 */
export function latestSessionFor(home: string, projectRoot: string, sealKey: Buffer | null): string | null {
  try {
    const key = utf8Of(readRegularFileSync(projectPointerFile(home, projectRoot), MAX_POINTER_BYTES)).trim();
    if (SESSION_KEY.test(key) && (traceOf(sessionFile(home, key)) || traceOf(auditFile(home, key)))) {
      const named = readSession(home, key, { sealKey });
      if (named.kind !== 'ok' || named.state.projectRoot === projectRoot) return key;
    }
  } catch {
    // Fall back to a scan.
  }
  let best: { key: string; at: string } | null = null;
  for (const key of listSessionKeys(home)) {
    const loaded = readSession(home, key, { sealKey });
    if (loaded.kind !== 'ok' || loaded.state.projectRoot !== projectRoot) continue;
    if (sealKey && !loaded.sealed && !traceOf(auditFile(home, key))) continue;
    if (!best || loaded.state.lastUsedAt > best.at) best = { key, at: loaded.state.lastUsedAt };
  }
  return best?.key ?? null;
}
