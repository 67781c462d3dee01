// Case lifecycle steps as ControlEvents, for the core target (adapters render their own).
import type { ControlEvent, LifecycleStep } from '../../generated/types.js';
import { lookupTable } from '../lookup-table.js';

export interface Envelope {
  protocolVersion: 2;
  lifecycleVersion: 2;
  host: { name: string };
  sessionId: string;
  cwd: string;
  at: string;
}

const AFTER = lookupTable<'joined' | 'failed' | 'not_started' | 'running' | 'unknown'>({
  __proto__: null,
  complete: 'joined',
  failed: 'failed',
  not_started: 'not_started',
  running: 'running',
  unknown: 'unknown',
});

/** `of` must already be filled (the runner defaults it to the last action's id). */
export function lifecycleEvent(step: LifecycleStep['lifecycle'], env: Envelope): ControlEvent {
  const agent = step.agent ? { agentId: step.agent } : {};
  switch (step.kind) {
    case 'complete':
    case 'failed':
    case 'not_started':
    case 'running':
    case 'unknown':
      return { ...env, kind: 'action.after', actionId: step.of ?? 'none', lifecycle: AFTER[step.kind]!, ...(step.agent ? { agentIds: [step.agent] } : {}) };
    case 'subagent_start':
      return { ...env, kind: 'subagent.start', agentId: step.agent ?? 'agent-1', ...(step.of ? { reservationId: step.of } : {}) };
    case 'subagent_stop':
      return { ...env, kind: 'subagent.stop', agentId: step.agent ?? 'agent-1', ...(step.of ? { reservationId: step.of } : {}) };
    case 'turn_end':
      return { ...env, kind: 'turn.end', ...agent };
    case 'session_start':
      return { ...env, kind: 'session.start', source: step.source ?? 'startup' };
    case 'session_end':
      return { ...env, kind: 'session.end', ...(step.allStopped !== undefined ? { allDelegationsStopped: step.allStopped } : {}) };
  }
}
