// Gemini CLI's tool table, by the `tool_name` its hooks receive (0.61.0: the `*_TOOL_NAME`
// constants of its core; the model is offered update_topic, list_directory, read_file,
// grep_search, glob, replace, write_file, web_fetch, run_shell_command,
// list_background_processes, read_background_output, google_web_search, write_todos,
// enter_plan_mode, invoke_agent and activate_skill here). Matched case-insensitively; a tool
// not listed (save_memory, MCP tools `mcp_<server>_<tool>` …) is `other`: the user's
// configuration decides, or it is unknown, which an armed session refuses.
import type { ToolRequest } from '../../src/generated/types.js';
import { lookupTable } from '../../src/core/lookup-table.js';

type Input = Record<string, unknown>;
type Entry = (input: Input, tool: string) => ToolRequest;

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const other: Entry = (i, tool) => ({ type: 'other', tool, input: i });
const control: Entry = (_i, tool) => ({ type: 'control', tool });
const readOnly: Entry = (_i, tool) => ({ type: 'read', tool });
const readAt =
  (key: string): Entry =>
  (i, tool) => {
    const p = str(i[key]);
    return p ? { type: 'read', paths: [p], tool } : { type: 'read', tool };
  };

const TABLE = lookupTable<Entry>({
  __proto__: null,
  write_file: (i, tool) => {
    const path = str(i.file_path);
    const content = str(i.content);
    return path !== undefined && content !== undefined ? { type: 'write', path, content, tool } : other(i, tool);
  },
  // `allow_multiple` replaces every occurrence; the file and the strings are what remit judges.
  replace: (i, tool) => {
    const path = str(i.file_path);
    const oldS = str(i.old_string);
    const newS = str(i.new_string);
    return path !== undefined && oldS !== undefined && newS !== undefined ? { type: 'edit', path, edits: [{ old: oldS, new: newS }], tool } : other(i, tool);
  },
  run_shell_command: (i, tool) => {
    const command = str(i.command);
    if (command === undefined) return other(i, tool);
    const workdir = str(i.dir_path);
    return workdir ? { type: 'shell', command, shell: 'bash', workdir, tool } : { type: 'shell', command, shell: 'bash', tool };
  },
  // One subagent per call, run to its end before the call returns.
  invoke_agent: (_i, tool) => ({ type: 'delegate', count: 1, completionScope: 'call', tool }),
  read_file: readAt('file_path'),
  read_many_files: readOnly,
  list_directory: readAt('dir_path'),
  glob: readAt('dir_path'),
  grep_search: readAt('dir_path'),
  web_fetch: readOnly,
  google_web_search: readOnly,
  list_background_processes: readOnly,
  read_background_output: readOnly,
  list_mcp_resources: readOnly,
  read_mcp_resource: readOnly,
  get_internal_docs: readOnly,
  tracker_get_task: readOnly,
  tracker_list_tasks: readOnly,
  tracker_visualize: readOnly,
  write_todos: control,
  update_topic: control,
  enter_plan_mode: control,
  exit_plan_mode: control,
  ask_user: control,
  complete_task: control,
  tracker_create_task: control,
  tracker_update_task: control,
  tracker_add_dependency: control,
  // Loading a skill's text changes nothing; what the model does next goes through its own tools.
  activate_skill: control,
});

export function geminiToolRequest(toolName: string, input: unknown): ToolRequest {
  const i: Input = input !== null && typeof input === 'object' && !Array.isArray(input) ? (input as Input) : {};
  const entry = TABLE[toolName.toLowerCase()];
  return entry ? entry(i, toolName) : other(i, toolName);
}
