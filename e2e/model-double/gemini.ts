// The Gemini API, as Gemini CLI 0.61.0 speaks it through GOOGLE_GEMINI_BASE_URL:
// `POST /v1beta/models/<model>:generateContent` (JSON) and `:streamGenerateContent?alt=sse`
// (each chunk a `data:` line holding a GenerateContentResponse). Tools arrive as
// `tools[].functionDeclarations`, calls go out as `functionCall` parts, and a result comes back
// as a `functionResponse` part of the next user content, carrying the call's `id`.
import type { RequestView, ScriptedCall, ScriptedTurn, ScriptedUsage, SeenToolResult } from './script.js';
import { isObject, type Json } from './script.js';

function partsOf(content: unknown): Json[] {
  return isObject(content) && Array.isArray(content.parts) ? content.parts.filter(isObject) : [];
}

function textOf(parts: Json[]): string {
  return parts
    .map((p) => (typeof p.text === 'string' && p.thought !== true ? p.text : ''))
    .filter((t) => t.length > 0)
    .join('\n');
}

function resultText(response: unknown): { text: string; isError: boolean } {
  if (!isObject(response)) return { text: typeof response === 'string' ? response : '', isError: false };
  if (response.error !== undefined) return { text: typeof response.error === 'string' ? response.error : JSON.stringify(response.error), isError: true };
  if (typeof response.output === 'string') return { text: response.output, isError: false };
  return { text: JSON.stringify(response), isError: false };
}

export function readGeminiRequest(body: unknown, stream: boolean): RequestView {
  const b = isObject(body) ? body : {};
  const systemTexts: string[] = [];
  const sys = textOf(partsOf(b.systemInstruction));
  if (sys.length > 0) systemTexts.push(sys);
  const userTexts: string[] = [];
  // Function responses after the last model content answer the newest call(s).
  let trailing: SeenToolResult[] = [];
  for (const c of Array.isArray(b.contents) ? b.contents : []) {
    if (!isObject(c)) continue;
    const parts = partsOf(c);
    if (c.role === 'model') {
      trailing = [];
      continue;
    }
    const text = textOf(parts);
    if (text.length > 0) userTexts.push(text);
    for (const p of parts) {
      if (!isObject(p.functionResponse)) continue;
      const r = resultText(p.functionResponse.response);
      trailing.push({ callId: String(p.functionResponse.id ?? ''), text: r.text, isError: r.isError });
    }
  }
  const toolsOffered: string[] = [];
  for (const t of Array.isArray(b.tools) ? b.tools : []) {
    if (!isObject(t) || !Array.isArray(t.functionDeclarations)) continue;
    for (const f of t.functionDeclarations) if (isObject(f) && typeof f.name === 'string') toolsOffered.push(f.name);
  }
  return { model: undefined, stream, toolsOffered, systemTexts, userTexts, toolResults: trailing };
}

export interface GeminiReply {
  text: string;
  calls: Array<{ id: string; call: ScriptedCall }>;
  usage: ScriptedUsage;
}

export function geminiReply(turn: ScriptedTurn, ids: string[]): GeminiReply {
  const calls = 'calls' in turn ? turn.calls : [];
  return {
    text: turn.text ?? '',
    calls: calls.map((call, i) => ({ id: ids[i] ?? `call_${i}`, call })),
    usage: turn.usage ?? { inputTokens: 100, outputTokens: 20 },
  };
}

function usageJson(u: ScriptedUsage): Json {
  return { promptTokenCount: u.inputTokens, candidatesTokenCount: u.outputTokens, totalTokenCount: u.inputTokens + u.outputTokens };
}

/** One GenerateContentResponse holding the whole reply. */
export function geminiJson(reply: GeminiReply, model: string): Json {
  const parts: Json[] = [];
  if (reply.text.length > 0) parts.push({ text: reply.text });
  for (const { id, call } of reply.calls) parts.push({ functionCall: { id, name: call.name, args: call.input } });
  return {
    candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
    usageMetadata: usageJson(reply.usage),
    modelVersion: model,
  };
}

/** The SSE body: the reply as one chunk (Gemini CLI joins a stream's parts), then the end. */
export function geminiSse(reply: GeminiReply, model: string): string {
  return `data: ${JSON.stringify(geminiJson(reply, model))}\r\n\r\n`;
}

/** The model named in the path (`/v1beta/models/<model>:generateContent`). */
export function geminiModelOf(path: string): string | undefined {
  return /\/models\/([^/:]+):/.exec(path)?.[1];
}
