// Reading a state file: parse, migrate older schema versions in memory, validate. A file
// that fails is reported as damage (rule `damaged-state`) and is never rewritten by the hook path.
//
// remit seals what it writes (docs/DESIGN.md#session-state): the last member, `seal`, is an
// HMAC under the install's audit key of the rest of the file. A file whose seal verifies is
// byte for byte what a remit process wrote from a state it held, so it skips the schema
// validation (a hook's largest piece of work on a read); a file with no seal, a wrong one
// (edited, torn, written under another key) or read without the key is validated in full, and
// says so (`sealed: false`): whether such a file may still speak for its session is the
// store's to decide, from the session's audit (store.ts).
import { describeSchemaError } from '../config/schema-error.js';
import type { SessionState } from '../../generated/types.js';
import { validateSessionState } from '../../generated/validate-session-state.js';
import { linkHash } from '../audit/chain.js';
import { STATE_SCHEMA_VERSION } from './session-state.js';
import { migrateState } from './migrate.js';

/** `home`: REMIT_HOME itself cannot hold sessions (a file, a loop), which `remit state repair` cannot mend. */
export type StateDamage = 'unparsable' | 'schema' | 'version' | 'missing' | 'seal' | 'home';

/** `sealed`: the file's seal verified under the key it was read with (false without a key). */
export type DecodedState =
  | { ok: true; state: SessionState; sealed: boolean; hasSeal: boolean; migratedFrom?: number }
  | { ok: false; damage: StateDamage; detail: string };

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const isObj = (v: unknown): boolean => isRecord(v);
const isArr = (v: unknown): boolean => Array.isArray(v);
const isStr = (v: unknown): boolean => typeof v === 'string';

/** The members every state has, each of the right kind: a structural check, not the schema. */
function hasStateShape(s: Record<string, unknown>): boolean {
  const host = s.host as Record<string, unknown>;
  const contract = s.contract as Record<string, unknown>;
  const ledger = s.ledger as Record<string, unknown>;
  return (
    isObj(host) &&
    isStr(host.name) &&
    isStr(s.createdAt) &&
    isStr(s.lastUsedAt) &&
    isObj(contract) &&
    isStr(contract.mode) &&
    isStr(contract.level) &&
    (s.directiveError === null || isObj(s.directiveError)) &&
    isObj(ledger) &&
    isArr(ledger.reservations) &&
    isArr(ledger.released) &&
    isArr(ledger.refused) &&
    isObj(ledger.unresolved) &&
    typeof ledger.nextId === 'number' &&
    isObj(s.open) &&
    isArr(s.approvals) &&
    isArr(s.recentDenials) &&
    isObj(s.checkRuns) &&
    isObj(s.counters) &&
    isObj(s.labels) &&
    isObj(s.flags)
  );
}

const SEAL_HEAD = ',"seal":"';
/** `,"seal":"` + 64 hex + `"}`. */
const SEAL_LENGTH = SEAL_HEAD.length + 64 + 2;

function sealOf(body: string, key: Buffer): string {
  // Domain-separated from the audit chain's links, which hash lines under the same key.
  return linkHash(`state\n${body}`, key);
}

/** The file text for `state`: its JSON, sealed when a key is given. */
export function encodeState(state: SessionState, key: Buffer | null | undefined): string {
  const { seal: _old, ...rest } = state;
  const body = JSON.stringify(rest);
  return key ? `${body.slice(0, -1)}${SEAL_HEAD}${sealOf(body, key)}"}` : body;
}

/** The JSON without its seal when the seal verifies under `key`, else null. */
function unsealed(text: string, key: Buffer): string | null {
  const at = text.length - SEAL_LENGTH;
  if (at < 1 || !text.startsWith(SEAL_HEAD, at) || !text.endsWith('"}')) return null;
  const seal = text.slice(at + SEAL_HEAD.length, text.length - 2);
  const body = `${text.slice(0, at)}}`;
  return sealOf(body, key) === seal ? body : null;
}

export function decodeState(text: string, sealKey?: Buffer | null): DecodedState {
  const body = sealKey ? unsealed(text, sealKey) : null;
  if (body !== null) {
    let state: unknown;
    try {
      state = JSON.parse(body);
    } catch {
      // Cannot happen for what remit wrote; the full reading below says what it is.
    }
    // remit wrote exactly this; the version check keeps a newer remit's file from an older one,
    // and the shape check sends anything a remit bug could have written to the full reading.
    if (isRecord(state) && state.schemaVersion === STATE_SCHEMA_VERSION && hasStateShape(state))
      return { ok: true, state: state as unknown as SessionState, sealed: true, hasSeal: true };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, damage: 'unparsable', detail: 'the state file is not JSON' };
  }
  if (!isRecord(raw)) return { ok: false, damage: 'schema', detail: 'the state file is not an object' };
  const version = raw.schemaVersion;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return { ok: false, damage: 'version', detail: 'the state file has no valid schemaVersion' };
  }
  if (version > STATE_SCHEMA_VERSION) {
    return { ok: false, damage: 'version', detail: `schemaVersion ${version} is newer than this remit reads (${STATE_SCHEMA_VERSION})` };
  }
  let candidate: unknown = raw;
  if (version < STATE_SCHEMA_VERSION) {
    const migrated = migrateState(raw, version);
    if (!migrated.ok) return { ok: false, damage: 'schema', detail: migrated.detail };
    candidate = migrated.state;
  }
  if (!validateSessionState(candidate)) {
    return { ok: false, damage: 'schema', detail: `the state file fails its schema: ${describeSchemaError(validateSessionState.errors?.[0])}` };
  }
  const state = candidate;
  const hasSeal = typeof state.seal === 'string';
  // The seal belongs to the file, not to the state held in memory.
  delete state.seal;
  const read = { ok: true as const, state, sealed: body !== null, hasSeal };
  return version < STATE_SCHEMA_VERSION ? { ...read, migratedFrom: version } : read;
}
