// `remit uninstall <host|all> [--scope …] [--dry-run] [--json]`: removes only remit's entries
// (and the Skill and project launcher it placed); the installed bundle stays for other hosts.
import type { CliIO } from '../io.js';
import { asPlanned, parseInstallArgs, renderReports, uninstallReports } from './install.js';

export async function run(argv: string[], io: CliIO): Promise<number> {
  const args = parseInstallArgs(argv, 'uninstall');
  const reports = await uninstallReports(args, io);
  io.stdout(args.json ? `${JSON.stringify({ command: 'uninstall', dryRun: args.dryRun, reports: reports.map(asPlanned) }, null, 2)}\n` : renderReports(reports, 'uninstalled'));
  return reports.every((r) => r.ok) ? 0 : 1;
}
