// What a scenario tells the model double to say, and what the double remembers of each request.
// Internal shapes of the e2e suite (not product data), so they are hand-written here.

/** One tool call the scripted model makes, in the host's own tool vocabulary. */
export interface ScriptedCall {
  /** The tool name exactly as the host offers it to the model (`Write`, `exec_command`, `_write` …). */
  name: string;
  /** The tool input. For OpenAI Responses custom (freeform) tools, `{ input: "<raw text>" }`. */
  input: Record<string, unknown>;
  /** OpenAI Responses only: the namespace a function lives in (Codex `multi_agent_v1`). */
  namespace?: string;
  /** OpenAI Responses only: `custom` for freeform tools such as Codex `apply_patch`. */
  kind?: 'function' | 'custom';
  /** Computes the input from the text of the tool result(s) the host just sent (e.g. an agent id to wait on). */
  fromResult?: (previousResults: string) => Record<string, unknown>;
}

/** Token usage the double reports for one reply; large numbers push a host into auto-compaction. */
export interface ScriptedUsage {
  inputTokens: number;
  outputTokens: number;
}

export type ScriptedTurn = { calls: ScriptedCall[]; text?: string; usage?: ScriptedUsage } | { text: string; usage?: ScriptedUsage };

/** A conversation script: the turns of one agent, consumed in order. */
export interface Script {
  /** The turns of the main agent: the first tool-offering request gets turn 0. */
  main: ScriptedTurn[];
  /**
   * The turns of a subagent. A tool-offering request whose user text contains `childMarker`
   * starts a child conversation; each child conversation consumes this list from the start.
   */
  child?: ScriptedTurn[];
  childMarker?: string;
  /** Final text used when a conversation has consumed all its turns (default "Done."). */
  finalText?: string;
}

export type Dialect = 'anthropic' | 'responses' | 'chat' | 'gemini' | 'other';

/** A tool result the host sent back to the model. */
export interface SeenToolResult {
  callId: string;
  /** The result text as the model reads it (joined text blocks / output string). */
  text: string;
  isError: boolean;
}

/** Which scripted conversation a request belonged to, and what the double answered. */
export type RequestRole = 'main' | 'child' | 'untracked';

export interface RecordedRequest extends RequestView {
  seq: number;
  at: string;
  method: string;
  /** Path without the query string; `query` keeps it (`beta=true`). */
  path: string;
  query: string;
  dialect: Dialect;
  headers: Record<string, string>;
  /** The parsed JSON body (undefined when the body was not JSON). */
  body: unknown;
  role: RequestRole;
  /** A short description of what the double answered (`call Write`, `text`, `count_tokens` …). */
  reply: string;
}

/** What the double reads from one model request, whichever API it came in. */
export interface RequestView {
  model?: string;
  stream: boolean;
  /** Names of the tools offered, as the model sees them (namespaced Responses tools as `ns.name`). */
  toolsOffered: string[];
  /** Every system / instructions / developer text, in order. */
  systemTexts: string[];
  /** Every user text, in order (the last one is the newest). */
  userTexts: string[];
  /** Tool results carried by the newest message(s) of the request. */
  toolResults: SeenToolResult[];
}

export type Json = Record<string, unknown>;
export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The text of a content field: a string, or the `text` of each block in a list. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((b) => (isObject(b) && typeof b.text === 'string' ? b.text : ''))
    .filter((t) => t.length > 0)
    .join('\n');
}
