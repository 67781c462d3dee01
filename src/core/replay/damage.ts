// Test-only fault injection for damage steps (rule `damaged-state` and docs/DESIGN.md#fail-modes).
// It works on the files the state store keeps under REMIT_HOME (docs/DESIGN.md#session-state), never on
// the store's code, so a case proves what a real damaged install would do.
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DamageStep } from '../../generated/types.js';
import { lineHash } from '../audit/chain.js';
import { auditDir, auditFile as auditFileOf, sessionFile as sessionFileOf, sessionKey, sessionsDir } from '../state/home.js';

export type DamageKind = DamageStep['damage'];

function sessionFile(remitHome: string, host: string, sessionId: string): string {
  const dir = sessionsDir(remitHome);
  const expected = sessionFileOf(remitHome, sessionKey(host, sessionId));
  if (existsSync(expected)) return expected;
  // Each arm has its own REMIT_HOME, so a lone session file is this arm's, whatever its key.
  const found = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
  return found.length === 1 ? path.join(dir, found[0]!) : expected;
}

function auditFile(remitHome: string, host: string, sessionId: string): string {
  const dir = auditDir(remitHome);
  const expected = auditFileOf(remitHome, sessionKey(host, sessionId));
  if (existsSync(expected)) return expected;
  const found = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.jsonl')) : [];
  return found.length === 1 ? path.join(dir, found[0]!) : expected;
}

function ensureDir(file: string): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
}

/** What the runtime offers for fault injection (createRuntime's `faults`), when it offers it. */
export interface FaultHooks {
  faults?: { internalError?: boolean };
}

/**
 * Rewrites the audit as a remit from before keyed chains and sealed state wrote it: records of
 * version 1, unkeyed, each linked by a plain sha256 of the line before (chain.ts). A state file
 * without a seal speaks for its session only under such an audit (docs/DESIGN.md#session-state).
 */
function downgradeAudit(file: string): void {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return;
  }
  let prev: string | null = null;
  const lines: string[] = [];
  for (const line of text.split('\n').filter(Boolean)) {
    const { keyed: _k, ...r } = JSON.parse(line) as Record<string, unknown>;
    const old = JSON.stringify({ ...r, v: 1, prev });
    lines.push(old);
    prev = lineHash(old);
  }
  writeFileSync(file, lines.map((l) => `${l}\n`).join(''), { mode: 0o600 });
}

/**
 * Rewrites a current state file in the version-1 shape the state store migrates in memory, and
 * its audit as the remit of that time wrote it: an install upgraded under a live session.
 */
function downgradeToV1(file: string, audit: string): string | null {
  let state: Record<string, unknown>;
  try {
    state = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return 'state-old-version needs a readable session state file (send a prompt or an action first)';
  }
  if (state.schemaVersion !== 3) return `state-old-version knows how to write version 1 from version 3, not from ${String(state.schemaVersion)}`;
  // Version 1 kept no audit head and no seal either.
  const { recentDenials: _r, checkRuns: _c, labels: _l, flags: _f, auditHead: _h, seal: _s, ...rest } = state;
  const counters = (rest.counters ?? {}) as Record<string, unknown>;
  const { denials: _d, asks: _k, unsplit: _u, wouldAsk: _a, wouldDeny: _w, ...oldCounters } = counters;
  writeFileSync(file, JSON.stringify({ ...rest, schemaVersion: 1, counters: oldCounters }), { mode: 0o600 });
  downgradeAudit(audit);
  return null;
}

/** Applies one damage. Returns an error text for kinds the runner cannot inject here. */
export function applyDamage(kind: DamageKind, remitHome: string, host: string, sessionId: string, runtime?: FaultHooks): string | null {
  switch (kind) {
    case 'state-json': {
      const file = sessionFile(remitHome, host, sessionId);
      ensureDir(file);
      writeFileSync(file, '{"schemaVersion": 1, "contract": {"mode": "chan', { mode: 0o600 });
      return null;
    }
    case 'state-schema': {
      const file = sessionFile(remitHome, host, sessionId);
      let version: unknown = 1;
      try {
        version = (JSON.parse(readFileSync(file, 'utf8')) as { schemaVersion?: unknown }).schemaVersion ?? 1;
      } catch {
        // No readable file yet: the current version is the store's first.
      }
      ensureDir(file);
      // Well-formed JSON at the current version whose fields have the wrong types.
      writeFileSync(file, JSON.stringify({ schemaVersion: version, contract: 'change', ledger: 7, counters: [] }), { mode: 0o600 });
      return null;
    }
    case 'lock-held': {
      // The session lock is the folder `<file>.lock` (src/core/state/lock.ts); a fresh one is not stale.
      const file = sessionFile(remitHome, host, sessionId);
      ensureDir(file);
      mkdirSync(`${file}.lock`, { recursive: true });
      return null;
    }
    case 'audit-torn-line': {
      const file = auditFile(remitHome, host, sessionId);
      ensureDir(file);
      appendFileSync(file, '{"seq": 9999, "prev": "0000', { mode: 0o600 });
      return null;
    }
    case 'state-old-version':
      return downgradeToV1(sessionFile(remitHome, host, sessionId), auditFile(remitHome, host, sessionId));
    case 'internal-error':
      // createRuntime's fault hook: the next action fails inside the session lock.
      if (!runtime?.faults) return "damage 'internal-error' needs a runtime with a `faults` hook (createRuntime's)";
      runtime.faults.internalError = true;
      return null;
  }
}
