// Hermes Agent tool table (tools-reference.md; argument shapes cross-checked against Hermes
// sources where the stored copies had them): tool name and args → remit's ToolRequest. Names
// match case-insensitively; unlisted tools (execute_code, memory, skill_manage, cronjob,
// send_message, browser_*, MCP and plugin tools) are `other`.
import type { ToolRequest } from '../../src/generated/types.js';

function record(input: unknown): Record<string, unknown> {
  return input !== null && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
}

function text(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

const READ_ONLY = new Set(['web_search', 'web_extract', 'vision_analyze', 'video_analyze', 'skills_list', 'skill_view', 'session_search']);
const CONTROL = new Set(['todo', 'clarify']);

export function hermesToolRequest(toolName: string, input: unknown): ToolRequest {
  const args = record(input);
  const name = toolName.toLowerCase();
  if (READ_ONLY.has(name)) return { type: 'read' };
  if (CONTROL.has(name)) return { type: 'control' };
  switch (name) {
    case 'terminal': {
      const command = text(args.command);
      if (command === undefined) return { type: 'other', tool: toolName, input };
      const workdir = text(args.workdir) ?? text(args.cwd);
      return workdir ? { type: 'shell', command, shell: 'bash', workdir } : { type: 'shell', command, shell: 'bash' };
    }
    case 'process': {
      // list/poll/log/wait only look at background processes; write (stdin) and kill act on them.
      const action = text(args.action);
      return action === 'list' || action === 'poll' || action === 'log' || action === 'wait' ? { type: 'read' } : { type: 'other', tool: toolName, input };
    }
    case 'write_file':
      return { type: 'write', path: text(args.path) ?? '', content: text(args.content) ?? '' };
    case 'patch': {
      if (args.mode === 'patch') {
        const patch = text(args.patch);
        return patch === undefined ? { type: 'other', tool: toolName, input } : { type: 'patch', patch, format: 'v4a' };
      }
      if (args.mode !== undefined && args.mode !== 'replace') return { type: 'other', tool: toolName, input };
      return { type: 'edit', path: text(args.path) ?? '', edits: [{ old: text(args.old_string) ?? '', new: text(args.new_string) ?? '' }] };
    }
    case 'read_file':
    case 'search_files': {
      const p = text(args.path);
      return p ? { type: 'read', paths: [p] } : { type: 'read' };
    }
    case 'delegate_task': {
      const action = text(args.action);
      // list and stop manage running subagents; steer sends one a message, which under a
      // finite budget the ledger cannot prove (rule `agent-budget`) — a resume, not a launch.
      if (action === 'list' || action === 'stop') return { type: 'control' };
      if (action === 'steer') return { type: 'delegate', count: 0, resume: true };
      if (action !== undefined) return { type: 'other', tool: toolName, input };
      // Each child reports its own subagent_stop, so capacity frees child by child.
      if (Array.isArray(args.tasks)) return { type: 'delegate', count: args.tasks.length, completionScope: 'children' };
      return { type: 'delegate', count: 1, completionScope: 'children' };
    }
    default:
      return { type: 'other', tool: toolName, input };
  }
}
