// The OpenCode 2 adapter for replay and the CLI (replay column and `remit check --host`
// `opencode2`): cases rendered into the calls OpenCode 2.1.2 makes into a 2.x plugin, run
// through the real 2.x definition (index.v2.ts's) inside a stand-in of the host.
import type { HostAdapter, NativeCall, NativeResponse, ResponseReading } from '../../src/core/host/adapter.js';
import { readBefore, readNote, readSystem, standsOf } from './adapter.js';
import { OPENCODE2_CAPABILITY } from './capability.js';
import { FakeOpencode2 } from './fake-host2.js';
import { renderOpencode2Step } from './steps2.js';
import { opencodeV2ToolRequest } from './tools.js';

const hostFor = standsOf((cwd, recording) => new FakeOpencode2(cwd, recording));

type Payload = Record<string, any>;

export const opencode2Adapter: HostAdapter = {
  name: 'opencode',
  column: 'opencode2',
  capability: OPENCODE2_CAPABILITY,
  renderStep(step, ctx) {
    const r = renderOpencode2Step(step, ctx);
    // The stand-in host needs the project folder; OpenCode 2 gives it to the plugin at setup.
    return { ...r, calls: r.calls.map((c) => ({ event: c.event, payload: { ...(c.payload as object), cwd: ctx.cwd } })) };
  },
  async invoke(call: NativeCall, runtime): Promise<NativeResponse> {
    const p = call.payload as Payload;
    const { host, recording } = hostFor(runtime, typeof p.cwd === 'string' ? p.cwd : process.cwd());
    recording.lastAction = undefined;
    switch (call.event) {
      case 'session.create':
        host.createSession(p.id, p.parentID);
        return {};
      case 'session.prompt':
        return { output: { system: await host.prompt(p.sessionID, p.prompt?.text, p.messageID) } };
      case 'session.context':
        return { output: { system: await host.system(p.sessionID) } };
      case 'execute.before': {
        const thrown = await host.before(p.sessionID, p.tool, p.input, p.id);
        if (thrown !== undefined) return { thrown };
        // A report reaches the model only with the tool's result, once the tool has run.
        const report = recording.takeReport();
        return { output: report ? { deferredReport: report } : {} };
      }
      case 'execute.after':
        return { output: { content: await host.after(p.sessionID, p.tool, p.input, p.id, p.status) } };
      default:
        return {};
    }
  },
  readResponse(call, response): ResponseReading {
    if (call.event === 'execute.before') return readBefore(response);
    if (call.event === 'session.prompt') return readSystem((response.output as { system?: string[] } | undefined)?.system ?? []);
    if (call.event === 'execute.after') return readNote((response.output as { content?: { text?: string }[] } | undefined)?.content?.at(-1)?.text);
    return { outcome: 'none', channel: 'none' };
  },
  toolRequest: opencodeV2ToolRequest,
};
