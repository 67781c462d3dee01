// A tool call id the core can key idempotence and the ledger on. Hosts send one
// (`tool_use_id`); when a payload lacks it, the id is derived from what the call is, so the
// same call seen twice (a plugin and a settings entry) still gets one id.
import { sha256 } from '../../src/core/crypto/sha256.js';

export function derivedCallId(sessionId: string, tool: string, input: unknown): string {
  const h = sha256(`${sessionId}\0${tool}\0${JSON.stringify(input ?? null)}`).toString('hex');
  return `anon-${h.slice(0, 24)}`;
}
