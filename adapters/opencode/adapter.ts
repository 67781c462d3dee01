// The OpenCode adapter for replay and the CLI: cases rendered into OpenCode's plugin calls,
// run through the real plugin entry (index.ts) inside a stand-in of the host.
import type { HostAdapter, NativeCall, NativeResponse, ResponseReading } from '../../src/core/host/adapter.js';
import type { Runtime } from '../../src/core/host/runtime.js';
import { RecordingRuntime } from '../plugin-host/recording-runtime.js';
import { readVerdictText } from '../plugin-host/verdict-text.js';
import { OPENCODE1_CAPABILITY } from './capability.js';
import { FakeOpencode } from './fake-host.js';
import { renderOpencodeStep } from './steps.js';
import { opencodeToolRequest } from './tools.js';

export interface Stand<H> {
  host: H;
  recording: RecordingRuntime;
}

/** One stand-in host per runtime and project folder, over a runtime that remembers the last verdict (replay reads a report the host delivers later). */
export function standsOf<H>(make: (cwd: string, recording: RecordingRuntime) => H): (runtime: Runtime, cwd: string) => Stand<H> {
  const hosts = new WeakMap<Runtime, Map<string, Stand<H>>>();
  return (runtime, cwd) => {
    let byCwd = hosts.get(runtime);
    if (!byCwd) hosts.set(runtime, (byCwd = new Map()));
    let h = byCwd.get(cwd);
    if (!h) {
      const recording = new RecordingRuntime(runtime);
      byCwd.set(cwd, (h = { host: make(cwd, recording), recording }));
    }
    return h;
  };
}

// `opencode run`: the path end-to-end runs use, quote quirk included.
const hostFor = standsOf((cwd, recording) => new FakeOpencode(cwd, recording, ['opencode', 'run']));

function cwdOf(call: NativeCall): string {
  const p = call.payload as { cwd?: unknown; event?: { properties?: { info?: { directory?: unknown } } } } | undefined;
  const dir = p?.event?.properties?.info?.directory;
  return typeof dir === 'string' ? dir : typeof p?.cwd === 'string' ? p.cwd : process.cwd();
}

/** A before hook's response (1.x tool.execute.before, 2.x execute.before): a throw refuses; a report waits for the tool's result. */
export function readBefore(response: NativeResponse): ResponseReading {
  if (response.thrown === undefined) {
    const report = (response.output as { deferredReport?: { reasonCode: string } } | undefined)?.deferredReport;
    return report ? { outcome: 'report', reasonCode: report.reasonCode, channel: 'context-after' } : { outcome: 'allow', channel: 'none' };
  }
  const v = readVerdictText(response.thrown);
  if (!v) return { outcome: 'deny', channel: 'throw' };
  return v.outcome === 'ask'
    ? { outcome: 'ask', reasonCode: v.reasonCode, channel: 'deny-for-ask' }
    : { outcome: v.outcome, reasonCode: v.reasonCode, channel: 'throw' };
}

/** The system texts of the model request after a prompt: OpenCode cannot hold a prompt back, so an answer or a refusal rides there. */
export function readSystem(system: readonly string[]): ResponseReading {
  const joined = system.join('\n');
  if (/^The user's last message was a remit command/m.test(joined)) return { outcome: 'answer', channel: 'context' };
  const refused = /^remit refused the user's directive(?: \(([A-Z_]+)\))?/m.exec(joined);
  if (refused) return { outcome: 'block', ...(refused[1] ? { reasonCode: refused[1] } : {}), channel: 'context' };
  return { outcome: 'none', channel: system.length > 0 ? 'context' : 'none' };
}

/** A report note appended to a tool's result, read back as the model would. */
export function readNote(text: unknown): ResponseReading {
  const v = readVerdictText(text);
  return v ? { outcome: v.outcome, reasonCode: v.reasonCode, channel: 'context' } : { outcome: 'none', channel: 'none' };
}

export const opencodeAdapter: HostAdapter = {
  name: 'opencode',
  capability: OPENCODE1_CAPABILITY,
  renderStep(step, ctx) {
    const r = renderOpencodeStep(step, ctx);
    // The stand-in host needs the project folder; OpenCode gives it to the plugin at load.
    return { ...r, calls: r.calls.map((c) => ({ event: c.event, payload: { ...(c.payload as object), cwd: ctx.cwd } })) };
  },
  async invoke(call, runtime): Promise<NativeResponse> {
    const stand = hostFor(runtime, cwdOf(call));
    stand.recording.lastAction = undefined;
    const r = await stand.host.call(call.event, call.payload);
    if (r.thrown !== undefined) return { thrown: r.thrown, output: r.output };
    // A report reaches the model only through tool.execute.after, once the tool has run.
    const report = call.event === 'tool.execute.before' ? stand.recording.takeReport() : undefined;
    return { output: report ? { host: r.output, deferredReport: report } : r.output };
  },
  readResponse(call, response): ResponseReading {
    if (call.event === 'tool.execute.before') return readBefore(response);
    // OpenCode cannot hold a prompt back: whatever remit answered rides in the system prompt.
    if (call.event === 'chat.message') return readSystem((response.output as { system?: string[] } | undefined)?.system ?? []);
    if (call.event === 'tool.execute.after') {
      const out = (response.output as { output?: string } | undefined)?.output;
      return readNote(typeof out === 'string' ? out.split('\n\n').pop() : undefined);
    }
    return { outcome: 'none', channel: 'none' };
  },
  toolRequest: opencodeToolRequest,
};
