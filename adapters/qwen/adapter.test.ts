import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRuntime } from '../../src/core/host/create-runtime.js';
import type { Runtime } from '../../src/core/host/runtime.js';
import { qwenEvent } from './events.js';
import { runQwenHook } from './hook.js';
import { qwenToolRequest } from './tools.js';

const base = { protocolVersion: 2 as const, lifecycleVersion: 2, host: { name: 'qwen' }, sessionId: 's', cwd: '/p', at: 't' };
const noRuntime = {} as Runtime;

describe('Qwen Code tool table', () => {
  it('maps the tools 0.24.4 offers, unwraps tool_call, and leaves the rest to configuration', () => {
    expect(qwenToolRequest('write_file', { file_path: '/p/a', content: 'x' })).toEqual({ type: 'write', path: '/p/a', content: 'x', tool: 'write_file' });
    expect(qwenToolRequest('edit', { file_path: '/p/a', old_string: 'a', new_string: 'b', replace_all: true })).toMatchObject({
      type: 'edit',
      edits: [{ old: 'a', new: 'b' }],
    });
    expect(qwenToolRequest('run_shell_command', { command: 'ls', directory: '/p/src' })).toMatchObject({ type: 'shell', command: 'ls', workdir: '/p/src' });
    expect(qwenToolRequest('agent', { description: 'd', prompt: 'p' })).toMatchObject({ type: 'delegate', count: 1 });
    expect(qwenToolRequest('read_file', { file_path: '/p/a' })).toEqual({ type: 'read', paths: ['/p/a'], tool: 'read_file' });
    // A deferred tool called through tool_call is judged as itself; a nested tool_call is not unwrapped again.
    expect(qwenToolRequest('tool_call', { name: 'monitor', arguments: { command: 'rm -rf x' } })).toMatchObject({
      type: 'shell',
      command: 'rm -rf x',
      tool: 'monitor',
    });
    expect(qwenToolRequest('tool_call', { name: 'tool_call', arguments: { name: 'write_file', arguments: {} } })).toMatchObject({ type: 'other' });
    expect(qwenToolRequest('tool_call', { name: 'cron_create', arguments: { prompt: 'x' } })).toMatchObject({ type: 'other', tool: 'cron_create' });
    for (const t of ['exec', 'save_memory', 'enter_worktree', 'mcp__x__y']) expect(qwenToolRequest(t, {}), t).toMatchObject({ type: 'other' });
    expect(qwenToolRequest('write_file', { file_path: '/p/a' })).toMatchObject({ type: 'other' });
  });
});

describe('Qwen Code prompts', () => {
  it('reads submitted_prompt as the user; the empty send after a tool result and unmarked text carry no authority', async () => {
    const typed = { session_id: 's', prompt: '$remit review -- x', submitted_prompt: '$remit review -- x' };
    expect(await qwenEvent('UserPromptSubmit', typed, base, noRuntime)).toMatchObject({ kind: 'prompt.submit', origin: 'user', prompt: '$remit review -- x' });
    expect(await qwenEvent('UserPromptSubmit', { session_id: 's', prompt: '' }, base, noRuntime)).toBeNull();
    expect(await qwenEvent('UserPromptSubmit', { session_id: 's', prompt: '$remit change -- go' }, base, noRuntime)).toMatchObject({ origin: 'synthetic' });
    expect(await qwenEvent('UserPromptSubmit', typed, { ...base, agentId: 'a1' }, noRuntime)).toMatchObject({ origin: 'subagent' });
  });
});

describe('Qwen Code hook', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'remit-qwen-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a write under review with permissionDecision deny, and a synthetic prompt cannot lift it', async () => {
    const home = path.join(dir, 'home');
    const runtime = createRuntime({ home, env: { HOME: dir, REMIT_HOME: home }, channels: { deny: 'json-deny', ask: 'native' } });
    const p = (extra: Record<string, unknown>) => JSON.stringify({ session_id: 'q1', cwd: dir, prompt_id: 'q1####0', ...extra });
    await runQwenHook(
      'UserPromptSubmit',
      p({ hook_event_name: 'UserPromptSubmit', prompt: '$remit review -- x', submitted_prompt: '$remit review -- x' }),
      runtime,
    );
    await runQwenHook('UserPromptSubmit', p({ hook_event_name: 'UserPromptSubmit', prompt: '$remit change -- go' }), runtime);
    const write = p({
      hook_event_name: 'PreToolUse',
      tool_name: 'write_file',
      tool_input: { file_path: path.join(dir, 'a'), content: 'x' },
      tool_use_id: 't1',
    });
    const out = JSON.parse((await runQwenHook('PreToolUse', write, runtime)).stdout ?? '');
    expect(out.hookSpecificOutput).toMatchObject({ hookEventName: 'PreToolUse', permissionDecision: 'deny' });
    expect(out.hookSpecificOutput.permissionDecisionReason).toContain('MODE_FORBIDS_MUTATION');
  });
});
