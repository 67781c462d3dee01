// A stand-in for the parts of OpenCode 2.1.x a plugin touches, used by replay and the tests to
// run the real 2.x definition (the one index.v2.ts exports) the way OpenCode 2 does: `setup(ctx)`
// is called once with {location, options, session, tool}; the plugin registers hooks by name
// (`ctx.session.hook("prompt" | "context")`, `ctx.tool.hook("execute.before" | "execute.after")`);
// a user prompt runs the prompt hook, then the context hook before the model request; a tool
// call runs execute.before (a throw refuses it and its message becomes the tool result), the
// tool, then execute.after. OpenCode 2 announces no session to a plugin: the plugin asks
// `ctx.session.get` for a session's parent, which this stand-in answers from the sessions it made.
import type { Runtime } from '../../src/core/host/runtime.js';
import { opencodeV2Plugin } from './plugin2.js';

type Hook = (e: any) => unknown;

export interface ToolOutcome2 {
  /** The message of the Error execute.before threw; the tool did not run. */
  thrown?: string;
  /** The tool ran (the stand-in's executor was called). */
  ran: boolean;
  /** The result's content after execute.after (report notes are appended there). */
  content: { type: string; text: string }[];
}

export class FakeOpencode2 {
  /** Child session id → parent session id. */
  readonly parents = new Map<string, string>();
  readonly hooks: Record<string, Hook> = {};
  private loaded: Promise<void> | undefined;
  private seq = 0;

  constructor(
    readonly directory: string,
    private readonly runtime: Runtime,
  ) {}

  load(): Promise<void> {
    this.loaded ??= opencodeV2Plugin(undefined, async () => this.runtime).setup({
      location: { directory: this.directory },
      options: {},
      session: {
        hook: (name, fn) => (this.hooks[`session.${name}`] = fn),
        get: async ({ sessionID }) => ({ id: sessionID, directory: this.directory, parentID: this.parents.get(sessionID) }),
      },
      tool: { hook: (name, fn) => (this.hooks[`tool.${name}`] = fn) },
    });
    return this.loaded;
  }

  /** OpenCode 2 made a child session (the subagent tool does): the plugin finds its parent through session.get. */
  createSession(id: string, parentID: string): void {
    this.parents.set(id, parentID);
  }

  /** The system texts the next model request of this session carries, after the context hook. */
  async system(sessionID: string): Promise<string[]> {
    await this.load();
    const e = { sessionID, system: [] as { type: string; text: string }[], messages: [] };
    await this.hooks['session.context']?.(e);
    return e.system.map((s) => s.text);
  }

  /** A user prompt: `opencode run "<text>"` hands it over in one pair of literal quotes; then the model request's context. */
  async prompt(sessionID: string, text: string, messageID = `msg_${++this.seq}`): Promise<string[]> {
    await this.load();
    await this.hooks['session.prompt']?.({ sessionID, messageID, prompt: { text, files: [] }, delivery: 'steer' });
    return this.system(sessionID);
  }

  /** execute.before alone: a throw is the refusal the model reads. */
  async before(sessionID: string, tool: string, input: unknown, id: string): Promise<string | undefined> {
    await this.load();
    try {
      await this.hooks['tool.execute.before']?.({ tool, sessionID, agent: 'build', messageID: 'm', id, input });
      return undefined;
    } catch (err) {
      return err instanceof Error ? err.message : String(err);
    }
  }

  /** execute.after: the tool ran (status completed) or failed (status error). */
  async after(sessionID: string, tool: string, input: unknown, id: string, status: 'completed' | 'error'): Promise<ToolOutcome2['content']> {
    await this.load();
    const content: ToolOutcome2['content'] = [{ type: 'text', text: status === 'error' ? 'failed' : 'ok' }];
    await this.hooks['tool.execute.after']?.({ tool, sessionID, agent: 'build', messageID: 'm', id, input, status, result: { content } });
    return content;
  }

  /** One tool call in OpenCode 2's order: execute.before, the tool (unless refused), execute.after. */
  async tool(sessionID: string, tool: string, input: unknown, run?: () => void | Promise<void>, id = `call_${++this.seq}`): Promise<ToolOutcome2> {
    const thrown = await this.before(sessionID, tool, input, id);
    if (thrown !== undefined) return { thrown, ran: false, content: [] };
    await run?.();
    return { ran: true, content: await this.after(sessionID, tool, input, id, 'completed') };
  }
}
