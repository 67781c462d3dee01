// `remit doctor` for Claude Code: is every session on this machine guarded, and if not, why.
import { existsSync } from 'node:fs';
import { readConfigText } from '../command-hook/config-file.js';
import os from 'node:os';
import path from 'node:path';
import { findProjectRoot } from '../../src/core/paths/project-root.js';
import { liveProbe } from '../command-hook/doctor-common.js';
import type { DoctorContext, DoctorRow } from '../host-module.js';
import { readOurHooks } from '../command-hook/install-run.js';
import type { Location } from '../command-hook/hooks-config.js';
import { claudeHookEntries, claudeSettingsPath, CLAUDE_HOOK_EVENTS, CLAUDE_ON_FAILURE_FROM } from './registration.js';
import { claudeInstallSpec } from './install.js';
import { claudeConfigDir } from './paths.js';

export interface DoctorExpectation {
  commandFor?: (event: string) => string;
}

function readJson(file: string): Record<string, unknown> | undefined {
  try {
    const v = JSON.parse(readConfigText(file)) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function doctorClaude(ctx: DoctorContext, expect: DoctorExpectation = {}): DoctorRow {
  const problems: string[] = [];
  const lines: string[] = [];
  // Its version against the verified range: src/cli/host-version.ts, for every host alike.
  const version = { found: ctx.which('claude') !== null };

  const root = findProjectRoot(ctx.cwd);
  const files = (['user', 'project', 'local'] as const).map((scope) => ({ scope, file: claudeSettingsPath(scope, ctx.env, root) }));
  const found: { scope: string; file: string; loc: Location }[] = [];
  const plugins: string[] = [];
  let unreadable = false;
  for (const f of files) {
    if (!existsSync(f.file)) continue;
    const r = readOurHooks(claudeInstallSpec, f.file);
    if (!r.ok) {
      lines.push(`unreadable: ${r.error}`);
      problems.push(`${f.scope} settings unreadable`);
      unreadable = true;
      continue;
    }
    const doc = (r.doc ?? {}) as Record<string, unknown>;
    if (doc.disableAllHooks === true) problems.push(`${f.file} sets disableAllHooks: true`);
    const enabled = doc.enabledPlugins && typeof doc.enabledPlugins === 'object' ? (doc.enabledPlugins as Record<string, unknown>) : {};
    for (const [k, v] of Object.entries(enabled)) if (v === true && /^remit@/.test(k)) plugins.push(`${k} (${f.scope})`);
    for (const loc of r.locations) found.push({ scope: f.scope, file: f.file, loc });
  }
  if (plugins.length) lines.push(`plugin enabled: ${plugins.join(', ')}`);
  if (found.length === 0 && plugins.length === 0) {
    problems.push('remit is not registered (run `remit install claude`)');
    // Settings remit cannot read may hold remit's hooks: the host is counted, not passed over.
    return finish(version.found || unreadable, false, problems, lines);
  }
  if (found.length > 0) {
    const missing = CLAUDE_HOOK_EVENTS.filter((e) => !found.some((f) => f.loc.event === e));
    if (missing.length) problems.push(`not registered for ${missing.join(', ')}`);
  }
  for (const f of files) {
    const here = found.filter((x) => x.file === f.file);
    if (here.length) lines.push(`registered (${f.scope}): ${f.file}, ${here.length} handlers`);
  }
  const pres = found.filter((f) => f.loc.event === 'PreToolUse');
  if (pres.length > 0)
    lines.push(
      pres.every((f) => f.loc.installed.onFailure === 'block')
        ? 'fail mode: PreToolUse carries onFailure "block": a remit hook that hangs past its timeout or crashes refuses the tool call'
        : `fail mode: open — a remit PreToolUse hook that hangs past its timeout or crashes lets the tool run (Claude Code ${CLAUDE_ON_FAILURE_FROM} and later take onFailure "block": run \`remit install claude\` with such a version on PATH)`,
    );
  const scopesWithHooks = new Set(found.map((f) => f.scope));
  if (scopesWithHooks.size + (plugins.length ? 1 : 0) > 1)
    lines.push("registered more than once (settings and/or plugin): each runs, which remit's idempotence makes harmless");
  if (expect.commandFor) {
    const canonical = new Map(claudeHookEntries(expect.commandFor).map((x) => [x.event, x.handler]));
    const drift = found.filter((f) => f.scope !== 'project' && canonical.get(f.loc.event)?.command !== f.loc.installed.command);
    if (drift.length) lines.push(`drift: ${drift.length} handler(s) run a different command than this remit would register (run \`remit install claude\`)`);
  }

  // Interactive sessions hold every settings hook back until the folder is trusted.
  const state = readJson(path.join(path.dirname(claudeConfigDir(ctx.env)), '.claude.json')) ?? readJson(path.join(claudeConfigDir(ctx.env), '.claude.json'));
  const projects = state?.projects && typeof state.projects === 'object' ? (state.projects as Record<string, Record<string, unknown>>) : {};
  if (projects[root]?.hasTrustDialogAccepted !== true)
    lines.push(`workspace trust: not recorded for ${root}; interactive sessions there run no hooks until the trust dialog is accepted (claude -p runs them)`);

  let probed = false;
  if (!ctx.noExec && found.length > 0) {
    const pick = (event: string) => found.find((f) => f.loc.event === event);
    const prompt = pick('UserPromptSubmit');
    const pre = pick('PreToolUse');
    if (prompt && pre) {
      const probeDir = os.tmpdir();
      const probe = liveProbe(
        ctx,
        {
          host: 'claude',
          directive: '$remit review -- doctor probe',
          turnField: 'prompt_id',
          write: { tool: 'Write', input: { file_path: path.join(probeDir, 'remit-doctor-probe.txt'), content: 'probe\n' } },
        },
        { prompt: String(prompt.loc.installed.command), pre: String(pre.loc.installed.command) },
        pre.scope === 'user' ? probeDir : root,
        { CLAUDE_PROJECT_DIR: root },
      );
      probed = probe.ok;
      lines.push(probe.line);
      if (!probe.ok) problems.push('the registered hook does not refuse as it should');
    }
  }
  return finish(version.found, true, problems, lines, probed);
}

function finish(hostFound: boolean, registered: boolean, problems: string[], lines: string[], probed = false): DoctorRow {
  const head = problems.length
    ? `protected: no — ${problems.join('; ')}`
    : `protected: yes — registered${probed ? ' and the live probe refused a write' : ' (live probe not run: plugin hooks run only inside Claude Code)'}`;
  return { host: 'claude', protected: problems.length === 0, applicable: hostFound || registered, lines: [head, ...lines] };
}
