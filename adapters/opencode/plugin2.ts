// The OpenCode 2 plugin (`@opencode/cli` 2.1.x): `{ id, setup(ctx) }`, the only form 2.x loads.
// ctx.session.hook("prompt") → prompt.submit; ctx.tool.hook("execute.before") → action.before
// (a thrown Error refuses the call, and its message is the tool result the model reads; code
// the `execute` tool runs calls its tools through the same hook); "execute.after" →
// action.after; ctx.session.hook("context") puts remit's contract line (and a one-turn answer)
// into the system prompt of that session's model requests.
import type { Runtime } from '../../src/core/host/runtime.js';
import { unwrapOpencodeRunQuotes } from '../../src/core/contract/slash.js';
import { controlEvent, type EnvelopeFields } from '../plugin-host/control-event.js';
import { runtimeGetter, type HostConfigPaths } from '../plugin-host/host-runtime.js';
import { SessionTree } from './sessions.js';
import { OpencodeSessions, remember } from './session-context.js';
import { OPENCODE2_CAPABILITY } from './capability.js';
import { opencodeV2ToolRequest } from './tools.js';

type HookFn = (event: any) => unknown;

/** The part of OpenCode 2's setup context remit uses. */
export interface OpencodeV2Context {
  location?: { directory?: unknown };
  options?: Record<string, unknown>;
  session?: { hook?: (name: string, fn: HookFn) => unknown; get?: (req: { sessionID: string }) => Promise<unknown> };
  tool?: { hook?: (name: string, fn: HookFn) => unknown };
}

export interface OpencodeV2Definition {
  id: string;
  setup(ctx: OpencodeV2Context): Promise<void>;
}

/**
 * `opencode run "<text>"` (2.1.2) hands the prompt to plugins in one pair of literal quotes, and
 * the plugin runs in a server process whose argv does not say `run`, so the pair is removed
 * whenever it wraps the whole prompt: a `$remit` line and a correction ("review only", "只审查")
 * sent through `opencode run` then count as typed. A prompt a person quoted whole in the
 * terminal UI is read without its quotes too; remit only reads the text (the model gets it as
 * sent), and a directive already had to be on the first line of a real user prompt.
 */
export function unwrapV2Prompt(text: string): string {
  return unwrapOpencodeRunQuotes(text);
}

/**
 * The definition OpenCode 2 loads. `runtime` (tests and replay) stands in for the production
 * runtime; a real OpenCode gets the production one, protecting what `hostConfig` names.
 */
export function opencodeV2Plugin(hostConfig: HostConfigPaths | undefined, runtime?: () => Promise<Runtime>): OpencodeV2Definition {
  return {
    id: 'remit',
    async setup(ctx) {
      const getRuntime = runtime ?? runtimeGetter(ctx.options?.runtime, hostConfig, process.env, { denyChannel: 'throw', ask: OPENCODE2_CAPABILITY.ask });
      const hooks = createOpencodeV2Hooks(ctx, getRuntime);
      ctx.session?.hook?.('prompt', hooks.prompt);
      ctx.session?.hook?.('context', hooks.context);
      ctx.tool?.hook?.('execute.before', hooks.before);
      ctx.tool?.hook?.('execute.after', hooks.after);
    },
  };
}

function createOpencodeV2Hooks(ctx: OpencodeV2Context, runtime: () => Promise<Runtime>) {
  const get = ctx.session?.get;
  const tree = new SessionTree(get ? { session: { get: (req) => get({ sessionID: req.path.id }) } } : undefined);
  const dir = ctx.location?.directory;
  const cwd = typeof dir === 'string' && dir !== '' ? dir : process.cwd();
  const sessions = new OpencodeSessions(tree, cwd);
  const fields = (id: unknown) => sessions.fields(id);
  const ensureStarted = (rt: Runtime, f: EnvelopeFields) => sessions.ensureStarted(rt, f, 'startup');
  const handledMessages = new Set<string>();
  const reports = new Map<string, string>();

  return {
    /** `session.hook("prompt")`: {sessionID, messageID, prompt: {text, files}, delivery}. */
    async prompt(e: { sessionID?: unknown; messageID?: unknown; prompt?: { text?: unknown } }): Promise<void> {
      const raw = e?.prompt?.text;
      if (typeof raw !== 'string') return;
      if (typeof e.messageID === 'string') {
        if (handledMessages.has(e.messageID)) return;
        remember(handledMessages, e.messageID);
      }
      const rt = await runtime();
      const f = await fields(e.sessionID);
      await ensureStarted(rt, f);
      const child = f.sourceSessionId !== undefined;
      // A child session's prompt is what its parent's subagent call wrote: no authority.
      const result = await rt.handle(
        controlEvent(rt, f, { kind: 'prompt.submit', prompt: child ? raw : unwrapV2Prompt(raw), origin: child ? 'subagent' : 'user' }),
      );
      if (!child) {
        sessions.oneTurn.delete(f.sessionId);
        sessions.absorb(f.sessionId, result);
      }
    },

    /** `session.hook("context")`: {sessionID, system: [{type: "text", text}], messages, …} before each model request. */
    async context(e: { sessionID?: unknown; system?: unknown }): Promise<void> {
      if (!e || !Array.isArray(e.system) || typeof e.sessionID !== 'string') return;
      const f = await fields(e.sessionID);
      const rt = await runtime();
      await ensureStarted(rt, f);
      for (const text of sessions.contextFor(f)) e.system.push({ type: 'text', text });
    },

    /** `tool.hook("execute.before")`: {tool, sessionID, agent, messageID, id, input}; a throw refuses the call. */
    async before(e: { tool?: unknown; sessionID?: unknown; id?: unknown; input?: unknown }): Promise<void> {
      const tool = typeof e?.tool === 'string' ? e.tool : '';
      const callID = typeof e?.id === 'string' && e.id !== '' ? e.id : `call-${Date.now()}`;
      const result = await sessions.decideCall(runtime, e?.sessionID, { id: callID, tool, request: () => opencodeV2ToolRequest(tool, e?.input) });
      if (result === undefined) return;
      if (result.kind !== 'decision') return;
      const { outcome } = result.decision;
      // OpenCode 2 gives a plugin no ask of its own here: an ask is a deny naming how to authorise it.
      if (outcome === 'deny' || outcome === 'ask') throw new Error(result.message);
      if (outcome === 'report') reports.set(callID, result.message);
    },

    /** `tool.hook("execute.after")`: the same fields plus status "completed" | "error" and result. */
    async after(e: { tool?: unknown; sessionID?: unknown; id?: unknown; status?: unknown; result?: { content?: unknown } }): Promise<void> {
      const callID = e?.id;
      if (typeof callID !== 'string') return;
      const note = reports.get(callID);
      if (note !== undefined) {
        reports.delete(callID);
        const content = e.result?.content;
        if (Array.isArray(content)) content.push({ type: 'text', text: note });
      }
      const rt = await runtime();
      const f = await fields(e.sessionID);
      await rt.handle(
        controlEvent(rt, f, { kind: 'action.after', actionId: callID, tool: String(e.tool ?? ''), lifecycle: e.status === 'error' ? 'failed' : 'joined' }),
      );
    },
  };
}
