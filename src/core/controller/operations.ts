// Mutations that both a prompt (`$remit label …`, `$remit allow …`) and the CLI make: each
// runs under the session lock and leaves a record in the same audit chain.
import type { HostRef, Label, SessionState } from '../../generated/types.js';
import { appendChained, installAuditKey, type AuditHead, type RecordBody } from '../audit/chain.js';
import { newEventId, isoTime } from '../audit/event-id.js';
import { contractSummary } from '../audit/summaries.js';
import { releaseByUser } from '../ledger/ledger.js';
import { ledgerSummary } from '../ledger/summary.js';
import { auditFile } from '../state/home.js';
import { newSessionState } from '../state/session-state.js';
import { replaceDamagedSession, withSessionLock, writeSession, type LoadedState } from '../state/store.js';
import { errnoWords } from '../state/files.js';
import { controlStateOf } from '../contract/defaults.js';
import { armedByAudit } from '../audit/last-state.js';
import { recoveryContract } from './readback.js';

const APPROVALS_MAX = 32;
const LABELS_MAX = 2000;

export type OpError = { ok: false; error: 'STATE_DAMAGED' | 'NO_SESSION' | 'NOT_FOUND' | 'NOT_DENIED' | 'LOCK_TIMEOUT' | 'WRITE_FAILED'; detail?: string };

/** Appends under the session lock and moves the state's audit head with it. */
function appendFor(home: string, key: string, s: SessionState, body: RecordBody, auditKey: Buffer | null): string {
  const { record, head } = appendChained(auditFile(home, key), body, { key: auditKey });
  keepHead(s, head);
  return record.id;
}

/** Runs a mutation under the session lock with the install's audit key (for the chain and the state's seal). */
function locked<T>(
  home: string,
  key: string,
  timeoutMs: number,
  given: Buffer | null | undefined,
  fn: (loaded: LoadedState, auditKey: Buffer | null) => T,
): Promise<T> {
  const auditKey = keyFor(home, given);
  return withSessionLock(home, key, timeoutMs, (loaded) => fn(loaded, auditKey), { sealKey: auditKey });
}

/** The caller's audit key, else the install's (a CLI command reads the secret, never creates it). */
function keyFor(home: string, given: Buffer | null | undefined): Buffer | null {
  return given !== undefined ? given : installAuditKey(home);
}

function keepHead(s: SessionState, head: AuditHead): void {
  if (!s.auditHead || s.auditHead.seq <= head.seq) s.auditHead = head;
}

export async function labelEvent(
  home: string,
  key: string,
  eventId: string,
  label: Label,
  by: 'cli' | 'prompt',
  now: Date,
  timeoutMs: number,
  auditKey?: Buffer | null,
): Promise<{ ok: true; recordId: string } | OpError> {
  return locked(home, key, timeoutMs, auditKey, (loaded, chainKey) => {
    if (loaded.kind === 'damaged') return { ok: false, error: 'STATE_DAMAGED', detail: loaded.detail } as const;
    if (loaded.kind === 'absent') return { ok: false, error: 'NO_SESSION' } as const;
    const s = loaded.state;
    const id = newEventId(now);
    appendFor(home, key, s, { id, at: isoTime(now), kind: 'label', about: eventId, label, by, host: s.host }, chainKey);
    delete s.labels[eventId];
    s.labels[eventId] = label;
    const ids = Object.keys(s.labels);
    for (const old of ids.slice(0, Math.max(0, ids.length - LABELS_MAX))) delete s.labels[old];
    writeSession(home, key, s, chainKey);
    return { ok: true, recordId: id } as const;
  });
}

/** `$remit allow evt_…`: a one-time approval for that denied event's exact input. */
export async function approveEvent(
  home: string,
  key: string,
  eventId: string,
  inputDigest: string,
  by: 'cli' | 'prompt',
  now: Date,
  timeoutMs: number,
  auditKey?: Buffer | null,
): Promise<{ ok: true; recordId: string } | OpError> {
  return locked(home, key, timeoutMs, auditKey, (loaded, chainKey) => {
    if (loaded.kind === 'damaged') return { ok: false, error: 'STATE_DAMAGED', detail: loaded.detail } as const;
    if (loaded.kind === 'absent') return { ok: false, error: 'NO_SESSION' } as const;
    const s = loaded.state;
    const id = newEventId(now);
    appendFor(
      home,
      key,
      s,
      {
        id,
        at: isoTime(now),
        kind: 'approval',
        about: eventId,
        by,
        host: s.host,
        state: controlStateOf(s.contract),
      },
      chainKey,
    );
    s.approvals = s.approvals.filter((a) => a.eventId !== eventId);
    s.approvals.push({ eventId, inputDigest, at: isoTime(now) });
    if (s.approvals.length > APPROVALS_MAX) s.approvals.splice(0, s.approvals.length - APPROVALS_MAX);
    writeSession(home, key, s, chainKey);
    return { ok: true, recordId: id } as const;
  });
}

export async function releaseLedger(
  home: string,
  key: string,
  which: string | { all: true },
  now: Date,
  timeoutMs: number,
  auditKey?: Buffer | null,
): Promise<{ ok: true; released: string[]; state: SessionState } | OpError> {
  return locked(home, key, timeoutMs, auditKey, (loaded, chainKey) => {
    if (loaded.kind === 'damaged') return { ok: false, error: 'STATE_DAMAGED', detail: loaded.detail } as const;
    if (loaded.kind === 'absent') return { ok: false, error: 'NO_SESSION' } as const;
    const s = loaded.state;
    const { ledger, released } = releaseByUser(s.ledger, which);
    if (!released.length) return { ok: false, error: 'NOT_FOUND' } as const;
    s.ledger = ledger;
    appendFor(
      home,
      key,
      s,
      {
        id: newEventId(now),
        at: isoTime(now),
        kind: 'ledger_release',
        by: 'cli',
        released: released.length,
        host: s.host,
        ledger: ledgerSummary(s),
      },
      chainKey,
    );
    writeSession(home, key, s, chainKey);
    return { ok: true, released, state: s } as const;
  });
}

export interface RepairResult {
  ok: true;
  repaired: boolean;
  damage: string | null;
  backup?: string;
  state: SessionState;
}

function salvage(text: string): Partial<SessionState> | null {
  try {
    const raw = JSON.parse(text) as unknown;
    return typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Partial<SessionState>) : null;
  } catch {
    return null;
  }
}

/**
 * `remit state repair`: moves a damaged state file aside and writes a sound one. The
 * contract becomes the recovery contract the audit tail implies (review/guard when the
 * session was armed); every reservation that can still be read is kept and marked
 * unresolved, so finite delegation stays blocked until it is proven or released.
 */
export async function repairState(
  home: string,
  key: string,
  readRaw: () => string | null,
  now: Date,
  timeoutMs: number,
  auditKey?: Buffer | null,
): Promise<RepairResult | OpError> {
  return locked(home, key, timeoutMs, auditKey, (loaded, chainKey) => {
    if (loaded.kind === 'ok') return { ok: true, repaired: false, damage: null, state: loaded.state } as const;
    if (loaded.kind === 'absent') return { ok: false, error: 'NO_SESSION' } as const;
    const at = isoTime(now);
    const lastArmed = armedByAudit(auditFile(home, key));
    const old = salvage(readRaw() ?? '');
    const host: HostRef = old?.host && typeof old.host.name === 'string' ? { name: old.host.name } : { name: 'unknown' };
    const fresh = newSessionState(host, recoveryContract(lastArmed), at, typeof old?.projectRoot === 'string' ? old.projectRoot : undefined);
    if (typeof old?.sessionId === 'string') fresh.sessionId = old.sessionId;
    const oldLedger = old?.ledger as Partial<SessionState['ledger']> | undefined;
    if (oldLedger && Array.isArray(oldLedger.reservations)) {
      for (const r of oldLedger.reservations) {
        if (!r || typeof r.actionId !== 'string' || typeof r.count !== 'number' || !Number.isInteger(r.count) || r.count < 0) continue;
        const id = `r${fresh.ledger.nextId++}`;
        fresh.ledger.reservations.push({
          id,
          actionId: r.actionId,
          count: r.count,
          agents: [],
          stopped: 0,
          scope: r.scope === 'call' ? 'call' : 'children',
          at,
        });
        fresh.ledger.unresolved[r.actionId] = 'state_unavailable';
      }
    }
    if (oldLedger?.unresolved && typeof oldLedger.unresolved === 'object') {
      for (const k of Object.keys(oldLedger.unresolved)) fresh.ledger.unresolved[k] = 'state_unavailable';
    }
    // Without the old ledger nothing proves how many subagents still run.
    if (!oldLedger) fresh.ledger.unresolved['state:repaired'] = 'state_unavailable';
    // The sound file is written before the damaged one is moved aside: a full disk leaves the
    // damaged file where it was (still read as damage, still failing closed), never no file.
    let backup: string | undefined;
    try {
      backup = replaceDamagedSession(home, key, fresh, at, chainKey);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      return { ok: false, error: 'WRITE_FAILED', detail: code ? errnoWords(code) : (err as Error).message } as const;
    }
    try {
      const { head } = appendChained(
        auditFile(home, key),
        {
          id: newEventId(now),
          at,
          kind: 'state_repair',
          by: 'cli',
          state: controlStateOf(fresh.contract),
          contract: contractSummary(fresh.contract),
          ledger: ledgerSummary(fresh),
          host: fresh.host,
        },
        { key: chainKey },
      );
      keepHead(fresh, head);
      writeSession(home, key, fresh, chainKey);
    } catch {
      // The repaired state stands; its audit record could not be written (a full disk).
    }
    return { ok: true, repaired: true, damage: loaded.detail, ...(backup ? { backup } : {}), state: fresh } as const;
  });
}
