// Every host remit supports: one line each, naming the host's own module. Every table the hook,
// the CLI and the build need is derived from this list (adapters/host-module.ts says how), so a
// new host costs its folder, its line here and its name in the schema's host enum.
import type { HostCapability } from '../src/generated/types.js';
import { claudeHost } from './claude/host.js';
import { codexHost } from './codex/host.js';
import { geminiHost } from './gemini/host.js';
import { hermesHost } from './hermes/host.js';
import type { Env, HostLine, HostModule } from './host-module.js';
import { ompHost } from './omp/host.js';
import { opencodeHost } from './opencode/host.js';
import { piHost } from './pi/host.js';
import { copilotHost } from './copilot/host.js';
import { qwenHost } from './qwen/host.js';

export const HOSTS: readonly HostModule[] = [codexHost, claudeHost, opencodeHost, hermesHost, piHost, ompHost, copilotHost, qwenHost, geminiHost];

export function findHost(name: string, hosts: readonly HostModule[] = HOSTS): HostModule | undefined {
  return hosts.find((h) => h.name === name.toLowerCase());
}

/** A host's version lines: its own `lines`, else the host itself as its one line. */
export function hostLines(h: HostModule): readonly HostLine[] {
  return h.lines ?? [{ name: h.name, capability: h.capability, majors: [], adapter: h.adapter }];
}

/** Every host's capability rows, one per version line (HOST-ADAPTER-CONTRACT.md's matrix). */
export function hostCapabilities(hosts: readonly HostModule[] = HOSTS): HostCapability[] {
  return hosts.flatMap((h) => hostLines(h).map((l) => l.capability));
}

/** The version line `remit check --host` and `remit replay --host` name, with its host. */
export function findLine(name: string, hosts: readonly HostModule[] = HOSTS): { host: HostModule; line: HostLine } | undefined {
  const wanted = name.toLowerCase();
  for (const host of hosts) for (const line of hostLines(host)) if (line.name === wanted) return { host, line };
  return undefined;
}

/**
 * Every host's hook and plugin configuration, as written (`~` for the home folder) and as this
 * environment places it. Rule `self-protection` protects all of it from any host's agent (an
 * OpenCode session must not rewrite Claude Code's settings either).
 */
export function protectedHostConfig(env: Env, hosts: readonly HostModule[] = HOSTS): string[] {
  return [...new Set(hosts.flatMap((h) => [...(h.capability.configPaths ?? []), ...h.configPaths(env)]))];
}

/** Of that, what the hosts write themselves while a call runs: the run-time watch leaves it alone. */
export function hostWrittenConfig(hosts: readonly HostModule[] = HOSTS): string[] {
  return [...new Set(hosts.flatMap((h) => h.capability.configWrittenByHost ?? []))];
}

/** What an in-process plugin's runtime protects and watches (adapters/plugin-host/host-runtime.ts). */
export const pluginHostConfig = { paths: (env: Env) => protectedHostConfig(env), hostWritten: () => hostWrittenConfig() };

/** The adapters of every host's version lines, loaded (replay and the cases suite run them all). */
export function loadAdapters(hosts: readonly HostModule[] = HOSTS) {
  return Promise.all(hosts.flatMap((h) => hostLines(h).map((l) => l.adapter())));
}
