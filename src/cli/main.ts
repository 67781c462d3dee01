// The `remit` command: the composition root that wires the core to every adapter. Commands
// load lazily so a hook pays only for what its event needs.
import { processIO, UsageError, type CliIO } from './io.js';
import { REMIT_VERSION } from './version.js';

interface CommandModule {
  run(argv: string[], io: CliIO): Promise<number>;
}

const COMMANDS: Record<string, { load: () => Promise<CommandModule>; summary: string }> = {
  hook: { load: () => import('./commands/hook.js'), summary: 'hook <host> [event]      answer a host hook (payload on stdin)' },
  install: { load: () => import('./commands/install.js'), summary: 'install <host|all>       register remit with a host' },
  uninstall: { load: () => import('./commands/uninstall.js'), summary: "uninstall <host|all>     remove remit's entries" },
  doctor: { load: () => import('./commands/doctor.js'), summary: 'doctor                   is every host protected?' },
  status: { load: () => import('./commands/status.js'), summary: "status                   the session's contract and recent checks" },
  runtime: { load: () => import('./commands/runtime.js'), summary: 'runtime [--all]          check counts' },
  explain: { load: () => import('./commands/explain.js'), summary: 'explain <evt>            one audited decision' },
  label: { load: () => import('./commands/label.js'), summary: 'label <evt> <label>      correct|incorrect|inconclusive' },
  check: { load: () => import('./commands/check.js'), summary: 'check --host H …         one dry decision' },
  replay: { load: () => import('./commands/replay.js'), summary: 'replay [dir] [--host H]  replay the Bad/Good cases' },
  audit: { load: () => import('./commands/audit.js'), summary: 'audit verify [--all]     check the audit chain' },
  ledger: { load: () => import('./commands/ledger.js'), summary: 'ledger release <id|--all> free subagent capacity' },
  state: { load: () => import('./commands/state.js'), summary: 'state repair             rebuild a damaged session state' },
  prune: { load: () => import('./commands/prune.js'), summary: 'prune [--older-than 30d] delete old audit logs' },
  case: { load: () => import('./commands/case.js'), summary: 'case from <evt>          turn an audited event into a case' },
};

function usage(): string {
  return ['usage: remit <command> [options]', '', ...Object.values(COMMANDS).map((c) => `  ${c.summary}`), '', 'Every command takes --home DIR; printing commands take --json.', ''].join('\n');
}

export async function main(argv: string[], io: CliIO = processIO()): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    io.stderr('remit: a command is needed (see remit --help)\n');
    return 1;
  }
  if (name === 'help' || name === '--help' || name === '-h') {
    io.stdout(usage());
    return 0;
  }
  if (name === '--version' || name === '-v' || name === 'version') {
    io.stdout(`remit ${REMIT_VERSION}\n`);
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.stderr(`remit: unknown command '${name}' (see remit --help)\n`);
    return 1;
  }
  try {
    const mod = await command.load();
    return await mod.run(rest, io);
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr(`remit ${name}: ${err.message}\n`);
      return 1;
    }
    // One clear line, never a stack trace (a hook's stdout may reach the model).
    io.stderr(`remit ${name}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}\n`);
    return 1;
  }
}
