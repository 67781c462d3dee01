// A faithful stand-in for the Pi (0.74.x) / omp (18.2.x) extension runner, used by replay and
// the tests to run the real extension entry the way the host does: the default export is
// called once with the API; handlers run in registration order; for `tool_call` the first
// `{block: true}` wins and a throwing handler blocks too (both hosts fail safe there); a
// blocked call never executes and gets no `tool_result`; `input` stops at the first handled
// result (Pi `{action: "handled"}`, omp `{handled: true}`); `/name args` runs a registered
// command instead of reaching `input`; omp in `-p` fires no `input` at all, only
// `before_agent_start` and a user `message_start`.
import type { PiApi, PiCommandOptions, PiContext, PiHandler } from './pi-api.js';
import type { PiFamilyHost } from './flavor.js';

export interface FakePiOptions {
  host: PiFamilyHost;
  cwd: string;
  sessionId: string;
  /** Print mode (`-p`): no UI; on omp no `input` event either. */
  print?: boolean;
  /** What the user answers to ctx.ui.confirm when there is a UI. */
  confirmAnswer?: boolean;
}

export interface FakeToolOutcome {
  blocked: boolean;
  reason?: string;
  ran: boolean;
  /** `additionalContext` an omp handler attached. */
  context?: string;
  /** Result content after tool_result handlers. */
  content?: unknown[];
  /** The handler threw (the host treats that as a block). */
  thrown?: string;
}

export class FakePi {
  readonly handlers = new Map<string, PiHandler[]>();
  readonly commands = new Map<string, PiCommandOptions>();
  readonly notices: string[] = [];
  readonly confirms: string[] = [];
  /** Custom messages extensions added before the agent started (what the model will see). */
  readonly injected: string[] = [];
  sessionId: string;
  private seq = 0;

  constructor(private readonly opts: FakePiOptions) {
    this.sessionId = opts.sessionId;
  }

  get ctx(): PiContext {
    const hasUI = this.opts.print !== true;
    return {
      cwd: this.opts.cwd,
      hasUI,
      ui: {
        notify: (m) => void this.notices.push(m),
        confirm: async (_t, m) => {
          this.confirms.push(m);
          return this.opts.confirmAnswer ?? false;
        },
      },
      sessionManager: { getSessionId: () => this.sessionId, getSessionFile: () => undefined },
    };
  }

  load(factory: (pi: PiApi) => void): this {
    factory({
      on: (event, handler) => {
        const list = this.handlers.get(event) ?? [];
        list.push(handler);
        this.handlers.set(event, list);
      },
      registerCommand: (name, options) => void this.commands.set(name, options),
    });
    return this;
  }

  async emit(event: string, payload: Record<string, unknown>): Promise<unknown[]> {
    const out: unknown[] = [];
    for (const h of this.handlers.get(event) ?? []) out.push(await h({ type: event, ...payload }, this.ctx));
    return out;
  }

  async startSession(reason = 'startup'): Promise<void> {
    await this.emit('session_start', this.opts.host === 'pi' ? { reason } : {});
  }

  /** One user prompt through the host's order. Returns whether it reached the agent. */
  async prompt(text: string, source = 'interactive'): Promise<{ reachedAgent: boolean; inputResult?: unknown }> {
    const slash = /^\/(\S+)(?:\s+([\s\S]*))?$/.exec(text);
    if (slash && this.commands.has(slash[1]!)) {
      await this.commands.get(slash[1]!)!.handler(slash[2] ?? '', this.ctx);
      return { reachedAgent: false };
    }
    if (!(this.opts.host === 'omp' && this.opts.print)) {
      for (const h of this.handlers.get('input') ?? []) {
        const r = (await h({ type: 'input', text, source }, this.ctx)) as Record<string, unknown> | undefined;
        if (this.opts.host === 'pi' ? r?.action === 'handled' : r?.handled === true) return { reachedAgent: false, inputResult: r };
      }
    }
    for (const r of await this.emit('before_agent_start', { prompt: text, systemPrompt: this.opts.host === 'omp' ? [] : '' })) {
      const m = (r as { message?: { content?: unknown } } | undefined)?.message;
      if (m && typeof m.content === 'string') this.injected.push(m.content);
    }
    await this.emit('agent_start', {});
    if (this.opts.host === 'omp') await this.emit('message_start', { message: { role: 'user', attribution: 'user', content: [{ type: 'text', text }] } });
    return { reachedAgent: true };
  }

  async endTurn(): Promise<void> {
    await this.emit('agent_end', { messages: [] });
  }

  async tool(
    toolName: string,
    input: unknown,
    execute?: () => void | Promise<void>,
    toolCallId = `tc_${++this.seq}`,
    opts: { skipResult?: boolean } = {},
  ): Promise<FakeToolOutcome> {
    let context: string | undefined;
    for (const h of this.handlers.get('tool_call') ?? []) {
      let r: Record<string, unknown> | undefined;
      try {
        r = (await h({ type: 'tool_call', toolCallId, toolName, input }, this.ctx)) as Record<string, unknown> | undefined;
      } catch (err) {
        return { blocked: true, ran: false, thrown: String((err as Error)?.message ?? err) };
      }
      if (r?.block === true) return { blocked: true, reason: typeof r.reason === 'string' ? r.reason : undefined, ran: false };
      if (typeof r?.additionalContext === 'string') context = r.additionalContext;
    }
    await execute?.();
    if (opts.skipResult) return { blocked: false, ran: true, ...(context ? { context } : {}) };
    let content: unknown[] = [{ type: 'text', text: 'ok' }];
    for (const h of this.handlers.get('tool_result') ?? []) {
      const r = (await h({ type: 'tool_result', toolCallId, toolName, input, content, isError: false, details: undefined }, this.ctx)) as
        | { content?: unknown[] }
        | undefined;
      if (r?.content) content = r.content;
    }
    return { blocked: false, ran: true, content, ...(context ? { context } : {}) };
  }
}
