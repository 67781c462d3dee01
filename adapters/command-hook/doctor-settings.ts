// `remit doctor` for a host whose hooks live in a settings.json per scope (Qwen Code, Gemini
// CLI): each scope's registration, the host's folder trust, drift from what this remit would
// register, and a live probe running the registered commands with the host's own payloads.
import { existsSync } from 'node:fs';
import os from 'node:os';
import { findProjectRoot } from '../../src/core/paths/project-root.js';
import type { DoctorContext, DoctorRow, Env } from '../host-module.js';
import { liveProbe, type ProbeSpec } from './doctor-common.js';
import type { HookEntry, Location } from './hooks-config.js';
import { readOurHooks, type HostInstallSpec } from './install-run.js';

export interface SettingsDoctorSpec {
  host: string;
  /** The host's name for people (its capability's displayName). */
  displayName: string;
  binary: string;
  scopes: readonly string[];
  install: HostInstallSpec;
  events: readonly string[];
  entries(commandFor: (event: string) => string): HookEntry[];
  /** Whether the host loads the project's settings in `root`, and a line when it may not. */
  folderTrust(env: Env, root: string): { loads: boolean; line?: string };
  /** What in a settings file turns remit's hooks off (a line per problem). */
  disabledBy(doc: Record<string, unknown>, file: string): string[];
  /** The probe, less the commands; `probeDir` is where a user-scope probe runs. */
  probe(probeDir: string): ProbeSpec & { promptEvent: string; preEvent: string; env(cwd: string): Env };
}

export function doctorSettingsHooks(spec: SettingsDoctorSpec, ctx: DoctorContext, expect: { commandFor?: (event: string) => string } = {}): DoctorRow {
  const problems: string[] = [];
  const lines: string[] = [];
  // The version against the verified range is judged for every host in one place (doctor.ts).
  const version = { found: ctx.which(spec.binary) !== null };
  const root = findProjectRoot(ctx.cwd);
  const trust = spec.folderTrust(ctx.env, root);
  const found: { scope: string; file: string; loc: Location }[] = [];
  let unreadable = false;
  /** Project settings holding remit's handlers that the host does not load (the folder is not trusted). */
  const unloaded: string[] = [];
  for (const scope of spec.scopes) {
    const file = spec.install.configPath(scope, ctx.env, root);
    if (!existsSync(file)) continue;
    const r = readOurHooks(spec.install, file);
    if (!r.ok) {
      lines.push(`unreadable: ${r.error}`);
      problems.push(`${scope} settings unreadable`);
      unreadable = true;
      continue;
    }
    problems.push(...spec.disabledBy((r.doc ?? {}) as Record<string, unknown>, file));
    // Project settings an untrusted folder never loads guard nothing: said so, never "not registered".
    if (scope === 'project' && !trust.loads) {
      if (r.locations.length) {
        unloaded.push(file);
        lines.push(
          `registered (${scope}): ${file}, ${r.locations.length} handlers, which ${spec.displayName} does not load in this folder until it is trusted`,
        );
      }
      continue;
    }
    const here = r.locations.map((loc) => ({ scope, file, loc }));
    found.push(...here);
    if (here.length) lines.push(`registered (${scope}): ${file}, ${here.length} handlers`);
  }
  if (trust.line) lines.push(trust.line);
  const finish = (registered: boolean, probed = false): DoctorRow => {
    const head = problems.length
      ? `protected: no — ${problems.join('; ')}`
      : `protected: yes — registered${probed ? ' and the live probe refused a write' : ' (live probe not run)'}`;
    return { host: spec.host, protected: problems.length === 0, applicable: version.found || registered || unreadable, lines: [head, ...lines] };
  };
  if (found.length === 0) {
    problems.push(
      unloaded.length
        ? `remit is registered only in project settings this folder does not load until it is trusted (${unloaded.join(', ')})`
        : `remit is not registered (run \`remit install ${spec.host}\`)`,
    );
    return finish(unloaded.length > 0);
  }
  const missing = spec.events.filter((e) => !found.some((f) => f.loc.event === e));
  if (missing.length) problems.push(`not registered for ${missing.join(', ')}`);
  if (new Set(found.map((f) => f.scope)).size > 1) lines.push("registered in both scopes: each runs, which remit's idempotence makes harmless");
  if (expect.commandFor) {
    const canonical = new Map(spec.entries(expect.commandFor).map((x) => [x.event, x.handler]));
    const drift = found.filter((f) => f.scope === 'user' && canonical.get(f.loc.event)?.command !== f.loc.installed.command);
    if (drift.length)
      lines.push(`drift: ${drift.length} handler(s) run a different command than this remit would register (run \`remit install ${spec.host}\`)`);
  }
  const probeDir = os.tmpdir();
  const probe = spec.probe(probeDir);
  const prompt = found.find((f) => f.loc.event === probe.promptEvent);
  const pre = found.find((f) => f.loc.event === probe.preEvent);
  if (ctx.noExec || !prompt || !pre) return finish(true);
  const cwd = pre.scope === 'user' ? probeDir : root;
  const ran = liveProbe(ctx, probe, { prompt: String(prompt.loc.installed.command), pre: String(pre.loc.installed.command) }, cwd, probe.env(cwd));
  lines.push(ran.line);
  if (!ran.ok) problems.push('the registered hook does not refuse as it should');
  return finish(true, ran.ok);
}
