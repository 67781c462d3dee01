// A faithful stand-in for the parts of OpenCode 1.18.x a plugin touches, used by replay and
// the tests to run the real plugin function (the one index.ts exports) the way OpenCode does: the plugin
// function is called once with {client, project, directory, worktree, serverUrl, $}; user
// messages go through `chat.message` ({sessionID, messageID} / {message, parts}); each tool
// call runs every `tool.execute.before` (a throw refuses the call and its message becomes the
// tool result), then the tool, then `tool.execute.after`; bus events go through `event`.
import type { Runtime } from '../../src/core/host/runtime.js';
import { opencodePlugin, type OpencodeHooks } from './plugin.js';

// The stand-in always hands the plugin its own runtime: no production runtime is ever built here.
const remitOpencodePlugin = opencodePlugin(undefined);

export interface FakeSession {
  id: string;
  parentID?: string;
  directory: string;
}

export interface ToolOutcome {
  /** The message of the Error a before hook threw; the tool did not run. */
  thrown?: string;
  /** The tool ran (the stand-in's executor was called). */
  ran: boolean;
  /** OpenCode's after-hook output object as the plugin left it. */
  output?: { title: string; output: string; metadata: Record<string, unknown> };
}

export class FakeOpencode {
  readonly sessions = new Map<string, FakeSession>();
  private hooks: OpencodeHooks | undefined;
  private seq = 0;

  constructor(
    readonly directory: string,
    private readonly runtime: Runtime,
    private readonly argv: readonly string[] = ['opencode', 'run'],
  ) {}

  private get client() {
    return {
      session: {
        get: async (req: { path: { id: string } }) => {
          const s = this.sessions.get(req.path.id);
          return s ? { data: { id: s.id, parentID: s.parentID, directory: s.directory, title: '', version: '1.18.33' } } : { error: { name: 'NotFoundError' } };
        },
      },
    };
  }

  async load(): Promise<OpencodeHooks> {
    if (!this.hooks) {
      const input = {
        client: this.client,
        project: { id: 'p1', worktree: this.directory },
        directory: this.directory,
        worktree: this.directory,
        serverUrl: new URL('http://127.0.0.1:4096'),
        $: undefined,
      };
      const options: Record<string, unknown> = { argv: this.argv, runtime: this.runtime };
      this.hooks = await remitOpencodePlugin(input, options);
    }
    return this.hooks;
  }

  /** One raw call as OpenCode makes it: a hook with its (input, output) pair, or a bus event. */
  async call(event: string, payload: any): Promise<{ thrown?: string; output?: unknown }> {
    const h = await this.load();
    if (event === 'event') {
      const info = payload?.event?.properties?.info;
      if (payload?.event?.type === 'session.created' && info && typeof info.id === 'string')
        this.sessions.set(info.id, { id: info.id, directory: this.directory, ...(info.parentID ? { parentID: info.parentID } : {}) });
      await (h.event as (i: unknown) => Promise<void>)?.(payload);
      return {};
    }
    const hook = h[event] as ((i: unknown, o: unknown) => Promise<void>) | undefined;
    const output = payload?.output;
    try {
      await hook?.(payload?.input, output);
    } catch (err) {
      return { thrown: err instanceof Error ? err.message : String(err), output };
    }
    if (event === 'chat.message') {
      const system: string[] = [];
      await (h['experimental.chat.system.transform'] as (i: unknown, o: unknown) => Promise<void>)?.(
        { sessionID: payload?.input?.sessionID, model: {} },
        { system },
      );
      return { output: { system } };
    }
    return { output };
  }

  async createSession(id: string, parentID?: string): Promise<void> {
    const s: FakeSession = { id, directory: this.directory, ...(parentID ? { parentID } : {}) };
    this.sessions.set(id, s);
    await this.emit({ type: 'session.created', properties: { info: { ...s, title: '', version: '1.18.33', time: { created: 0, updated: 0 } } } });
  }

  async emit(event: { type: string; properties: unknown }): Promise<void> {
    const h = await this.load();
    await (h.event as (i: unknown) => Promise<void>)?.({ event });
  }

  /** A user message: `opencode run` (argv has `run`) hands the text over wrapped in one pair of quotes. */
  async prompt(sessionID: string, text: string, extraParts: unknown[] = []): Promise<string[]> {
    const h = await this.load();
    const messageID = `msg_${++this.seq}`;
    const sent = this.argv.includes('run') ? `"${text}"` : text;
    const parts = [{ id: `prt_${this.seq}`, sessionID, messageID, type: 'text', text: sent }, ...extraParts];
    await (h['chat.message'] as (i: unknown, o: unknown) => Promise<void>)?.(
      { sessionID, messageID, agent: 'build' },
      { message: { id: messageID, sessionID, role: 'user', time: { created: 0 }, agent: 'build' }, parts },
    );
    const system: string[] = [];
    await (h['experimental.chat.system.transform'] as (i: unknown, o: unknown) => Promise<void>)?.({ sessionID, model: {} }, { system });
    return system;
  }

  /** One tool call through OpenCode's order: before hooks, the tool (unless refused), after hooks. */
  async tool(
    sessionID: string,
    tool: string,
    args: unknown,
    callID = `call_${++this.seq}`,
    execute?: () => void | Promise<void>,
    metadata: Record<string, unknown> = {},
  ): Promise<ToolOutcome> {
    const h = await this.load();
    try {
      await (h['tool.execute.before'] as (i: unknown, o: unknown) => Promise<void>)?.({ tool, sessionID, callID }, { args });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await this.emit({
        type: 'message.part.updated',
        properties: { part: { id: `prt_${callID}`, sessionID, messageID: 'm', type: 'tool', callID, tool, state: { status: 'error', error: message } } },
      });
      return { thrown: message, ran: false };
    }
    await execute?.();
    const output = { title: tool, output: 'ok', metadata };
    await (h['tool.execute.after'] as (i: unknown, o: unknown) => Promise<void>)?.({ tool, sessionID, callID, args }, output);
    return { ran: true, output };
  }
}
