// `remit uninstall <host|all> [--scope …] [--dry-run] [--json]`: each host takes back only
// remit's entries and files (restoring an edited file's original when nothing else changed it);
// then the files under $XDG_DATA_HOME/remit that no remaining install uses, and the folders
// the install record says remit created, once empty, go too (src/cli/install-cleanup.ts).
// `uninstall all` (user scope) also takes bundles no record lists. The audit under
// $XDG_STATE_HOME/remit is the user's record and stays.
import type { HostModule } from '../../../adapters/host-module.js';
import { resolveDataDir, resolveRemitHome } from '../../core/state/home.js';
import { cleanUpAfterUninstall } from '../install-cleanup.js';
import type { CliIO } from '../io.js';
import { parseInstallArgs, printReports, requireAbsoluteHome, uninstallReports } from './install.js';

export async function run(argv: string[], io: CliIO, hosts?: readonly HostModule[]): Promise<number> {
  const args = parseInstallArgs(argv, 'uninstall', hosts);
  requireAbsoluteHome(io.env, 'uninstall');
  const reports = await uninstallReports(args, io, hosts);
  const sweep = args.all && args.scope === 'user' && reports.every((r) => r.ok);
  let stateHome: string | undefined;
  try {
    stateHome = resolveRemitHome(io.env);
  } catch {
    // A relative REMIT_HOME: the note names no folder.
  }
  const rest = cleanUpAfterUninstall({ dataDir: resolveDataDir(io.env), scope: args.scope, dryRun: args.dryRun, reports, sweep, stateHome });
  if (!rest.ok || rest.actions.length > 0 || rest.notes.length > 0) reports.push(rest);
  printReports(io, args, 'uninstall', reports);
  return reports.every((r) => r.ok && !r.incomplete) ? 0 : 1;
}
