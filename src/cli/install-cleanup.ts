// What `remit uninstall` removes after each host took its own part back: the files under the
// data folder (bundle, chunks, Skill copy, `current`) that remit created and no remaining
// install uses, and the folders remit created that are left empty. Both come from the install
// record; without a usable one nothing but remit's own files goes and every folder stays
// (ARCHITECTURE.md "Installing into a host's configuration").
import { existsSync, lstatSync, readdirSync, rmdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { FileAction, HostReport } from '../../adapters/host-module.js';
import { errnoWords, readRegularFileSync } from '../core/state/files.js';
import { lockPathOf } from '../core/state/lock.js';
import type { InstallRecord } from '../generated/types.js';
import {
  conservativeNote,
  emptyRecord,
  isGone,
  isShared,
  readRecord,
  recordPath,
  sameInstall,
  withRecordLock,
  writeRecord,
  type InstallEntry,
} from './install-record.js';

export interface CleanupInput {
  dataDir: string;
  scope: string;
  dryRun: boolean;
  /** What each host's uninstall did (or, in a dry run, would do). */
  reports: readonly HostReport[];
  /** `uninstall all` in user scope with every host done: bundles no install record lists go too. */
  sweep: boolean;
  /** remit's state folder as the hooks resolve it (REMIT_HOME …), named in the note that keeps the audit; absent when it cannot be resolved. */
  stateHome?: string;
}

const TOUCHED = new Set<FileAction['action']>(['removed', 'updated', 'restored']);

/** The files a host's uninstall took remit's part out of. */
function touchedBy(r: HostReport): Set<string> {
  return new Set(r.ok ? r.actions.filter((a) => TOUCHED.has(a.action)).map((a) => a.file) : []);
}

function present(p: string): boolean {
  try {
    lstatSync(p);
    return true;
  } catch {
    return false;
  }
}

/**
 * remit's files in a bundle folder `<data>/<version>/`: the bundle, its chunks, the Skill copy,
 * and what the bundle writes beside itself when it runs (hidden `.remit…` files: the V8 code
 * caches and their temp files).
 */
function bundleFolderFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const out = names.filter((n) => /^remit(-[a-z-]+)?\.cjs$/.test(n) || n.startsWith('.remit')).map((n) => path.join(dir, n));
  const skill = path.join(dir, 'skills', 'remit', 'SKILL.md');
  if (present(skill)) out.push(skill);
  return out;
}

/** Every bundle folder's files and `current`, whoever placed them (only `uninstall all` takes these). */
function everyBundle(dataDir: string): string[] {
  let versions: string[] = [];
  try {
    versions = readdirSync(dataDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => path.join(dataDir, d.name));
  } catch {
    return [];
  }
  // Only a folder that holds a remit bundle is remit's.
  const files = versions.filter((v) => present(path.join(v, 'remit.cjs'))).flatMap(bundleFolderFiles);
  const current = path.join(dataDir, 'current');
  return present(current) ? [...files, current] : files;
}

/** The files under the data folder that the remaining installs use: their own, and the bundle `current` names while one of them uses `current`. */
function neededBy(installs: readonly InstallEntry[], dataDir: string, candidates: readonly string[]): Set<string> {
  const needed = new Set(installs.flatMap((e) => e.files.filter((f) => isShared(f, dataDir))));
  const current = path.join(dataDir, 'current');
  if (needed.has(current)) {
    let target = '';
    try {
      target = readRegularFileSync(current, 4096).toString('utf8').trim();
    } catch {
      // no pointer: nothing more is needed
    }
    const folder = target ? path.dirname(target) + path.sep : null;
    if (folder) for (const f of candidates) if (f.startsWith(folder)) needed.add(f);
  }
  return needed;
}

const whatOf = (f: string): FileAction['what'] => (f.endsWith('SKILL.md') ? 'skill' : path.basename(f) === 'current' ? 'pointer' : 'bundle');

function removeFiles(files: readonly string[], dryRun: boolean, report: HostReport): void {
  for (const f of files) {
    if (!dryRun) rmSync(f, { force: true });
    report.actions.push({ file: f, what: whatOf(f), action: 'removed' });
  }
}

/** The audit is the user's record: it stays, and the note names where it is. */
const auditNote = (c: CleanupInput): string | null =>
  c.stateHome && !existsSync(c.stateHome)
    ? null
    : `The audit (remit status, remit runtime) is kept${c.stateHome ? `; delete ${c.stateHome} to remove it` : ''}.`;

interface Plan {
  report: HostReport;
  /** Folders to remove once the record's lock is released (it lives in the data folder). */
  rmdirs: string[];
}

function plan(c: CleanupInput, file: string): Plan {
  const report: HostReport = { host: 'remit', scope: c.scope, ok: true, dryRun: c.dryRun, actions: [], notes: [] };
  // A refused host removed nothing, whatever its plan named.
  const byHosts = c.reports.flatMap((r) => (r.ok ? r.actions.filter((a) => a.action === 'removed').map((a) => a.file) : []));
  const gone = new Set(byHosts);
  const exists = (p: string) => !gone.has(p) && present(p);
  const read = readRecord(file);
  if (read.state !== 'ok') {
    const swept = c.sweep ? everyBundle(c.dataDir) : [];
    removeFiles(swept, c.dryRun, report);
    // A folder in the record's place is not a record remit wrote: it stays, and the note says the record is unusable.
    if (c.sweep && read.state === 'damaged' && present(file) && !lstatSync(file).isDirectory()) {
      if (!c.dryRun) rmSync(file, { force: true });
      report.actions.push({ file, what: 'record', action: 'removed' });
    }
    const acted = c.reports.some((r) => touchedBy(r).size > 0) || swept.length > 0;
    if (acted) report.notes.push(conservativeNote(file, read));
    const note = swept.length > 0 ? auditNote(c) : null;
    if (note) report.notes.push(note);
    return { report, rmdirs: [] };
  }
  const rec = read.record;
  const took = (e: InstallEntry) => c.reports.some((r) => sameInstall(e, r.host, r.scope, touchedBy(r), c.dataDir));
  const remaining = rec.installs.filter((e) => !took(e) && !isGone(e, c.dataDir, exists));
  for (const r of c.reports) {
    const t = touchedBy(r);
    if (t.size > 0 && !rec.installs.some((e) => sameInstall(e, r.host, r.scope, t, c.dataDir)))
      report.notes.push(
        `No install record of ${r.host} (${r.scope}): its files ${c.dryRun ? 'would be' : 'were'} removed and the folders it may have made ${c.dryRun ? 'would be' : 'were'} kept.`,
      );
  }

  // Files under the data folder: what remit created there (and, for `uninstall all`, every bundle), less what a remaining install uses.
  const candidates = [...new Set([...rec.created.files.filter((f) => isShared(f, c.dataDir)), ...(c.sweep ? everyBundle(c.dataDir) : [])])];
  const needed = neededBy(remaining, c.dataDir, candidates);
  const drop = candidates.filter((f) => !needed.has(f) && exists(f));
  // A bundle that goes takes what it wrote beside itself when it ran.
  for (const b of drop.filter((f) => path.basename(f) === 'remit.cjs'))
    for (const f of bundleFolderFiles(path.dirname(b))) if (!drop.includes(f) && !needed.has(f)) drop.push(f);
  removeFiles(drop, c.dryRun, report);
  for (const f of drop) gone.add(f);
  const kept = candidates.filter((f) => needed.has(f) && exists(f));
  if (c.sweep && kept.length > 0) {
    const users = [...new Set(remaining.filter((e) => e.files.some((f) => isShared(f, c.dataDir))).map((e) => `${e.host} (${e.scope})`))];
    report.notes.push(
      `The bundle under ${c.dataDir} stays: ${users.join(', ')} still use${users.length === 1 ? 's' : ''} it (uninstall ${users.length === 1 ? 'it' : 'them'} in the project to remove it).`,
    );
  }

  const next: InstallRecord =
    remaining.length === 0
      ? emptyRecord()
      : { version: 1, installs: remaining, created: { files: rec.created.files.filter((f) => !gone.has(f) && present(f)), dirs: [] } };
  const last = remaining.length === 0;
  if (last) {
    gone.add(file);
    gone.add(lockPathOf(file));
    report.actions.push({ file, what: 'record', action: 'removed' });
  }
  // Folders remit created, deepest first: each goes when nothing is left in it.
  const rmdirs: string[] = [];
  const keptDirs = new Set<string>();
  for (const d of [...rec.created.dirs].sort((a, b) => b.length - a.length)) {
    if (!exists(d)) continue;
    if (isEmptyBut(d, gone)) {
      rmdirs.push(d);
      gone.add(d);
      report.actions.push({ file: d, what: 'folder', action: 'removed' });
    } else if (!last) keptDirs.add(d);
  }
  // In the record's own order, and not written at all when nothing changed (a refused uninstall changes nothing).
  next.created.dirs = rec.created.dirs.filter((d) => keptDirs.has(d));
  if (!c.dryRun && (last || !isDeepStrictEqual(next, rec))) writeRecord(file, next);
  const note = last && (drop.length > 0 || c.sweep) ? auditNote(c) : null;
  if (note) report.notes.push(note);
  return { report, rmdirs };
}

/** Whether `dir` holds nothing but what is in `gone` (already removed, or would be in a dry run). */
function isEmptyBut(dir: string, gone: ReadonlySet<string>): boolean {
  try {
    return readdirSync(dir).every((n) => gone.has(path.join(dir, n)));
  } catch {
    return false;
  }
}

/** Removes (or, in a dry run, plans) what the hosts' uninstalls leave of remit's; one report. */
export function cleanUpAfterUninstall(c: CleanupInput): HostReport {
  const file = recordPath(c.dataDir);
  let done: Plan;
  try {
    done = !c.dryRun && existsSync(c.dataDir) ? withRecordLock(file, () => plan(c, file)) : plan(c, file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code ? errnoWords(code) : err instanceof Error ? err.message : String(err);
    return {
      host: 'remit',
      scope: c.scope,
      ok: false,
      dryRun: c.dryRun,
      actions: [],
      notes: [],
      error: `the bundle and folders under ${c.dataDir} could not be cleaned up (${why}); fix that, then run the uninstall again`,
    };
  }
  const { report, rmdirs } = done;
  if (!c.dryRun) {
    for (const d of rmdirs) {
      try {
        rmdirSync(d);
      } catch {
        // Something arrived in it meanwhile: it stays.
      }
    }
  }
  return report;
}
