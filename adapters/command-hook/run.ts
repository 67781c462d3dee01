// The one path of a JSON-over-stdin hook (Codex, Claude Code): payload → ControlEvent →
// controller → the host's response. Total: whatever arrives, the host gets a well-formed
// answer and exit 0, and nothing but that answer is written to stdout.
import type { ControlEvent } from '../../src/generated/types.js';
import type { ControllerResult } from '../../src/core/controller/result.js';
import type { NativeResponse } from '../../src/core/host/adapter.js';
import type { Runtime } from '../../src/core/host/runtime.js';
import { envelopeOf, type EnvelopeBase } from './envelope.js';
import { parseHookPayload, stringField, type BadInputKind } from './payload.js';

/** A hook output object, serialised as the single line of stdout. */
export type HookOutput = Record<string, unknown>;

export interface CommandHookHost {
  name: 'codex' | 'claude';
  /** Events this adapter translates (native spelling). */
  events: ReadonlySet<string>;
  turnField: string;
  /** Native event + payload → a ControlEvent, or null when the event says nothing to remit. */
  toEvent(event: string, payload: Record<string, unknown>, base: EnvelopeBase, runtime: Runtime): Promise<ControlEvent | null>;
  /** The controller's answer → the host's output object, or null for empty stdout. */
  render(event: string, result: ControllerResult): HookOutput | null;
}

export interface RunOptions {
  /** The hook process's cwd, used when the payload has none. */
  cwd?: string;
  /** The stdin read hit the size cap. */
  truncated?: boolean;
}

/** What a runtime may offer to record input that never became a ControlEvent (optional). */
interface BadInputRecorder {
  recordBadInput?(note: { host: string; event?: string; problem: BadInputKind; bytes: number }): Promise<void>;
}

function pickEvent(host: CommandHookHost, payloadEvent: string | undefined, eventArg: string | undefined): string | undefined {
  // The payload's own name wins: `hookEventName` must equal the event the host fired.
  const known = (e: string | undefined) => (e ? [...host.events].find((k) => k.toLowerCase() === e.toLowerCase()) : undefined);
  return known(payloadEvent) ?? known(eventArg);
}

async function recordBad(runtime: Runtime, host: string, problem: BadInputKind, bytes: number, event?: string): Promise<string> {
  const recorder = runtime as Runtime & BadInputRecorder;
  if (typeof recorder.recordBadInput === 'function') {
    try {
      await recorder.recordBadInput({ host, problem, bytes, ...(event ? { event } : {}) });
    } catch {
      // Recording is best effort; the host still gets its well-formed answer.
    }
  }
  return `remit: ignored a ${host} hook payload (${problem.replace(/_/g, ' ')})\n`;
}

export async function runCommandHook(
  host: CommandHookHost,
  eventArg: string | undefined,
  stdinText: string,
  runtime: Runtime,
  opts: RunOptions = {},
): Promise<NativeResponse> {
  const empty = (stderr?: string): NativeResponse => ({ stdout: '', exitCode: 0, ...(stderr ? { stderr } : {}) });
  const bytes = Buffer.byteLength(stdinText);
  const parsed = parseHookPayload(stdinText, opts.truncated);
  if (!parsed.ok) return empty(await recordBad(runtime, host.name, parsed.problem, bytes, eventArg));
  const payload = parsed.payload;
  const event = pickEvent(host, stringField(payload, 'hook_event_name'), eventArg);
  if (!event) return empty(await recordBad(runtime, host.name, 'unknown_event', bytes, stringField(payload, 'hook_event_name') ?? eventArg));
  let at: string;
  try {
    at = runtime.now().toISOString();
  } catch {
    at = new Date().toISOString();
  }
  const base = envelopeOf(payload, { host: host.name, fallbackCwd: opts.cwd ?? process.cwd(), at, turnField: host.turnField });
  if (!base) return empty(await recordBad(runtime, host.name, 'missing_session', bytes, event));
  let result: ControllerResult;
  try {
    const controlEvent = await host.toEvent(event, payload, base, runtime);
    if (!controlEvent) return empty();
    result = await runtime.handle(controlEvent);
  } catch (err) {
    // The runtime is total by contract; this is the last guard so a hook never crashes.
    return empty(`remit: internal error in the ${host.name} hook (${err instanceof Error ? err.message.split('\n')[0] : 'unknown'})\n`);
  }
  const out = host.render(event, result);
  return { stdout: out ? `${JSON.stringify(out)}\n` : '', exitCode: 0 };
}
