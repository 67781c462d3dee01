// `remit doctor` for Codex: is every session on this machine guarded, and if not, why.
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findProjectRoot } from '../../src/core/paths/project-root.js';
import { liveProbe } from '../command-hook/doctor-common.js';
import type { DoctorContext, DoctorRow } from '../host-module.js';
import { readOurHooks } from '../command-hook/install-run.js';
import type { Location } from '../command-hook/hooks-config.js';
import { codexHookEntries, codexHooksPath, CODEX_HOOK_EVENTS } from './registration.js';
import { codexTrustOf, readCodexConfigToml } from './config-toml.js';
import { codexInstallSpec } from './install.js';
import { codexPluginHooks } from './plugin-hooks.js';

export interface DoctorExpectation {
  /** The command `remit install codex` would register now, per event (drift check). */
  commandFor?: (event: string) => string;
}

export function doctorCodex(ctx: DoctorContext, expect: DoctorExpectation = {}): DoctorRow {
  const problems: string[] = [];
  const lines: string[] = [];
  // Its version against the verified range: src/cli/host-version.ts, for every host alike.
  const version = { found: ctx.which('codex') !== null };

  // Doctor reads through links, as Codex does.
  const toml = readCodexConfigToml(ctx.env, { followLinks: true });
  if (!toml.ok) problems.push('config.toml unreadable');
  const features = toml.ok ? (toml.doc.features as Record<string, unknown> | undefined) : undefined;
  if (features && (features.hooks === false || features.codex_hooks === false)) problems.push('hooks are disabled in config.toml ([features] hooks = false)');

  const root = findProjectRoot(ctx.cwd);
  const files: { scope: string; file: string; keyFile?: string }[] = [
    { scope: 'user', file: codexHooksPath('user', ctx.env, root) },
    { scope: 'project', file: codexHooksPath('project', ctx.env, root) },
  ];
  // The remit plugin's hooks count as a registration too (key file `remit@<marketplace>:hooks/hooks.json`).
  for (const p of codexPluginHooks(ctx.env)) files.push({ scope: `plugin ${p.plugin}`, file: p.hooksFile, keyFile: p.keyFile });
  const found: { scope: string; file: string; loc: Location }[] = [];
  let unreadable = false;
  for (const f of files) {
    if (!existsSync(f.file)) continue;
    const r = readOurHooks(codexInstallSpec, f.file);
    if (!r.ok) {
      lines.push(`unreadable: ${r.error}`);
      problems.push(`${f.scope} hooks.json unreadable`);
      unreadable = true;
      continue;
    }
    for (const loc of r.locations) found.push({ scope: f.scope, file: f.file, loc });
  }
  if (found.length === 0) {
    problems.push('remit is not registered (run `remit install codex`)');
    // A hooks.json remit cannot read may hold remit's hooks: the host is counted, not passed over.
    return finish(ctx, version.found || unreadable, false, problems, lines);
  }
  const missing = CODEX_HOOK_EVENTS.filter((e) => !found.some((f) => f.loc.event === e));
  if (missing.length) problems.push(`not registered for ${missing.join(', ')}`);
  for (const f of files) {
    const here = found.filter((x) => x.file === f.file);
    if (here.length) lines.push(`registered (${f.scope}): ${f.file}, ${here.length} handlers`);
  }
  for (const e of CODEX_HOOK_EVENTS) {
    const n = found.filter((f) => f.loc.event === e).length;
    if (n > 1)
      lines.push(
        `${e}: registered ${n} times (${[...new Set(found.filter((f) => f.loc.event === e).map((f) => f.scope))].join(', ')}); each runs, which remit's idempotence makes harmless`,
      );
  }
  if (expect.commandFor) {
    const canonical = new Map(codexHookEntries(expect.commandFor).map((x) => [x.event, x.handler]));
    const drift = found.filter((f) => f.scope === 'user' && canonical.get(f.loc.event)?.command !== f.loc.installed.command);
    if (drift.length) lines.push(`drift: ${drift.length} user handler(s) run a different command than this remit would register (run \`remit install codex\`)`);
  }

  // Trust: recomputed from what is installed, per handler; anything but trusted is skipped silently.
  for (const f of files) {
    const here = found.filter((x) => x.file === f.file).map((x) => x.loc);
    if (!here.length) continue;
    const trust = codexTrustOf(ctx.env, f.keyFile ?? f.file, here, { followLinks: true });
    const counts = new Map<string, number>();
    for (const t of trust) counts.set(t.verdict, (counts.get(t.verdict) ?? 0) + 1);
    lines.push(`trust (${f.scope}): ${[...counts].map(([v, n]) => `${n} ${v}`).join(', ')}`);
    // One line per verdict and reason, naming its events: eight hooks not yet trusted are one fact.
    const same = new Map<string, string[]>();
    for (const t of trust.filter((x) => x.verdict !== 'trusted')) {
      const k = `${t.verdict} — ${t.why}`;
      same.set(k, [...(same.get(k) ?? []), t.location.event]);
    }
    for (const [k, events] of same) lines.push(`  ${events.join(', ')}: ${k}`);
    const bad = trust.filter((x) => x.verdict !== 'trusted');
    if (bad.length)
      problems.push(
        `${bad.length} hook(s) not trusted by Codex (${[...new Set(bad.map((b) => b.verdict))].join(', ')}); trust them in \`codex\` (/hooks) or run \`remit install codex --trust\``,
      );
  }

  let probed = false;
  if (!ctx.noExec) {
    const pick = (event: string) => found.find((f) => f.loc.event === event);
    const prompt = pick('UserPromptSubmit');
    const pre = pick('PreToolUse');
    if (prompt && pre) {
      const cwd = pre.scope === 'project' ? root : os.tmpdir();
      const probe = liveProbe(
        ctx,
        {
          host: 'codex',
          directive: '$remit review -- doctor probe',
          turnField: 'turn_id',
          write: { tool: 'apply_patch', input: { command: '*** Begin Patch\n*** Add File: remit-doctor-probe.txt\n+probe\n*** End Patch\n' } },
        },
        { prompt: String(prompt.loc.installed.command), pre: String(pre.loc.installed.command) },
        cwd,
        // Plugin commands read PLUGIN_ROOT, which Codex sets for them.
        pre.scope.startsWith('plugin') ? { PLUGIN_ROOT: path.dirname(path.dirname(pre.file)) } : {},
      );
      probed = probe.ok;
      lines.push(probe.line);
      if (!probe.ok) problems.push('the registered hook does not refuse as it should');
    }
  }
  return finish(ctx, version.found, true, problems, lines, probed);
}

function finish(_ctx: DoctorContext, hostFound: boolean, registered: boolean, problems: string[], lines: string[], probed = false): DoctorRow {
  const head = problems.length
    ? `protected: no — ${problems.join('; ')}`
    : `protected: yes — registered, trusted${probed ? ', and the live probe refused a write' : ' (live probe not run)'}`;
  return { host: 'codex', protected: problems.length === 0, applicable: hostFound || registered, lines: [head, ...lines] };
}
