// The OpenCode V1 plugin's hooks (opencode-ai 1.18.x): real user messages → prompt.submit,
// tool.execute.before → action.before (a thrown Error is OpenCode's deny), tool.execute.after
// → action.after, child sessions → their root, remit's context → the system prompt.
import type { ControllerResult } from '../../src/core/controller/result.js';
import type { Runtime } from '../../src/core/host/runtime.js';
import { unwrapOpencodeRunQuotes } from '../../src/core/contract/slash.js';
import { controlEvent, type EnvelopeFields } from '../plugin-host/control-event.js';
import { runtimeGetter, type HostConfigPaths } from '../plugin-host/host-runtime.js';
import { SessionTree, type SessionLookup } from './sessions.js';
import { OpencodeSessions, remember } from './session-context.js';
import { OPENCODE1_CAPABILITY } from './capability.js';
import { opencodeToolRequest } from './tools.js';

export interface OpencodePluginInput {
  client?: SessionLookup;
  directory?: string;
  worktree?: string;
}

export interface RemitOpencodeOptions {
  /** The host's argv; `opencode run` wraps the prompt in one pair of quotes. */
  argv: readonly string[];
  runtime: () => Promise<Runtime>;
}

type Hook = (input: any, output: any) => Promise<void>;
export type OpencodeHooks = Record<string, Hook | ((input: any) => Promise<void>)>;

/** `opencode run …` (seen on 1.18.33): the first non-flag argument is the subcommand. */
export function isOpencodeRun(argv: readonly string[]): boolean {
  for (const a of argv.slice(1)) {
    if (a === 'run') return true;
  }
  return false;
}

interface TextPartLike {
  type?: unknown;
  text?: unknown;
  synthetic?: unknown;
  ignored?: unknown;
}

/** The user's own words: text parts that OpenCode did not add itself (file bodies, reminders) and did not mark ignored. */
export function userText(parts: unknown): string | null {
  if (!Array.isArray(parts)) return null;
  const texts: string[] = [];
  for (const p of parts as TextPartLike[]) {
    if (p && p.type === 'text' && typeof p.text === 'string' && p.synthetic !== true && p.ignored !== true) texts.push(p.text);
  }
  return texts.length > 0 ? texts.join('\n') : null;
}

export type OpencodePlugin = (input: OpencodePluginInput, options?: Record<string, unknown>) => Promise<OpencodeHooks>;

/**
 * The plugin function OpenCode calls once. `options.argv` and `options.runtime` (never set by a
 * user's JSON config) let replay and tests run it as OpenCode would against a Runtime of their
 * own; a real OpenCode gets the production runtime, protecting what `hostConfig` names.
 */
export function opencodePlugin(hostConfig: HostConfigPaths | undefined): OpencodePlugin {
  return async (input, options) => {
    const argv = Array.isArray(options?.argv) ? (options.argv as string[]) : process.argv;
    return createOpencodeHooks(input ?? {}, {
      argv,
      runtime: runtimeGetter(options?.runtime, hostConfig, process.env, { denyChannel: 'throw', ask: OPENCODE1_CAPABILITY.ask }),
    });
  };
}

function createOpencodeHooks(input: OpencodePluginInput, options: RemitOpencodeOptions): OpencodeHooks {
  const tree = new SessionTree(input.client);
  const cwd = typeof input.directory === 'string' && input.directory !== '' ? input.directory : process.cwd();
  const runMode = isOpencodeRun(options.argv);
  const sessions = new OpencodeSessions(tree, cwd);
  const { host, standing, oneTurn } = sessions;
  const fields = (id: unknown) => sessions.fields(id);
  const absorb = (root: string, result: ControllerResult) => sessions.absorb(root, result);
  const ensureStarted = (rt: Runtime, f: EnvelopeFields, source: 'startup' | 'resume') => sessions.ensureStarted(rt, f, source);
  const handledMessages = new Set<string>();
  const userMessages = new Set<string>();
  const denied = new Set<string>();
  const reports = new Map<string, string>();

  async function submitPrompt(sessionID: unknown, messageID: unknown, raw: string): Promise<void> {
    if (typeof messageID === 'string') {
      if (handledMessages.has(messageID)) return;
      remember(handledMessages, messageID);
    }
    const rt = await options.runtime();
    const f = await fields(sessionID);
    await ensureStarted(rt, f, 'resume');
    const child = f.sourceSessionId !== undefined;
    // A child session's "user" message is the prompt its parent's task call wrote: no authority.
    const prompt = runMode && !child ? unwrapOpencodeRunQuotes(raw) : raw;
    const result = await rt.handle(controlEvent(rt, f, { kind: 'prompt.submit', prompt, origin: child ? 'subagent' : 'user' }));
    if (!child) absorb(f.sessionId, result);
  }

  return {
    event: async ({ event }: { event?: { type?: string; properties?: any } }) => {
      const props = event?.properties ?? {};
      switch (event?.type) {
        case 'session.created':
        case 'session.updated': {
          const info = props.info;
          if (!info || typeof info.id !== 'string') return;
          const fresh = !tree.isKnown(info.id);
          tree.learn(info.id, info.parentID);
          if (event.type === 'session.created' && fresh && !(typeof info.parentID === 'string' && info.parentID)) {
            const rt = await options.runtime();
            await ensureStarted(rt, { host, sessionId: info.id, cwd }, 'startup');
          }
          return;
        }
        case 'message.updated': {
          const info = props.info;
          if (info && info.role === 'user' && typeof info.id === 'string') remember(userMessages, info.id);
          return;
        }
        case 'message.part.updated': {
          const part = props.part;
          if (!part) return;
          if (part.type === 'text' && userMessages.has(part.messageID) && !handledMessages.has(part.messageID)) {
            // Fallback for a user message chat.message did not announce; the same part rules apply.
            const t = userText([part]);
            if (t !== null) await submitPrompt(part.sessionID, part.messageID, t);
            return;
          }
          if (part.type === 'tool' && part.state?.status === 'error' && typeof part.callID === 'string' && !denied.has(part.callID)) {
            // tool.execute.after does not run for a call that threw; its error state is the terminal fact.
            const rt = await options.runtime();
            const f = await fields(part.sessionID);
            await rt.handle(controlEvent(rt, f, { kind: 'action.after', actionId: part.callID, tool: String(part.tool ?? ''), lifecycle: 'failed' }));
          }
          return;
        }
        case 'session.idle': {
          const id = props.sessionID;
          if (typeof id !== 'string') return;
          const f = await fields(id);
          if (f.sourceSessionId) return;
          oneTurn.delete(f.sessionId);
          const rt = await options.runtime();
          await rt.handle(controlEvent(rt, f, { kind: 'turn.end' }));
          return;
        }
        case 'session.deleted': {
          const info = props.info;
          if (!info || typeof info.id !== 'string' || (typeof info.parentID === 'string' && info.parentID)) return;
          const rt = await options.runtime();
          await rt.handle(controlEvent(rt, { host, sessionId: info.id, cwd }, { kind: 'session.end' }));
          standing.delete(info.id);
          oneTurn.delete(info.id);
          return;
        }
        default:
          return;
      }
    },

    'chat.message': async (hookInput: { sessionID?: string; messageID?: string }, output: { message?: { role?: string; id?: string }; parts?: unknown }) => {
      if (output?.message && output.message.role !== undefined && output.message.role !== 'user') return;
      const t = userText(output?.parts);
      if (t === null) return;
      await submitPrompt(hookInput?.sessionID, hookInput?.messageID ?? output?.message?.id, t);
    },

    'experimental.chat.system.transform': async (hookInput: { sessionID?: string }, output: { system?: string[] }) => {
      if (!output || !Array.isArray(output.system) || typeof hookInput?.sessionID !== 'string') return;
      const f = await fields(hookInput.sessionID);
      const rt = await options.runtime();
      await ensureStarted(rt, f, 'resume');
      for (const t of sessions.contextFor(f)) output.system.push(t);
    },

    'tool.execute.before': async (hookInput: { tool?: string; sessionID?: string; callID?: string }, output: { args?: unknown }) => {
      const tool = typeof hookInput?.tool === 'string' ? hookInput.tool : '';
      const callID = typeof hookInput?.callID === 'string' && hookInput.callID !== '' ? hookInput.callID : `call-${Date.now()}`;
      let result: ControllerResult | undefined;
      try {
        result = await sessions.decideCall(options.runtime, hookInput?.sessionID, { id: callID, tool, request: () => opencodeToolRequest(tool, output?.args) });
      } catch (err) {
        remember(denied, callID);
        throw err;
      }
      if (result === undefined) return;
      if (result.kind !== 'decision') return;
      const { outcome } = result.decision;
      if (outcome === 'deny' || outcome === 'ask') {
        // OpenCode V1 has no ask a plugin can raise: an ask is a deny naming how to authorise it.
        remember(denied, callID);
        throw new Error(result.message);
      }
      if (outcome === 'report') reports.set(callID, result.message);
    },

    'tool.execute.after': async (
      hookInput: { tool?: string; sessionID?: string; callID?: string; args?: unknown },
      output: { output?: unknown; metadata?: any },
    ) => {
      const callID = hookInput?.callID;
      if (typeof callID !== 'string') return;
      const note = reports.get(callID);
      if (note !== undefined) {
        reports.delete(callID);
        if (output && typeof output.output === 'string') output.output = `${output.output}\n\n${note}`;
      }
      const rt = await options.runtime();
      const f = await fields(hookInput.sessionID);
      const tool = String(hookInput.tool ?? '');
      const child = tool.toLowerCase() === 'task' ? output?.metadata?.sessionId : undefined;
      await rt.handle(
        controlEvent(rt, f, {
          kind: 'action.after',
          actionId: callID,
          tool,
          lifecycle: 'joined',
          ...(typeof child === 'string' && child !== '' ? { agentIds: [child] } : {}),
        }),
      );
    },
  };
}
