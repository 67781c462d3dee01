// The ControlEvent v2 envelope every in-process adapter fills. Host-neutral: the adapter names
// its host; `lifecycleVersion: 2` is declared because these adapters report lifecycle facts
// (action.after, subagent and session ends) the ledger may rely on.
import type { ControlEvent } from '../../src/generated/types.js';
import type { Runtime } from '../../src/core/host/runtime.js';
import { isoTime } from '../../src/core/audit/event-id.js';

export interface EnvelopeFields {
  host: { name: string; version?: string };
  /** The root session. */
  sessionId: string;
  /** The child session that acted, when it is not the root. */
  sourceSessionId?: string;
  agentId?: string;
  turnId?: string;
  cwd: string;
}

type Kinded<K extends ControlEvent['kind']> = Omit<
  Extract<ControlEvent, { kind: K }>,
  'protocolVersion' | 'lifecycleVersion' | 'host' | 'sessionId' | 'sourceSessionId' | 'agentId' | 'turnId' | 'cwd' | 'at'
>;

export function controlEvent<K extends ControlEvent['kind']>(runtime: Runtime, f: EnvelopeFields, body: Kinded<K> & { kind: K }): ControlEvent {
  const env: Record<string, unknown> = {
    protocolVersion: 2,
    lifecycleVersion: 2,
    host: f.host,
    sessionId: f.sessionId,
    cwd: f.cwd,
    at: isoTime(runtime.now()),
  };
  if (f.sourceSessionId && f.sourceSessionId !== f.sessionId) env.sourceSessionId = f.sourceSessionId;
  if (f.agentId) env.agentId = f.agentId;
  if (f.turnId) env.turnId = f.turnId;
  return { ...env, ...body } as unknown as ControlEvent;
}
