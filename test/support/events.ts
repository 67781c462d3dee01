// ControlEvent builders for tests, the concurrency probe and the bench (test-only): one place that
// knows the envelope, so each test says only what differs.
import type { Action, ControlEvent } from '../../src/generated/types.js';

export interface EventBase {
  sessionId: string;
  cwd: string;
  host?: { name: string; version?: string };
  lifecycleVersion?: number;
}

function envelope(base: EventBase) {
  return {
    protocolVersion: 2 as const,
    lifecycleVersion: base.lifecycleVersion ?? 2,
    host: base.host ?? { name: 'test', version: '1.0.0' },
    sessionId: base.sessionId,
    cwd: base.cwd,
    at: new Date().toISOString(),
  };
}

export function makeAction(partial: Partial<Action> & Pick<Action, 'id' | 'mutability'>): Action {
  return {
    tool: 'Tool',
    effects: [],
    intents: { dependency: false, hash: false },
    inputDigest: `digest-${partial.id}`,
    ...partial,
  };
}

export const events = {
  prompt(base: EventBase, prompt: string, origin: 'user' | 'hook' | 'synthetic' | 'subagent' = 'user'): ControlEvent {
    return { ...envelope(base), kind: 'prompt.submit', prompt, origin };
  },
  before(base: EventBase, action: Action): ControlEvent {
    return { ...envelope(base), kind: 'action.before', action };
  },
  after(
    base: EventBase,
    actionId: string,
    lifecycle: 'joined' | 'not_started' | 'running' | 'failed' | 'unknown',
    extra: { agentIds?: string[]; wrote?: boolean } = {},
  ): ControlEvent {
    return { ...envelope(base), kind: 'action.after', actionId, lifecycle, ...extra };
  },
  subagentStart(base: EventBase, agentId: string, reservationId?: string): ControlEvent {
    return { ...envelope(base), kind: 'subagent.start', agentId, ...(reservationId ? { reservationId } : {}) };
  },
  subagentStop(base: EventBase, agentId: string, reservationId?: string): ControlEvent {
    return { ...envelope(base), kind: 'subagent.stop', agentId, ...(reservationId ? { reservationId } : {}) };
  },
  sessionStart(base: EventBase, source: 'startup' | 'resume' | 'clear' | 'compact' | 'fork' = 'startup'): ControlEvent {
    return { ...envelope(base), kind: 'session.start', source };
  },
  turnEnd(base: EventBase): ControlEvent {
    return { ...envelope(base), kind: 'turn.end' };
  },
  sessionEnd(base: EventBase, allDelegationsStopped?: boolean): ControlEvent {
    return { ...envelope(base), kind: 'session.end', ...(allDelegationsStopped !== undefined ? { allDelegationsStopped } : {}) };
  },
};

export function delegateAction(id: string, count = 1, extra: Partial<NonNullable<Action['delegation']>> = {}): Action {
  return makeAction({ id, tool: 'Task', mutability: 'delegate', delegation: { count, completionScope: 'children', ...extra }, inputDigest: `digest-${id}` });
}
