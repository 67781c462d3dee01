// The one path of a JSON-over-stdin hook (Codex, Claude Code, Copilot CLI): payload → ControlEvent →
// controller → the host's response. Total: whatever arrives, the host gets a well-formed
// answer and exit 0, and nothing but that answer is written to stdout.
import { workingFolderOrRoot } from '../../src/core/paths/working-folder.js';
import type { ActionBeforeEvent, ControlEvent, Decision } from '../../src/generated/types.js';
import type { ControllerResult } from '../../src/core/controller/result.js';
import type { NativeResponse } from '../../src/core/host/adapter.js';
import type { Runtime } from '../../src/core/host/runtime.js';
import type { HookOptions, HostName } from '../host-module.js';
import { envelopeOf, type EnvelopeBase } from './envelope.js';
import { unreadableAction } from './events-common.js';
import { parseHookPayload, stringField, truncatedHead, type BadInputKind } from './payload.js';
import { isoTime } from '../../src/core/audit/event-id.js';

/** The event most command-hook hosts ask before a tool runs (Copilot CLI: preToolUse; Gemini CLI: BeforeTool). */
const BEFORE_TOOL = 'PreToolUse';
/** The event most command-hook hosts send with the user's prompt (Copilot CLI: userPromptSubmitted; Gemini CLI: BeforeAgent). */
const BEFORE_PROMPT = 'UserPromptSubmit';

/** A hook output object, serialised as the single line of stdout. */
export type HookOutput = Record<string, unknown>;

export interface CommandHookHost {
  name: HostName;
  /** Events this adapter translates (native spelling). */
  events: ReadonlySet<string>;
  turnField: string;
  /** Native event + payload → a ControlEvent, or null when the event says nothing to remit. */
  toEvent(event: string, payload: Record<string, unknown>, base: EnvelopeBase, runtime: Runtime): Promise<ControlEvent | null>;
  /** The controller's answer → the host's output object, or null for empty stdout. */
  render(event: string, result: ControllerResult): HookOutput | null;
  /** The host's names for the events before a tool call and with a prompt, when not PreToolUse and UserPromptSubmit. */
  beforeTool?: string;
  beforePrompt?: string;
  /** The payload in the snake_case shape the rest reads (`session_id`, `tool_name`, `tool_input` …), for a host that writes its own (Copilot CLI's camelCase). */
  normalize?(payload: Record<string, unknown>): Record<string, unknown>;
  /** Facts the host's answer itself settles, told to the runtime once it is decided (Gemini CLI: a refused call never runs). */
  afterAnswer?(event: string, payload: Record<string, unknown>, base: EnvelopeBase, result: ControllerResult, runtime: Runtime): Promise<void>;
}

export type RunOptions = HookOptions;

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
  // Counted only for a bad input's record: Buffer.byteLength is compiled on its first call (docs/DESIGN.md Performance budget).
  const bytes = () => Buffer.byteLength(stdinText);
  const at = nowIso(runtime);
  const beforeTool = host.beforeTool ?? BEFORE_TOOL;
  const beforePrompt = host.beforePrompt ?? BEFORE_PROMPT;
  const parsed = parseHookPayload(stdinText, opts.truncated);
  if (!parsed.ok) {
    // Over the stdin cap, or cut short (stdin closed early) or otherwise not JSON: its session
    // and event usually lead it. A tool call for a known session then fails closed instead of
    // running unchecked.
    if (parsed.problem !== 'empty') {
      const known = truncatedHead(stdinText);
      const event = pickEvent(host, known.event, eventArg);
      if (known.sessionId && event === beforeTool) {
        const base = envelopeOf(
          { session_id: known.sessionId },
          { host: host.name, fallbackCwd: opts.cwd ?? workingFolderOrRoot(), at, turnField: host.turnField },
        );
        if (base)
          return render(
            host,
            event,
            failClosed(runtime, unreadableAction(base, null), parsed.problem === 'truncated' ? 'PAYLOAD_TRUNCATED' : 'EVENT_UNREADABLE'),
          );
      }
      // A prompt that may have carried a directive: the user is told it did not apply, and the
      // session's audit records that a prompt could not be read (never its text).
      if (known.sessionId && event === beforePrompt && /remit/i.test(stdinText.slice(0, 64 * 1024))) {
        const base = envelopeOf(
          { session_id: known.sessionId },
          { host: host.name, fallbackCwd: opts.cwd ?? workingFolderOrRoot(), at, turnField: host.turnField },
        );
        return render(host, event, unreadablePrompt(runtime, base, parsed.problem === 'truncated' ? 'PAYLOAD_TRUNCATED' : 'EVENT_UNREADABLE'));
      }
    }
    return empty(await recordBad(runtime, host.name, parsed.problem, bytes(), eventArg));
  }
  const payload = host.normalize ? host.normalize(parsed.payload) : parsed.payload;
  const event = pickEvent(host, stringField(payload, 'hook_event_name'), eventArg);
  if (!event) return empty(await recordBad(runtime, host.name, 'unknown_event', bytes(), stringField(payload, 'hook_event_name') ?? eventArg));
  const base = envelopeOf(payload, { host: host.name, fallbackCwd: opts.cwd ?? workingFolderOrRoot(), at, turnField: host.turnField });
  if (!base) return empty(await recordBad(runtime, host.name, 'missing_session', bytes(), event));
  let result: ControllerResult;
  try {
    const controlEvent = await host.toEvent(event, payload, base, runtime);
    if (!controlEvent) return empty();
    result = await runtime.handle(controlEvent);
  } catch (err) {
    // The session is known: a tool call that could not be read is a GUARD_ERROR (deny when
    // ARMED, audited), never an allow. Other events have no verdict to give.
    if (event === beforeTool) return render(host, event, failClosed(runtime, unreadableAction(base, payload), 'EVENT_UNREADABLE'));
    return empty(`remit: internal error in the ${host.name} hook (${err instanceof Error ? err.message.split('\n')[0] : 'unknown'})\n`);
  }
  if (host.afterAnswer) {
    try {
      await host.afterAnswer(event, payload, base, result, runtime);
    } catch {
      // The answer stands; the fact is only the audit's.
    }
  }
  return render(host, event, result);
}

function render(host: CommandHookHost, event: string, result: ControllerResult): NativeResponse {
  const out = host.render(event, result);
  return { stdout: out ? `${JSON.stringify(out)}\n` : '', exitCode: 0 };
}

function nowIso(runtime: Runtime): string {
  try {
    return isoTime(runtime.now());
  } catch {
    return isoTime(new Date());
  }
}

/** The runtime's answer to a prompt it could not read whole, or, from a runtime without one, the same words unrecorded. */
function unreadablePrompt(runtime: Runtime, base: EnvelopeBase | null, code: 'PAYLOAD_TRUNCATED' | 'EVENT_UNREADABLE'): ControllerResult {
  if (base && runtime.failPrompt) {
    try {
      return runtime.failPrompt({ ...base, kind: 'prompt.submit', prompt: '', origin: 'user' }, code);
    } catch {
      // Answered below, unrecorded.
    }
  }
  return {
    kind: 'prompt-block',
    code: 'GUARD_ERROR',
    text: 'remit could not read this prompt (the hook payload was cut short); nothing changed. Send it again.',
  };
}

/** The runtime's GUARD_ERROR path, or, from a runtime without one, the strictest answer. */
function failClosed(runtime: Runtime, ev: ActionBeforeEvent, code: 'PAYLOAD_TRUNCATED' | 'EVENT_UNREADABLE'): ControllerResult {
  if (runtime.failClosed) return runtime.failClosed(ev, code);
  const d: Decision = { outcome: 'deny', reasonCode: 'GUARD_ERROR', family: 'I', controlState: 'ARMED', explanation: 'remit could not read this tool call.' };
  return { kind: 'decision', decision: d, message: `remit: ${d.reasonCode}: ${d.explanation}` };
}
