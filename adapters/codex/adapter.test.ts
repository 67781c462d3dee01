import { describe, expect, it } from 'vitest';
import type { ControllerResult } from '../../src/core/controller/result.js';
import type { Decision } from '../../src/generated/types.js';
import { codexToolKey, codexToolRequest } from './tools.js';
import { renderCodex } from './render.js';
import { codexAdapter } from './adapter.js';

const decision = (outcome: Decision['outcome']): ControllerResult => ({
  kind: 'decision',
  decision: { outcome, reasonCode: 'MUTABILITY_UNPROVEN', family: 'I', controlState: 'ARMED', explanation: 'x' },
  message: `remit ${outcome === 'ask' ? 'needs the user to approve this action' : 'refused this action'}: MUTABILITY_UNPROVEN (I)\nTo authorise: \`$remit allow evt_1\``,
  ...(outcome === 'ask' ? { question: 'for the person' } : {}),
});

describe('Codex tool table', () => {
  it('maps shell, patch, agents and unknowns', () => {
    expect(codexToolRequest('Bash', { command: 'ls' })).toEqual({ type: 'shell', command: 'ls', shell: 'bash', tool: 'Bash' });
    expect(codexToolRequest('exec_command', { cmd: 'ls', workdir: '/w' })).toMatchObject({ type: 'shell', command: 'ls', workdir: '/w' });
    expect(codexToolRequest('shell', { command: ['bash', '-lc', 'echo hi > a'] })).toMatchObject({ type: 'shell', command: 'echo hi > a' });
    expect(codexToolRequest('shell', { command: ['rm', '-rf', 'a b'] })).toMatchObject({ type: 'shell', command: "rm -rf 'a b'" });
    expect(codexToolRequest('apply_patch', { command: '*** Begin Patch\n*** End Patch\n' })).toMatchObject({ type: 'patch', format: 'apply_patch' });
    expect(codexToolRequest('spawn_agent', { message: 'x' })).toMatchObject({ type: 'delegate', count: 1 });
    expect(codexToolRequest('multi_agent_v1send_input', {})).toMatchObject({ type: 'delegate', resume: true, count: 0 });
    expect(codexToolRequest('multi_agent_v1.resume_agent', {})).toMatchObject({ type: 'delegate', resume: true });
    expect(codexToolRequest('collaborationspawn_agent', {})).toMatchObject({ type: 'delegate', count: 1 });
    expect(codexToolRequest('multi_agent_v1wait_agent', {})).toMatchObject({ type: 'control' });
    expect(codexToolRequest('UPDATE_PLAN', {})).toMatchObject({ type: 'control' });
    expect(codexToolRequest('mcp__gh__create', { a: 1 })).toEqual({ type: 'other', tool: 'mcp__gh__create', input: { a: 1 } });
    expect(codexToolRequest('write_stdin', { chars: 'rm -rf /\n' })).toMatchObject({ type: 'other' });
    expect(codexToolRequest('Bash', 'not an object')).toMatchObject({ type: 'other' });
    expect(codexToolKey('multi_agent_v1wait_agent')).toBe('wait_agent');
    expect(codexToolKey('my_spawn_agent')).toBe('my_spawn_agent');
  });
});

describe('Codex renderer', () => {
  it('never sends ask: an ask is a deny carrying the approval line', () => {
    const out = renderCodex('PreToolUse', decision('ask')) as { hookSpecificOutput: Record<string, unknown> };
    expect(out.hookSpecificOutput.permissionDecision).toBe('deny');
    // The model reads a deny, so it gets the message with the line, not the person's question.
    expect(out.hookSpecificOutput.permissionDecisionReason).toContain('$remit allow evt_1');
    expect(out.hookSpecificOutput.permissionDecisionReason).not.toContain('for the person');
    expect(codexAdapter.readResponse({ event: 'PreToolUse', payload: '' }, { stdout: JSON.stringify(out), exitCode: 0 })).toEqual({
      outcome: 'ask',
      channel: 'deny-for-ask',
      reasonCode: 'MUTABILITY_UNPROVEN',
    });
  });

  it('sends nothing for allow and for events without an output channel', () => {
    expect(renderCodex('PreToolUse', decision('allow'))).toBeNull();
    expect(renderCodex('Stop', { kind: 'context', text: 'x' })).toBeNull();
    expect(renderCodex('SessionEnd', { kind: 'context', text: 'x' })).toBeNull();
    expect(renderCodex('PostToolUse', decision('deny'))).toBeNull();
  });

  it('puts the user line in systemMessage only where Codex shows it, and bounds the context', () => {
    const out = renderCodex('SessionStart', { kind: 'context', text: 'y'.repeat(20_000), userLine: 'remit ARMED\nreview' }) as Record<string, any>;
    expect(out.systemMessage).toBe('remit ARMED review');
    expect(out.hookSpecificOutput.additionalContext.length).toBeLessThanOrEqual(8_000);
    expect(renderCodex('PostToolUse', { kind: 'context', text: 'x', userLine: 'u' })).toEqual({
      hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'x' },
    });
  });

  it('blocks a prompt only at UserPromptSubmit', () => {
    expect(renderCodex('UserPromptSubmit', { kind: 'prompt-block', text: 'bad' })).toEqual({ decision: 'block', reason: 'bad' });
    expect(renderCodex('SessionStart', { kind: 'prompt-block', text: 'bad' })).toEqual({
      hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'bad' },
    });
  });
});

describe('Codex replay rendering', () => {
  it('renders abstract steps into Codex payloads and says n/a where Codex cannot', () => {
    const ctx = { sessionId: 's', cwd: '/p', callId: 'c1', turn: 1 };
    const w = codexAdapter.renderStep({ action: { type: 'write', path: '/p/a.txt', content: 'x\n' } }, ctx);
    const p = JSON.parse(w.calls[0]!.payload as string);
    expect(p.tool_name).toBe('apply_patch');
    expect(p.tool_input.command).toBe('*** Begin Patch\n*** Add File: a.txt\n+x\n*** End Patch\n');
    expect(codexAdapter.renderStep({ action: { type: 'delegate', count: 3 } }, ctx).notApplicable).toMatch(/^n\/a: /);
    expect(codexAdapter.renderStep({ lifecycle: { kind: 'failed' } }, ctx).notApplicable).toMatch(/^n\/a: /);
    const done = codexAdapter.renderStep({ lifecycle: { kind: 'complete', of: 'c1', agent: 'a1' } }, ctx);
    expect(done.calls.map((c) => c.event)).toEqual(['PostToolUse', 'SubagentStop']);
  });
});
