// `remit reads add|list|remove`: reads the user teaches remit (src/core/shell/taught.ts), kept
// in the user's own configuration ($XDG_CONFIG_HOME/remit/config.json), never the project's:
// the agent can write the project. The file's other settings are kept as they are.
import type { UserConfig } from '../../generated/types.js';
import { loadUserConfig, userConfigPath } from '../../core/config/user-config.js';
import { parseTaughtRead } from '../../core/shell/taught.js';
import { writeFileAtomic } from '../../core/state/files.js';
import { printError, UsageError, type CliIO } from '../io.js';

const USAGE = "usage: remit reads add '<program> [subcommand …] [options …] [*]' | list | remove '<entry>'";

export async function run(argv: string[], io: CliIO): Promise<number> {
  const json = argv.includes('--json');
  const args = argv.filter((a) => a !== '--json');
  const [action, ...rest] = args;
  try {
    if (action === 'list') {
      if (rest.length > 0) throw new UsageError(`unexpected argument '${rest[0]}'`);
      const reads = current(io).reads ?? [];
      if (json) io.stdout(`${JSON.stringify({ reads, file: userConfigPath(io.env) })}\n`);
      else io.stdout(reads.length === 0 ? 'No taught reads.\n' : `${reads.map((r) => `  ${r}`).join('\n')}\n`);
      return 0;
    }
    if (action !== 'add' && action !== 'remove') throw new UsageError(USAGE);
    if (rest.length !== 1) throw new UsageError(`${USAGE} (one entry, quoted)`);
    const entry = rest[0]!.trim().split(/\s+/).join(' ');
    const config = current(io);
    const reads = [...(config.reads ?? [])];
    if (action === 'add') {
      const parsed = parseTaughtRead(entry);
      if (typeof parsed === 'string') throw new UsageError(`cannot teach '${entry}': ${parsed}`);
      if (reads.includes(entry)) {
        io.stdout(`Already taught: ${entry}\n`);
        return 0;
      }
      reads.push(entry);
    } else {
      const i = reads.indexOf(entry);
      if (i < 0) throw new UsageError(`no taught read '${entry}' (remit reads list shows them)`);
      reads.splice(i, 1);
    }
    const next: UserConfig = { ...config };
    if (reads.length > 0) next.reads = reads;
    else delete next.reads;
    writeFileAtomic(userConfigPath(io.env), `${JSON.stringify(next, null, 2)}\n`);
    io.stdout(action === 'add' ? `Taught: ${entry}\n` : `Removed: ${entry}\n`);
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      printError(io, 'reads', err.message);
      return 1;
    }
    throw err;
  }
}

/** The user's configuration as it is; a file that fails its schema is not rewritten (it would lose what the user wrote). */
function current(io: CliIO): UserConfig {
  const loaded = loadUserConfig(io.env);
  if (loaded.status === 'invalid') throw new UsageError(loaded.problem ?? `${loaded.path} is not a valid configuration`);
  return loaded.config ?? {};
}
