// `remit hook <host> [event]`: one host hook invocation. stdin is the host's payload; stdout is
// exactly the host's response and nothing else. Codex and Claude Code: exit 0 always — the
// verdict travels as JSON on stdout, which survives wrappers that would swallow exit 2, and
// any other exit code would make the host treat the hook as failed (and run the tool).
import { workingFolderOrRoot } from '../../core/paths/working-folder.js';
import path from 'node:path';
import { readHookStdin, readHookStdinSync } from '../../../adapters/command-hook/stdin.js';
import type { HookOptions, HostModule } from '../../../adapters/host-module.js';
import { findHost, HOSTS, protectedHostConfig, hostWrittenConfig } from '../../../adapters/hosts.js';
import type { ControlEvent, Decision } from '../../generated/types.js';
import type { ControllerResult } from '../../core/controller/result.js';
import type { NativeResponse } from '../../core/host/adapter.js';
import type { Runtime } from '../../core/host/runtime.js';
import { resolveRemitHome } from '../../core/state/home.js';
import { UsageError, type CliIO } from '../io.js';

/**
 * The hook path without the CLI around it: `remit hook`, `check` and tests all call this.
 * `eventArg` is the event named on the command line. For every host the payload's own
 * `hook_event_name` wins when it names an event the adapter knows; the argument is the
 * fallback. Only the named host's hook is loaded.
 */
export async function runHook(
  host: string,
  eventArg: string | undefined,
  stdinText: string,
  runtime: Runtime,
  opts: HookOptions = {},
  hosts: readonly HostModule[] = HOSTS,
): Promise<NativeResponse> {
  const hook = findHost(host, hosts)?.hook;
  if (!hook) return { stdout: '', exitCode: 0, stderr: `remit: no hook for host '${host}'\n` };
  return (await hook())(eventArg, stdinText, runtime, opts);
}

/** The hosts that run `remit hook` (the others load remit as a plugin). */
const hookHosts = (hosts: readonly HostModule[]) => hosts.filter((h) => h.hook).map((h) => h.name);

interface HookArgs {
  host: string;
  event?: string;
  home?: string;
}

function parseArgs(argv: string[], hosts: readonly HostModule[]): HookArgs {
  const positional: string[] = [];
  let home: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--home') home = argv[++i];
    else if (a.startsWith('--home=')) home = a.slice('--home='.length);
    // Hook handlers are lenient: an unknown flag is ignored.
    else if (!a.startsWith('-')) positional.push(a);
  }
  const [host, event] = positional;
  if (!host) throw new UsageError(`a host is needed: remit hook <${hookHosts(hosts).join('|')}> [event]`);
  return { host, ...(event ? { event } : {}), ...(home ? { home } : {}) };
}

/**
 * The path a hook took, by kind only (host, event, the action's mutability, the answer's kind
 * and outcome: never a path, a command or an id), e.g. `claude.action.before.write.deny`.
 */
function codePathOf(host: string, event: ControlEvent, result: ControllerResult): string {
  const action = event.kind === 'action.before' ? event.action.mutability : '';
  const answer = result.kind === 'decision' ? result.decision.outcome : result.kind;
  return [host, event.kind, action, answer].filter(Boolean).join('.');
}

/**
 * Tells the bundle loader (scripts/build/bundle-loader.cjs) which path this hook took, once it
 * answered: the loader adds to its V8 code cache what a path compiles the first time that path
 * runs, so no later hook on it compiles from source. Nothing listens in any other process.
 */
function announceCodePath(runtime: Runtime, host: string): Runtime {
  return {
    ...runtime,
    handle: async (event) => {
      const result = await runtime.handle(event);
      try {
        (process as NodeJS.EventEmitter).emit('remit:code-path', codePathOf(host, event, result));
      } catch {
        // A cache that cannot learn the path changes no answer (and must not turn it into a fault).
      }
      return result;
    },
  };
}

export async function run(argv: string[], io: CliIO, hosts: readonly HostModule[] = HOSTS): Promise<number> {
  const args = parseArgs(argv, hosts);
  const host = findHost(args.host, hosts);
  if (!host?.hook) throw new UsageError(`unknown host '${args.host}' (${hookHosts(hosts).join(', ')}; the other hosts load remit as a plugin)`);
  let text = '';
  let truncated = false;
  if (io.stdin) text = await io.stdin();
  else ({ text, truncated } = readHookStdinSync(0) ?? (await readHookStdin(process.stdin)));
  // The payload names its own cwd; the process's is only a fallback, and one that was removed
  // must not cost the answer (a hook that exits without one lets the host run the tool).
  let cwd: string;
  try {
    cwd = io.cwd;
  } catch {
    cwd = workingFolderOrRoot();
  }
  let response: NativeResponse;
  try {
    const { createRuntime } = await import('../../core/host/create-runtime.js');
    const runtime = createRuntime({
      // A relative --home would put state inside the project, where self-protection does not look.
      home: args.home ? path.resolve(cwd, args.home) : resolveRemitHome(io.env),
      env: io.env,
      // Listed when a check first needs them (create-runtime resolves them then): a prompt or a read never does.
      protectedPaths: {
        get hostConfig() {
          return protectedHostConfig(io.env, hosts);
        },
        get hostWritten() {
          return hostWrittenConfig(hosts);
        },
      },
      channels: { deny: 'json-deny', ask: host.capability.ask },
      watchHostConfig: true,
    });
    response = await runHook(args.host, args.event, text, announceCodePath(runtime, args.host), { cwd, truncated }, hosts);
  } catch (err) {
    // remit itself failed (its runtime could not start, or an answer could not be rendered), so
    // nothing proves the session is not armed: the same payload goes through the host's hook
    // once more with a runtime that can only refuse, which turns a tool call into the host's
    // deny (docs/DESIGN.md#fail-modes) and every other event into no answer. Never stdout
    // for the reason: the host may show it to the model.
    const why = (err instanceof Error ? err.message.split('\n')[0] : undefined) || 'unknown error';
    io.stderr(`remit hook: remit failed (${why}); a tool call is refused\n`);
    try {
      response = await runHook(args.host, args.event, text, refusingRuntime(io, why), { cwd, truncated }, hosts);
    } catch {
      return 0;
    }
  }
  if (response.stdout) io.stdout(response.stdout);
  if (response.stderr) io.stderr(response.stderr);
  return response.exitCode ?? 0;
}

/**
 * A runtime for when remit's own cannot run: it classifies and handles nothing (each throws,
 * which every hook answers as a call it could not check) and its GUARD_ERROR path denies, with
 * no record, since the audit is what could not be reached.
 */
function refusingRuntime(io: CliIO, why: string): Runtime {
  const fail = (): never => {
    throw new Error(`remit failed: ${why}`);
  };
  const explanation = `remit failed before it could check this call (${why}). Run \`remit doctor\`.`;
  const decision: Decision = { outcome: 'deny', reasonCode: 'GUARD_ERROR', family: 'I', controlState: 'ARMED', explanation };
  return {
    home: '',
    env: io.env,
    now: () => new Date(),
    classify: fail,
    // A prompt that names remit may carry a directive: the user is told it did not apply.
    handle: async (ev) => {
      if (ev.kind === 'prompt.submit' && ev.origin === 'user' && /remit/i.test(String(ev.prompt)))
        return { kind: 'prompt-block', code: 'GUARD_ERROR', text: `remit could not read this prompt (${why}); nothing changed.` };
      return fail();
    },
    failClosed: () => ({ kind: 'decision', decision, message: `remit refused this action: GUARD_ERROR (I)\n${explanation}` }),
  };
}
