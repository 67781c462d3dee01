// An unknown option or host, named with the nearest one the command takes (`--dryrun` → `--dry-run`).
import { nearest } from '../core/contract/nearest.js';
import { UsageError } from './io.js';

/** `arg` as given (`--dryrun`, `--dryrun=x`, `-q`); `known` the command's long option names without dashes. */
export function unknownOption(arg: string, known: readonly string[]): UsageError {
  const name = arg.replace(/^-+/, '').split('=')[0]!;
  const near = name.length > 1 ? nearest(name, known) : undefined;
  return new UsageError(`unknown option --${name}${near ? `; did you mean --${near}?` : ''}`.replace(/^unknown option --(.)$/, 'unknown option -$1'));
}

/** `host` as given to --host; `names` the ones the command takes, `listed` how the message lists them. */
export function unknownHost(host: string, names: readonly string[], listed = names.join(', ')): UsageError {
  const near = nearest(host, names);
  return new UsageError(`unknown host '${host}' (${listed})${near ? `; did you mean --host ${near}?` : ''}`);
}
