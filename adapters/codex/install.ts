// The Codex half of `remit install` / `uninstall`: paths, handlers, trust, and what to tell
// the user before Codex will run the hook.
import { existsSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { parse as parseToml } from 'smol-toml';
import { BACKUP_SUFFIX } from '../command-hook/config-file.js';
import { teammateNote, type HostInstallSpec, type TrustPlan } from '../command-hook/install-run.js';
import type { FileAction } from '../host-module.js';
import { codexTrustOf, projectTrusted, readCodexConfigToml, stateRecord, type Toml } from './config-toml.js';
import { codexPluginHooks } from './plugin-hooks.js';
import {
  codexConfigTomlPath,
  codexHookEntries,
  codexHooksPath,
  codexLauncherPath,
  codexProjectCommand,
  codexSkillPath,
  isCodexRemitHandler,
} from './registration.js';
import { CODEX_SCOPES, type CodexScope } from './paths.js';
import { codexHookHash, trustKey, withTrust } from './trust.js';

const TRUST_REMEDY =
  'Codex runs a new or changed hook only after it is trusted: start `codex` in a terminal and trust remit\'s hooks when it says "Hooks need review" (or use /hooks), or run `remit install codex --trust`. Until then `codex` and `codex exec` skip them silently.';

export const codexInstallSpec: HostInstallSpec = {
  host: 'codex',
  scopes: CODEX_SCOPES,
  configPath: (scope, env, root) => codexHooksPath(scope as CodexScope, env, root),
  skillPath: (scope, env, root) => codexSkillPath(scope as CodexScope, env, root),
  launcherPath: codexLauncherPath,
  entries: codexHookEntries,
  projectCommand: codexProjectCommand,
  isOurs: isCodexRemitHandler,
  shiftedNote: 'Removing remit moved later hooks in this file; Codex may ask to review them again.',
  untrust({ env, configFile, removed }) {
    const toml = readCodexConfigToml(env);
    // The hooks go all the same: a trust record without its hook runs nothing (HOST-ADAPTER-CONTRACT.md, Codex trust).
    const backup = `${codexConfigTomlPath(env)}${BACKUP_SUFFIX}`;
    const byHand = `Remove the [hooks.state."${configFile}:…"] tables remit added there by hand${existsSync(backup) ? ` (${backup} is the file as it was before remit's install)` : ''}.`;
    const keep = (why: string) => ({ kept: `${codexConfigTomlPath(env)} was left as it is (${why}). ${byHand}` });
    if (!toml.ok) return keep(toml.problem);
    if (toml.raw === null) return null;
    let text = toml.raw;
    for (const loc of removed) text = withoutTrust(text, trustKey(configFile, loc.event, loc.group, loc.handler));
    const keys = new Set(removed.map((loc) => trustKey(configFile, loc.event, loc.group, loc.handler)));
    let left: Toml;
    try {
      left = parseToml(text) as Toml;
    } catch {
      return keep("removing remit's trust records from it would leave it unreadable");
    }
    return {
      file: codexConfigTomlPath(env),
      raw: toml.raw,
      next: text,
      leftEmpty: text.trim() === '',
      byHand,
      sameAsOriginal: (backupRaw) => {
        try {
          // Compared as plain JSON: the parser's objects and a clone's differ only in prototype.
          return backupRaw === text || isDeepStrictEqual(plain(withoutKeys(parseToml(backupRaw) as Toml, keys)), plain(left));
        } catch {
          return false;
        }
      },
    };
  },
  notes({ ctx, root, configFile, locations }) {
    const notes: string[] = [];
    const trust = codexTrustOf(ctx.env, configFile, locations);
    const pending = trust.filter((t) => t.verdict !== 'trusted');
    if (ctx.dryRun && ctx.trust) notes.push('With --trust, remit would record trust for its own hooks in config.toml.');
    else if (pending.length > 0)
      notes.push(
        `Codex will not run ${pending.length} of remit's ${trust.length} hooks yet (${[...new Set(pending.map((p) => p.verdict))].join(', ')}). ${TRUST_REMEDY}`,
      );
    else if (trust.length > 0) notes.push(`Codex trusts all ${trust.length} of remit's hooks in ${configFile}.`);
    if (ctx.scope === 'project') {
      const toml = readCodexConfigToml(ctx.env);
      if (!toml.ok || !projectTrusted(toml.doc, root))
        notes.push(
          `Codex loads project hooks only when the project is trusted (${root} is not marked trusted in ${codexConfigTomlPath(ctx.env)}); open it in \`codex\` once and trust it.`,
        );
      notes.push(teammateNote('.codex/remit/launch.cjs', 'codex'));
    }
    return notes;
  },
  trust({ ctx, configFile, locations }): TrustPlan | { error: string } {
    const toml = readCodexConfigToml(ctx.env);
    if (!toml.ok) return { error: toml.error };
    let text = toml.raw ?? '';
    const actions: FileAction[] = [];
    const file = codexConfigTomlPath(ctx.env);
    // The remit plugin's hooks too, when Codex has it installed and enabled.
    const targets = [
      ...locations.map((loc) => ({ keyFile: configFile, loc })),
      ...codexPluginHooks(ctx.env).flatMap((p) => p.locations.map((loc) => ({ keyFile: p.keyFile, loc }))),
    ];
    for (const { keyFile, loc } of targets) {
      const key = trustKey(keyFile, loc.event, loc.group, loc.handler);
      const hash = codexHookHash(loc.event, loc.matcher, loc.installed);
      if (!hash) continue;
      const rec = stateRecord(toml.doc, key);
      if (rec?.enabled === false) {
        actions.push({ file, what: 'trust', action: 'unchanged', detail: `${loc.event}: disabled by the user; left as is` });
        continue;
      }
      const next = withTrust(text, key, hash);
      // A record Codex wrote in a spelling this edit does not recognise would become a duplicate table.
      if (next.action === 'added' && rec)
        return {
          error: `${file} already has a trust record for ${key} in a form remit does not edit; trust the hook in Codex (/hooks) instead. Nothing was changed.`,
        };
      text = next.text;
      actions.push({
        file,
        what: 'trust',
        action: next.action === 'added' ? 'installed' : next.action,
        detail: keyFile === configFile ? loc.event : `${loc.event} (${keyFile.split(':')[0]} plugin)`,
      });
    }
    try {
      parseToml(text);
    } catch {
      return { error: `recording trust would leave ${file} unreadable; trust the hooks in Codex (/hooks) instead. Nothing was changed.` };
    }
    // A config.toml holding only remit's trust records was made by an earlier install: no original to back up.
    const keys = new Set(targets.map(({ keyFile, loc }) => trustKey(keyFile, loc.event, loc.group, loc.handler)));
    const onlyOurs = [...keys].some((k) => stateRecord(toml.doc, k)) && Object.keys(withoutKeys(toml.doc, keys)).length === 0;
    return { file, expectedRaw: toml.raw, text, actions, backup: !onlyOurs };
  },
};

/** `text` without the `[hooks.state."<key>"]` table (and the blank line remit put before it). */
function withoutTrust(text: string, key: string): string {
  const header = `[hooks.state."${key.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"]`;
  const lines = text.split('\n');
  const at = lines.findIndex((l) => l.trim() === header);
  if (at < 0) return text;
  let end = lines.length;
  for (let i = at + 1; i < lines.length; i++)
    if (/^\s*\[/.test(lines[i]!)) {
      end = i;
      break;
    }
  // The table's lines go, and the one blank line remit put before it; blank lines after it stay.
  while (end - 1 > at && lines[end - 1]!.trim() === '') end--;
  let start = at;
  if (start > 0 && lines[start - 1]!.trim() === '') start--;
  lines.splice(start, end - start);
  return lines.join('\n');
}

const plain = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

/** A parsed config.toml less remit's trust records, and less a `[hooks.state]` left empty by that. */
function withoutKeys(doc: Toml, keys: Set<string>): Toml {
  const out = structuredClone(doc);
  const hooks = out.hooks as Toml | undefined;
  const state = hooks?.state as Toml | undefined;
  if (!state) return out;
  for (const k of keys) delete state[k];
  if (Object.keys(state).length === 0) delete hooks!.state;
  if (Object.keys(hooks!).length === 0) delete out.hooks;
  return out;
}
