// `remit doctor` rows for hosts that load remit as a plugin file (OpenCode, Pi, omp): is it
// installed, is it the version this remit ships, is it there twice, and does the installed
// module load and register the hook that refuses tool calls (a live probe, in-process).
import { pathToFileURL } from 'node:url';
import type { HostName } from '../host-module.js';
import type { DoctorRow } from './install-files.js';
import { readIfExists } from './install-files.js';
import { pluginVersion } from './plugin-file.js';

export interface PluginLocation {
  scope: string;
  path: string;
}

export interface PluginDoctorSpec {
  host: HostName;
  displayName: string;
  locations: PluginLocation[];
  /** The plugin this remit ships, to spot drift (undefined when the build is not at hand). */
  shipped: Buffer | undefined;
  /** Proves the loaded module registers the deny hook; returns a fact line or throws. */
  probe(mod: Record<string, unknown>): Promise<string>;
  /** Further facts that can leave the host unprotected (omp trust). */
  extra?: (installedAt: PluginLocation[]) => { ok: boolean; line: string }[];
}

export async function doctorPluginHost(spec: PluginDoctorSpec): Promise<DoctorRow> {
  const lines: string[] = [];
  const found = spec.locations.filter((l) => pluginVersion(spec.host, readIfExists(l.path)) !== undefined);
  const foreign = spec.locations.filter((l) => readIfExists(l.path) !== undefined && !found.includes(l));
  for (const l of found) {
    const body = readIfExists(l.path)!;
    const drift =
      spec.shipped && !body.equals(spec.shipped)
        ? ` — differs from the plugin this remit ships (version ${pluginVersion(spec.host, spec.shipped)}); run \`remit install ${spec.host} --scope ${l.scope}\``
        : '';
    lines.push(`installed (${l.scope}): ${l.path}, version ${pluginVersion(spec.host, body)}${drift}`);
  }
  for (const l of foreign) lines.push(`not remit's: ${l.path} exists but was not written by remit (left alone)`);
  if (found.length > 1)
    lines.push(`loaded ${found.length} times (${found.map((l) => l.scope).join(', ')}): harmless, remit answers a repeated call once, but one copy is enough`);
  let probeOk = false;
  if (found.length > 0) {
    try {
      const mod = (await import(pathToFileURL(found[0]!.path).href)) as Record<string, unknown>;
      lines.push(`live probe: ${await spec.probe(mod)}`);
      probeOk = true;
    } catch (err) {
      lines.push(`live probe failed: ${(err as Error)?.message ?? String(err)}`);
    }
  }
  const extra = spec.extra?.(found) ?? [];
  for (const e of extra) lines.push(e.line);
  const protectedNow = found.length > 0 && probeOk && extra.every((e) => e.ok);
  const why =
    found.length === 0
      ? `remit is not installed for ${spec.displayName} (\`remit install ${spec.host}\`)`
      : !probeOk
        ? 'the installed plugin does not load, or not in the form the host here loads (the live probe line says which)'
        : (extra.find((e) => !e.ok)?.line ??
          `remit's plugin is where ${spec.displayName} loads plugins from, and it loads and registers the hook that refuses tool calls (checked in remit's own process)`);
  return { host: spec.host, protected: protectedNow, lines: [`protected: ${protectedNow ? 'yes' : 'no'} — ${why}`, ...lines] };
}
