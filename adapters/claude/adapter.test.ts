import { describe, expect, it } from 'vitest';
import type { ControlEvent } from '../../src/generated/types.js';
import type { Runtime } from '../../src/core/host/runtime.js';
import { claudeToolRequest } from './tools.js';
import { claudeEvent } from './events.js';
import { renderClaude } from './render.js';
import { claudeAdapter } from './adapter.js';

const base = { protocolVersion: 2 as const, lifecycleVersion: 2, host: { name: 'claude' }, sessionId: 's', cwd: '/p', at: 't' };
const noRuntime = {} as Runtime;

describe('Claude Code tool table', () => {
  it('maps the built-in tools and leaves the rest to configuration', () => {
    expect(claudeToolRequest('Write', { file_path: '/p/a', content: 'x' })).toEqual({ type: 'write', path: '/p/a', content: 'x', tool: 'Write' });
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
    expect(await claudeEvent('UserPromptExpansion', p, base, noRuntime)).toMatchObject({ kind: 'prompt.submit', prompt: '$remit review -- look', origin: 'user' });
    expect(await claudeEvent('UserPromptExpansion', { ...p, command_name: 'remit:remit' }, base, noRuntime)).toMatchObject({ prompt: '$remit review -- look' });
    expect(await claudeEvent('UserPromptExpansion', { ...p, command_name: 'deploy' }, base, noRuntime)).toBeNull();
    expect(await claudeEvent('UserPromptExpansion', { ...p, expansion_type: 'skill' }, base, noRuntime)).toBeNull();
    expect(await claudeEvent('UserPromptExpansion', p, { ...base, agentId: 'a' }, noRuntime)).toBeNull();
  });

  it('gives authority only to what the user typed', async () => {
    const origin = async (prompt: string, agentId?: string) => ((await claudeEvent('UserPromptSubmit', { prompt }, agentId ? { ...base, agentId } : base, noRuntime)) as Extract<ControlEvent, { kind: 'prompt.submit' }>).origin;
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
    expect(await claudeEvent('PostToolUse', { tool_name: 'Write', tool_use_id: 't4', tool_input: { file_path: '/a', content: '' } }, base, noRuntime)).toMatchObject({ lifecycle: 'joined', wrote: true });
    expect(await claudeEvent('SubagentStart', {}, base, noRuntime)).toBeNull();
  });
});

describe('Claude Code renderer', () => {
  it('uses the native ask and never sends allow', () => {
    const d = (outcome: 'ask' | 'allow' | 'report') => renderClaude('PreToolUse', { kind: 'decision', decision: { outcome, reasonCode: 'WITHIN_CONTRACT', family: null, controlState: 'ARMED', explanation: '' }, message: 'm' });
    expect(d('ask')).toEqual({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: 'm' } });
    expect(d('allow')).toBeNull();
    expect(d('report')).toEqual({ hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: 'm' } });
    expect(claudeAdapter.readResponse({ event: 'PreToolUse', payload: '' }, { stdout: JSON.stringify(d('ask')), exitCode: 0 })).toMatchObject({ outcome: 'ask', channel: 'native-ask' });
  });

  it("shows a person the controller's question at the native ask, and the model the message on a deny", () => {
    const result = (outcome: 'ask' | 'deny') =>
      renderClaude('PreToolUse', {
        kind: 'decision', decision: { outcome, reasonCode: 'CHECKS_NOT_AUTHORIZED', family: 'I', controlState: 'ARMED', explanation: 'e' },
        message: 'for the model', ...(outcome === 'ask' ? { question: 'for the person' } : {}),
      }) as { hookSpecificOutput: { permissionDecisionReason: string } };
    expect(result('ask').hookSpecificOutput.permissionDecisionReason).toBe('for the person');
    expect(result('deny').hookSpecificOutput.permissionDecisionReason).toBe('for the model');
  });

  it('blocks at UserPromptSubmit and UserPromptExpansion', () => {
    expect(renderClaude('UserPromptExpansion', { kind: 'prompt-block', text: 'INVALID_DIRECTIVE_TOKEN: x' })).toEqual({ decision: 'block', reason: 'INVALID_DIRECTIVE_TOKEN: x' });
    expect(renderClaude('SubagentStart', { kind: 'context', text: 'c', userLine: 'u' })).toEqual({ hookSpecificOutput: { hookEventName: 'SubagentStart', additionalContext: 'c' }, systemMessage: 'u' });
  });
});
