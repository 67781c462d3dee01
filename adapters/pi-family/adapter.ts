// The HostAdapter for a Pi-family host: cases rendered into extension events and run through
// the real extension (the host's default export, built by the same factory) in the stand-in
// runner, one extension instance per acting session as the host would have.
import type { HostCapability, ToolRequest } from '../../src/generated/types.js';
import type { HostAdapter, NativeResponse, ResponseReading } from '../../src/core/host/adapter.js';
import type { ControllerResult } from '../../src/core/controller/result.js';
import type { Runtime } from '../../src/core/host/runtime.js';
import { FakePi } from './fake-host.js';
import type { PiApi } from './pi-api.js';
import { RecordingRuntime } from '../plugin-host/recording-runtime.js';
import { renderPiFamilyStep, type NativeTool, type PiCallPayload } from './steps.js';
import { readVerdictText } from '../plugin-host/verdict-text.js';
import type { PiFamilyHost } from './flavor.js';

export interface PiFamilyAdapterSpec {
  host: PiFamilyHost;
  capability: HostCapability;
  toolRequest(toolName: string, input: unknown): ToolRequest;
  nativeTool: NativeTool;
  /** The host's entry, given a runtime and an environment of its own. */
  extension(options: { runtime: Runtime; env: NodeJS.ProcessEnv; stderr: (t: string) => void }): (pi: PiApi) => void;
}

interface Stand {
  recording: RecordingRuntime;
  rootStarted: boolean;
  /** The process environment of the root (children copy it, as a spawned process would). */
  env: NodeJS.ProcessEnv;
  sessions: Map<string, FakePi>;
}

export function piFamilyAdapter(spec: PiFamilyAdapterSpec): HostAdapter {
  const stands = new WeakMap<Runtime, Stand>();

  function instance(runtime: Runtime, p: PiCallPayload): FakePi {
    let stand = stands.get(runtime);
    if (!stand) stands.set(runtime, (stand = { recording: new RecordingRuntime(runtime), rootStarted: false, env: {}, sessions: new Map() }));
    const s = stand;
    const make = (sessionId: string, env: NodeJS.ProcessEnv) => {
      const pi = new FakePi({ host: spec.host, cwd: p.cwd, sessionId, print: true }).load(spec.extension({ runtime: s.recording, env, stderr: () => {} }));
      s.sessions.set(sessionId, pi);
      return pi;
    };
    if (!s.sessions.has(p.rootSessionId)) make(p.rootSessionId, s.env);
    // Pi children are processes (a copy of the root's environment); omp children live in the
    // root's process and see its environment itself.
    return s.sessions.get(p.sessionId) ?? make(p.sessionId, spec.host === 'pi' ? { ...s.env } : s.env);
  }

  return {
    name: spec.host,
    capability: spec.capability,
    renderStep: (step, ctx) => renderPiFamilyStep(step, ctx, spec.host, spec.nativeTool),
    async invoke(call, runtime): Promise<NativeResponse> {
      const p = call.payload as PiCallPayload;
      const pi = instance(runtime, p);
      const stand = stands.get(runtime)!;
      const root = stand.sessions.get(p.rootSessionId)!;
      if (pi !== root && !stand.rootStarted) {
        // The root session is running before any child it launches.
        stand.rootStarted = true;
        await root.startSession();
      }
      if (call.event === 'session_start' && pi === root) stand.rootStarted = true;
      stand.recording.lastAction = undefined;
      stand.recording.lastPrompt = undefined;
      const { type: _type, ...ev } = p.event;
      try {
        if (call.event === 'input' || call.event === 'before_agent_start') {
          const text = String(call.event === 'input' ? ev.text : ev.prompt);
          const before = pi.injected.length;
          const r = await pi.prompt(text, call.event === 'input' ? (ev.source as string) : undefined);
          const answered = stand.recording.lastPrompt as ControllerResult | undefined;
          return {
            returned: r.inputResult,
            output: {
              reachedAgent: r.reachedAgent,
              injected: pi.injected.slice(before),
              ...(answered?.kind === 'prompt-block' && answered.inspection ? { inspection: true } : {}),
            },
          };
        }
        if (call.event === 'tool_call') {
          const out = await pi.tool(String(ev.toolName), ev.input, undefined, String(ev.toolCallId), { skipResult: true });
          if (out.blocked) return { returned: { block: true, reason: out.reason ?? out.thrown } };
          const report = stand.recording.takeReport();
          return { returned: out.context ? { additionalContext: out.context } : undefined, ...(report ? { output: { deferredReport: report } } : {}) };
        }
        const results = await pi.emit(call.event, ev);
        return { returned: results.find((r) => r !== undefined) };
      } catch (err) {
        return { thrown: String((err as Error)?.message ?? err) };
      }
    },
    readResponse(call, response): ResponseReading {
      if (response.thrown !== undefined) return { outcome: call.event === 'tool_call' ? 'deny' : 'none', channel: 'throw' };
      const returned = response.returned as Record<string, unknown> | undefined;
      if (call.event === 'tool_call') {
        if (returned?.block === true) {
          const v = readVerdictText(returned.reason);
          if (!v) return { outcome: 'deny', channel: 'block' };
          return v.outcome === 'ask'
            ? { outcome: 'ask', reasonCode: v.reasonCode, channel: 'deny-for-ask' }
            : { outcome: v.outcome, reasonCode: v.reasonCode, channel: 'block' };
        }
        const context = readVerdictText(returned?.additionalContext);
        if (context) return { outcome: context.outcome, reasonCode: context.reasonCode, channel: 'additionalContext' };
        const report = (response.output as { deferredReport?: { reasonCode: string } } | undefined)?.deferredReport;
        return report ? { outcome: 'report', reasonCode: report.reasonCode, channel: 'tool-result' } : { outcome: 'allow', channel: 'none' };
      }
      if (call.event === 'input' || call.event === 'before_agent_start') {
        const out = response.output as { reachedAgent?: boolean; injected?: string[]; inspection?: boolean } | undefined;
        const injected = (out?.injected ?? []).join('\n');
        // `input` answered it (the user sees the text): an inspection answer or a refused directive.
        if (out?.reachedAgent === false) return { outcome: out.inspection ? 'answer' : 'block', channel: 'prompt-block' };
        if (/^The user's last message was a remit command/m.test(injected)) return { outcome: 'answer', channel: 'context' };
        const refused = /^remit refused the user's directive(?: \(([A-Z_]+)\))?/m.exec(injected);
        if (refused) return { outcome: 'block', ...(refused[1] ? { reasonCode: refused[1] } : {}), channel: 'context' };
        return { outcome: 'none', channel: injected ? 'context' : 'none' };
      }
      return { outcome: 'none', channel: 'none' };
    },
    toolRequest: spec.toolRequest,
  };
}
