// The one extension behind Pi and omp (same `export default function (pi)` API): prompts from
// `input` (and `before_agent_start` / a user `message_start` where `input` does not fire),
// `/remit`, `tool_call` → action.before (`{block: true, reason}`; `ctx.ui.confirm` for ask
// when a UI exists), `tool_result` → action.after, session start and shutdown, subagent links.
import type { ControlEvent, HostCapability, ToolRequest } from '../../src/generated/types.js';
import type { ControllerResult } from '../../src/core/controller/result.js';
import type { Runtime } from '../../src/core/host/runtime.js';
import { fromSlashCommand, rewriteSlashPrompt } from '../../src/core/contract/slash.js';
import { controlEvent, type EnvelopeFields } from '../plugin-host/control-event.js';
import type { PiFlavor } from './flavor.js';
import { runtimeGetter, type HostConfigPaths } from '../plugin-host/host-runtime.js';
import type { PiApi, PiContext } from './pi-api.js';
import { promptBlockAsContext } from '../plugin-host/prompt-text.js';
import { unreadableCall } from '../plugin-host/unreadable-call.js';
import { RootLink, type Identity } from './session-link.js';

export interface PiExtensionDeps {
  runtime: () => Promise<Runtime>;
  env: NodeJS.ProcessEnv;
  /** Where a user-visible line goes when the host has no UI (print and JSON modes). */
  stderr: (text: string) => void;
}

/** The contract an unlinked child acts under: the strictest the adapter can state (docs/DESIGN.md#delegation-ledger). */
const UNLINKED_CHILD_DIRECTIVE = '$remit review lock';
const CUSTOM_TYPE = 'remit';
const MAX_REMEMBERED = 1024;

function messageText(content: unknown): string | null {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return null;
  const parts = content.filter((c) => c && c.type === 'text' && typeof c.text === 'string').map((c) => c.text as string);
  return parts.length > 0 ? parts.join('\n') : null;
}

function createPiFamilyExtension(flavor: PiFlavor, deps: PiExtensionDeps): (pi: PiApi) => void {
  return (pi: PiApi) => {
    const host = { name: flavor.host };
    const link = new RootLink(flavor.host, deps.env);
    const pending = new Map<string, string[]>();
    /** Prompts already applied in the current turn, per acting session: one prompt reaches an extension through up to three events. */
    const turnPrompts = new Map<string, Set<string>>();
    const strictened = new Set<string>();
    const reports = new Map<string, string>();

    const sessionIdOf = (ctx: PiContext): string => {
      try {
        const id = ctx?.sessionManager?.getSessionId?.();
        if (typeof id === 'string' && id !== '') return id;
      } catch {
        // A host without a session manager (an SDK embedding) still gets one session per process.
      }
      return `process-${process.pid}`;
    };

    const cwdOf = (ctx: PiContext): string => (typeof ctx?.cwd === 'string' && ctx.cwd !== '' ? ctx.cwd : process.cwd());

    function fieldsOf(id: Identity, ctx: PiContext): EnvelopeFields {
      const cwd = cwdOf(ctx);
      switch (id.kind) {
        case 'root':
          return { host, sessionId: id.sessionId, cwd };
        case 'child':
          return { host, sessionId: id.root, sourceSessionId: id.sessionId, agentId: id.sessionId, cwd };
        case 'unlinked':
          return { host, sessionId: `unlinked-${id.sessionId}`, sourceSessionId: id.sessionId, agentId: id.sessionId, cwd };
      }
    }

    async function identify(ctx: PiContext): Promise<{ id: Identity; f: EnvelopeFields; rt: Runtime }> {
      const rt = await deps.runtime();
      const id = link.identify(sessionIdOf(ctx));
      const f = fieldsOf(id, ctx);
      if (id.kind === 'unlinked' && !strictened.has(f.sessionId)) {
        // A subagent that cannot prove its root never runs as a fresh unarmed session.
        strictened.add(f.sessionId);
        await rt.handle(controlEvent(rt, f, { kind: 'prompt.submit', prompt: UNLINKED_CHILD_DIRECTIVE, origin: 'user' }));
      }
      return { id, f, rt };
    }

    function queue(root: string, text: string): void {
      const list = pending.get(root) ?? [];
      list.push(text);
      pending.set(root, list.slice(-4));
    }

    function tell(ctx: PiContext, text: string, type: 'info' | 'warning' | 'error' = 'info'): void {
      if (ctx?.hasUI && typeof ctx.ui?.notify === 'function') ctx.ui.notify(text, type);
      else deps.stderr(`${text}\n`);
    }

    /**
     * Applies one prompt and returns the controller's answer. `fresh` (input, /remit) starts a
     * new turn; the later sightings of the same text in that turn (before_agent_start, a user
     * message_start) return null.
     */
    async function submit(
      ctx: PiContext,
      text: string,
      origin: 'user' | 'synthetic',
      fresh: boolean,
    ): Promise<{ result: ControllerResult; root: string; child: boolean } | null> {
      const { id, f, rt } = await identify(ctx);
      const key = id.sessionId;
      let seen = turnPrompts.get(key);
      if (fresh || !seen) {
        seen = new Set();
        turnPrompts.set(key, seen);
        if (turnPrompts.size > MAX_REMEMBERED) turnPrompts.delete(turnPrompts.keys().next().value as string);
      } else if (seen.has(text)) return null;
      seen.add(text);
      const child = id.kind !== 'root';
      const result = await rt.handle(controlEvent(rt, f, { kind: 'prompt.submit', prompt: rewriteSlashPrompt(text), origin: child ? 'subagent' : origin }));
      return { result, root: f.sessionId, child };
    }

    async function sessionStart(event: unknown, ctx: PiContext): Promise<void> {
      const { id, f, rt } = await identify(ctx);
      const result = await rt.handle(controlEvent(rt, f, { kind: 'session.start', source: flavor.startSource(event) }));
      if (result.kind === 'context' && id.kind === 'root') queue(f.sessionId, result.text);
    }

    pi.on('session_start', async (event, ctx) => {
      if (flavor.startMovesRoot) link.move(sessionIdOf(ctx));
      await sessionStart(event, ctx);
    });

    if (!flavor.startMovesRoot) {
      // omp: /new, /resume and /fork switch the session in the same process.
      pi.on('session_switch', async (_event, ctx) => {
        link.move(sessionIdOf(ctx));
        await sessionStart({ reason: 'resume' }, ctx);
      });
    }

    pi.on('input', async (event, ctx) => {
      const text = typeof event?.text === 'string' ? event.text : null;
      if (text === null) return undefined;
      const done = await submit(ctx, text, event?.source === 'extension' ? 'synthetic' : 'user', true);
      if (!done || done.child) return undefined;
      const { result, root } = done;
      if (result.kind === 'prompt-block') {
        tell(ctx, result.text, result.inspection ? 'info' : 'error');
        return flavor.handled();
      }
      if (result.kind === 'context') {
        queue(root, result.text);
        if (result.userLine) tell(ctx, result.userLine);
      }
      return undefined;
    });

    pi.on('before_agent_start', async (event, ctx) => {
      const { f } = await identify(ctx);
      if (typeof event?.prompt === 'string' && event.messageType !== 'custom') {
        // `-p` on omp 18.x never fires `input`: the prompt arrives here first.
        const done = await submit(ctx, event.prompt, 'user', false);
        if (done && !done.child) {
          if (done.result.kind === 'prompt-block') queue(done.root, promptBlockAsContext(done.result));
          else if (done.result.kind === 'context') {
            queue(done.root, done.result.text);
            if (done.result.userLine) tell(ctx, done.result.userLine);
          }
        }
      }
      const texts = pending.get(f.sessionId);
      if (!texts || texts.length === 0) return undefined;
      pending.delete(f.sessionId);
      return { message: { customType: CUSTOM_TYPE, content: texts.join('\n\n'), display: false } };
    });

    if (flavor.promptFromMessageStart) {
      pi.on('message_start', async (event, ctx) => {
        const m = event?.message;
        if (!m || m.role !== 'user' || (m.attribution !== undefined && m.attribution !== 'user')) return;
        const text = messageText(m.content);
        if (text === null) return;
        const done = await submit(ctx, text, 'user', false);
        if (done && !done.child && done.result.kind === 'prompt-block') queue(done.root, promptBlockAsContext(done.result));
      });
    }

    pi.registerCommand?.('remit', {
      description: 'Set or inspect the remit task contract ($remit …)',
      handler: async (args, ctx) => {
        const prompt = fromSlashCommand('remit', typeof args === 'string' ? args : '');
        if (prompt === null) return;
        const done = await submit(ctx, prompt, 'user', true);
        if (!done) return;
        const { result, root } = done;
        if (result.kind === 'prompt-block') tell(ctx, result.text, result.inspection ? 'info' : 'error');
        else if (result.kind === 'context') {
          queue(root, result.text);
          tell(ctx, result.userLine ?? result.text);
        }
      },
    });

    /** `request` builds the call's ToolRequest: a throw there is answered like any other fault. */
    async function decideTool(toolCallId: string, toolName: string, request: () => ToolRequest, ctx: PiContext): Promise<unknown> {
      let result: ControllerResult;
      let who: { f: EnvelopeFields; rt: Runtime } | undefined;
      let req: ToolRequest | undefined;
      try {
        const { f, rt } = await identify(ctx);
        who = { f, rt };
        req = request();
        const action = await rt.classify(req, { id: toolCallId, tool: toolName, cwd: f.cwd });
        result = await rt.handle(controlEvent(rt, f, { kind: 'action.before', action }));
      } catch (err) {
        // A call that could not be read or classified: the session's GUARD_ERROR path (deny
        // while ARMED, audited). Without a runtime or a session: reads go on, nothing else does.
        const guarded = who ? unreadableCall(who.rt, who.f, toolCallId, toolName, 'EVENT_UNREADABLE') : null;
        if (guarded) result = guarded;
        else {
          if (req?.type === 'read') return undefined;
          return {
            block: true,
            reason: `remit refused this action: GUARD_ERROR (I)\nremit could not check this call (${(err as Error)?.message ?? 'internal error'}). Run \`remit doctor\`.`,
          };
        }
      }
      if (result.kind !== 'decision') return undefined;
      const { outcome } = result.decision;
      if (outcome === 'deny') return { block: true, reason: result.message };
      if (outcome === 'ask') {
        if (ctx?.hasUI && typeof ctx.ui?.confirm === 'function') {
          // The dialog is read by the person, the block reason below by the model.
          const yes = await ctx.ui.confirm('remit: approve this action?', result.question ?? result.message).catch(() => false);
          if (yes) return undefined;
          // The person's "No" is this extension's own fact, and Pi sends no tool_result for a
          // blocked call: the call never started, so the audit can say so.
          if (who) await who.rt.handle(controlEvent(who.rt, who.f, { kind: 'action.after', actionId: toolCallId, tool: toolName, lifecycle: 'not_started' }));
          return { block: true, reason: `${result.message}\nThe user declined it.` };
        }
        return { block: true, reason: result.message };
      }
      if (outcome === 'report') {
        if (flavor.toolCallContext) return { additionalContext: result.message };
        reports.set(toolCallId, result.message);
      }
      return undefined;
    }

    // A compaction summarises the earlier contract message away, and the loop may go on without
    // a new before_agent_start: the next model call gets the contract again through `context`
    // (Pi 0.74 and omp 18.2 both fire session_compact and context).
    const afterCompaction = new Map<string, string>();
    pi.on('session_compact', async (_event, ctx) => {
      const { id, f, rt } = await identify(ctx);
      if (id.kind !== 'root') return;
      const result = await rt.handle(controlEvent(rt, f, { kind: 'session.start', source: 'compact' }));
      if (result.kind === 'context') afterCompaction.set(f.sessionId, result.text);
    });

    pi.on('context', async (event, ctx) => {
      if (afterCompaction.size === 0 || !Array.isArray(event?.messages)) return undefined;
      const { f } = await identify(ctx);
      const text = afterCompaction.get(f.sessionId);
      if (text === undefined) return undefined;
      afterCompaction.delete(f.sessionId);
      // Right after the compaction summary, so the latest turn stays last.
      const messages = [...event.messages];
      messages.splice(Math.min(1, messages.length), 0, { role: 'user', content: [{ type: 'text', text }], timestamp: Date.now() });
      return { messages };
    });

    pi.on('tool_call', async (event, ctx) => {
      const toolName = typeof event?.toolName === 'string' ? event.toolName : '';
      const id = typeof event?.toolCallId === 'string' && event.toolCallId !== '' ? event.toolCallId : `call-${Date.now()}`;
      return decideTool(id, toolName, () => flavor.toolRequest(toolName, event?.input), ctx);
    });

    pi.on('tool_result', async (event, ctx) => {
      const id = event?.toolCallId;
      if (typeof id !== 'string') return undefined;
      const { f, rt } = await identify(ctx);
      const ev: ControlEvent = controlEvent(rt, f, {
        kind: 'action.after',
        actionId: id,
        tool: String(event.toolName ?? ''),
        lifecycle: event.isError === true ? 'failed' : 'joined',
      });
      await rt.handle(ev);
      const note = reports.get(id);
      if (note === undefined) return undefined;
      reports.delete(id);
      const content = Array.isArray(event.content) ? event.content : [];
      return { content: [...content, { type: 'text', text: note }] };
    });

    if (flavor.subagentSpawn) {
      // omp ≥18.3 asks before every spawn. A `task` call already reserved its batch at
      // tool_call; an `eval` agent() spawn has no such call, so it is decided here.
      pi.on('before_subagent_spawn', async (event, ctx) => {
        if (event?.invocationKind !== 'eval') return undefined;
        const key = typeof event.spawnKey === 'string' && event.spawnKey !== '' ? event.spawnKey : `spawn-${Date.now()}`;
        const verdict = (await decideTool(key, 'eval', () => ({ type: 'delegate', count: 1, completionScope: 'call' }), ctx)) as
          | { block?: boolean; reason?: string }
          | undefined;
        return verdict?.block ? { block: true, reason: verdict.reason } : undefined;
      });
    }

    pi.on('agent_end', async (event, ctx) => {
      if (event?.willContinue === true) return;
      const { id, f, rt } = await identify(ctx);
      turnPrompts.delete(id.sessionId);
      if (id.kind === 'root') await rt.handle(controlEvent(rt, f, { kind: 'turn.end' }));
    });

    pi.on('session_shutdown', async (_event, ctx) => {
      const { id, f, rt } = await identify(ctx);
      if (id.kind === 'root') await rt.handle(controlEvent(rt, f, { kind: 'session.end' }));
    });
  };
}

export interface RemitExtensionOptions {
  /** For replay and tests: the Runtime every event goes to. */
  runtime?: Runtime;
  /** For a real host: what the production runtime protects (the plugin entry passes every host's). */
  hostConfig?: HostConfigPaths;
  env?: NodeJS.ProcessEnv;
  stderr?: (text: string) => void;
}

/** A Pi-family host's extension: its flavour, its capability's ask channel, and where its runtime comes from. */
export function createRemitExtension(flavor: PiFlavor, capability: HostCapability, options: RemitExtensionOptions): (pi: PiApi) => void {
  const env = options.env ?? process.env;
  return createPiFamilyExtension(flavor, {
    runtime: runtimeGetter(options.runtime, options.hostConfig, env, { denyChannel: 'block', ask: capability.ask }),
    env,
    stderr: options.stderr ?? ((t) => process.stderr.write(t)),
  });
}
