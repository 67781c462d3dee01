// OpenCode V1 (opencode-ai 1.18.x) tool table: the host's tool name and args → remit's
// host-neutral ToolRequest. Names match case-insensitively; a tool not listed here (MCP tools,
// plugin tools, anything new) is `other`, which the user's configuration or `unknown` decides.
import type { ToolRequest } from '../../src/generated/types.js';

function record(input: unknown): Record<string, unknown> {
  return input !== null && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
}

function text(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

function readOf(...paths: unknown[]): ToolRequest {
  const found = paths.filter((p): p is string => typeof p === 'string' && p !== '');
  return found.length > 0 ? { type: 'read', paths: found } : { type: 'read' };
}

export function opencodeToolRequest(toolName: string, input: unknown): ToolRequest {
  const args = record(input);
  switch (toolName.toLowerCase()) {
    case 'bash': {
      const command = text(args.command);
      if (command === undefined) return { type: 'other', tool: toolName, input };
      const workdir = text(args.workdir);
      return workdir ? { type: 'shell', command, shell: 'bash', workdir } : { type: 'shell', command, shell: 'bash' };
    }
    case 'write':
      return { type: 'write', path: text(args.filePath) ?? '', content: text(args.content) ?? '' };
    case 'edit':
      return { type: 'edit', path: text(args.filePath) ?? '', edits: [{ old: text(args.oldString) ?? '', new: text(args.newString) ?? '' }] };
    case 'apply_patch': {
      // 1.18.x names the field patchText; relative paths inside resolve against the session directory.
      const patch = text(args.patchText);
      return patch === undefined ? { type: 'other', tool: toolName, input } : { type: 'patch', patch, format: 'apply_patch' };
    }
    case 'read':
      return readOf(args.filePath);
    case 'grep':
    case 'glob':
    case 'list':
      return readOf(args.path);
    case 'lsp':
    case 'webfetch':
    case 'websearch':
    case 'codesearch':
    case 'skill':
    case 'todoread':
      return { type: 'read' };
    case 'todowrite':
    case 'question':
      return { type: 'control' };
    case 'task':
      // `task_id` continues an existing child session instead of starting one (OC1 task.ts).
      return text(args.task_id) ? { type: 'delegate', count: 0, resume: true } : { type: 'delegate', count: 1, completionScope: 'call' };
    default:
      return { type: 'other', tool: toolName, input };
  }
}

/**
 * OpenCode 2 (`@opencode/cli` 2.1.x) tool table, from the tool calls its `execute.before` hook
 * saw in the end-to-end lane: `write {path, content}`, `edit {path, oldString, newString}`,
 * `shell {command, workdir}`, `subagent {description, prompt, agent, sessionID?}` (2.1.2's own
 * migration note: "`agent` instead of `subagent_type` and `sessionID` instead of `task_id`"). `execute {code}` runs model-written code that may call any tool
 * (each inner call passes `execute.before` again), so it stays `other`: unknown unless the user
 * configures it. Anything this table does not know is `other` too.
 */
export function opencodeV2ToolRequest(toolName: string, input: unknown): ToolRequest {
  const args = record(input);
  switch (toolName.toLowerCase()) {
    case 'shell': {
      const command = text(args.command);
      if (command === undefined) return { type: 'other', tool: toolName, input };
      const workdir = text(args.workdir);
      return workdir ? { type: 'shell', command, shell: 'bash', workdir } : { type: 'shell', command, shell: 'bash' };
    }
    case 'write': {
      const file = text(args.path) ?? text(args.filePath);
      return file === undefined ? { type: 'other', tool: toolName, input } : { type: 'write', path: file, content: text(args.content) ?? '' };
    }
    case 'edit': {
      const file = text(args.path) ?? text(args.filePath);
      return file === undefined
        ? { type: 'other', tool: toolName, input }
        : { type: 'edit', path: file, edits: [{ old: text(args.oldString) ?? '', new: text(args.newString) ?? '' }] };
    }
    case 'patch': {
      const patch = text(args.patchText);
      return patch === undefined ? { type: 'other', tool: toolName, input } : { type: 'patch', patch, format: 'apply_patch' };
    }
    case 'read':
      return readOf(args.path);
    case 'grep':
    case 'glob':
      return readOf(args.path);
    case 'webfetch':
    case 'websearch':
    case 'skill':
      return { type: 'read' };
    case 'todowrite':
    case 'question':
      return { type: 'control' };
    case 'subagent':
      // 2.x renamed task's fields: `agent` for subagent_type, `sessionID` (an existing child) for task_id.
      return text(args.sessionID) ? { type: 'delegate', count: 0, resume: true } : { type: 'delegate', count: 1, completionScope: 'call' };
    default:
      return { type: 'other', tool: toolName, input };
  }
}
