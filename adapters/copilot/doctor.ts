// `remit doctor` for GitHub Copilot CLI: is every session on this machine guarded, and if not, why.
import { existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';
import { findProjectRoot } from '../../src/core/paths/project-root.js';
import { readConfigText } from '../command-hook/config-file.js';
import { liveProbe, type ProbeWire } from '../command-hook/doctor-common.js';
import type { Location } from '../command-hook/hooks-config.js';
import { readOurHooks } from '../command-hook/install-run.js';
import type { DoctorContext, DoctorRow, Env } from '../host-module.js';
import { copilotInstallSpec } from './install.js';
import { copilotHome } from './paths.js';
import { COPILOT_HOOK_EVENTS, copilotConfigFile, copilotHookEntries } from './registration.js';

/** Copilot's own payloads (camelCase, no event name) and its top-level refusal. */
const COPILOT_WIRE: ProbeWire = {
  events: { prompt: 'userPromptSubmitted', pre: 'preToolUse' },
  prompt: (sessionId, cwd, directive) => ({ sessionId, timestamp: Date.now(), cwd, prompt: directive }),
  pre: (sessionId, cwd, write) => ({ sessionId, timestamp: Date.now(), cwd, toolName: write.tool, toolArgs: write.input }),
  denied: (answer) => answer.permissionDecision === 'deny',
};

/** Every hook file of the repository Copilot would load (`.github/hooks/*.json`). */
function repositoryHookFiles(root: string): string[] {
  const dir = path.join(root, '.github', 'hooks');
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => path.join(dir, f));
  } catch {
    return [copilotConfigFile('project', {}, root)];
  }
}

/**
 * Whether Copilot records `root` as trusted: accepting its folder-trust
 * prompt writes `trustedFolders` into `$COPILOT_HOME/config.json`, a file with comments (1.0.102
 * also reads `trusted_folders`; both verified to load repository hooks in -p).
 */
function trustedFolder(env: Env, root: string): boolean {
  try {
    const doc = parseJsonc(readConfigText(path.join(copilotHome(env), 'config.json'))) as Record<string, unknown> | undefined;
    const listed = [doc?.trustedFolders, doc?.trusted_folders].flatMap((v) => (Array.isArray(v) ? v : []));
    // Copilot compares the repository's own path (repoPathsEqual), not a folder above it.
    return listed.some((f) => typeof f === 'string' && f.replace(/\/+$/, '') === root);
  } catch {
    // absent or unreadable: not recorded
    return false;
  }
}

export function doctorCopilot(ctx: DoctorContext, expect: { commandFor?: (event: string) => string } = {}): DoctorRow {
  const problems: string[] = [];
  const lines: string[] = [];
  // The version against the verified range is judged for every host in one place (doctor.ts).
  const version = { found: ctx.which('copilot') !== null };

  const root = findProjectRoot(ctx.cwd);
  const files = [{ scope: 'user', file: copilotConfigFile('user', ctx.env, root) }, ...repositoryHookFiles(root).map((file) => ({ scope: 'project', file }))];
  const found: { scope: string; file: string; loc: Location }[] = [];
  let unreadable = false;
  for (const f of files) {
    if (!existsSync(f.file)) continue;
    const r = readOurHooks(copilotInstallSpec, f.file);
    if (!r.ok) {
      lines.push(`unreadable: ${f.file}: ${r.error}`);
      problems.push(`${f.scope} hooks unreadable`);
      unreadable = true;
      continue;
    }
    if ((r.doc as Record<string, unknown> | undefined)?.disableAllHooks === true) problems.push(`${f.file} sets disableAllHooks: true`);
    for (const loc of r.locations) found.push({ scope: f.scope, file: f.file, loc });
  }
  if (found.length === 0) {
    problems.push('remit is not registered (run `remit install copilot`)');
    return finish(version.found || unreadable, false, problems, lines);
  }
  for (const scope of ['user', 'project']) {
    const inScope = found.filter((f) => f.scope === scope);
    if (inScope.length === 0) continue;
    const missing = COPILOT_HOOK_EVENTS.filter((e) => !inScope.some((f) => f.loc.event === e));
    if (missing.length) problems.push(`not registered for ${missing.join(', ')} (${scope})`);
    lines.push(`registered (${scope}): ${[...new Set(inScope.map((f) => f.file))].join(', ')}, ${inScope.length} handlers`);
  }
  if (new Set(found.map((f) => f.scope)).size > 1) lines.push("registered in both scopes: each runs, which remit's idempotence makes harmless");
  if (found.some((f) => f.scope === 'project')) {
    if (trustedFolder(ctx.env, root)) lines.push(`folder trust: ${root} is recorded as trusted, so Copilot loads its repository hooks`);
    else if (!found.some((f) => f.scope === 'user'))
      problems.push(`${root} is not recorded as a trusted folder: Copilot loads no repository hooks there until its folder-trust prompt is accepted`);
    else lines.push(`folder trust: ${root} is not recorded as trusted; its repository hooks do not load, the user-scope ones do`);
  }
  if (expect.commandFor) {
    const canonical = new Map(copilotHookEntries(expect.commandFor).map((x) => [x.event, x.handler]));
    const drift = found.filter((f) => f.scope === 'user' && canonical.get(f.loc.event)?.bash !== f.loc.installed.bash);
    if (drift.length) lines.push(`drift: ${drift.length} handler(s) run a different command than this remit would register (run \`remit install copilot\`)`);
  }
  lines.push('a hook that runs past its timeoutSec lets the tool run (Copilot 1.0.102 has no setting for it); one that fails or exits non-zero refuses it');

  let probed = false;
  if (!ctx.noExec) {
    const pick = (event: string) => found.find((f) => f.loc.event === event);
    const prompt = pick('userPromptSubmitted');
    const pre = pick('preToolUse');
    if (prompt && pre) {
      const probeDir = os.tmpdir();
      const probe = liveProbe(
        ctx,
        {
          host: 'copilot',
          directive: '$remit review -- doctor probe',
          turnField: 'turn_id',
          write: { tool: 'create', input: { path: path.join(probeDir, 'remit-doctor-probe.txt'), file_text: 'probe\n' } },
          wire: COPILOT_WIRE,
        },
        { prompt: String(prompt.loc.installed.bash), pre: String(pre.loc.installed.bash) },
        pre.scope === 'user' ? probeDir : root,
        { COPILOT_PROJECT_DIR: root },
      );
      probed = probe.ok;
      lines.push(probe.line);
      if (!probe.ok) problems.push('the registered hook does not refuse as it should');
    } else problems.push('no registered userPromptSubmitted and preToolUse pair to probe');
  }
  return finish(version.found, true, problems, lines, probed);
}

function finish(hostFound: boolean, registered: boolean, problems: string[], lines: string[], probed = false): DoctorRow {
  const head = problems.length
    ? `protected: no — ${problems.join('; ')}`
    : `protected: yes — registered${probed ? ' and the live probe refused a write' : ' (live probe not run)'}`;
  return { host: 'copilot', protected: problems.length === 0, applicable: hostFound || registered, lines: [head, ...lines] };
}
