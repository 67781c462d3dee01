// The scripted model: one HTTP server on 127.0.0.1 (random port) answering Anthropic Messages,
// OpenAI Responses, OpenAI Chat Completions and the Gemini API from a Script, recording every request. It closes itself after `lifetimeMs`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { anthropicMessageJson, anthropicReply, anthropicSse, readAnthropicRequest } from './anthropic.js';
import { chatJson, chatReply, chatSse, readChatRequest } from './chat.js';
import { geminiJson, geminiModelOf, geminiReply, geminiSse, readGeminiRequest } from './gemini.js';
import { readResponsesRequest, responsesJson, responsesReply, responsesSse } from './responses.js';
import type { Dialect, RecordedRequest, RequestRole, Script, ScriptedTurn, SeenToolResult } from './script.js';

export interface ModelDouble {
  /** `http://127.0.0.1:PORT` (no trailing slash, no `/v1`). */
  url: string;
  port: number;
  /** Every request so far, in arrival order. */
  requests: RecordedRequest[];
  /** Replace the script (and forget which calls were issued). */
  setScript(script: Script): void;
  /** Every tool result the host sent back for a call the script made, in order. */
  toolResults(): Array<SeenToolResult & { toolName: string; role: RequestRole }>;
  close(): Promise<void>;
}

export interface ModelDoubleOptions {
  script?: Script;
  /** The server closes itself after this long (default 10 minutes) so a stuck test cannot leak it. */
  lifetimeMs?: number;
  /** A request body that has not arrived within this long is dropped (default 30 s). */
  requestTimeoutMs?: number;
}

interface Conversation {
  role: 'main' | 'child';
  turns: ScriptedTurn[];
  next: number;
}

interface IssuedCall {
  conversation: Conversation;
  toolName: string;
}

const MAX_BODY = 32 * 1024 * 1024;

export async function startModelDouble(options: ModelDoubleOptions = {}): Promise<ModelDouble> {
  let script: Script = options.script ?? { main: [] };
  let mainConversation: Conversation | undefined;
  let issued = new Map<string, IssuedCall>();
  const requests: RecordedRequest[] = [];
  let counter = 0;

  const finalTurn = (): ScriptedTurn => ({ text: script.finalText ?? 'Done.' });

  /** Decides which scripted turn answers a request, and records the call ids it issues. */
  function planReply(
    view: { toolsOffered: string[]; userTexts: string[]; toolResults: SeenToolResult[] },
    idPrefix: string,
  ): {
    turn: ScriptedTurn;
    ids: string[];
    role: RequestRole;
  } {
    let conversation: Conversation | undefined;
    // A request that offers no tools (a title, a compaction summary) never moves a script on.
    if (view.toolsOffered.length === 0) return { turn: finalTurn(), ids: [], role: 'untracked' };
    const answered = view.toolResults.map((r) => issued.get(r.callId)).find((c) => c !== undefined);
    if (answered !== undefined) conversation = answered.conversation;
    else {
      const marker = script.childMarker;
      const isChild = marker !== undefined && view.userTexts.some((t) => t.includes(marker));
      if (isChild && script.child !== undefined) conversation = { role: 'child', turns: script.child, next: 0 };
      else if (!isChild) {
        // The main agent carrying none of our results is either starting, or going on after its
        // history was compacted into a summary: either way it gets its next turn.
        mainConversation ??= { role: 'main', turns: script.main, next: 0 };
        conversation = mainConversation;
      }
    }
    if (conversation === undefined) return { turn: finalTurn(), ids: [], role: 'untracked' };
    const scripted = conversation.turns[conversation.next] ?? finalTurn();
    conversation.next += 1;
    const previous = view.toolResults.map((r) => r.text).join('\n');
    const turn: ScriptedTurn =
      'calls' in scripted
        ? { ...scripted, calls: scripted.calls.map((c) => (c.fromResult !== undefined ? { ...c, input: c.fromResult(previous) } : c)) }
        : scripted;
    const calls = 'calls' in turn ? turn.calls : [];
    const ids = calls.map((call) => {
      counter += 1;
      const id = `${idPrefix}${String(counter).padStart(4, '0')}`;
      issued.set(id, { conversation: conversation as Conversation, toolName: call.name });
      return id;
    });
    return { turn, ids, role: conversation.role };
  }

  function describe(turn: ScriptedTurn): string {
    return 'calls' in turn && turn.calls.length > 0 ? `call ${turn.calls.map((c) => c.name).join(',')}` : 'text';
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        res.writeHead(413).end();
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      const [path = '', query = ''] = (req.url ?? '').split('?', 2);
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = raw.length > 0 ? JSON.parse(raw) : undefined;
      } catch {
        body = undefined;
      }
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) {
        // Credentials never belong in a recording, even fake ones.
        if (/authorization|api-key|cookie/i.test(k)) continue;
        if (typeof v === 'string') headers[k] = v;
      }
      const record: RecordedRequest = {
        seq: requests.length,
        at: new Date().toISOString(),
        method: req.method ?? 'GET',
        path,
        query,
        dialect: 'other',
        headers,
        body,
        stream: false,
        toolsOffered: [],
        systemTexts: [],
        userTexts: [],
        toolResults: [],
        role: 'untracked',
        reply: '',
      };
      requests.push(record);
      try {
        answer(record, res);
      } catch (error) {
        record.reply = `error ${(error as Error).message}`;
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'api_error', message: 'model double failed' } }));
      }
    });
  });

  function answer(record: RecordedRequest, res: http.ServerResponse): void {
    const path = record.path.replace(/\/+$/, '');
    if (record.method === 'POST' && path.endsWith('/messages/count_tokens')) {
      record.dialect = 'anthropic';
      record.reply = 'count_tokens';
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ input_tokens: 100 }));
      return;
    }
    if (record.method === 'POST' && path.endsWith('/messages')) {
      const view = readAnthropicRequest(record.body);
      Object.assign(record, { dialect: 'anthropic' satisfies Dialect, ...view });
      const plan = planReply(view, 'toolu_e2e_');
      record.role = plan.role;
      record.reply = describe(plan.turn);
      const reply = anthropicReply(plan.turn, plan.ids);
      const id = `msg_e2e_${record.seq}`;
      const model = view.model ?? 'claude-double';
      if (view.stream) {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        res.end(anthropicSse(reply, id, model));
      } else {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(anthropicMessageJson(reply, id, model)));
      }
      return;
    }
    if (record.method === 'POST' && path.endsWith('/responses')) {
      const view = readResponsesRequest(record.body);
      Object.assign(record, { dialect: 'responses' satisfies Dialect, ...view });
      const plan = planReply(view, 'call_e2e_');
      record.role = plan.role;
      record.reply = describe(plan.turn);
      const reply = responsesReply(plan.turn, plan.ids, `msg_e2e_${record.seq}`);
      const id = `resp_e2e_${record.seq}`;
      const model = view.model ?? 'gpt-double';
      if (view.stream) {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        res.end(responsesSse(reply, id, model));
      } else {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(responsesJson(reply, id, model)));
      }
      return;
    }
    if (record.method === 'POST' && path.endsWith('/chat/completions')) {
      const view = readChatRequest(record.body);
      Object.assign(record, { dialect: 'chat' satisfies Dialect, ...view });
      const plan = planReply(view, 'call_e2e_');
      record.role = plan.role;
      record.reply = describe(plan.turn);
      const reply = chatReply(plan.turn, plan.ids);
      const id = `chatcmpl_e2e_${record.seq}`;
      const model = view.model ?? 'gpt-double';
      if (view.stream) {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        res.end(chatSse(reply, id, model));
      } else {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(chatJson(reply, id, model)));
      }
      return;
    }
    if (record.method === 'POST' && /:(?:stream)?generateContent$/i.test(path)) {
      const stream = /:streamGenerateContent$/i.test(path);
      const view = readGeminiRequest(record.body, stream);
      const model = geminiModelOf(path) ?? 'gemini-double';
      Object.assign(record, { dialect: 'gemini' satisfies Dialect, ...view, model });
      const plan = planReply(view, 'call_e2e_');
      record.role = plan.role;
      record.reply = describe(plan.turn);
      const reply = geminiReply(plan.turn, plan.ids);
      if (stream) {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        res.end(geminiSse(reply, model));
      } else {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(geminiJson(reply, model)));
      }
      return;
    }
    if (record.method === 'POST' && /:countTokens$/i.test(path)) {
      record.dialect = 'gemini';
      record.reply = 'countTokens';
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ totalTokens: 100 }));
      return;
    }
    if (record.method === 'GET' && path.endsWith('/models')) {
      record.reply = 'models';
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data: [], models: [] }));
      return;
    }
    record.reply = 'not found';
    res
      .writeHead(404, { 'content-type': 'application/json' })
      .end(JSON.stringify({ error: { type: 'not_found_error', message: 'no such route in the model double' } }));
  }

  server.requestTimeout = options.requestTimeoutMs ?? 30_000;
  server.headersTimeout = Math.min(server.requestTimeout, 30_000);
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  let closed: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closed ??= new Promise<void>((resolve) => {
      clearTimeout(lifetime);
      server.close(() => resolve());
      server.closeAllConnections();
    });
    return closed;
  };
  const lifetime = setTimeout(() => void close(), options.lifetimeMs ?? 10 * 60_000);
  lifetime.unref();

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    setScript(next: Script) {
      script = next;
      mainConversation = undefined;
      issued = new Map();
    },
    toolResults() {
      const out: Array<SeenToolResult & { toolName: string; role: RequestRole }> = [];
      const seen = new Set<string>();
      for (const r of requests) {
        for (const t of r.toolResults) {
          const call = issued.get(t.callId);
          if (call === undefined || seen.has(t.callId)) continue;
          seen.add(t.callId);
          out.push({ ...t, toolName: call.toolName, role: call.conversation.role });
        }
      }
      return out;
    },
    close,
  };
}
