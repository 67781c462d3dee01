// A spawned hook's stdin → one JSON object, or the kind of bad input it was. Field readers
// accept only the type the field should have, so a missing or odd field is simply absent.

export type BadInputKind = 'empty' | 'not_json' | 'not_object' | 'truncated' | 'missing_session' | 'unknown_event';

export type PayloadParse = { ok: true; payload: Record<string, unknown> } | { ok: false; problem: BadInputKind };

export function parseHookPayload(text: string, truncated = false): PayloadParse {
  if (truncated) return { ok: false, problem: 'truncated' };
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (trimmed === '') return { ok: false, problem: 'empty' };
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    return { ok: false, problem: 'not_json' };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { ok: false, problem: 'not_object' };
  return { ok: true, payload: value as Record<string, unknown> };
}

export function stringField(p: Record<string, unknown>, key: string): string | undefined {
  const v = p[key];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

export function objectField(p: Record<string, unknown>, key: string): Record<string, unknown> | undefined {
  const v = p[key];
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/** Reads a field that may hold an object or a JSON string of one (Codex sends tool_response as a string). */
export function objectOrJsonField(p: Record<string, unknown>, key: string): Record<string, unknown> | undefined {
  const direct = objectField(p, key);
  if (direct) return direct;
  const s = p[key];
  if (typeof s !== 'string' || !s.trimStart().startsWith('{')) return undefined;
  try {
    const v = JSON.parse(s) as unknown;
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** `session_id` (Copilot CLI: `sessionId`) and `hook_event_name` from the start of a payload cut at the size cap or short. */
export function truncatedHead(prefix: string): { sessionId?: string; event?: string } {
  const head = prefix.slice(0, 64 * 1024);
  const sessionId = /"session(?:_i|I)d"\s*:\s*"([^"\\]{1,512})"/.exec(head)?.[1];
  const event = /"hook_event_name"\s*:\s*"([A-Za-z_]{1,64})"/.exec(head)?.[1];
  return { ...(sessionId ? { sessionId } : {}), ...(event ? { event } : {}) };
}
