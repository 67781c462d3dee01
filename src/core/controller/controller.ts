// Applies ControlEvent v2 to a session (ARCHITECTURE.md, controller): prompts become
// contracts, errors or inspection answers (prompt.ts); action.before becomes a decision with
// its reservation, counters and audit line (action.ts); lifecycle facts move the ledger
// (lifecycle.ts); session.start injects the standing contract (session-start.ts); REMIT_DISABLE
// records once and allows (disabled.ts). They share one context (context.ts).
//
// handle() never throws: an internal error or a lock timeout becomes a GUARD_ERROR verdict
// (deny when ARMED) and is audited; a prompt that may have carried a directive is answered
// that nothing changed (promptFault). failClosed() is the same path for an adapter that knows
// the session but could not turn the payload into an event.
import { performance } from 'node:perf_hooks';
import type { Action, ActionBeforeEvent, ControlEvent, PromptSubmitEvent } from '../../generated/types.js';
import { newEventId, isoTime } from '../audit/event-id.js';
import { controlStateOf } from '../contract/defaults.js';
import { sessionKey } from '../state/home.js';
import { readSession } from '../state/store.js';
import { createActionHandler, lastResortDecision } from './action.js';
import { createContext, hostOf, type ControllerDeps, type Ctx, type GuardCode } from './context.js';
import { isDisabled, offDecision, onDisabled } from './disabled.js';
import { onLifecycle } from './lifecycle.js';
import type { ControllerResult } from './result.js';

export type { ControllerDeps, GuardCode } from './context.js';

export interface Controller {
  handle(event: ControlEvent): Promise<ControllerResult>;
  /**
   * A fault on the hook path after the session is known (a truncated payload, an event the
   * adapter could not build): GUARD_ERROR for `ev.action`, deny when ARMED, audited. Never throws.
   */
  failClosed(ev: ActionBeforeEvent, code: GuardCode): ControllerResult;
  /**
   * A user's prompt the adapter could not read whole (cut short, not JSON) for a known session,
   * whose readable part names remit: answered that nothing changed, and audited. Never throws.
   */
  failPrompt(ev: PromptSubmitEvent, code: 'PAYLOAD_TRUNCATED' | 'EVENT_UNREADABLE'): ControllerResult;
}

/** The answer when even the fail path failed: refuse anything that could change something. */
function lastResort(ev: Partial<ActionBeforeEvent>): ControllerResult {
  const d = lastResortDecision(ev.action as Partial<Action> | undefined);
  return { kind: 'decision', decision: d, message: `remit: ${d.reasonCode}: ${d.explanation}` };
}

/** Why a prompt could not be read: a fault in remit, or a hook payload cut short or unreadable. */
export type PromptFaultCode = 'INTERNAL_ERROR' | 'PAYLOAD_TRUNCATED' | 'EVENT_UNREADABLE';

const PROMPT_FAULT_WORDS: Record<PromptFaultCode, string> = {
  INTERNAL_ERROR: 'internal error',
  PAYLOAD_TRUNCATED: 'the hook payload was cut short',
  EVENT_UNREADABLE: 'the hook payload could not be read',
};

/**
 * A fault while reading a user's prompt. When the prompt may have carried a directive or a
 * correction (it names remit, or the session is armed, or that cannot be told) the user is
 * told that nothing changed, never left believing it applied, and the fault is audited
 * (metadata only: the record holds the code, never the prompt); the record states no control
 * state, so it never speaks for one. Other prompts go on: an observing session has nothing a
 * plain prompt could change. `namesRemit`: what the adapter saw of a prompt it could not read
 * whole.
 */
function promptFault(
  ctx: Ctx,
  ev: PromptSubmitEvent,
  code: PromptFaultCode = 'INTERNAL_ERROR',
  namesRemit = /remit/i.test(String(ev.prompt)),
): ControllerResult {
  if (ev.origin !== 'user') return { kind: 'none' };
  try {
    const key = sessionKey(hostOf(ev).name, ev.sessionId);
    let armed = true;
    try {
      const loaded = readSession(ctx.deps.home, key, ctx.sealed);
      armed = loaded.kind === 'ok' ? controlStateOf(loaded.state.contract) === 'ARMED' : loaded.kind === 'damaged' && ctx.wasArmed(key);
    } catch {
      // Cannot be told: armed.
    }
    if (!armed && !namesRemit) return { kind: 'none' };
    try {
      const now = new Date();
      ctx.append(key, { id: newEventId(now), at: isoTime(now), kind: 'directive', host: hostOf(ev), error: code });
    } catch {
      // The block below still tells the user.
    }
  } catch {
    // Even the session could not be named: tell the user all the same.
  }
  return {
    kind: 'prompt-block',
    code: 'GUARD_ERROR',
    text: `remit could not read this prompt (${PROMPT_FAULT_WORDS[code]}); nothing changed. Send it again; if it keeps failing, run \`remit doctor\` in a terminal.`,
  };
}

export function createController(deps: ControllerDeps): Controller {
  const ctx = createContext(deps);
  const action = createActionHandler(ctx);

  async function dispatch(ev: ControlEvent): Promise<ControllerResult> {
    if (isDisabled(deps.env)) return onDisabled(ctx, ev);
    switch (ev.kind) {
      case 'action.before':
        return action.onAction(ev);
      // The prompt parser (and the read-back a prompt can ask for) loads only for a prompt or a
      // session start: a spawned hook for a tool call never pays for it (docs/DESIGN.md#performance-budget).
      case 'prompt.submit':
        return (await import('./prompt.js')).onPrompt(ctx, ev);
      case 'session.start':
        return (await import('./session-start.js')).onSessionStart(ctx, ev);
      case 'action.after':
      case 'subagent.start':
      case 'subagent.stop':
      case 'turn.end':
      case 'session.end':
        return onLifecycle(ctx, ev);
    }
    return { kind: 'none' };
  }

  function failClosed(ev: ActionBeforeEvent, code: GuardCode): ControllerResult {
    try {
      if (isDisabled(deps.env)) return offDecision();
      return action.failClosed(ev, sessionKey(String(ev.host?.name ?? 'unknown'), ev.sessionId), code, performance.now());
    } catch {
      return lastResort(ev);
    }
  }

  return {
    failClosed,
    failPrompt(ev, code) {
      if (isDisabled(deps.env)) return { kind: 'none' };
      return promptFault(ctx, ev, code, true);
    },
    async handle(ev: ControlEvent): Promise<ControllerResult> {
      try {
        if (!ev || typeof ev !== 'object' || typeof ev.sessionId !== 'string' || !ev.host || typeof ev.host.name !== 'string') {
          throw new Error('malformed ControlEvent');
        }
        return await dispatch(ev);
      } catch {
        if (ev && typeof ev === 'object' && ev.kind === 'action.before' && ev.action && typeof ev.sessionId === 'string') {
          return failClosed(ev, 'INTERNAL_ERROR');
        }
        if (ev && typeof ev === 'object' && ev.kind === 'action.before') return lastResort(ev);
        if (ev && typeof ev === 'object' && ev.kind === 'prompt.submit' && typeof ev.sessionId === 'string') return promptFault(ctx, ev);
        return { kind: 'none' };
      }
    },
  };
}
