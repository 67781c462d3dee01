// Codex hook trust (verified on 0.171.0, `codex exec` without the bypass flag): a hook runs
// only when the user's config.toml holds
//   [hooks.state."<absolute hooks.json path>:<event_snake>:<group>:<handler>"]
//   trusted_hash = "sha256:<hex>"
// where <hex> is the SHA-256 of the compact JSON, keys sorted at every level, of
//   {event_name, matcher?, hooks: [{type, command, timeout, async, statusMessage?, additionalContextLimit?}]}
// (timeout as written, default 600, at least 1; async false unless set; statusMessage when
// set; additionalContextLimit only when not 2500). An untrusted or changed hook is skipped
// SILENTLY — so remit reports the verdict by recomputing, and writes trust only on --trust.
import { createHash } from 'node:crypto';
import type { Json } from '../command-hook/hooks-config.js';

export function snakeEvent(event: string): string {
  return event.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

export function trustKey(hooksFile: string, event: string, group: number, handler: number): string {
  return `${hooksFile}:${snakeEvent(event)}:${group}:${handler}`;
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v as object).sort()) out[k] = sortKeys((v as Record<string, unknown>)[k]);
    return out;
  }
  return v;
}

/** Codex's identity hash of one command handler in its group, or null for a non-command handler. */
export function codexHookHash(event: string, matcher: string | undefined, handler: Json): string | null {
  if (handler.type !== 'command' || typeof handler.command !== 'string') return null;
  const timeout = typeof handler.timeout === 'number' && Number.isFinite(handler.timeout) ? Math.max(1, Math.floor(handler.timeout)) : 600;
  const h: Json = { type: 'command', command: handler.command, timeout, async: handler.async === true };
  if (typeof handler.statusMessage === 'string') h.statusMessage = handler.statusMessage;
  if (typeof handler.additionalContextLimit === 'number' && handler.additionalContextLimit !== 2500) h.additionalContextLimit = handler.additionalContextLimit;
  const identity: Json = { event_name: snakeEvent(event), hooks: [h] };
  if (matcher !== undefined) identity.matcher = matcher;
  return `sha256:${createHash('sha256')
    .update(JSON.stringify(sortKeys(identity)))
    .digest('hex')}`;
}

export type TrustVerdict = 'trusted' | 'not yet trusted' | 'modified' | 'disabled' | 'unknown';

export interface TrustRecord {
  trusted_hash?: unknown;
  enabled?: unknown;
}

/** The verdict from the parsed [hooks.state] record (undefined = none). Never a guess. */
export function trustVerdict(expected: string | null, record: TrustRecord | undefined | 'unreadable'): { verdict: TrustVerdict; why: string } {
  if (expected === null) return { verdict: 'unknown', why: 'not a command hook' };
  if (record === 'unreadable') return { verdict: 'unknown', why: 'config.toml could not be read as TOML' };
  if (!record) return { verdict: 'not yet trusted', why: 'no trust record: Codex skips this hook silently until it is trusted' };
  if (record.enabled !== undefined && typeof record.enabled !== 'boolean') return { verdict: 'unknown', why: "the record's enabled is not a boolean" };
  if (record.enabled === false) return { verdict: 'disabled', why: 'the user disabled this hook in Codex' };
  if (record.trusted_hash === undefined) return { verdict: 'not yet trusted', why: 'the record has no trusted_hash' };
  if (typeof record.trusted_hash !== 'string') return { verdict: 'unknown', why: 'trusted_hash is not a string' };
  if (record.trusted_hash === expected) return { verdict: 'trusted', why: 'the recorded hash matches the installed hook' };
  return { verdict: 'modified', why: 'the recorded hash differs: the hook changed since it was trusted, or Codex changed its hashing' };
}

function tomlBasicString(s: string): string {
  return `"${s
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}"`;
}

/**
 * config.toml text with `trusted_hash` for `key` set to `hash`: an existing record's hash line
 * is rewritten in place (its other lines kept), otherwise a table is appended at the end.
 * Text-level on purpose: the rest of the user's file keeps its bytes and comments.
 */
export function withTrust(text: string, key: string, hash: string): { text: string; action: 'added' | 'updated' | 'unchanged' } {
  const header = `[hooks.state.${tomlBasicString(key)}]`;
  const lines = text.split('\n');
  const at = lines.findIndex((l) => l.trim() === header);
  const hashLine = `trusted_hash = ${tomlBasicString(hash)}`;
  if (at >= 0) {
    let end = lines.length;
    for (let i = at + 1; i < lines.length; i++)
      if (/^\s*\[/.test(lines[i]!)) {
        end = i;
        break;
      }
    for (let i = at + 1; i < end; i++) {
      if (/^\s*trusted_hash\s*=/.test(lines[i]!)) {
        if (lines[i]!.trim() === hashLine) return { text, action: 'unchanged' };
        lines[i] = hashLine;
        return { text: lines.join('\n'), action: 'updated' };
      }
    }
    lines.splice(at + 1, 0, hashLine);
    return { text: lines.join('\n'), action: 'updated' };
  }
  const sep = text === '' || text.endsWith('\n\n') ? '' : text.endsWith('\n') ? '\n' : '\n\n';
  return { text: `${text}${sep}${header}\n${hashLine}\n`, action: 'added' };
}
