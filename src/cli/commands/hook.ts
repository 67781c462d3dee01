// `remit hook <host> [event]`: one host hook invocation. stdin is the host's payload; stdout is
// exactly the host's response and nothing else. Codex and Claude Code: exit 0 always — the
// verdict travels as JSON on stdout, which survives wrappers that would swallow exit 2, and
// any other exit code would make the host treat the hook as failed (and run the tool).
import { claudeHookHost } from '../../../adapters/claude/index.js';
import { claudeConfigPaths } from '../../../adapters/claude/paths.js';
import { codexHookHost } from '../../../adapters/codex/index.js';
import { codexConfigPaths } from '../../../adapters/codex/paths.js';
import { readHookStdin, readHookStdinSync } from '../../../adapters/command-hook/stdin.js';
import { runCommandHook, type CommandHookHost, type RunOptions } from '../../../adapters/command-hook/run.js';
import type { NativeResponse } from '../../core/host/adapter.js';
import type { Runtime } from '../../core/host/runtime.js';
import path from 'node:path';
import { resolveRemitHome } from '../../core/state/home.js';
import { allHostConfigPaths, HOST_CAPABILITIES } from '../../../adapters/capabilities.js';
import { UsageError, type CliIO } from '../io.js';

const COMMAND_HOOK_HOSTS: Record<string, CommandHookHost> = { codex: codexHookHost, claude: claudeHookHost };

/**
 * The hook path without the CLI around it: `remit hook`, replay and tests all call this.
 * `eventArg` is the event named on the command line. For every host the payload's own
 * `hook_event_name` wins when it names an event the adapter knows (Codex and Claude Code in
 * runCommandHook, Hermes in runHermesHook); the argument is the fallback.
 */
export async function runHook(host: string, eventArg: string | undefined, stdinText: string, runtime: Runtime, opts: RunOptions = {}): Promise<NativeResponse> {
  const commandHost = COMMAND_HOOK_HOSTS[host.toLowerCase()];
  if (commandHost) return runCommandHook(commandHost, eventArg, stdinText, runtime, opts);
  // Hermes is the one in-process host whose plugin spawns `remit hook`; the others never do.
  if (host.toLowerCase() === 'hermes') {
    const { runHermesHook } = await import('../../../adapters/hermes/hook.js');
    return runHermesHook(eventArg, stdinText, runtime);
  }
  return { stdout: '', exitCode: 0, stderr: `remit: no hook for host '${host}'\n` };
}

/** Every host's hook and plugin configuration, resolved for this environment (rule `self-protection`). */
export function protectedHostConfig(env: Readonly<Record<string, string | undefined>>): string[] {
  const paths = new Set<string>([...codexConfigPaths(env), ...claudeConfigPaths(env)]);
  for (const p of allHostConfigPaths()) paths.add(p);
  return [...paths];
}

interface HookArgs {
  host: string;
  event?: string;
  home?: string;
}

function parseArgs(argv: string[]): HookArgs {
  const positional: string[] = [];
  let home: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--home') home = argv[++i];
    else if (a.startsWith('--home=')) home = a.slice('--home='.length);
    else if (a.startsWith('-')) continue; // hook handlers are lenient: an unknown flag is ignored
    else positional.push(a);
  }
  const [host, event] = positional;
  if (!host) throw new UsageError('a host is needed: remit hook <codex|claude|…> [event]');
  return { host, ...(event ? { event } : {}), ...(home ? { home } : {}) };
}

export async function run(argv: string[], io: CliIO): Promise<number> {
  const args = parseArgs(argv);
  const hostName = args.host.toLowerCase();
  if (!COMMAND_HOOK_HOSTS[hostName] && hostName !== 'hermes') throw new UsageError(`unknown host '${args.host}' (codex, claude, hermes; the other hosts load remit as a plugin)`);
  let text = '';
  let truncated = false;
  if (io.stdin) text = await io.stdin();
  else ({ text, truncated } = readHookStdinSync(0) ?? (await readHookStdin(process.stdin)));
  let runtime: Runtime;
  try {
    const { createRuntime } = await import('../../core/host/create-runtime.js');
    const capability = HOST_CAPABILITIES.find((c) => c.host === hostName)?.ask;
    runtime = createRuntime({
      // A relative --home would put state inside the project, where self-protection does not look.
      home: args.home ? path.resolve(io.cwd, args.home) : resolveRemitHome(io.env),
      env: io.env,
      protectedPaths: { hostConfig: protectedHostConfig(io.env) },
      channels: { deny: 'json-deny', ...(capability ? { ask: capability } : {}) },
    });
  } catch (err) {
    // No runtime, no guard: say so on stderr (never stdout, which the host may show the model).
    io.stderr(`remit hook: cannot start (${err instanceof Error ? err.message.split('\n')[0] : 'unknown error'})\n`);
    return 0;
  }
  const response = await runHook(args.host, args.event, text, runtime, { cwd: io.cwd, truncated });
  if (response.stdout) io.stdout(response.stdout);
  if (response.stderr) io.stderr(response.stderr);
  return response.exitCode ?? 0;
}
