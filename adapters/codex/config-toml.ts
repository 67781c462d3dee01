// Codex's config.toml as remit reads it, without trusting it: the document, the trust record
// Codex keeps for each hook ([hooks.state]), and whether a project is trusted. The installer,
// doctor and the installed plugin's hooks all read it through here.
import { parse as parseToml } from 'smol-toml';
import { readRaw, type ReadOptions } from '../command-hook/config-file.js';
import type { Location } from '../command-hook/hooks-config.js';
import type { Env } from './paths.js';
import { codexConfigTomlPath } from './registration.js';
import { codexHookHash, trustKey, trustVerdict, type TrustRecord, type TrustVerdict } from './trust.js';

export type Toml = Record<string, unknown>;

/** config.toml parsed, or why it could not be. Missing = empty. */
export function readCodexConfigToml(
  env: Env,
  opts: ReadOptions = {},
): { ok: true; raw: string | null; doc: Toml } | { ok: false; error: string; problem: string } {
  const file = codexConfigTomlPath(env);
  const r = readRaw(file, opts);
  if (!r.ok) return r;
  if (r.raw === null) return { ok: true, raw: null, doc: {} };
  try {
    return { ok: true, raw: r.raw, doc: parseToml(r.raw) as Toml };
  } catch (err) {
    const why = `not valid TOML (${err instanceof Error ? err.message.split('\n')[0] : 'parse error'})`;
    return { ok: false, error: `${file} is ${why}. Fix it, then run again. Nothing was changed.`, problem: `it is ${why}` };
  }
}

export function stateRecord(doc: Toml, key: string): TrustRecord | undefined {
  const hooks = doc.hooks as Toml | undefined;
  const state = hooks && typeof hooks === 'object' ? (hooks.state as Toml | undefined) : undefined;
  const rec = state && typeof state === 'object' ? state[key] : undefined;
  return rec && typeof rec === 'object' ? (rec as TrustRecord) : undefined;
}

export interface HookTrust {
  location: Location;
  key: string;
  verdict: TrustVerdict;
  why: string;
}

/** The trust verdict of every remit handler in `hooksFile`, recomputed from what is installed. */
export function codexTrustOf(env: Env, hooksFile: string, locations: Location[], opts: ReadOptions = {}): HookTrust[] {
  const toml = readCodexConfigToml(env, opts);
  return locations.map((location) => {
    const key = trustKey(hooksFile, location.event, location.group, location.handler);
    const expected = codexHookHash(location.event, location.matcher, location.installed);
    const v = trustVerdict(expected, toml.ok ? stateRecord(toml.doc, key) : 'unreadable');
    return { location, key, ...v };
  });
}

export function projectTrusted(doc: Toml, root: string): boolean {
  const projects = doc.projects as Toml | undefined;
  const rec = projects && typeof projects === 'object' ? (projects[root] as Toml | undefined) : undefined;
  return !!rec && typeof rec === 'object' && rec.trust_level === 'trusted';
}
