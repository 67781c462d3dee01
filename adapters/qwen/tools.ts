// Qwen Code's tool table, by the runtime tool id its hooks receive in `tool_name` (0.24.4:
// `ToolNames` in its core package; the model is offered agent, edit, get_goal, glob,
// grep_search, list_agents, notebook_edit, read_file, run_shell_command, skill, tool_call,
// tool_search, update_goal and write_file, and reaches the deferred ones — cron_*, monitor,
// send_message, web_fetch, worktrees … — through tool_search and tool_call). Matched
// case-insensitively; a tool not listed is `other`: the user's configuration decides, or it is
// unknown, which an armed session refuses.
import type { ToolRequest } from '../../src/generated/types.js';
import { lookupTable } from '../../src/core/lookup-table.js';

type Input = Record<string, unknown>;
type Entry = (input: Input, tool: string, depth: number) => ToolRequest;

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const obj = (v: unknown): Input => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Input) : {});
const other: Entry = (i, tool) => ({ type: 'other', tool, input: i });
const control: Entry = (_i, tool) => ({ type: 'control', tool });
const readOnly: Entry = (_i, tool) => ({ type: 'read', tool });
const readAt =
  (...keys: string[]): Entry =>
  (i, tool) => {
    const p = keys.map((k) => str(i[k])).find((v) => v !== undefined && v !== '');
    return p ? { type: 'read', paths: [p], tool } : { type: 'read', tool };
  };

const shell: Entry = (i, tool) => {
  const command = str(i.command);
  if (command === undefined) return other(i, tool, 0);
  const workdir = str(i.directory);
  return workdir ? { type: 'shell', command, shell: 'bash', workdir, tool } : { type: 'shell', command, shell: 'bash', tool };
};

const TABLE = lookupTable<Entry>({
  __proto__: null,
  write_file: (i, tool) => {
    const path = str(i.file_path);
    const content = str(i.content);
    return path !== undefined && content !== undefined ? { type: 'write', path, content, tool } : other(i, tool, 0);
  },
  edit: (i, tool) => {
    const path = str(i.file_path);
    const oldS = str(i.old_string);
    const newS = str(i.new_string);
    return path !== undefined && oldS !== undefined && newS !== undefined ? { type: 'edit', path, edits: [{ old: oldS, new: newS }], tool } : other(i, tool, 0);
  },
  notebook_edit: (i, tool) => {
    const path = str(i.notebook_path);
    return path === undefined ? other(i, tool, 0) : { type: 'edit', path, edits: [{ old: '', new: str(i.new_source) ?? '' }], tool };
  },
  run_shell_command: shell,
  // Runs a command and streams its output to the session.
  monitor: shell,
  // One subagent per call; `run_in_background` returns at launch.
  agent: (_i, tool) => ({ type: 'delegate', count: 1, completionScope: 'call', tool }),
  send_message: (_i, tool) => ({ type: 'delegate', count: 0, resume: true, completionScope: 'call', tool }),
  // A deferred tool, called by name: judged as that tool (Qwen Code applies hooks to the underlying tool too).
  tool_call: (i, tool, depth) => {
    const name = str(i.name);
    return name === undefined || depth > 0 ? other(i, tool, depth) : requestOf(name, i.arguments, depth + 1);
  },
  read_file: readAt('file_path'),
  zoom_image: readAt('file_path', 'path'),
  glob: readAt('path'),
  grep_search: readAt('path'),
  list_directory: readAt('path'),
  lsp: readOnly,
  web_fetch: readOnly,
  web_search: readOnly,
  tool_search: readOnly,
  read_mcp_resource: readOnly,
  list_agents: readOnly,
  get_goal: readOnly,
  cron_list: readOnly,
  task_list: readOnly,
  todo_write: control,
  task_create: control,
  task_update: control,
  task_stop: control,
  update_goal: control,
  report_findings: control,
  ask_user_question: control,
  exit_plan_mode: control,
  enter_plan_mode: control,
  // Loading a skill's text changes nothing; what the model does next goes through its own tools.
  skill: control,
});

function requestOf(toolName: string, input: unknown, depth: number): ToolRequest {
  const i = obj(input);
  const entry = TABLE[toolName.toLowerCase()];
  // exec (code), save_memory, cron_create, worktrees, teams, mcp__… and everything unlisted.
  return entry ? entry(i, toolName, depth) : other(i, toolName, depth);
}

export function qwenToolRequest(toolName: string, input: unknown): ToolRequest {
  return requestOf(toolName, input, 0);
}

/** The delegation tool whose PostToolUse says how its subagent ended. */
export function isQwenAgentTool(toolName: string): boolean {
  return toolName.toLowerCase() === 'agent';
}
