// OpenAI Responses, as Codex 0.171.0 speaks it through a custom `wire_api = "responses"` provider.
import type { ScriptedCall, ScriptedTurn, ScriptedUsage, SeenToolResult, RequestView } from './script.js';
import { contentText, isObject, type Json } from './script.js';

export type ResponsesView = RequestView;

function toolNames(tools: unknown[]): string[] {
  const names: string[] = [];
  for (const t of tools) {
    if (!isObject(t)) continue;
    if (typeof t.name === 'string' && t.type !== 'namespace') names.push(t.name);
    // Codex groups some functions (the multi-agent tools) in a namespace the model calls as ns + name.
    if (t.type === 'namespace' && Array.isArray(t.tools)) {
      for (const inner of t.tools) if (isObject(inner) && typeof inner.name === 'string') names.push(`${String(t.name)}.${inner.name}`);
    }
    if (t.type !== 'function' && t.type !== 'custom' && t.type !== 'namespace' && typeof t.type === 'string' && typeof t.name !== 'string') {
      names.push(t.type);
    }
  }
  return names;
}

export function readResponsesRequest(body: unknown): ResponsesView {
  const b = isObject(body) ? body : {};
  const systemTexts: string[] = [];
  if (typeof b.instructions === 'string') systemTexts.push(b.instructions);
  const userTexts: string[] = [];
  const input = Array.isArray(b.input) ? b.input : typeof b.input === 'string' ? [{ type: 'message', role: 'user', content: b.input }] : [];
  // Tool outputs that come after the last assistant-side item are the ones answering our newest call.
  let trailing: SeenToolResult[] = [];
  for (const item of input) {
    if (!isObject(item)) continue;
    const type = item.type ?? 'message';
    if (type === 'message') {
      const text = contentText(item.content);
      if (item.role === 'user') userTexts.push(text);
      if (item.role === 'developer' || item.role === 'system') systemTexts.push(text);
      if (item.role === 'assistant') trailing = [];
    } else if (type === 'function_call' || type === 'custom_tool_call') {
      // A new call after earlier outputs starts a new round: older outputs are history.
      if (trailing.length > 0) trailing = [];
    } else if (type === 'function_call_output' || type === 'custom_tool_call_output') {
      const output = item.output;
      const text = typeof output === 'string' ? output : isObject(output) ? contentText(output.content ?? output) : contentText(output);
      trailing.push({ callId: String(item.call_id), text, isError: false });
    }
  }
  return {
    model: typeof b.model === 'string' ? b.model : undefined,
    stream: b.stream !== false,
    toolsOffered: Array.isArray(b.tools) ? toolNames(b.tools) : [],
    systemTexts,
    userTexts,
    toolResults: trailing,
  };
}

export interface ResponsesReply {
  output: Json[];
  usage: ScriptedUsage;
}

export function responsesReply(turn: ScriptedTurn, ids: string[], messageId: string): ResponsesReply {
  const output: Json[] = [];
  if (turn.text !== undefined && turn.text.length > 0) {
    output.push({
      type: 'message',
      id: messageId,
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text: turn.text, annotations: [] }],
    });
  }
  const calls: ScriptedCall[] = 'calls' in turn ? turn.calls : [];
  calls.forEach((call, i) => {
    const callId = ids[i] ?? `call_${i}`;
    if (call.kind === 'custom') {
      output.push({
        type: 'custom_tool_call',
        id: `ctc_${callId}`,
        call_id: callId,
        name: call.name,
        input: String(call.input.input ?? ''),
        status: 'completed',
      });
    } else {
      const item: Json = {
        type: 'function_call',
        id: `fc_${callId}`,
        call_id: callId,
        name: call.name,
        arguments: JSON.stringify(call.input),
        status: 'completed',
      };
      if (call.namespace !== undefined) item.namespace = call.namespace;
      output.push(item);
    }
  });
  return { output, usage: turn.usage ?? { inputTokens: 100, outputTokens: 20 } };
}

function usageJson(u: ScriptedUsage): Json {
  return {
    input_tokens: u.inputTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: u.outputTokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: u.inputTokens + u.outputTokens,
  };
}

export function responsesJson(reply: ResponsesReply, responseId: string, model: string): Json {
  return { id: responseId, object: 'response', status: 'completed', model, output: reply.output, usage: usageJson(reply.usage) };
}

export function responsesSse(reply: ResponsesReply, responseId: string, model: string): string {
  const events: Json[] = [];
  events.push({ type: 'response.created', response: { id: responseId, object: 'response', status: 'in_progress', model, output: [] } });
  reply.output.forEach((item, index) => {
    events.push({ type: 'response.output_item.added', output_index: index, item: { ...item, status: 'in_progress' } });
    if (item.type === 'message') {
      const text = String(((item.content as Json[])[0] ?? {}).text ?? '');
      events.push({ type: 'response.output_text.delta', item_id: item.id, output_index: index, content_index: 0, delta: text });
    }
    events.push({ type: 'response.output_item.done', output_index: index, item });
  });
  events.push({ type: 'response.completed', response: responsesJson(reply, responseId, model) });
  return events.map((e, i) => `event: ${String(e.type)}\ndata: ${JSON.stringify({ ...e, sequence_number: i })}\n\n`).join('');
}
