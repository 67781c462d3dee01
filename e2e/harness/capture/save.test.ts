import { describe, expect, it } from 'vitest';
import { captureName, sanitise } from './save.js';

const sb = { root: '/tmp/remit-e2e/claude-x-AB12', home: '/tmp/remit-e2e/claude-x-AB12/home', project: '/tmp/remit-e2e/claude-x-AB12/project' };

describe('capture sanitising', () => {
  it('replaces sandbox paths, dashed project slugs and stray remit-e2e folders', () => {
    const text = JSON.stringify({
      cwd: sb.project,
      transcript: `${sb.home}/.claude/projects/-tmp-remit-e2e-claude-x-AB12-project/s.jsonl`,
      other: '/tmp/remit-e2e/opencode-y-ZZ/file',
    });
    const out = JSON.parse(sanitise(text, sb)) as Record<string, string>;
    expect(out.cwd).toBe('/work/project');
    expect(out.transcript).toBe('/home/user/.claude/projects/-work-project/s.jsonl');
    expect(out.other).toBe('/sandbox/file');
  });
});

describe('capture names', () => {
  it('names spawned-hook payloads by event, tool, subagent and source', () => {
    expect(captureName('claude', { hook_event_name: 'PreToolUse', tool_name: 'Bash', agent_id: 'a1' }, 'x')).toBe('PreToolUse.Bash.subagent');
    expect(captureName('codex', { hook_event_name: 'SessionStart', source: 'resume' }, 'x')).toBe('SessionStart.resume');
    expect(captureName('claude', { hook_event_name: 'SubagentStart', agent_id: 'a1' }, 'x')).toBe('SubagentStart');
    expect(captureName('codex', { no: 'event' }, 'x')).toBeUndefined();
  });

  it('names OpenCode hook args and Pi/omp events, dropping noise', () => {
    expect(captureName('opencode', { hook: 'tool.execute.before', input: { tool: 'write' } }, 'x')).toBe('tool.execute.before.write');
    expect(captureName('opencode', { hook: 'event.plugin.added', input: {} }, 'x')).toBeUndefined();
    expect(captureName('pi', { event: { type: 'message_start', message: { role: 'user' } } }, 'x')).toBe('message_start.user');
    expect(captureName('omp', { event: { type: 'tool_call', toolName: 'edit' } }, 'x')).toBe('tool_call.edit');
    expect(captureName('pi', { event: { type: 'context' } }, 'x')).toBeUndefined();
  });
});
