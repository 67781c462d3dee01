// Arguments shared by the read-back commands (docs/DESIGN.md#command-line): --home, --json, and session
// selection (--host H --session ID, else the session last used in this directory's project).
import { existsSync } from 'node:fs';
import minimist from 'minimist';
import path from 'node:path';
import HOST_CAPABILITY_SCHEMA from '../../../schemas/host-capability.schema.json' with { type: 'json' };
import { installAuditKey } from '../../core/audit/chain.js';
import { nearest } from '../../core/contract/nearest.js';
import { findProjectRoot } from '../../core/paths/project-root.js';
import { auditFile, homeProblem, resolveRemitHome, sessionFile, sessionKey } from '../../core/state/home.js';
import { latestSessionFor } from '../../core/state/store.js';
import { printError, UsageError, type CliIO } from '../io.js';
import { unknownHost, unknownOption } from '../options.js';

/** The hosts' names, from the schema's enum (the host list's order): the read-back chunk loads no host module. */
const HOST_NAMES: readonly string[] = HOST_CAPABILITY_SCHEMA.properties.host.enum;

export interface ParsedArgs {
  positional: string[];
  flags: minimist.ParsedArgs;
  home: string;
  json: boolean;
}

export function parseArgs(argv: string[], io: CliIO, spec: { boolean?: string[]; string?: string[]; homeExit?: number } = {}): ParsedArgs {
  const booleans = ['json', 'all', ...(spec.boolean ?? [])];
  const strings = ['home', 'host', 'session', ...(spec.string ?? [])];
  const flags = minimist(argv, {
    boolean: booleans,
    string: strings,
    unknown: (a) => {
      if (a.startsWith('-')) throw unknownOption(a, [...booleans, ...strings, 'help']);
      return true;
    },
  });
  for (const s of strings) {
    const v = flags[s] as unknown;
    if (Array.isArray(v)) throw new UsageError(`--${s} given twice`);
    if (argv.some((a) => a === `--${s}`) && (v === '' || v === undefined)) throw new UsageError(`--${s} needs a value`);
  }
  const home = typeof flags.home === 'string' && flags.home !== '' ? path.resolve(io.cwd, flags.home) : resolveRemitHome(io.env);
  // Not "nothing recorded": the hooks read every session here as damaged and refuse changes.
  const problem = homeProblem(home);
  if (problem)
    throw new UsageError(
      `${home} cannot hold remit's sessions (${problem}): nothing can be read back, and the hooks refuse every change until it is a folder again`,
      spec.homeExit,
    );
  return { positional: flags._.map(String), flags, home, json: flags.json === true };
}

/** The selected session's key, or null when no session was recorded for this directory. */
export function selectSession(args: ParsedArgs, io: CliIO): string | null {
  const host = args.flags.host as string | undefined;
  const session = args.flags.session as string | undefined;
  if (session !== undefined || host !== undefined) {
    if (host && !HOST_NAMES.includes(host)) throw unknownHost(host, HOST_NAMES);
    if (!session || !host) throw new UsageError('--host and --session go together');
    const key = sessionKey(host, session);
    // A session named on the command line must exist: zero counts, "intact" or "defaults
    // apply" would describe a session remit never saw as if it were a quiet one.
    if (!sessionKnown(args.home, key)) throw new UsageError(`no session '${session}' of ${host} in ${args.home}`);
    return key;
  }
  return latestSessionFor(args.home, findProjectRoot(io.cwd), installAuditKey(args.home));
}

/** remit has a state file or an audit for the session. */
export function sessionKnown(home: string, key: string): boolean {
  return existsSync(sessionFile(home, key)) || existsSync(auditFile(home, key));
}

export function requireSession(args: ParsedArgs, io: CliIO): string {
  const key = selectSession(args, io);
  if (!key) throw new UsageError('no session recorded for this directory; name one with --host H --session ID');
  return key;
}

export function out(io: CliIO, args: ParsedArgs, value: unknown, text: string): void {
  io.stdout(args.json ? JSON.stringify(value, null, 2) + '\n' : text.endsWith('\n') ? text : text + '\n');
}

/** Runs a command body, turning a UsageError into one stderr line and exit 1. */
export async function guarded(name: string, io: CliIO, body: () => Promise<number>): Promise<number> {
  try {
    return await body();
  } catch (err) {
    if (err instanceof UsageError) {
      printError(io, name, err.message);
      return err.exitCode;
    }
    throw err;
  }
}

const EVENT_ARG = /^evt_[0-9a-f]{28}$/i;

export function eventArg(v: string | undefined, usage: string): string {
  if (!v) throw new UsageError(usage);
  if (!EVENT_ARG.test(v)) throw new UsageError(`'${v}' is not an event id (evt_ and 28 hex digits)`);
  return v.toLowerCase();
}

/** The one subcommand `remit <command>` takes (`audit verify`, `case from` …); a typo of it is named. */
export function subcommand(command: string, got: string | undefined, want: string, usage: string): void {
  if (got === want) return;
  if (got !== undefined && nearest(got, [want])) throw new UsageError(`unknown subcommand '${got}'; did you mean \`remit ${command} ${want}\`?`);
  throw new UsageError(got === undefined ? `usage: ${usage}` : `unknown subcommand '${got}' (${usage})`);
}
