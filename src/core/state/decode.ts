// Reading a state file: parse, migrate older schema versions in memory, validate. A file
// that fails is reported as damage (rule `damaged-state`) and is never rewritten by the hook path.
import type { SessionState } from '../../generated/types.js';
import { validateSessionState } from '../../generated/validate-session-state.js';
import { STATE_SCHEMA_VERSION } from './session-state.js';
import { migrateState } from './migrate.js';

export type StateDamage = 'unparsable' | 'schema' | 'version' | 'missing';

export type DecodedState =
  | { ok: true; state: SessionState; migratedFrom?: number }
  | { ok: false; damage: StateDamage; detail: string };

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function decodeState(text: string): DecodedState {
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
    const first = validateSessionState.errors?.[0];
    const where = first ? `${first.instancePath || '/'} ${first.message ?? ''}`.trim() : 'unknown field';
    return { ok: false, damage: 'schema', detail: `the state file fails its schema at ${where}` };
  }
  const state = candidate;
  return version < STATE_SCHEMA_VERSION ? { ok: true, state, migratedFrom: version } : { ok: true, state };
}
