// Pi tool table (`@earendil-works/pi-coding-agent` 0.74.x; powershell from 1.x): tool name and
// input → remit's ToolRequest. Names match case-insensitively; unlisted tools (MCP
// `mcp__server__tool`, extension tools, codemode) are `other`.
import type { ToolRequest } from '../../src/generated/types.js';

function record(input: unknown): Record<string, unknown> {
  return input !== null && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
}

function text(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/** Both edit shapes: `{path, edits: [{oldText, newText}]}` (0.63+) and the legacy `{path, oldText, newText}`, which Pi still accepts. */
function piEdits(args: Record<string, unknown>): { old: string; new: string }[] {
  const edits: { old: string; new: string }[] = [];
  if (Array.isArray(args.edits)) {
    for (const e of args.edits) {
      const r = record(e);
      edits.push({ old: text(r.oldText) ?? '', new: text(r.newText) ?? '' });
    }
  }
  if (typeof args.oldText === 'string' || typeof args.newText === 'string') edits.push({ old: text(args.oldText) ?? '', new: text(args.newText) ?? '' });
  return edits;
}

export function piToolRequest(toolName: string, input: unknown): ToolRequest {
  const args = record(input);
  switch (toolName.toLowerCase()) {
    case 'bash': {
      const command = text(args.command);
      return command === undefined ? { type: 'other', tool: toolName, input } : { type: 'shell', command, shell: 'bash' };
    }
    case 'powershell': {
      const command = text(args.command);
      return command === undefined ? { type: 'other', tool: toolName, input } : { type: 'shell', command, shell: 'powershell' };
    }
    case 'write':
      return { type: 'write', path: text(args.path) ?? '', content: text(args.content) ?? '' };
    case 'edit':
      return { type: 'edit', path: text(args.path) ?? '', edits: piEdits(args) };
    case 'read':
    case 'grep':
    case 'find':
    case 'ls': {
      const p = text(args.path);
      return p ? { type: 'read', paths: [p] } : { type: 'read' };
    }
    case 'tool_search':
      return { type: 'read' };
    case 'subagent': {
      // The `subagent` example extension (and its kin): one task, a parallel batch, or a chain run one at a time.
      if (Array.isArray(args.tasks)) return { type: 'delegate', count: args.tasks.length, completionScope: 'call' };
      if (Array.isArray(args.chain)) return { type: 'delegate', count: args.chain.length > 0 ? 1 : 0, completionScope: 'call' };
      return { type: 'delegate', count: 1, completionScope: 'call' };
    }
    default:
      return { type: 'other', tool: toolName, input };
  }
}
