// The `remit` command: the composition root that wires the core to every adapter. Commands
// load lazily so a hook pays only for what its event needs.
import { nearest } from '../core/contract/nearest.js';
import { HELP, renderHelp } from './help.js';
import { printError, processIO, UsageError, type CliIO } from './io.js';
import { REMIT_VERSION } from './version.js';
import { errnoWords } from '../core/state/files.js';
import { ownEntry } from '../core/lookup-table.js';

type CommandModule = import('./command-table.js').CommandModule;

// Every command comes through the command table, which the build keeps in its own file (the
// read-back commands through a smaller one of their own). A
// host's hook does not come through here at all: dist/remit.cjs runs `remit hook` from its own
// chunk (src/cli/hook-bin.ts); this entry serves it too, when the CLI bundle is run directly.
const fromTable = (name: string) => async (): Promise<CommandModule> => (await import('./command-table.js')).COMMAND_LOADERS[name]!();
const fromReadback = (name: string) => async (): Promise<CommandModule> => (await import('./readback-table.js')).READBACK_LOADERS[name]!();

const COMMANDS: Record<string, { load: () => Promise<CommandModule>; summary: [string, string] }> = {
  hook: { load: fromTable('hook'), summary: ['hook <host> [event]', 'answer a host hook (payload on stdin)'] },
  install: { load: fromTable('install'), summary: ['install <host|all>', 'register remit with a host'] },
  uninstall: { load: fromTable('uninstall'), summary: ['uninstall <host|all>', "remove remit's entries"] },
  doctor: { load: fromTable('doctor'), summary: ['doctor', 'is every host protected?'] },
  status: { load: fromReadback('status'), summary: ['status', "the session's contract and recent checks"] },
  runtime: { load: fromReadback('runtime'), summary: ['runtime [all]', 'check counts'] },
  explain: { load: fromReadback('explain'), summary: ['explain <evt>', 'one audited decision'] },
  label: { load: fromTable('label'), summary: ['label <evt> <label>', 'correct|incorrect|inconclusive'] },
  check: { load: fromTable('check'), summary: ['check --host H …', 'one dry decision'] },
  replay: { load: fromTable('replay'), summary: ['replay [dir] [--host H]', 'replay the Bad/Good cases'] },
  audit: { load: fromTable('audit'), summary: ['audit verify [--all]', 'check the audit chain'] },
  ledger: { load: fromTable('ledger'), summary: ['ledger release <id|--all>', 'free subagent capacity'] },
  state: { load: fromTable('state'), summary: ['state repair', 'rebuild a damaged session state'] },
  prune: { load: fromTable('prune'), summary: ['prune [--older-than 30d]', 'delete old sessions (--dry-run)'] },
  case: { load: fromTable('case'), summary: ['case from <evt>', 'turn an audited event into a case'] },
  reads: { load: fromTable('reads'), summary: ['reads add|list|remove', 'reads you teach remit'] },
};

const SUMMARY_WIDTH = Math.max(...Object.values(COMMANDS).map((c) => c.summary[0].length));

function usage(): string {
  return [
    'usage: remit <command> [options]',
    '',
    // The descriptions in one column, however long a command's own part (`ledger release <id|--all>`).
    ...Object.values(COMMANDS).map((c) => `  ${c.summary[0].padEnd(SUMMARY_WIDTH)}  ${c.summary[1]}`),
    '',
    'remit <command> --help (or remit help <command>) shows its options, exit codes and an example; remit --version the version.',
    'REMIT_AUDIT=detail stores each event whole, so `remit explain` replays it and `remit case from` makes a case of it.',
    '',
  ].join('\n');
}

/** Options every command that reads state takes, accepted before the command too (`remit --json status`). */
const LEADING = new Set(['--json', '--home']);

/**
 * `remit --json status` reads as `remit status --json`: a leading `--json` or `--home DIR` moves
 * after the command. Any other option before a command is named in one line.
 */
function leadingOptions(argv: string[]): string[] | string {
  const moved: string[] = [];
  let i = 0;
  while (i < argv.length && argv[i]!.startsWith('-') && !['--help', '-h', '--version', '-v', '-V'].includes(argv[i]!)) {
    const a = argv[i]!;
    const flag = a.split('=')[0]!;
    if (!LEADING.has(flag))
      return `'${a}' is not an option of remit itself; options go after the command: remit <command> [options] (remit <command> --help lists them)`;
    const takesValue = flag === '--home' && !a.includes('=');
    moved.push(...argv.slice(i, i + (takesValue ? 2 : 1)));
    i += takesValue ? 2 : 1;
  }
  if (moved.length === 0) return argv;
  if (i >= argv.length) return `${moved[0]} goes with a command: remit <command> ${moved.join(' ')}`;
  return [argv[i]!, ...moved, ...argv.slice(i + 1)];
}

export async function main(argv: string[], io: CliIO = processIO()): Promise<number> {
  const end = argv.indexOf('--');
  io.jsonErrors = (end < 0 ? argv : argv.slice(0, end)).includes('--json');
  const ordered = leadingOptions(argv);
  if (typeof ordered === 'string') {
    printError(io, undefined, ordered);
    return 1;
  }
  const [name, ...rest] = ordered;
  if (name === undefined) {
    // The usage itself, on stderr: a bare `remit` is how a newcomer asks what there is.
    io.stderr(`remit: a command is needed\n\n${usage()}`);
    return 1;
  }
  if (name === 'help' || name === '--help' || name === '-h') {
    // `remit help install` reads as `remit install --help`.
    const topic = name === 'help' ? rest[0] : undefined;
    if (topic !== undefined && !Object.hasOwn(HELP, topic)) {
      const near = nearest(topic, Object.keys(HELP));
      io.stderr(`remit help: no command '${topic}'${near ? `; did you mean \`remit help ${near}\`?` : ''} (see remit --help)\n`);
      return 1;
    }
    io.stdout(topic !== undefined ? renderHelp(topic) : usage());
    return 0;
  }
  if (name === '--version' || name === '-v' || name === '-V' || name === 'version') {
    io.stdout(`remit ${REMIT_VERSION}\n`);
    return 0;
  }
  const command = ownEntry(COMMANDS, name);
  if (!command) {
    const near = nearest(name, Object.keys(COMMANDS));
    printError(io, undefined, `unknown command '${name}'${near ? `; did you mean \`remit ${near}\`?` : ''} (see remit --help)`);
    return 1;
  }
  // Help before the command loads: `-h` is never an unknown option, and needs no state.
  const restEnd = rest.indexOf('--');
  if ((restEnd < 0 ? rest : rest.slice(0, restEnd)).some((a) => a === '--help' || a === '-h') && HELP[name]) {
    io.stdout(renderHelp(name));
    return 0;
  }
  try {
    const mod = await command.load();
    return await mod.run(rest, io);
  } catch (err) {
    if (err instanceof UsageError) {
      printError(io, name, err.message);
      return err.exitCode;
    }
    // One clear line, never a stack trace (a hook's stdout may reach the model); a system
    // error names its file and cause in words, not Node's `EACCES: permission denied, open …`.
    const sys = err as NodeJS.ErrnoException;
    const line =
      err instanceof Error && typeof sys.code === 'string' && /^E[A-Z]+$/.test(sys.code) && sys.path
        ? `cannot ${sys.syscall ?? 'use'} ${sys.path} (${errnoWords(sys.code)}); fix that, then run again`
        : err instanceof Error
          ? err.message.split('\n')[0]!
          : String(err);
    printError(io, name, line);
    return 1;
  }
}
