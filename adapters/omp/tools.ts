// Oh My Pi tool table (`@oh-my-pi/pi-coding-agent` 18.2.x): the extension sees bare names
// (`write`) even though the model is offered `_write`. Unlisted tools — ast_edit, github,
// browser, computer, memory tools, MCP `mcp__server_tool` — are `other`.
import type { ToolRequest } from '../../src/generated/types.js';

function record(input: unknown): Record<string, unknown> {
  return input !== null && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
}

function text(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/**
 * omp's `edit` has model-dependent modes (18.x edit/schemas.ts): replace `{path, old_string,
 * new_string}`, patch `{path, edits: [{op?, rename?, diff?}]}`, apply_patch `{input}` and
 * hashline `{input}` for which omp's event view adds `path`/`paths` parsed from the
 * `[PATH#TAG]` headers (a model-supplied `_path` is not trusted, and neither is it here).
 */
function ompEdit(toolName: string, input: unknown, args: Record<string, unknown>): ToolRequest {
  const path = text(args.path);
  if (typeof args.old_string === 'string' || typeof args.new_string === 'string') {
    return { type: 'edit', path: path ?? '', edits: [{ old: text(args.old_string) ?? '', new: text(args.new_string) ?? '' }] };
  }
  if (Array.isArray(args.edits)) {
    const entries = args.edits.map(record);
    // A rename moves the file to a second path this shape cannot name; prove nothing rather than half.
    if (entries.some((e) => e.rename !== undefined)) return { type: 'other', tool: toolName, input };
    return { type: 'edit', path: path ?? '', edits: entries.map((e) => ({ old: '', new: text(e.diff) ?? '' })) };
  }
  const body = text(args.input);
  if (body !== undefined) {
    if (/^\s*\*\*\* Begin Patch/.test(body)) return { type: 'patch', patch: body, format: 'apply_patch' };
    const paths = Array.isArray(args.paths) ? args.paths.filter((p): p is string => typeof p === 'string') : path ? [path] : [];
    // Hashline text is not a diff remit parses; its new lines still count for intents.
    if (paths.length === 1) return { type: 'edit', path: paths[0]!, edits: [{ old: '', new: body }] };
  }
  return { type: 'other', tool: toolName, input };
}

export function ompToolRequest(toolName: string, input: unknown): ToolRequest {
  const args = record(input);
  switch (toolName.toLowerCase()) {
    case 'bash': {
      const command = text(args.command);
      // Extra environment variables can change what a command does (GIT_DIR, npm_config_*): unproven.
      if (command === undefined || (args.env !== undefined && Object.keys(record(args.env)).length > 0)) return { type: 'other', tool: toolName, input };
      const cwd = text(args.cwd);
      return cwd ? { type: 'shell', command, shell: 'bash', workdir: cwd } : { type: 'shell', command, shell: 'bash' };
    }
    case 'write':
      return { type: 'write', path: text(args.path) ?? '', content: text(args.content) ?? '' };
    case 'edit':
      return ompEdit(toolName, input, args);
    case 'read':
    case 'grep':
    case 'search':
    case 'glob':
    case 'find':
    case 'ast_grep': {
      const p = text(args.path);
      return p ? { type: 'read', paths: [p] } : { type: 'read' };
    }
    case 'lsp':
    case 'web_search':
    case 'fetch':
    case 'recall':
      return { type: 'read' };
    case 'todo':
    case 'ask':
    case 'wait':
    case 'yield':
    case 'goal':
    case 'think':
      return { type: 'control' };
    case 'task': {
      // Flat `{agent, task}` or a batch `{context, tasks: [...]}`; the whole batch is reserved at once.
      if (Array.isArray(args.tasks)) return { type: 'delegate', count: args.tasks.length, completionScope: 'call' };
      return { type: 'delegate', count: 1, completionScope: 'call' };
    }
    default:
      return { type: 'other', tool: toolName, input };
  }
}
