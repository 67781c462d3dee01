import { afterEach, describe, expect, it } from 'vitest';
import { startModelDouble } from './server.js';
import type { ModelDouble } from './server.js';

let double: ModelDouble | undefined;
afterEach(async () => {
  await double?.close();
  double = undefined;
});

async function post(path: string, body: unknown): Promise<{ status: number; text: string; type: string }> {
  const res = await fetch(`${double?.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') ?? '' };
}

function sseData(text: string): Array<Record<string, unknown>> {
  return text
    .split('\n')
    .filter((l) => l.startsWith('data: '))
    .map((l) => JSON.parse(l.slice(6)) as Record<string, unknown>);
}

const tools = [{ name: 'Write', input_schema: { type: 'object' } }];

describe('model double, Anthropic Messages', () => {
  it('answers the first tool-offering request with the scripted call and the result with the next turn', async () => {
    double = await startModelDouble({
      script: { main: [{ calls: [{ name: 'Write', input: { file_path: '/p/a.txt', content: 'x' } }] }, { text: 'done here' }] },
    });
    const first = await post('/v1/messages?beta=true', { model: 'm', stream: true, tools, messages: [{ role: 'user', content: 'go' }] });
    expect(first.type).toContain('text/event-stream');
    const events = sseData(first.text);
    const start = events.find((e) => e.type === 'content_block_start') as { content_block: { type: string; id: string; name: string } };
    expect(start.content_block).toMatchObject({ type: 'tool_use', name: 'Write' });
    const delta = events.find((e) => e.type === 'content_block_delta') as { delta: { partial_json: string } };
    expect(JSON.parse(delta.delta.partial_json)).toEqual({ file_path: '/p/a.txt', content: 'x' });
    expect(events.find((e) => e.type === 'message_delta')).toMatchObject({ delta: { stop_reason: 'tool_use' } });

    const id = start.content_block.id;
    const second = await post('/v1/messages', {
      model: 'm',
      stream: false,
      tools,
      messages: [
        { role: 'user', content: 'go' },
        { role: 'assistant', content: [{ type: 'tool_use', id, name: 'Write', input: {} }] },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: id, is_error: true, content: [{ type: 'text', text: 'remit refused this action: MODE_FORBIDS_MUTATION' }] },
          ],
        },
      ],
    });
    expect(JSON.parse(second.text)).toMatchObject({ stop_reason: 'end_turn', content: [{ type: 'text', text: 'done here' }] });
    expect(double.toolResults()).toEqual([
      { callId: id, text: 'remit refused this action: MODE_FORBIDS_MUTATION', isError: true, toolName: 'Write', role: 'main' },
    ]);
    expect(double.requests.map((r) => [r.path, r.query, r.role, r.reply])).toEqual([
      ['/v1/messages', 'beta=true', 'main', 'call Write'],
      ['/v1/messages', '', 'main', 'text'],
    ]);
  });

  it('gives requests without tools a harmless text and never starts the script with them', async () => {
    double = await startModelDouble({ script: { main: [{ calls: [{ name: 'Write', input: {} }] }] } });
    const title = await post('/v1/messages', { model: 'm', messages: [{ role: 'user', content: 'Generate a title' }] });
    expect(JSON.parse(title.text)).toMatchObject({ content: [{ type: 'text', text: 'Done.' }] });
    const real = await post('/v1/messages', { model: 'm', tools, messages: [{ role: 'user', content: 'go' }] });
    const call = JSON.parse(real.text) as { stop_reason: string; content: Array<{ id: string }> };
    expect(call.stop_reason).toBe('tool_use');
    // A compaction request carries our result but offers no tools: it gets text, the script waits.
    const id = call.content[0]?.id;
    const compaction = await post('/v1/messages', {
      model: 'm',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: id, content: 'ok' },
            { type: 'text', text: 'Summarise.' },
          ],
        },
      ],
    });
    expect(JSON.parse(compaction.text)).toMatchObject({ stop_reason: 'end_turn' });
    expect(double.requests.map((r) => r.role)).toEqual(['untracked', 'main', 'untracked']);
  });

  it('routes a request carrying the child marker to the child script', async () => {
    double = await startModelDouble({
      script: { main: [{ text: 'parent' }], child: [{ text: 'child answer' }], childMarker: 'E2E-CHILD' },
    });
    const child = await post('/v1/messages', { model: 'm', tools, messages: [{ role: 'user', content: 'E2E-CHILD: do it' }] });
    expect(JSON.parse(child.text)).toMatchObject({ content: [{ text: 'child answer' }] });
    expect(double.requests[0]?.role).toBe('child');
  });

  it('answers count_tokens, 404s unknown routes and survives a body that is not JSON', async () => {
    double = await startModelDouble();
    expect(JSON.parse((await post('/v1/messages/count_tokens', { messages: [] })).text)).toEqual({ input_tokens: 100 });
    expect((await post('/v1/nothing', {})).status).toBe(404);
    const broken = await fetch(`${double.url}/v1/messages`, { method: 'POST', body: '{not json' });
    expect(broken.status).toBe(200);
    expect(double.requests[2]?.body).toBeUndefined();
  });

  it('reports the scripted token usage (to push a host into compaction)', async () => {
    double = await startModelDouble({ script: { main: [{ text: 'big', usage: { inputTokens: 990_000, outputTokens: 5 } }] } });
    const res = await post('/v1/messages', { model: 'm', stream: true, tools, messages: [{ role: 'user', content: 'go' }] });
    expect(sseData(res.text).find((e) => e.type === 'message_start')).toMatchObject({ message: { usage: { input_tokens: 990_000 } } });
  });
});

describe('model double, OpenAI Responses', () => {
  it('scripts function calls, custom tool calls and namespaced calls, and reads function_call_output', async () => {
    double = await startModelDouble({
      script: {
        main: [
          { calls: [{ name: 'apply_patch', kind: 'custom', input: { input: '*** Begin Patch\n*** End Patch\n' } }] },
          { calls: [{ name: 'spawn_agent', namespace: 'multi_agent_v1', input: { message: 'hi' } }] },
          { calls: [{ name: 'wait_agent', namespace: 'multi_agent_v1', input: {}, fromResult: (prev) => ({ targets: [JSON.parse(prev).agent_id] }) }] },
        ],
      },
    });
    const offered = [
      { type: 'custom', name: 'apply_patch' },
      { type: 'namespace', name: 'multi_agent_v1', tools: [{ type: 'function', name: 'spawn_agent' }] },
    ];
    const first = sseData(
      (await post('/v1/responses', { model: 'gpt', tools: offered, input: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'go' }] }] }))
        .text,
    );
    const item = first.find((e) => e.type === 'response.output_item.done') as { item: Record<string, unknown> };
    expect(item.item).toMatchObject({ type: 'custom_tool_call', name: 'apply_patch', input: '*** Begin Patch\n*** End Patch\n' });
    expect(first.at(-1)).toMatchObject({ type: 'response.completed', response: { status: 'completed' } });
    expect(double.requests[0]?.toolsOffered).toEqual(['apply_patch', 'multi_agent_v1.spawn_agent']);

    const history = [
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'go' }] },
      { ...item.item },
      { type: 'custom_tool_call_output', call_id: item.item.call_id, output: 'Success.' },
    ];
    const second = sseData((await post('/v1/responses', { model: 'gpt', tools: offered, input: history })).text);
    const spawn = (second.find((e) => e.type === 'response.output_item.done') as { item: Record<string, unknown> }).item;
    expect(spawn).toMatchObject({ type: 'function_call', name: 'spawn_agent', namespace: 'multi_agent_v1' });

    const third = sseData(
      (
        await post('/v1/responses', {
          model: 'gpt',
          tools: offered,
          input: [...history, spawn, { type: 'function_call_output', call_id: spawn.call_id, output: '{"agent_id":"ag-7"}' }],
        })
      ).text,
    );
    const wait = (third.find((e) => e.type === 'response.output_item.done') as { item: { arguments: string } }).item;
    expect(JSON.parse(wait.arguments)).toEqual({ targets: ['ag-7'] });
    expect(double.toolResults().map((r) => [r.toolName, r.text])).toEqual([
      ['apply_patch', 'Success.'],
      ['spawn_agent', '{"agent_id":"ag-7"}'],
    ]);
  });
});

describe('model double, OpenAI Chat Completions', () => {
  const offered = [{ type: 'function', function: { name: 'write_file', parameters: { type: 'object' } } }];

  it('streams a tool call as Hermes reads it and answers the tool message with the next turn', async () => {
    double = await startModelDouble({ script: { main: [{ calls: [{ name: 'write_file', input: { path: 'a.txt', content: 'x' } }] }, { text: 'all done' }] } });
    const first = await post('/v1/chat/completions', {
      model: 'm',
      stream: true,
      stream_options: { include_usage: true },
      tools: offered,
      messages: [{ role: 'user', content: 'go' }],
    });
    expect(first.type).toContain('text/event-stream');
    expect(first.text.trimEnd().endsWith('data: [DONE]')).toBe(true);
    const chunks = sseData(first.text.replace('data: [DONE]', ''));
    type Delta = { tool_calls?: Array<{ index: number; id?: string; function: { name?: string; arguments: string } }> };
    const deltas = chunks.flatMap((c) => (c.choices as Array<{ delta: Delta; finish_reason: string | null }>).map((ch) => ch));
    const named = deltas.find((d) => d.delta.tool_calls?.[0]?.function.name !== undefined)?.delta.tool_calls?.[0];
    expect(named).toMatchObject({ index: 0, function: { name: 'write_file', arguments: '' } });
    const args = deltas.map((d) => d.delta.tool_calls?.[0]?.function.arguments ?? '').join('');
    expect(JSON.parse(args)).toEqual({ path: 'a.txt', content: 'x' });
    expect(deltas.some((d) => d.finish_reason === 'tool_calls')).toBe(true);
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: 100 } });

    const id = String(named?.id);
    const second = await post('/v1/chat/completions', {
      model: 'm',
      stream: false,
      tools: offered,
      messages: [
        { role: 'user', content: 'go' },
        { role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name: 'write_file', arguments: '{}' } }] },
        { role: 'tool', tool_call_id: id, content: '{"error": "remit refused this action: MODE_FORBIDS_MUTATION"}' },
      ],
    });
    expect(JSON.parse(second.text)).toMatchObject({ choices: [{ message: { content: 'all done' }, finish_reason: 'stop' }] });
    expect(double.toolResults()).toEqual([
      { callId: id, text: '{"error": "remit refused this action: MODE_FORBIDS_MUTATION"}', isError: true, toolName: 'write_file', role: 'main' },
    ]);
    expect(double.requests.map((r) => [r.dialect, r.role, r.reply])).toEqual([
      ['chat', 'main', 'call write_file'],
      ['chat', 'main', 'text'],
    ]);
  });

  it('never moves the script for a request without tools', async () => {
    double = await startModelDouble({ script: { main: [{ calls: [{ name: 'terminal', input: { command: 'ls' } }] }] } });
    const plain = await post('/v1/chat/completions', { model: 'm', stream: false, messages: [{ role: 'user', content: 'title?' }] });
    expect(JSON.parse(plain.text)).toMatchObject({ choices: [{ finish_reason: 'stop' }] });
    expect(double.requests[0]?.role).toBe('untracked');
  });
});

describe('model double lifetime', () => {
  it('closes itself after its lifetime', async () => {
    double = await startModelDouble({ lifetimeMs: 50 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(fetch(`${double.url}/v1/messages`, { method: 'POST', body: '{}' })).rejects.toThrow();
  });
});
