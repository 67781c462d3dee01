// The remit Codex plugin as Codex installed it: `[plugins."remit@<marketplace>"] enabled = true`
// in config.toml and its hooks under $CODEX_HOME/plugins/cache/<marketplace>/remit/<version>/.
// Plugin hooks need trust like any other; their key is `remit@<marketplace>:hooks/hooks.json:
// <event>:<group>:<handler>` with the same hash (verified on 0.171.0).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { readOurHooks } from '../command-hook/install-run.js';
import type { Location } from '../command-hook/hooks-config.js';
import { readCodexConfigToml } from './config-toml.js';
import { isCodexRemitHandler } from './registration.js';
import { codexHome, type Env } from './paths.js';

export interface CodexPluginHooks {
  plugin: string;
  hooksFile: string;
  /** The trust key's file part. */
  keyFile: string;
  locations: Location[];
}

export function codexPluginHooks(env: Env): CodexPluginHooks[] {
  const toml = readCodexConfigToml(env, { followLinks: true });
  if (!toml.ok) return [];
  const plugins = toml.doc.plugins as Record<string, { enabled?: unknown }> | undefined;
  if (!plugins || typeof plugins !== 'object') return [];
  const out: CodexPluginHooks[] = [];
  for (const [key, rec] of Object.entries(plugins)) {
    const m = /^remit@(.+)$/.exec(key);
    if (!m || !rec || rec.enabled === false) continue;
    const dir = path.join(codexHome(env), 'plugins', 'cache', m[1]!, 'remit');
    if (!existsSync(dir)) continue;
    const versions = readdirSync(dir).sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
    const latest = versions[versions.length - 1];
    if (!latest) continue;
    const hooksFile = path.join(dir, latest, 'hooks', 'hooks.json');
    const r = readOurHooks({ isOurs: isCodexRemitHandler }, hooksFile);
    if (r.ok) out.push({ plugin: key, hooksFile, keyFile: `${key}:hooks/hooks.json`, locations: r.locations });
  }
  return out;
}
