// The action of a call whose input remit could not read (a host's payload cut short, malformed
// or unreadable, not a tool input it can classify): unknown, so never proven harmless, and the
// controller answers it on the GUARD_ERROR path (docs/DESIGN.md#fail-modes). Its own module, so
// a hook that needs it loads no classifier.
import type { Action } from '../../generated/types.js';

export function unreadableCallAction(id: string, tool: string): Action {
  return { id, tool, mutability: 'unknown', effects: [], intents: { dependency: false, hash: false }, analysis: 'input_malformed', inputDigest: '' };
}
