// Mutations that both a prompt (`$remit label …`, `$remit allow …`) and the CLI make: each
// runs under the session lock and leaves a record in the same audit chain.
import { renameSync } from 'node:fs';
import type { HostRef, Label, RuntimeEvent, SessionState } from '../../generated/types.js';
import { appendRecord } from '../audit/chain.js';
import { newEventId } from '../audit/event-id.js';
import { contractSummary } from '../audit/summaries.js';
import { releaseByUser, reservedUnits, unresolvedReasons } from '../ledger/ledger.js';
import { auditFile, sessionFile } from '../state/home.js';
import { newSessionState } from '../state/session-state.js';
import { withSessionLock, writeSession } from '../state/store.js';
import { controlStateOf } from '../contract/index.js';
import { lastArmedFromAudit, recoveryContract } from './readback.js';

const APPROVALS_MAX = 32;
const LABELS_MAX = 2000;

export type OpError = { ok: false; error: 'STATE_DAMAGED' | 'NO_SESSION' | 'NOT_FOUND' | 'NOT_DENIED' | 'LOCK_TIMEOUT'; detail?: string };

function ledgerSummary(s: SessionState): RuntimeEvent['ledger'] {
  return { reserved: reservedUnits(s.ledger), cap: s.contract.agents, unresolved: unresolvedReasons(s.ledger).length };
}

export async function labelEvent(
  home: string, key: string, eventId: string, label: Label, by: 'cli' | 'prompt', now: Date, timeoutMs: number,
): Promise<{ ok: true; recordId: string } | OpError> {
  return withSessionLock(home, key, timeoutMs, (loaded) => {
    if (loaded.kind === 'damaged') return { ok: false, error: 'STATE_DAMAGED', detail: loaded.detail } as const;
    if (loaded.kind === 'absent') return { ok: false, error: 'NO_SESSION' } as const;
    const s = loaded.state;
    const id = newEventId(now);
    appendRecord(auditFile(home, key), { id, at: now.toISOString(), kind: 'label', about: eventId, label, by, host: s.host });
    delete s.labels[eventId];
    s.labels[eventId] = label;
    const ids = Object.keys(s.labels);
    for (const old of ids.slice(0, Math.max(0, ids.length - LABELS_MAX))) delete s.labels[old];
    writeSession(home, key, s);
    return { ok: true, recordId: id } as const;
  });
}

/** `$remit allow evt_…`: a one-time approval for that denied event's exact input. */
export async function approveEvent(
  home: string, key: string, eventId: string, inputDigest: string, by: 'cli' | 'prompt', now: Date, timeoutMs: number,
): Promise<{ ok: true; recordId: string } | OpError> {
  return withSessionLock(home, key, timeoutMs, (loaded) => {
    if (loaded.kind === 'damaged') return { ok: false, error: 'STATE_DAMAGED', detail: loaded.detail } as const;
    if (loaded.kind === 'absent') return { ok: false, error: 'NO_SESSION' } as const;
    const s = loaded.state;
    const id = newEventId(now);
    appendRecord(auditFile(home, key), {
      id, at: now.toISOString(), kind: 'approval', about: eventId, by, host: s.host, state: controlStateOf(s.contract),
    });
    s.approvals = s.approvals.filter((a) => a.eventId !== eventId);
    s.approvals.push({ eventId, inputDigest, at: now.toISOString() });
    if (s.approvals.length > APPROVALS_MAX) s.approvals.splice(0, s.approvals.length - APPROVALS_MAX);
    writeSession(home, key, s);
    return { ok: true, recordId: id } as const;
  });
}

export async function releaseLedger(
  home: string, key: string, which: string | { all: true }, now: Date, timeoutMs: number,
): Promise<{ ok: true; released: string[]; state: SessionState } | OpError> {
  return withSessionLock(home, key, timeoutMs, (loaded) => {
    if (loaded.kind === 'damaged') return { ok: false, error: 'STATE_DAMAGED', detail: loaded.detail } as const;
    if (loaded.kind === 'absent') return { ok: false, error: 'NO_SESSION' } as const;
    const s = loaded.state;
    const { ledger, released } = releaseByUser(s.ledger, which);
    if (!released.length) return { ok: false, error: 'NOT_FOUND' } as const;
    s.ledger = ledger;
    appendRecord(auditFile(home, key), {
      id: newEventId(now), at: now.toISOString(), kind: 'ledger_release', by: 'cli', released: released.length, host: s.host, ledger: ledgerSummary(s),
    });
    writeSession(home, key, s);
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
  home: string, key: string, readRaw: () => string | null, now: Date, timeoutMs: number,
): Promise<RepairResult | OpError> {
  return withSessionLock(home, key, timeoutMs, (loaded) => {
    if (loaded.kind === 'ok') return { ok: true, repaired: false, damage: null, state: loaded.state } as const;
    if (loaded.kind === 'absent') return { ok: false, error: 'NO_SESSION' } as const;
    const at = now.toISOString();
    const lastArmed = lastArmedFromAudit(home, key);
    const old = salvage(readRaw() ?? '');
    const host: HostRef = old?.host && typeof old.host.name === 'string' ? { name: old.host.name } : { name: 'unknown' };
    const fresh = newSessionState(host, recoveryContract(lastArmed), at, typeof old?.projectRoot === 'string' ? old.projectRoot : undefined);
    const oldLedger = old?.ledger as Partial<SessionState['ledger']> | undefined;
    if (oldLedger && Array.isArray(oldLedger.reservations)) {
      for (const r of oldLedger.reservations) {
        if (!r || typeof r.actionId !== 'string' || typeof r.count !== 'number' || !Number.isInteger(r.count) || r.count < 0) continue;
        const id = `r${fresh.ledger.nextId++}`;
        fresh.ledger.reservations.push({ id, actionId: r.actionId, count: r.count, agents: [], stopped: 0, scope: r.scope === 'call' ? 'call' : 'children', at });
        fresh.ledger.unresolved[r.actionId] = 'state_unavailable';
      }
    }
    if (oldLedger?.unresolved && typeof oldLedger.unresolved === 'object') {
      for (const k of Object.keys(oldLedger.unresolved)) fresh.ledger.unresolved[k] = 'state_unavailable';
    }
    // Without the old ledger nothing proves how many subagents still run.
    if (!oldLedger) fresh.ledger.unresolved['state:repaired'] = 'state_unavailable';
    const backup = `${sessionFile(home, key)}.damaged-${at.replace(/[:.]/g, '-')}`;
    renameSync(sessionFile(home, key), backup);
    writeSession(home, key, fresh);
    appendRecord(auditFile(home, key), {
      id: newEventId(now), at, kind: 'state_repair', by: 'cli', state: controlStateOf(fresh.contract), contract: contractSummary(fresh.contract), ledger: ledgerSummary(fresh), host: fresh.host,
    });
    return { ok: true, repaired: true, damage: loaded.detail, backup, state: fresh } as const;
  });
}
