// The Hermes adapter for replay and the CLI. `invoke` runs `runHermesHook` — what `remit hook
// hermes <event>` runs for the Python plugin — on the payload the plugin would write.
import type { HostAdapter, NativeResponse, ResponseReading } from '../../src/core/host/adapter.js';
import { readVerdictText } from '../plugin-host/verdict-text.js';
import { HERMES_CAPABILITY } from './capability.js';
import { runHermesHook } from './hook.js';
import { renderHermesStep } from './steps.js';
import { hermesToolRequest } from './tools.js';

export const hermesAdapter: HostAdapter = {
  name: 'hermes',
  capability: HERMES_CAPABILITY,
  renderStep: renderHermesStep,
  invoke(call, runtime): Promise<NativeResponse> {
    return runHermesHook(call.event, typeof call.payload === 'string' ? call.payload : JSON.stringify(call.payload), runtime);
  },
  readResponse(call, response): ResponseReading {
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(response.stdout ?? '{}') as Record<string, unknown>;
    } catch {
      return { outcome: 'none', channel: 'invalid' };
    }
    if (call.event === 'pre_tool_call') {
      if (body.action !== 'block') {
        const report = readVerdictText((body.remit as { report?: unknown } | undefined)?.report);
        return report ? { outcome: report.outcome, reasonCode: report.reasonCode, channel: 'tool-result' } : { outcome: 'allow', channel: 'none' };
      }
      const v = readVerdictText(body.message);
      if (!v) return { outcome: 'deny', channel: 'block' };
      return v.outcome === 'ask'
        ? { outcome: 'ask', reasonCode: v.reasonCode, channel: 'deny-for-ask' }
        : { outcome: v.outcome, reasonCode: v.reasonCode, channel: 'block' };
    }
    if (call.event === 'pre_llm_call') {
      const context = typeof body.context === 'string' ? body.context : '';
      // Hermes cannot hold a prompt back: remit's answer is appended to the user message.
      if (/^The user's last message was a remit command/.test(context)) return { outcome: 'answer', channel: 'context' };
      const refused = /^remit refused the user's directive(?: \(([A-Z_]+)\))?/.exec(context);
      if (refused) return { outcome: 'block', ...(refused[1] ? { reasonCode: refused[1] } : {}), channel: 'context' };
      return { outcome: 'none', channel: context ? 'context' : 'none' };
    }
    return { outcome: 'none', channel: 'none' };
  },
  toolRequest: hermesToolRequest,
};
