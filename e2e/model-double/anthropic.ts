// Anthropic Messages, as Claude Code 2.1.197, OpenCode 1.18.33 (anthropic provider), Pi 0.74.2 and
// omp 18.2.3 speak it: read a request, write a streamed (SSE) or plain JSON reply.
import type { ScriptedCall, ScriptedTurn, ScriptedUsage, SeenToolResult, RequestView } from './script.js';
import { contentText, isObject, type Json } from './script.js';

export type AnthropicView = RequestView;

export function readAnthropicRequest(body: unknown): AnthropicView {
  const b = isObject(body) ? body : {};
  const systemTexts: string[] = [];
  if (typeof b.system === 'string') systemTexts.push(b.system);
  else if (Array.isArray(b.system)) for (const s of b.system) if (isObject(s) && typeof s.text === 'string') systemTexts.push(s.text);
  const toolsOffered = Array.isArray(b.tools) ? b.tools.flatMap((t) => (isObject(t) && typeof t.name === 'string' ? [t.name] : [])) : [];
  const userTexts: string[] = [];
  let toolResults: SeenToolResult[] = [];
  const messages = Array.isArray(b.messages) ? b.messages : [];
  for (const m of messages) {
    if (!isObject(m) || m.role !== 'user') continue;
    const results: SeenToolResult[] = [];
    if (typeof m.content === 'string') userTexts.push(m.content);
    else if (Array.isArray(m.content)) {
      for (const block of m.content) {
        if (!isObject(block)) continue;
        if (block.type === 'text' && typeof block.text === 'string') userTexts.push(block.text);
        if (block.type === 'tool_result' && typeof block.tool_use_id === 'string') {
          results.push({ callId: block.tool_use_id, text: contentText(block.content), isError: block.is_error === true });
        }
      }
    }
    // Only the newest tool results say where the conversation stands.
    toolResults = results;
  }
  return {
    model: typeof b.model === 'string' ? b.model : undefined,
    stream: b.stream === true,
    toolsOffered,
    systemTexts,
    userTexts,
    toolResults,
  };
}

export interface AnthropicReply {
  /** Content blocks of the assistant message. */
  content: Json[];
  stopReason: 'tool_use' | 'end_turn';
  usage: ScriptedUsage;
}

export function anthropicReply(turn: ScriptedTurn, ids: string[]): AnthropicReply {
  const content: Json[] = [];
  if (turn.text !== undefined && turn.text.length > 0) content.push({ type: 'text', text: turn.text });
  const calls: ScriptedCall[] = 'calls' in turn ? turn.calls : [];
  calls.forEach((call, i) => content.push({ type: 'tool_use', id: ids[i], name: call.name, input: call.input }));
  return {
    content,
    stopReason: calls.length > 0 ? 'tool_use' : 'end_turn',
    usage: turn.usage ?? { inputTokens: 100, outputTokens: 20 },
  };
}

export function anthropicMessageJson(reply: AnthropicReply, messageId: string, model: string): Json {
  return {
    id: messageId,
    type: 'message',
    role: 'assistant',
    model,
    content: reply.content,
    stop_reason: reply.stopReason,
    stop_sequence: null,
    usage: { input_tokens: reply.usage.inputTokens, output_tokens: reply.usage.outputTokens },
  };
}

/** The SSE event sequence of one streamed assistant message. */
export function anthropicSse(reply: AnthropicReply, messageId: string, model: string): string {
  const events: Array<[string, Json]> = [];
  events.push([
    'message_start',
    {
      type: 'message_start',
      message: {
        id: messageId,
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: {
          input_tokens: reply.usage.inputTokens,
          output_tokens: 1,
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: 0,
        },
      },
    },
  ]);
  reply.content.forEach((block, index) => {
    if (block.type === 'text') {
      events.push(['content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } }]);
      events.push(['content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text: block.text } }]);
    } else {
      events.push([
        'content_block_start',
        { type: 'content_block_start', index, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} } },
      ]);
      events.push([
        'content_block_delta',
        { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) } },
      ]);
    }
    events.push(['content_block_stop', { type: 'content_block_stop', index }]);
  });
  events.push([
    'message_delta',
    {
      type: 'message_delta',
      delta: { stop_reason: reply.stopReason, stop_sequence: null },
      usage: { input_tokens: reply.usage.inputTokens, output_tokens: reply.usage.outputTokens },
    },
  ]);
  events.push(['message_stop', { type: 'message_stop' }]);
  return events.map(([name, data]) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`).join('');
}
