// The GUARD_ERROR path for hosts that call remit in process (OpenCode, Pi, omp) and for
// Hermes' hook: a tool call that could not be turned into an action, once the runtime and the
// session are known, goes through the runtime's failClosed, as a command hook's does
// (docs/DESIGN.md#fail-modes): GUARD_ERROR, deny while ARMED, audited.
import type { ActionBeforeEvent } from '../../src/generated/types.js';
import type { ControllerResult } from '../../src/core/controller/result.js';
import type { Runtime } from '../../src/core/host/runtime.js';
import { unreadableCallAction } from '../../src/core/classify/unreadable-action.js';
import { controlEvent, type EnvelopeFields } from './control-event.js';

/**
 * The runtime's answer to a tool call it could not read, or null when it offers no failClosed
 * (or even that failed): the caller then refuses the call itself, unrecorded.
 */
export function unreadableCall(
  rt: Runtime,
  f: EnvelopeFields,
  id: string,
  tool: string,
  code: 'EVENT_UNREADABLE' | 'PAYLOAD_TRUNCATED',
): ControllerResult | null {
  if (typeof rt.failClosed !== 'function') return null;
  try {
    const ev = controlEvent(rt, f, { kind: 'action.before', action: unreadableCallAction(id, tool.slice(0, 256) || 'unknown') }) as ActionBeforeEvent;
    return rt.failClosed(ev, code);
  } catch {
    return null;
  }
}
