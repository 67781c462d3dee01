// Writes a session's state back in schemaVersion 1 form: the fault the `state-old-version`
// case damage step injects, and what the migration test starts from. Never used by hooks.
import { readFileSync, writeFileSync } from 'node:fs';
import { sessionFile } from './home.js';

export function writeStateAsVersion1(home: string, key: string): boolean {
  let v2: Record<string, unknown>;
  try {
    v2 = JSON.parse(readFileSync(sessionFile(home, key), 'utf8')) as Record<string, unknown>;
  } catch {
    return false;
  }
  if (v2.schemaVersion !== 2) return false;
  const { recentDenials: _a, checkRuns: _b, labels: _c, flags: _d, ...rest } = v2;
  const counters = { ...(v2.counters as Record<string, unknown>) };
  delete counters.denials;
  delete counters.wouldAsk;
  delete counters.wouldDeny;
  writeFileSync(sessionFile(home, key), JSON.stringify({ ...rest, schemaVersion: 1, counters }), { mode: 0o600 });
  return true;
}
