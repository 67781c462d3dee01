// OpenAI Chat Completions, as Hermes Agent 0.16.0 speaks it through a `custom` provider: always
// streamed (`stream: true`, `stream_options.include_usage`), tool calls as `tool_calls` deltas,
// tool results as `{role: "tool", tool_call_id, content}` messages.
import type { RequestView, ScriptedCall, ScriptedTurn, ScriptedUsage, SeenToolResult } from './script.js';
import { contentText, isObject, type Json } from './script.js';

export function readChatRequest(body: unknown): RequestView {
  const b = isObject(body) ? body : {};
  const systemTexts: string[] = [];
  const userTexts: string[] = [];
  // Tool messages after the last assistant message answer the newest call(s).
  let trailing: SeenToolResult[] = [];
  for (const m of Array.isArray(b.messages) ? b.messages : []) {
    if (!isObject(m)) continue;
    const text = contentText(m.content);
    if (m.role === 'system' || m.role === 'developer') systemTexts.push(text);
    else if (m.role === 'user') userTexts.push(text);
    else if (m.role === 'assistant') trailing = [];
    else if (m.role === 'tool') trailing.push({ callId: String(m.tool_call_id), text, isError: /^\s*\{\s*"error"/.test(text) });
  }
  const tools = Array.isArray(b.tools) ? b.tools : [];
  return {
    model: typeof b.model === 'string' ? b.model : undefined,
    stream: b.stream === true,
    toolsOffered: tools.flatMap((t) => (isObject(t) && isObject(t.function) && typeof t.function.name === 'string' ? [t.function.name] : [])),
    systemTexts,
    userTexts,
    toolResults: trailing,
  };
}

export interface ChatReply {
  text: string;
  calls: Array<{ id: string; call: ScriptedCall }>;
  usage: ScriptedUsage;
}

export function chatReply(turn: ScriptedTurn, ids: string[]): ChatReply {
  const calls = 'calls' in turn ? turn.calls : [];
  return {
    text: turn.text ?? '',
    calls: calls.map((call, i) => ({ id: ids[i] ?? `call_${i}`, call })),
    usage: turn.usage ?? { inputTokens: 100, outputTokens: 20 },
  };
}

const usageJson = (u: ScriptedUsage): Json => ({
  prompt_tokens: u.inputTokens,
  completion_tokens: u.outputTokens,
  total_tokens: u.inputTokens + u.outputTokens,
});
const finishReason = (r: ChatReply) => (r.calls.length > 0 ? 'tool_calls' : 'stop');

export function chatJson(reply: ChatReply, id: string, model: string): Json {
  const message: Json = { role: 'assistant', content: reply.text.length > 0 ? reply.text : null };
  if (reply.calls.length > 0) {
    message.tool_calls = reply.calls.map(({ id: callId, call }) => ({
      id: callId,
      type: 'function',
      function: { name: call.name, arguments: JSON.stringify(call.input) },
    }));
  }
  return {
    id,
    object: 'chat.completion',
    created: 0,
    model,
    choices: [{ index: 0, message, finish_reason: finishReason(reply) }],
    usage: usageJson(reply.usage),
  };
}

/** The SSE body: role, text, each call (name first with empty arguments, then the arguments), finish, usage, [DONE]. */
export function chatSse(reply: ChatReply, id: string, model: string): string {
  const chunk = (choices: Json[], extra: Json = {}): Json => ({ id, object: 'chat.completion.chunk', created: 0, model, choices, ...extra });
  const delta = (d: Json, finish: string | null = null): Json => ({ index: 0, delta: d, finish_reason: finish });
  const chunks: Json[] = [chunk([delta({ role: 'assistant', content: '' })])];
  if (reply.text.length > 0) chunks.push(chunk([delta({ content: reply.text })]));
  reply.calls.forEach(({ id: callId, call }, index) => {
    chunks.push(chunk([delta({ tool_calls: [{ index, id: callId, type: 'function', function: { name: call.name, arguments: '' } }] })]));
    chunks.push(chunk([delta({ tool_calls: [{ index, function: { arguments: JSON.stringify(call.input) } }] })]));
  });
  chunks.push(chunk([delta({}, finishReason(reply))]));
  chunks.push(chunk([], { usage: usageJson(reply.usage) }));
  return `${chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join('')}data: [DONE]\n\n`;
}
