// What both OpenCode plugins (1.x plugin.ts, 2.x plugin2.ts) keep per root session: the envelope
// fields of an id (walked up to its root), the context remit gives the model (the standing
// contract line and a one-turn answer), and whether the session's start was recorded.
import type { ControllerResult } from '../../src/core/controller/result.js';
import type { Runtime } from '../../src/core/host/runtime.js';
import { controlEvent, type EnvelopeFields } from '../plugin-host/control-event.js';
import { promptBlockAsContext } from '../plugin-host/prompt-text.js';
import type { SessionTree } from './sessions.js';
import type { ToolRequest } from '../../src/generated/types.js';
import { unreadableCall } from '../plugin-host/unreadable-call.js';

const MAX_REMEMBERED = 2048;

/** Adds to a bounded set: the oldest entry goes once it holds more than MAX_REMEMBERED. */
export function remember<T>(set: Set<T>, value: T): void {
  set.add(value);
  if (set.size > MAX_REMEMBERED) set.delete(set.values().next().value as T);
}

/** The refusal of a call remit could not check without a runtime or a session. */
function uncheckedCallMessage(err: unknown): string {
  return `remit refused this action: GUARD_ERROR (I)\nremit could not check this call (${(err as Error)?.message ?? 'internal error'}). Run \`remit doctor\`.`;
}

export class OpencodeSessions {
  readonly host = { name: 'opencode' };
  /** Context for the model per root session: the effective contract, and a one-turn answer. */
  readonly standing = new Map<string, string>();
  readonly oneTurn = new Map<string, string>();
  private readonly started = new Set<string>();

  constructor(
    readonly tree: SessionTree,
    readonly cwd: string,
  ) {}

  async fields(sessionID: unknown): Promise<EnvelopeFields> {
    const { host, cwd } = this;
    const id = typeof sessionID === 'string' && sessionID !== '' ? sessionID : 'unknown-session';
    const root = await this.tree.root(id);
    return root === id ? { host, sessionId: root, cwd } : { host, sessionId: root, sourceSessionId: id, agentId: id, cwd };
  }

  absorb(root: string, result: ControllerResult): void {
    if (result.kind === 'context') this.standing.set(root, result.text);
    else if (result.kind === 'prompt-block') this.oneTurn.set(root, promptBlockAsContext(result));
  }

  async ensureStarted(rt: Runtime, f: EnvelopeFields, source: 'startup' | 'resume'): Promise<void> {
    if (this.started.has(f.sessionId)) return;
    remember(this.started, f.sessionId);
    this.absorb(f.sessionId, await rt.handle(controlEvent(rt, { host: this.host, sessionId: f.sessionId, cwd: this.cwd }, { kind: 'session.start', source })));
  }

  /** The texts to put before the model for a request of this session (a child gets the contract, not the one-turn answer). */
  contextFor(f: EnvelopeFields): string[] {
    return [this.standing.get(f.sessionId), f.sourceSessionId ? undefined : this.oneTurn.get(f.sessionId)].filter((t): t is string => !!t);
  }

  /**
   * Classifies and decides one tool call. A call that cannot be read or classified takes the
   * session's GUARD_ERROR path (deny while ARMED, audited); without a runtime or a session, a
   * read goes on (undefined) and anything else is refused here with a thrown Error.
   */
  async decideCall(
    runtime: () => Promise<Runtime>,
    sessionID: unknown,
    call: { id: string; tool: string; request: () => ToolRequest },
  ): Promise<ControllerResult | undefined> {
    let request: ToolRequest | undefined;
    let rt: Runtime | undefined;
    let f: EnvelopeFields | undefined;
    try {
      rt = await runtime();
      f = await this.fields(sessionID);
      await this.ensureStarted(rt, f, 'resume');
      request = call.request();
      const action = await rt.classify(request, { id: call.id, tool: call.tool, cwd: this.cwd });
      return await rt.handle(controlEvent(rt, f, { kind: 'action.before', action }));
    } catch (err) {
      const guarded = rt && f ? unreadableCall(rt, f, call.id, call.tool, 'EVENT_UNREADABLE') : null;
      if (guarded) return guarded;
      if (request?.type === 'read') return undefined;
      throw new Error(uncheckedCallMessage(err));
    }
  }
}
