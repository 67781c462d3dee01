// Installing and removing remit for a JSON-hook host (Codex, Claude Code, Copilot CLI): plan every file
// first, refuse the whole install if any file cannot be edited safely, then write each file
// atomically. The host-specific parts (paths, handlers, notes, trust) come in a HostInstallSpec.
import { existsSync, readdirSync, readFileSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { findProjectRoot } from '../../src/core/paths/project-root.js';
import { absoluteHookCommand } from './command-line.js';
import { isDeepStrictEqual } from 'node:util';
import {
  BACKUP_SUFFIX,
  editHooksText,
  finishRemoval,
  namesRemit,
  parseConfigJson,
  readJsonConfig,
  readRaw,
  writeConfig,
  writeFileAtomic,
} from './config-file.js';
import { removeHooks, upsertHooks, findHooks, GROUPED_LAYOUT, type HookEntry, type HookLayout, type IsOurs, type Json, type Location } from './hooks-config.js';
import { LAUNCHER_SOURCE } from './launcher.js';
import type { HostCapability } from '../../src/generated/types.js';
import type { Env, FileAction, HostReport, InstallContext } from '../host-module.js';

/** A file write the plan will make, with the bytes it expects to find. */
interface PlannedWrite {
  file: string;
  text: string;
  expectedRaw: string | null;
  backup: boolean;
  mode?: number;
}

export interface TrustPlan {
  file: string;
  expectedRaw: string | null;
  text: string;
  /** Whether the file is an original to back up (not one holding only remit's records). */
  backup: boolean;
  actions: FileAction[];
}

export interface HostInstallSpec {
  host: HostCapability['host'];
  scopes: readonly string[];
  configPath(scope: string, env: Env, root: string): string;
  skillPath(scope: string, env: Env, root: string): string | null;
  launcherPath(root: string): string;
  /** remit's handlers; `ctx` carries the host version install found, for a field only some versions accept. */
  entries(commandFor: (event: string) => string, ctx?: InstallContext): HookEntry[];
  projectCommand(event: string): string;
  isOurs: IsOurs;
  /** The host reads comments in its settings file (Gemini CLI): install keeps them, as every other byte of the user's. */
  comments?: boolean;
  /** How the host nests handlers (default: matcher groups, as Codex and Claude Code). */
  layout?: HookLayout;
  /**
   * Keys a file remit creates starts with (Copilot's `.github/hooks/*.json` needs `version: 1`):
   * a file holding only these and remit's hooks is remit's own, never an original to back up.
   */
  skeleton?(scope: string): Json | undefined;
  /** Lines saying what the host needs before it runs the hook, computed after the plan. */
  notes(args: { ctx: InstallContext; root: string; configFile: string; locations: Location[] }): string[];
  /**
   * The host's own rewrite of its settings file when it starts (Gemini CLI renames deprecated
   * keys and saves the file): applied to the backup at uninstall, so a file the host migrated
   * since the install is not taken for one the user edited, and the backup it made stale goes.
   */
  migrate?(doc: Json): Json;
  /** What to tell the user when removing remit's handlers moved later ones in the file (Codex reviews a moved hook again). */
  shiftedNote?: string;
  /** Codex: the config.toml edit that records trust for `locations` (only with --trust). */
  trust?(args: { ctx: InstallContext; configFile: string; locations: Location[] }): TrustPlan | { error: string };
  /** Codex: config.toml without the trust records of the `removed` handlers, or (`kept`) why it stays as it is. */
  untrust?(args: { env: Env; configFile: string; removed: Location[] }): UntrustPlan | { kept: string } | null;
}

export interface UntrustPlan {
  file: string;
  raw: string;
  next: string;
  /** The backup's content equals `next` in meaning (so the original can come back byte for byte). */
  sameAsOriginal(backupRaw: string): boolean;
  leftEmpty: boolean;
  /** What the user removes by hand when the file cannot be written. */
  byHand: string;
}

/** The chunk files the build writes beside `remit.cjs` (dist/remit-*.cjs). */
function bundleChunks(bundleSource: string): { name: string; text: string }[] {
  try {
    return readdirSync(path.dirname(bundleSource))
      .filter((f) => /^remit-[a-z-]+\.cjs$/.test(f))
      .sort()
      .map((name) => ({ name, text: readFileSync(path.join(path.dirname(bundleSource), name), 'utf8') }));
  } catch {
    return [];
  }
}

export function installedBundlePath(dataDir: string, version: string): string {
  return path.join(dataDir, version, 'remit.cjs');
}

function skillSourceFor(bundle: string): string | null {
  const dir = path.dirname(bundle);
  for (const c of [path.join(dir, 'skills', 'remit', 'SKILL.md'), path.join(dir, '..', 'skills', 'remit', 'SKILL.md')]) if (existsSync(c)) return c;
  return null;
}

function plainFile(file: string, text: string, what: FileAction['what'], writes: PlannedWrite[], actions: FileAction[], mode?: number): string | null {
  const r = readRaw(file);
  if (!r.ok) return r.error;
  if (r.raw === text) {
    actions.push({ file, what, action: 'unchanged' });
    return null;
  }
  writes.push({ file, text, expectedRaw: r.raw, backup: false, ...(mode !== undefined ? { mode } : {}) });
  actions.push({ file, what, action: r.raw === null ? 'installed' : 'updated' });
  return null;
}

/** An empty "hooks" the user had is the same file as one with none; so is one holding only the skeleton a new file gets. */
function withoutEmptyHooks(d: Json, skeleton: Json = {}): Json {
  const { hooks, ...rest } = d;
  const bare = hooks && typeof hooks === 'object' && Object.keys(hooks).length === 0 ? rest : d;
  const keys = Object.keys(bare);
  return keys.length > 0 && keys.every((k) => k in skeleton && isDeepStrictEqual(bare[k], skeleton[k])) ? {} : bare;
}

/** The `hooks` and event arrays the file held before remit's install (its backup): removing remit's entries keeps them, even empty. */
function hooksBefore(configFile: string, comments: boolean): { hooks: boolean; events: Set<string> } {
  const b = readJsonConfig(`${configFile}${BACKUP_SUFFIX}`, { comments });
  const hooks = b.ok ? (b.doc as { hooks?: unknown } | undefined)?.hooks : undefined;
  const isMap = hooks !== null && typeof hooks === 'object' && !Array.isArray(hooks);
  return { hooks: isMap, events: new Set(isMap ? Object.keys(hooks).filter((k) => Array.isArray((hooks as Json)[k])) : []) };
}

const layoutOf = (spec: Pick<HostInstallSpec, 'layout'>): HookLayout => spec.layout ?? GROUPED_LAYOUT;

/**
 * A config that holds remit's hooks and nothing else was made by an earlier install: it is
 * not an original, and backing it up would make uninstall "restore" remit's old hooks.
 */
function holdsOnlyOurs(doc: unknown, spec: HostInstallSpec, file: string, scope: string): boolean {
  const less = removeHooks(doc, spec.isOurs, file, layoutOf(spec));
  return less.ok && less.action === 'removed' && Object.keys(withoutEmptyHooks(less.doc, spec.skeleton?.(scope))).length === 0;
}

/** An install's word that a session already running has no hooks yet. */
export function newSessionNote(displayName: string): string {
  return `A ${displayName} session started before this install does not have the hooks: start a new one.`;
}

/** A project-scope install's word on its committed launcher (`launcher` relative to the project). */
export function teammateNote(launcher: string, host: string): string {
  return `The committed entry runs ${launcher} with \`node\` from PATH; each teammate needs \`remit install ${host}\` (any scope) so the launcher finds a remit bundle on their machine.`;
}

export function installHost(spec: HostInstallSpec, ctx: InstallContext): HostReport {
  const report: HostReport = { host: spec.host, scope: ctx.scope, ok: false, dryRun: ctx.dryRun, actions: [], notes: [] };
  const fail = (error: string): HostReport => ({ ...report, actions: [], error });
  if (!spec.scopes.includes(ctx.scope)) return fail(`${spec.host} has no '${ctx.scope}' scope (scopes: ${spec.scopes.join(', ')})`);
  const root = findProjectRoot(ctx.cwd);
  const writes: PlannedWrite[] = [];
  const actions: FileAction[] = [];

  // The bundle and the pointer the portable launcher reads: machine-local, every scope.
  let bundleText: string;
  try {
    bundleText = readFileSync(ctx.bundleSource, 'utf8');
  } catch {
    return fail(`cannot read the remit bundle at ${ctx.bundleSource} (run npm run build first)`);
  }
  const bundle = installedBundlePath(ctx.dataDir, ctx.version);
  const e1 = plainFile(bundle, bundleText, 'bundle', writes, actions, 0o644);
  if (e1) return fail(e1);
  // The bundle loads its chunks (shell parser, file classifiers, commands) from beside itself.
  for (const chunk of bundleChunks(ctx.bundleSource)) {
    const e = plainFile(path.join(path.dirname(bundle), chunk.name), chunk.text, 'bundle', writes, actions, 0o644);
    if (e) return fail(e);
  }
  const skillSource = skillSourceFor(ctx.bundleSource);
  const skillText = skillSource ? readFileSync(skillSource, 'utf8') : null;
  if (skillText !== null) {
    const e = plainFile(path.join(path.dirname(bundle), 'skills', 'remit', 'SKILL.md'), skillText, 'skill', writes, actions);
    if (e) return fail(e);
  }
  const e2 = plainFile(path.join(ctx.dataDir, 'current'), `${bundle}\n`, 'pointer', writes, actions);
  if (e2) return fail(e2);

  const project = ctx.scope === 'project';
  if (project) {
    const e = plainFile(spec.launcherPath(root), LAUNCHER_SOURCE, 'launcher', writes, actions, 0o644);
    if (e) return fail(e);
  }
  const skillDest = spec.skillPath(ctx.scope, ctx.env, root);
  if (skillDest && skillText !== null) {
    const e = plainFile(skillDest, skillText, 'skill', writes, actions);
    if (e) return fail(e);
  }

  const configFile = spec.configPath(ctx.scope, ctx.env, root);
  const read = readJsonConfig(configFile, { comments: spec.comments === true });
  if (!read.ok) return fail(read.error);
  const commandFor = project ? spec.projectCommand : (event: string) => absoluteHookCommand(ctx.nodePath, bundle, spec.host, event);
  const start = read.doc === undefined ? (spec.skeleton?.(ctx.scope) ?? read.doc) : read.doc;
  const up = upsertHooks(start, spec.entries(commandFor, ctx), spec.isOurs, configFile, layoutOf(spec));
  if (!up.ok) return fail(`${up.error}. Fix it, then run again. Nothing was changed.`);
  if (up.action === 'unchanged') actions.push({ file: configFile, what: 'hooks', action: 'unchanged' });
  else {
    writes.push({
      file: configFile,
      text: editHooksText(read.raw, read.doc, up.doc),
      expectedRaw: read.raw,
      backup: !holdsOnlyOurs(read.doc, spec, configFile, ctx.scope),
    });
    actions.push({ file: configFile, what: 'hooks', action: up.action, detail: up.changed.join(', ') });
  }
  const locations = findHooks(up.doc, spec.isOurs, layoutOf(spec));

  let trustPlan: TrustPlan | undefined;
  if (ctx.trust) {
    if (!spec.trust) return fail(`--trust applies to Codex only`);
    const t = spec.trust({ ctx, configFile, locations });
    if ('error' in t) return fail(t.error);
    trustPlan = t;
    actions.push(...t.actions);
  }

  report.actions = actions;
  if (!ctx.dryRun) {
    for (const w of writes) {
      const r = writeConfig(w.file, w.text, {
        expectedRaw: w.expectedRaw,
        ...(w.backup ? { backupSuffix: BACKUP_SUFFIX } : {}),
        ...(w.mode !== undefined ? { mode: w.mode } : {}),
      });
      if (!r.ok) return { ...report, error: r.error };
      if (r.backup) report.notes.push(`backup of the original: ${r.backup}`);
    }
    if (trustPlan && trustPlan.text !== trustPlan.expectedRaw) {
      const r = writeConfig(trustPlan.file, trustPlan.text, {
        expectedRaw: trustPlan.expectedRaw,
        ...(trustPlan.backup ? { backupSuffix: BACKUP_SUFFIX } : {}),
      });
      if (!r.ok) return { ...report, error: r.error };
      if (r.backup) report.notes.push(`backup of the original: ${r.backup}`);
    }
  }
  report.notes.push(...spec.notes({ ctx, root, configFile, locations }));
  report.ok = true;
  return report;
}

export function uninstallHost(spec: HostInstallSpec, ctx: Omit<InstallContext, 'trust' | 'bundleSource' | 'nodePath' | 'version'>): HostReport {
  const report: HostReport = { host: spec.host, scope: ctx.scope, ok: false, dryRun: ctx.dryRun, actions: [], notes: [] };
  if (!spec.scopes.includes(ctx.scope)) return { ...report, error: `${spec.host} has no '${ctx.scope}' scope (scopes: ${spec.scopes.join(', ')})` };
  const root = findProjectRoot(ctx.cwd);
  const configFile = spec.configPath(ctx.scope, ctx.env, root);
  const comments = spec.comments === true;
  const read = readJsonConfig(configFile, { comments });
  const found = read.ok ? removeHooks(read.doc, spec.isOurs, configFile, layoutOf(spec), hooksBefore(configFile, comments)) : read;
  // A config remit may not edit (a link, not JSON, hooks of another shape) that never names
  // remit holds nothing to take out: uninstall leaves it and goes on with the rest.
  if (!found.ok) {
    if (namesRemit(configFile)) return { ...report, error: read.ok ? `${found.error}. Fix it, then run again. Nothing was changed.` : found.error };
    report.notes.push(`${configFile} was left as it is: remit does not edit it, and nothing in it names remit`);
  }
  const rm = found.ok ? found : ({ ok: true, doc: {}, action: 'absent', removed: [], shifted: false } as const);
  if (ctx.dryRun) report.dryRun = true;
  const removals: string[] = [];
  const skill = spec.skillPath(ctx.scope, ctx.env, root);
  const owned = (file: string, marker: (t: string) => boolean) => {
    const r = readRaw(file);
    return r.ok && r.raw !== null && marker(r.raw);
  };
  if (skill && owned(skill, (t) => /^name:\s*remit\s*$/m.test(t))) {
    removals.push(skill);
    report.actions.push({ file: skill, what: 'skill', action: 'removed' });
  }
  if (ctx.scope === 'project' && owned(spec.launcherPath(root), (t) => t.includes('remit portable launcher'))) {
    removals.push(spec.launcherPath(root));
    report.actions.push({ file: spec.launcherPath(root), what: 'launcher', action: 'removed' });
  }
  const untrust = rm.action === 'removed' && spec.untrust ? spec.untrust({ env: ctx.env, configFile, removed: rm.removed }) : null;
  const sameAfter = (change: (doc: Json) => Json) => (backupRaw: string) => {
    try {
      const original = parseConfigJson(backupRaw, comments);
      if (!original || typeof original !== 'object' || Array.isArray(original)) return false;
      const less = removeHooks(change(structuredClone(original) as Json), spec.isOurs, configFile, layoutOf(spec));
      return less.ok && isDeepStrictEqual(withoutEmptyHooks(less.doc), withoutEmptyHooks(rm.doc));
    } catch {
      return false;
    }
  };
  const same = sameAfter((d) => d);
  const migrate = spec.migrate;
  if (rm.action === 'absent' || !read.ok) report.actions.push({ file: configFile, what: 'hooks', action: 'absent' });
  else {
    const next = editHooksText(read.raw, read.doc, rm.doc);
    const leftEmpty = Object.keys(withoutEmptyHooks(rm.doc, spec.skeleton?.(ctx.scope))).length === 0;
    const done = finishRemoval(configFile, {
      raw: read.raw,
      next,
      leftEmpty,
      sameAsOriginal: same,
      ...(migrate ? { supersededBy: sameAfter(migrate) } : {}),
      dryRun: ctx.dryRun,
    });
    // Nothing is removed yet: the report names no action, so the cleanup after it takes nothing of this host's.
    if (!done.ok) return { ...report, actions: [], error: done.error };
    report.actions.push({ file: configFile, what: 'hooks', action: done.action, detail: `${rm.removed.length} handler(s) removed` });
    if (done.note) report.notes.push(done.note);
  }
  // A config.toml remit cannot edit keeps its trust records; everything else of remit's still goes.
  if (untrust && 'kept' in untrust) report.incomplete = untrust.kept;
  else if (untrust) {
    const done = finishRemoval(untrust.file, {
      raw: untrust.raw,
      next: untrust.next,
      leftEmpty: untrust.leftEmpty,
      sameAsOriginal: untrust.sameAsOriginal,
      dryRun: ctx.dryRun,
    });
    // The hooks are out already: the rest still goes, and the records are the user's to remove.
    if (!done.ok) report.incomplete = `${done.error} ${untrust.byHand}`;
    else if (done.action !== 'unchanged')
      report.actions.push({ file: untrust.file, what: 'trust', action: done.action, detail: `${rm.removed.length} record(s) removed` });
    if (done.ok && done.note) report.notes.push(done.note);
  }
  // Folders are not the host's to remove: `remit uninstall` removes the ones its install record says remit created.
  if (!ctx.dryRun) {
    for (const f of removals) {
      try {
        unlinkSync(f);
      } catch {
        // already gone
      }
    }
  }
  if (rm.action === 'removed' && rm.shifted && spec.shiftedNote) report.notes.push(spec.shiftedNote);
  report.ok = true;
  return report;
}

/** Reads a host config for doctor without touching it, through a link as the host reads it. */
export function readOurHooks(
  spec: Pick<HostInstallSpec, 'isOurs' | 'layout' | 'comments'>,
  file: string,
): { ok: true; exists: boolean; doc: unknown; locations: Location[] } | { ok: false; error: string } {
  const r = readJsonConfig(file, { followLinks: true, comments: spec.comments === true });
  if (!r.ok) return { ok: false, error: r.problem ?? r.error };
  return { ok: true, exists: r.exists, doc: r.doc, locations: findHooks(r.doc, spec.isOurs, layoutOf(spec)) };
}

export type { Json };
export { writeFileAtomic };
