import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runClaudeHook } from './hook.js';
import { createRuntime } from '../../src/core/host/create-runtime.js';
import { auditFile, sessionKey } from '../../src/core/state/home.js';
import type { ControlEvent, RuntimeEvent } from '../../src/generated/types.js';
import type { Runtime } from '../../src/core/host/runtime.js';
import { declinedInLastTurn } from './declined.js';
import { claudeToolRequest } from './tools.js';
import { claudeEvent } from './events.js';
import { renderClaude } from './render.js';
import { claudeAdapter } from './adapter.js';

const base = { protocolVersion: 2 as const, lifecycleVersion: 2, host: { name: 'claude' }, sessionId: 's', cwd: '/p', at: 't' };
const noRuntime = {} as Runtime;

describe('Claude Code tool table', () => {
  it('maps the built-in tools and leaves the rest to configuration', () => {
    expect(claudeToolRequest('Write', { file_path: '/p/a', content: 'x' })).toEqual({ type: 'write', path: '/p/a', content: 'x', tool: 'Write' });
    // Reading a background shell's output is a read; stopping a shell the agent started is control (issue 25).
    expect(claudeToolRequest('BashOutput', { bash_id: 'b1' })).toEqual({ type: 'read', tool: 'BashOutput' });
    expect(claudeToolRequest('KillShell', { shell_id: 'b1' })).toMatchObject({ type: 'control' });
    expect(claudeToolRequest('edit', { file_path: '/p/a', old_string: 'a', new_string: 'b' })).toMatchObject({ type: 'edit', edits: [{ old: 'a', new: 'b' }] });
    expect(claudeToolRequest('MultiEdit', { file_path: '/p/a', edits: [{ old_string: 'a', new_string: 'b' }] })).toMatchObject({ type: 'edit' });
    expect(claudeToolRequest('MultiEdit', { file_path: '/p/a', edits: [{ old_string: 'a' }] })).toMatchObject({ type: 'other' });
    expect(claudeToolRequest('NotebookEdit', { notebook_path: '/p/n.ipynb', new_source: 'x' })).toMatchObject({ type: 'edit', path: '/p/n.ipynb' });
    expect(claudeToolRequest('PowerShell', { command: 'rm x' })).toMatchObject({ type: 'shell', shell: 'powershell' });
    expect(claudeToolRequest('Agent', { prompt: 'x', subagent_type: 'Explore' })).toMatchObject({ type: 'delegate', count: 1 });
    expect(claudeToolRequest('Task', { prompt: 'x', resume: 'a1' })).toMatchObject({ type: 'delegate', resume: true, count: 0 });
    expect(claudeToolRequest('Workflow', {})).toMatchObject({ type: 'delegate', unbounded: true });
    expect(claudeToolRequest('Read', { file_path: '/p/a' })).toEqual({ type: 'read', paths: ['/p/a'], tool: 'Read' });
    expect(claudeToolRequest('Skill', { skill: 'remit' })).toMatchObject({ type: 'control' });
    // 2.1.332 tools: reporting findings and looking up deferred tools or agents change nothing.
    expect(claudeToolRequest('ReportFindings', { findings: [{ title: 't' }] })).toEqual({ type: 'control', tool: 'ReportFindings' });
    expect(claudeToolRequest('ToolSearch', { query: 'select:Write' })).toEqual({ type: 'read', tool: 'ToolSearch' });
    expect(claudeToolRequest('ListAgents', {})).toEqual({ type: 'read', tool: 'ListAgents' });
    expect(claudeToolRequest('SubagentHandback', { x: 1 })).toMatchObject({ type: 'other' });
    expect(claudeToolRequest('mcp__github__create_issue', { t: 1 })).toEqual({ type: 'other', tool: 'mcp__github__create_issue', input: { t: 1 } });
    expect(claudeToolRequest('EnterWorktree', {})).toMatchObject({ type: 'other' });
    expect(claudeToolRequest('Write', { file_path: '/p/a' })).toMatchObject({ type: 'other' });
  });
});

describe('Claude Code events', () => {
  it('reads a typed /remit command at UserPromptExpansion and nothing else there', async () => {
    const p = { session_id: 's', expansion_type: 'slash_command', command_name: 'remit', command_args: 'review -- look' };
    expect(await claudeEvent('UserPromptExpansion', p, base, noRuntime)).toMatchObject({
      kind: 'prompt.submit',
      prompt: '$remit review -- look',
      origin: 'user',
    });
    expect(await claudeEvent('UserPromptExpansion', { ...p, command_name: 'remit:remit' }, base, noRuntime)).toMatchObject({ prompt: '$remit review -- look' });
    expect(await claudeEvent('UserPromptExpansion', { ...p, command_name: 'deploy' }, base, noRuntime)).toBeNull();
    expect(await claudeEvent('UserPromptExpansion', { ...p, expansion_type: 'skill' }, base, noRuntime)).toBeNull();
    expect(await claudeEvent('UserPromptExpansion', p, { ...base, agentId: 'a' }, noRuntime)).toBeNull();
  });

  it('gives authority only to what the user typed', async () => {
    const origin = async (prompt: string, agentId?: string) =>
      (
        (await claudeEvent('UserPromptSubmit', { prompt }, agentId ? { ...base, agentId } : base, noRuntime)) as Extract<
          ControlEvent,
          { kind: 'prompt.submit' }
        >
      ).origin;
    expect(await origin('$remit change')).toBe('user');
    expect(await origin('<task-notification>\n<task-id>x</task-id>')).toBe('synthetic');
    expect(await origin('$remit change', 'a1')).toBe('subagent');
  });

  it('maps agent lifecycle from the Agent tool response', async () => {
    const after = (r: unknown) => claudeEvent('PostToolUse', { tool_name: 'Agent', tool_use_id: 't1', tool_response: r }, base, noRuntime);
    expect(await after({ status: 'completed', agentId: 'a1' })).toMatchObject({ kind: 'action.after', actionId: 't1', lifecycle: 'joined', agentIds: ['a1'] });
    expect(await after({ status: 'async_launched', agentId: 'a2' })).toMatchObject({ lifecycle: 'running', agentIds: ['a2'] });
    expect(await after('weird')).toMatchObject({ lifecycle: 'unknown' });
    expect(await claudeEvent('PostToolUseFailure', { tool_name: 'Bash', tool_use_id: 't2' }, base, noRuntime)).toMatchObject({ lifecycle: 'failed' });
    expect(await claudeEvent('PermissionDenied', { tool_name: 'Agent', tool_use_id: 't3' }, base, noRuntime)).toMatchObject({ lifecycle: 'not_started' });
    expect(
      await claudeEvent('PostToolUse', { tool_name: 'Write', tool_use_id: 't4', tool_input: { file_path: '/a', content: '' } }, base, noRuntime),
    ).toMatchObject({ lifecycle: 'joined', wrote: true });
    expect(await claudeEvent('SubagentStart', {}, base, noRuntime)).toBeNull();
  });
});

describe('Claude Code renderer', () => {
  it('uses the native ask and never sends allow', () => {
    const d = (outcome: 'ask' | 'allow' | 'report') =>
      renderClaude('PreToolUse', {
        kind: 'decision',
        decision: { outcome, reasonCode: 'WITHIN_CONTRACT', family: null, controlState: 'ARMED', explanation: '' },
        message: 'm',
      });
    expect(d('ask')).toEqual({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: 'm' } });
    expect(d('allow')).toBeNull();
    expect(d('report')).toEqual({ hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: 'm' } });
    expect(claudeAdapter.readResponse({ event: 'PreToolUse', payload: '' }, { stdout: JSON.stringify(d('ask')), exitCode: 0 })).toMatchObject({
      outcome: 'ask',
      channel: 'native-ask',
    });
  });

  it("shows a person the controller's question at the native ask, and the model the message on a deny", () => {
    const result = (outcome: 'ask' | 'deny') =>
      renderClaude('PreToolUse', {
        kind: 'decision',
        decision: { outcome, reasonCode: 'CHECKS_NOT_AUTHORIZED', family: 'I', controlState: 'ARMED', explanation: 'e' },
        message: 'for the model',
        ...(outcome === 'ask' ? { question: 'for the person' } : {}),
      }) as { hookSpecificOutput: { permissionDecisionReason: string } };
    expect(result('ask').hookSpecificOutput.permissionDecisionReason).toBe('for the person');
    expect(result('deny').hookSpecificOutput.permissionDecisionReason).toBe('for the model');
  });

  it('blocks at UserPromptSubmit and UserPromptExpansion', () => {
    expect(renderClaude('UserPromptExpansion', { kind: 'prompt-block', text: 'INVALID_DIRECTIVE_TOKEN: x' })).toEqual({
      decision: 'block',
      reason: 'INVALID_DIRECTIVE_TOKEN: x',
    });
    expect(renderClaude('SubagentStart', { kind: 'context', text: 'c', userLine: 'u' })).toEqual({
      hookSpecificOutput: { hookEventName: 'SubagentStart', additionalContext: 'c' },
      systemMessage: 'u',
    });
  });
});

describe('Claude Code: a "No" at the native ask', () => {
  // Captured on 2.1.332 (terminal UI, e2e/interactive/claude.ts): an ask answered No, then a
  // prompt, then the same ask answered Yes. Lines 0-14 are the file as the second prompt's
  // UserPromptSubmit saw it (the prompt being submitted is not written yet).
  const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'conformance', 'transcript-2.1.332-ask-declined-then-approved.jsonl');
  const lines = readFileSync(fixture, 'utf8').split('\n').filter(Boolean);
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'remit-claude-declined-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const transcript = (upTo: number, extra: string[] = []) => {
    const file = path.join(dir, 't.jsonl');
    writeFileSync(file, `${[...lines.slice(0, upTo), ...extra].join('\n')}\n`);
    return file;
  };

  it("reads the last turn's refusals from the transcript, and nothing else", () => {
    expect(declinedInLastTurn(transcript(15))).toEqual(['toolu_e2e_0001']);
    // After the next turn (an approved call): the earlier refusal is not reported again.
    expect(declinedInLastTurn(transcript(lines.length))).toEqual([]);
    expect(declinedInLastTurn(path.join(dir, 'missing.jsonl'))).toEqual([]);
    expect(declinedInLastTurn(dir)).toEqual([]);
    expect(declinedInLastTurn(undefined)).toEqual([]);
    // A refusal in a subagent's side chain, or one not marked as before the run, is not the person's "No" here.
    const side = lines[10]!.replace('"isSidechain":false', '"isSidechain":true');
    expect(declinedInLastTurn(transcript(10, [side]))).toEqual([]);
    expect(declinedInLastTurn(transcript(10, [lines[10]!.replace('"toolDenialBeforeRun":true', '"toolDenialBeforeRun":false')]))).toEqual([]);
    expect(declinedInLastTurn(transcript(10, ['{"promptId": "a5597894-3b1b-4e46-9e17-95c2f029b81f", not json', lines[10]!]))).toEqual(['toolu_e2e_0001']);
  });

  it('records the asked call as not executed at the next prompt, and an approved one as executed', async () => {
    const home = path.join(dir, 'state');
    const runtime = createRuntime({ home, env: { HOME: dir, REMIT_HOME: home }, channels: { deny: 'json-deny', ask: 'native' } });
    const first = JSON.parse(lines[4]!) as { sessionId: string; promptId: string; cwd: string };
    const common = { session_id: first.sessionId, cwd: dir, permission_mode: 'acceptEdits' };
    const hook = (event: string, p: Record<string, unknown>) =>
      runClaudeHook(event, JSON.stringify({ ...common, hook_event_name: event, ...p }), runtime, { cwd: dir });
    const bash = { tool_name: 'Bash', tool_input: { command: 'sha256sum a.txt', description: 'run a command' } };
    const t = transcript(4);
    await hook('UserPromptSubmit', { transcript_path: t, prompt_id: first.promptId, prompt: '$remit change hash=ask -- hash a.txt' });
    const asked = JSON.parse((await hook('PreToolUse', { transcript_path: t, prompt_id: first.promptId, ...bash, tool_use_id: 'toolu_e2e_0001' })).stdout!) as {
      hookSpecificOutput: { permissionDecision: string };
    };
    expect(asked.hookSpecificOutput.permissionDecision).toBe('ask');
    await hook('UserPromptSubmit', { transcript_path: transcript(15), prompt_id: 'p-2', prompt: 'ok try again' });
    await hook('PreToolUse', { transcript_path: transcript(15), prompt_id: 'p-3', ...bash, tool_use_id: 'toolu_e2e_0002' });
    await hook('PostToolUse', { transcript_path: transcript(15), prompt_id: 'p-3', ...bash, tool_use_id: 'toolu_e2e_0002', tool_response: { stdout: 'x' } });
    await hook('SessionEnd', { transcript_path: transcript(lines.length), prompt_id: 'p-4', reason: 'prompt_input_exit' });
    const records = readFileSync(auditFile(home, sessionKey('claude', first.sessionId)), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as RuntimeEvent);
    const decided = records.filter((r) => r.kind === 'action').map((r) => r.id);
    const effects = records.filter((r) => r.kind === 'effect').map((r) => [r.about, r.hostEffect]);
    expect(effects).toEqual([
      [decided[0], 'not_executed'],
      [decided[1], 'executed'],
    ]);
  });
});

describe('onFailure on the PreToolUse hook', () => {
  it('is written only for a Claude Code that takes it, and only on PreToolUse', async () => {
    const { claudeHookEntries, claudeTakesOnFailure } = await import('./registration.js');
    expect(['2.1.197', '2.1.331', null, undefined].map(claudeTakesOnFailure)).toEqual([false, false, false, false]);
    expect(['2.1.332', '2.1.400', '2.2.0', '3.0.0'].map(claudeTakesOnFailure)).toEqual([true, true, true, true]);
    const closed = claudeHookEntries((e) => `remit hook claude ${e}`, { failClosed: true });
    expect(closed.filter((e) => e.handler.onFailure !== undefined).map((e) => [e.event, e.handler.onFailure])).toEqual([['PreToolUse', 'block']]);
    expect(claudeHookEntries((e) => `remit hook claude ${e}`).some((e) => e.handler.onFailure !== undefined)).toBe(false);
  });
});
