// `remit uninstall <host|all> [--scope …] [--dry-run] [--json]`: removes only remit's entries
// (and the Skill and project launcher it placed), restoring an edited file's original when
// nothing else changed it. `uninstall all` (user scope) also removes the installed bundles
// under $XDG_DATA_HOME/remit; the audit under $XDG_STATE_HOME/remit is the user's record and stays.
import { readdirSync, rmdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { HostReport } from '../../../adapters/command-hook/install-run.js';
import type { HostModule } from '../../../adapters/host-module.js';
import { resolveDataDir } from '../../core/state/home.js';
import type { CliIO } from '../io.js';
import { asPlanned, parseInstallArgs, renderReports, uninstallReports } from './install.js';

/** The files remit's installers place under the data folder, per version folder. */
function bundleFiles(dataDir: string): string[] {
  const out: string[] = [];
  let versions: string[] = [];
  try {
    versions = readdirSync(dataDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  } catch {
    return out;
  }
  for (const v of versions) {
    const dir = path.join(dataDir, v);
    let names: string[] = [];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    // Only a folder that holds a remit bundle is remit's.
    if (!names.includes('remit.cjs')) continue;
    // The bundle, its chunks, and the V8 code caches the loader writes beside them on first runs.
    for (const n of names) if (/^\.?remit(-[a-z]+)?\.cjs(\.v8cache)?$/.test(n)) out.push(path.join(dir, n));
    out.push(path.join(dir, 'skills', 'remit', 'SKILL.md'));
  }
  out.push(path.join(dataDir, 'current'));
  return out;
}

export function removeBundles(dataDir: string, dryRun: boolean): HostReport {
  const report: HostReport = { host: 'bundle', scope: 'user', ok: true, dryRun, actions: [], notes: [] };
  for (const f of bundleFiles(dataDir)) {
    let exists = true;
    try {
      readdirSync(path.dirname(f));
      exists = readdirSync(path.dirname(f)).includes(path.basename(f));
    } catch {
      exists = false;
    }
    if (!exists) continue;
    if (!dryRun) rmSync(f, { force: true });
    report.actions.push({ file: f, what: f.endsWith('SKILL.md') ? 'skill' : f.endsWith('current') ? 'pointer' : 'bundle', action: 'removed' });
  }
  if (!dryRun) {
    // Emptied folders, deepest first, up to and including the data folder itself.
    const dirs = [...new Set(report.actions.map((a) => path.dirname(a.file)))].flatMap((d) => {
      const chain: string[] = [];
      for (let x = d; x.startsWith(dataDir); x = path.dirname(x)) chain.push(x);
      return chain;
    });
    for (const d of [...new Set(dirs)].sort((a, b) => b.length - a.length)) {
      try {
        rmdirSync(d);
      } catch {
        // not empty: something else lives there
      }
    }
  }
  if (report.actions.length) report.notes.push('The audit (remit status, remit runtime) is kept; delete $XDG_STATE_HOME/remit to remove it.');
  return report;
}

export async function run(argv: string[], io: CliIO, hosts?: readonly HostModule[]): Promise<number> {
  const args = parseInstallArgs(argv, 'uninstall', hosts);
  const reports = await uninstallReports(args, io, hosts);
  if (args.all && args.scope === 'user' && reports.every((r) => r.ok)) reports.push(removeBundles(resolveDataDir(io.env), args.dryRun));
  io.stdout(args.json ? `${JSON.stringify({ command: 'uninstall', dryRun: args.dryRun, reports: reports.map(asPlanned) }, null, 2)}\n` : renderReports(reports, 'uninstalled'));
  return reports.every((r) => r.ok) ? 0 : 1;
}
