import { hmacSha256 } from '../crypto/sha256.js';
import { hexOf } from '../crypto/bytes.js';

/** Key-sorted JSON, so two spellings of one input digest alike. */
function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${stableJson(obj[k])}`).join(',')}}`;
}

/**
 * A keyed digest of the normalised input: repeats and one-time approvals are recognised
 * without storing the input, and without the key nobody can test a guess against the audit.
 */
export function inputDigest(key: string, tool: string, normalised: unknown): string {
  return hexOf(hmacSha256(key, tool.toLowerCase(), '\u0000', stableJson(normalised))).slice(0, 32);
}
