// What `remit <command> --help` prints: usage, options, exit codes and one example per
// command. Kept apart from the commands so `--help` loads none of them (the host list is
// names and capability records only; a host's parts stay unloaded).
import { HOSTS as HOST_LIST } from '../../adapters/hosts.js';

export interface CommandHelp {
  usage: string;
  does: string;
  options: [string, string][];
  exits: [number, string][];
  example: string;
}

const HOME: [string, string] = ['--home DIR', "remit's state folder (default $REMIT_HOME, else $XDG_STATE_HOME/remit, else ~/.local/state/remit)"];
const JSON_OPT: [string, string] = ['--json', 'print JSON instead of text'];
const SESSION: [string, string] = ['--host H --session ID', "the host's session (default: the one last used in this project)"];
const HELP_OPT: [string, string] = ['-h, --help', 'this help'];
const USAGE_EXIT: [number, string] = [1, 'usage error or failure (one line on stderr, nothing changed)'];
const HOSTS = `${HOST_LIST.map((h) => h.name).join(', ')} (any case) or all`;
/** The hosts, by display name, whose install takes `scope`, or `--trust`. */
const hostsWith = (has: (install: (typeof HOST_LIST)[number]['install']) => boolean) =>
  HOST_LIST.filter((h) => has(h.install))
    .map((h) => h.capability.displayName)
    .join(', ');

export const HELP: Record<string, CommandHelp> = {
  hook: {
    usage: 'remit hook <host> [event]',
    does: "answers one hook call of a host (the payload on stdin); hosts run this, people don't",
    options: [HELP_OPT],
    exits: [
      [0, 'answered: allow or refuse, the answer is on stdout (a host treats any other exit as a failed hook)'],
      [1, 'usage error (no host, or a host that loads remit as a plugin)'],
    ],
    example: 'echo \'{"hook_event_name":"SessionStart","session_id":"s1","cwd":"."}\' | remit hook claude SessionStart',
  },
  install: {
    usage: 'remit install <host|all> [--scope user|project|local] [--dry-run] [--trust] [--json]',
    does: `registers remit with a host (${HOSTS}); a refused install changes nothing`,
    options: [
      ['--scope S', `user (default), project (committed, no machine paths) or local (${hostsWith((i) => i.scopes.includes('local'))} only)`],
      ['--dry-run', 'say what would change; write nothing'],
      ['--trust', `${hostsWith((i) => i.trust === true)}: record the host's own trust for remit's hooks`],
      JSON_OPT,
      HELP_OPT,
    ],
    exits: [[0, 'every host installed'], USAGE_EXIT],
    example: 'remit install claude --scope project --dry-run',
  },
  uninstall: {
    usage: 'remit uninstall <host|all> [--scope user|project|local] [--dry-run] [--json]',
    does: "removes remit's entries and files, restores each edited file's original when nothing else changed it, removes the bundle once no install runs it and the folders remit created once empty (the audit is kept)",
    options: [['--scope S', 'user (default), project or local'], ['--dry-run', 'say what would change; write nothing'], JSON_OPT, HELP_OPT],
    exits: [
      [0, 'every host uninstalled'],
      [1, `${USAGE_EXIT[1]}; or a host's file remit could not edit kept remit's part (its "not done:" line says which and why; the rest was removed)`],
    ],
    example: 'remit uninstall all',
  },
  doctor: {
    usage: 'remit doctor [--home DIR] [--json]',
    does: 'says per host whether it is protected and why not; runs each registered hook once in a throwaway state folder',
    options: [HOME, JSON_OPT, HELP_OPT],
    exits: [[0, 'every host on this machine is protected, and at least one is'], USAGE_EXIT, [3, 'a host is not protected, or none is (no host installed)']],
    example: 'remit doctor --json',
  },
  status: {
    usage: 'remit status [--host H --session ID] [--home DIR] [--json]',
    does: "the session's contract, why it last changed, and its recent decisions",
    options: [SESSION, HOME, JSON_OPT, HELP_OPT],
    exits: [[0, 'shown'], USAGE_EXIT],
    example: 'remit status --host claude --session 4f2c…',
  },
  runtime: {
    usage: 'remit runtime [all|--all] [--host H --session ID] [--home DIR] [--json]',
    does: 'check counts of the session, or of every session with all',
    options: [['all, --all', 'every recorded session'], SESSION, HOME, JSON_OPT, HELP_OPT],
    exits: [[0, 'shown'], USAGE_EXIT],
    example: 'remit runtime all',
  },
  explain: {
    usage: 'remit explain <evt_…> [--host H --session ID] [--home DIR] [--json]',
    does: 'one audited decision: the action, the decisive fact and the line that would authorise it',
    options: [SESSION, HOME, JSON_OPT, HELP_OPT],
    exits: [[0, 'shown'], USAGE_EXIT],
    example: 'remit explain evt_01a237dea0b4c9834117bfee1e77',
  },
  label: {
    usage: 'remit label <evt_…> correct|incorrect|inconclusive [--host H --session ID] [--home DIR] [--json]',
    does: 'labels one decision record (for the statistics `runtime` shows)',
    options: [SESSION, HOME, JSON_OPT, HELP_OPT],
    exits: [[0, 'labelled'], USAGE_EXIT],
    example: 'remit label evt_01a237dea0b4c9834117bfee1e77 incorrect',
  },
  check: {
    usage: 'remit check --host H [--session ID] [--prompt P] --tool T --input JSON [--home DIR] [--json]',
    does: "one dry decision through a host's hook path, in a throwaway state folder; records nothing",
    options: [
      ['--host H', "a host name (opencode2: OpenCode 2's plugin form), or core (then --input is a ToolRequest)"],
      ['--session ID', "the host's session whose contract the dry run starts from (default: the one last used in this project)"],
      ['--prompt P', 'a prompt first (a directive sets the contract)'],
      ['--tool T', "the host's own tool name"],
      ['--input JSON', "the tool's input"],
      HOME,
      JSON_OPT,
      HELP_OPT,
    ],
    exits: [[0, 'allow'], USAGE_EXIT, [4, 'report or ask'], [5, 'deny']],
    example: 'remit check --host claude --prompt \'$remit review\' --tool Write --input \'{"file_path":"a.ts","content":"x"}\'',
  },
  replay: {
    usage: 'remit replay [dir] [--host H|core|all] [--home DIR] [--json]',
    does: 'replays the Bad/Good cases through the core and every adapter',
    options: [
      ['dir', 'a folder of cases (default: the shipped cases)'],
      ['--host H', "one host's column (opencode2: OpenCode 2's plugin form), core, or all (default)"],
      HOME,
      JSON_OPT,
      HELP_OPT,
    ],
    exits: [[0, 'every case agrees'], USAGE_EXIT, [2, 'a case disagrees']],
    example: 'remit replay --host claude',
  },
  audit: {
    usage: 'remit audit verify [--all] [--host H --session ID] [--home DIR] [--json]',
    does: 'verifies the tamper-evident audit chain',
    options: [['--all', 'every audit file'], SESSION, HOME, JSON_OPT, HELP_OPT],
    exits: [[0, 'intact'], USAGE_EXIT, [6, 'broken']],
    example: 'remit audit verify --all',
  },
  ledger: {
    usage: 'remit ledger release <reservation|--all> [--host H --session ID] [--home DIR] [--json]',
    does: 'frees subagent capacity remit still counts as in use (audited)',
    options: [['--all', 'every reservation'], SESSION, HOME, JSON_OPT, HELP_OPT],
    exits: [[0, 'released'], USAGE_EXIT],
    example: 'remit ledger release r1',
  },
  state: {
    usage: 'remit state repair [--host H --session ID] [--home DIR] [--json]',
    does: 'rebuilds a damaged session state, keeping the damaged file',
    options: [SESSION, HOME, JSON_OPT, HELP_OPT],
    exits: [[0, 'repaired or sound'], USAGE_EXIT],
    example: 'remit state repair',
  },
  reads: {
    usage: "remit reads add '<program> [subcommand …] [options …] [*]' | list | remove '<entry>' [--json]",
    does: "reads you teach remit, in your own configuration ($XDG_CONFIG_HOME/remit/config.json, never the project's): the program and subcommands exactly, only the options listed (-x: and --name= take a value), operands only with a final *; a taught read turns only what remit cannot prove into a read",
    options: [JSON_OPT, HELP_OPT],
    exits: [[0, 'done'], USAGE_EXIT],
    example: "remit reads add 'jj log --no-graph -r: --limit= *'",
  },
  prune: {
    usage: 'remit prune [--older-than 30d] [--dry-run] [--armed] [--home DIR] [--json]',
    does: 'deletes sessions (state and audit) untouched that long; a live armed session is kept unless --armed',
    options: [
      ['--older-than N', 'days, hours or weeks: 30d, 12h, 2w (default: the configured retention)'],
      ['--dry-run', 'say what would go; delete nothing'],
      ['--armed', 'remove live armed sessions too (their agents then run unarmed)'],
      HOME,
      JSON_OPT,
      HELP_OPT,
    ],
    exits: [[0, 'done'], USAGE_EXIT],
    example: 'remit prune --older-than 2w --dry-run',
  },
  case: {
    usage: 'remit case from <evt_…> [--out FILE] [--host H --session ID] [--home DIR] [--json]',
    does: 'turns an event recorded with REMIT_AUDIT=detail into a Bad/Good case file',
    options: [['--out FILE', 'write the case there (never overwrites)'], SESSION, HOME, JSON_OPT, HELP_OPT],
    exits: [[0, 'written'], USAGE_EXIT],
    example: 'REMIT_AUDIT=detail claude …; remit case from evt_01a237dea0b4c9834117bfee1e77 --out cases/S/PATH_OUTSIDE_CONTRACT/mine.json',
  },
};

export function renderHelp(name: string): string {
  const h = HELP[name]!;
  const w = Math.max(...h.options.map(([o]) => o.length));
  return [
    `usage: ${h.usage}`,
    '',
    `${name}: ${h.does}`,
    '',
    'options:',
    ...h.options.map(([o, d]) => `  ${o.padEnd(w)}  ${d}`),
    '',
    'exit codes:',
    ...h.exits.map(([c, d]) => `  ${c}  ${d}`),
    '',
    'example:',
    `  ${h.example}`,
    '',
  ].join('\n');
}
