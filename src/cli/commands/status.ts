// `remit status`: the selected session from its state file and audit tail only.
import { loadRepoConfig, loadUserConfig } from '../../core/config/user-config.js';
import { configReport, renderStatus, statusView } from '../../core/controller/readback.js';
import { findProjectRoot } from '../../core/paths/project-root.js';
import { UsageError, type CliIO } from '../io.js';
import { guarded, out, parseArgs, selectSession } from './readback-args.js';

export async function run(argv: string[], io: CliIO): Promise<number> {
  return guarded('status', io, async () => {
    const args = parseArgs(argv, io);
    if (args.positional.length) throw new UsageError(`unexpected argument '${args.positional[0]}'`);
    const key = selectSession(args, io);
    const view = statusView(args.home, key, configReport(loadUserConfig(io.env), loadRepoConfig(findProjectRoot(io.cwd))));
    out(io, args, view, renderStatus(view));
    return 0;
  });
}
