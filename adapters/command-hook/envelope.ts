// The fields every Codex and Claude Code payload shares (snake_case, one JSON object) →
// the ControlEvent envelope. Subagent calls carry the parent's session_id plus agent_id
// (Codex 0.171.0 and Claude Code 2.1.197, captured), so they act under the root session.
import type { Envelope } from '../../src/generated/types.js';
import { stringField } from './payload.js';

export type EnvelopeBase = Omit<Envelope, 'kind'>;

export interface EnvelopeOptions {
  host: string;
  hostVersion?: string;
  /** Used when the payload has no cwd. */
  fallbackCwd: string;
  at: string;
  /** Payload field holding the turn id (Codex `turn_id`, Claude Code `prompt_id`). */
  turnField: string;
}

export function envelopeOf(p: Record<string, unknown>, opts: EnvelopeOptions): EnvelopeBase | null {
  const sessionId = stringField(p, 'session_id');
  if (!sessionId || sessionId.length > 512) return null;
  const env: EnvelopeBase = {
    protocolVersion: 2,
    lifecycleVersion: 2,
    host: opts.hostVersion ? { name: opts.host, version: opts.hostVersion } : { name: opts.host },
    sessionId,
    cwd: stringField(p, 'cwd') ?? opts.fallbackCwd,
    at: opts.at,
  };
  const agentId = stringField(p, 'agent_id');
  if (agentId && agentId.length <= 512) env.agentId = agentId;
  const turnId = stringField(p, opts.turnField);
  if (turnId && turnId.length <= 512) env.turnId = turnId;
  return env;
}
