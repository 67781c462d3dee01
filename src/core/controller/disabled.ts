// REMIT_DISABLE: nothing is checked; the first event of a session records that remit was
// off, once, so the audit never shows a silent gap.
import type { ControlEvent, Decision, TaskContract } from '../../generated/types.js';
import { defaultContract } from '../contract/defaults.js';
import { newEventId, isoTime } from '../audit/event-id.js';
import { sessionKey } from '../state/home.js';
import { withSessionLock } from '../state/store.js';
import { decisionResult } from './action.js';
import type { ControllerResult } from './result.js';
import { hostOf, type Ctx } from './context.js';

export function isDisabled(env: Readonly<Record<string, string | undefined>>): boolean {
  const v = env.REMIT_DISABLE;
  return v !== undefined && v !== '' && v !== '0' && v.toLowerCase() !== 'false';
}

export async function onDisabled(ctx: Ctx, ev: ControlEvent): Promise<ControllerResult> {
  const key = sessionKey(hostOf(ev).name, ev.sessionId);
  try {
    await withSessionLock(
      ctx.deps.home,
      key,
      ctx.timeout,
      (loaded) => {
        if (loaded.kind === 'damaged') return;
        const now = ctx.deps.now();
        const s = ctx.ensureState(loaded, ev, isoTime(now));
        if (s.flags.disabledAudited) return;
        ctx.append(key, { id: newEventId(now), at: isoTime(now), kind: 'disabled', host: hostOf(ev), state: 'OFF' });
        s.flags.disabledAudited = true;
        ctx.save(key, s);
      },
      ctx.sealed,
    );
  } catch {
    // Disabled means disabled: a failure to record it changes no answer.
  }
  return ev.kind === 'action.before' ? offDecision() : { kind: 'none' };
}

/** The answer to every action while remit is disabled. */
export function offDecision(): ControllerResult {
  const contract: TaskContract = { ...defaultContract(), level: 'off' };
  const d: Decision = { outcome: 'allow', reasonCode: 'CONTROL_OFF', family: null, controlState: 'OFF', explanation: 'remit is disabled (REMIT_DISABLE=1).' };
  return decisionResult(d, undefined, contract);
}
