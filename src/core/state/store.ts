// The session store (SPEC section 6): lock-free reads, mutations under the session lock,
// atomic writes. A damaged file is never written over from here: only `remit state repair`
// replaces it, after moving it aside.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import type { SessionState } from '../../generated/types.js';
import { decodeState, type StateDamage } from './decode.js';
import { writeFileAtomic } from './files.js';
import { projectPointerFile, SESSION_KEY, sessionFile, sessionsDir } from './home.js';
import { withLock } from './lock.js';

export type LoadedState =
  | { kind: 'absent' }
  | { kind: 'ok'; state: SessionState; migratedFrom?: number }
  | { kind: 'damaged'; damage: StateDamage; detail: string };

export function readSession(home: string, key: string): LoadedState {
  let text: string;
  try {
    text = readFileSync(sessionFile(home, key), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'absent' };
    return { kind: 'damaged', damage: 'unparsable', detail: `the state file cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  const decoded = decodeState(text);
  if (!decoded.ok) return { kind: 'damaged', damage: decoded.damage, detail: decoded.detail };
  return decoded.migratedFrom !== undefined
    ? { kind: 'ok', state: decoded.state, migratedFrom: decoded.migratedFrom }
    : { kind: 'ok', state: decoded.state };
}

/** Writes the state. Call only while holding the session lock. */
export function writeSession(home: string, key: string, state: SessionState): void {
  writeFileAtomic(sessionFile(home, key), JSON.stringify(state));
  if (state.projectRoot) pointProjectAt(home, state.projectRoot, key);
}

function pointProjectAt(home: string, projectRoot: string, key: string): void {
  const file = projectPointerFile(home, projectRoot);
  try {
    if (readFileSync(file, 'utf8') === key) return;
  } catch {
    // No pointer yet.
  }
  writeFileAtomic(file, key);
}

/** Runs `fn` under the session lock with the state as it is on disk. */
export function withSessionLock<T>(home: string, key: string, timeoutMs: number, fn: (loaded: LoadedState) => T | Promise<T>): Promise<T> {
  return withLock(sessionFile(home, key), timeoutMs, () => fn(readSession(home, key)));
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

/**
 * The session last used in `projectRoot`: the project pointer when it names a live file,
 * else the newest state file whose projectRoot matches (a scan, only when the pointer is gone).
 */
export function latestSessionFor(home: string, projectRoot: string): string | null {
  try {
    const key = readFileSync(projectPointerFile(home, projectRoot), 'utf8').trim();
    if (SESSION_KEY.test(key)) {
      statSync(sessionFile(home, key));
      return key;
    }
  } catch {
    // Fall back to a scan.
  }
  let best: { key: string; at: string } | null = null;
  for (const key of listSessionKeys(home)) {
    const loaded = readSession(home, key);
    if (loaded.kind !== 'ok' || loaded.state.projectRoot !== projectRoot) continue;
    if (!best || loaded.state.lastUsedAt > best.at) best = { key, at: loaded.state.lastUsedAt };
  }
  return best?.key ?? null;
}
