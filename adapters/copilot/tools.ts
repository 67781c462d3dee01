// GitHub Copilot CLI's tool table (tool names as 1.0.102 sends them in `toolName`, matched
// case-insensitively; `toolArgs` is the input object). Which tools a session is offered depends
// on the model: Claude-family models get create/edit, GPT-family ones apply_patch (a freeform
// tool whose input is the patch text). A tool not listed here is `other`, which the core
// classifies by the user's configuration or as unknown — never by guessing from its name.
import type { ToolRequest } from '../../src/generated/types.js';
import { lookupTable } from '../../src/core/lookup-table.js';

type Input = Record<string, unknown>;
type Entry = (input: Input, tool: string, raw: unknown) => ToolRequest;

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

const other: Entry = (i, tool, raw) => ({ type: 'other', tool, input: raw === undefined ? i : raw });
const control: Entry = (_i, tool) => ({ type: 'control', tool });
const readAny: Entry = (_i, tool) => ({ type: 'read', tool });
const readPath: Entry = (i, tool) => {
  const p = str(i.path);
  return p ? { type: 'read', paths: [p], tool } : { type: 'read', tool };
};
/** grep and glob take `paths` as one folder or a list. */
const search: Entry = (i, tool) => {
  const paths = typeof i.paths === 'string' ? [i.paths] : Array.isArray(i.paths) ? i.paths.filter((p): p is string => typeof p === 'string') : [];
  return paths.length ? { type: 'read', paths, tool } : { type: 'read', tool };
};
const shell =
  (kind: 'bash' | 'powershell'): Entry =>
  (i, tool, raw) => {
    const command = str(i.command);
    return command === undefined ? other(i, tool, raw) : { type: 'shell', command, shell: kind, tool };
  };
const create: Entry = (i, tool, raw) => {
  const path = str(i.path);
  const content = str(i.file_text);
  return path !== undefined && content !== undefined ? { type: 'write', path, content, tool } : other(i, tool, raw);
};
const edit: Entry = (i, tool, raw) => {
  const path = str(i.path);
  const oldS = str(i.old_str);
  const newS = str(i.new_str);
  return path !== undefined && oldS !== undefined && newS !== undefined ? { type: 'edit', path, edits: [{ old: oldS, new: newS }], tool } : other(i, tool, raw);
};
/** The freeform apply_patch tool: its input is the patch text itself (or `{input}`). */
const applyPatch: Entry = (i, tool, raw) => {
  const text = typeof raw === 'string' ? raw : (str(i.input) ?? str(i.patch));
  return text === undefined ? other(i, tool, raw) : { type: 'patch', patch: text, format: 'apply_patch', tool };
};

const TABLE = lookupTable<Entry>({
  __proto__: null,
  create,
  edit,
  // The older combined editor: view reads, create writes, str_replace edits; insert and
  // undo_edit change a file in ways remit does not model, so they stay unknown.
  str_replace_editor: (i, tool, raw) => {
    switch (str(i.command)) {
      case 'view':
        return readPath(i, tool, raw);
      case 'create':
        return create(i, tool, raw);
      case 'str_replace':
        return edit(i, tool, raw);
      default:
        return other(i, tool, raw);
    }
  },
  apply_patch: applyPatch,
  bash: shell('bash'),
  powershell: shell('powershell'),
  // Reading a running shell's output, listing shells; stopping one changes no file.
  read_bash: readAny,
  list_bash: readAny,
  read_powershell: readAny,
  list_powershell: readAny,
  stop_bash: control,
  stop_powershell: control,
  view: readPath,
  grep: search,
  glob: search,
  rg: search,
  web_fetch: readAny,
  web_search: readAny,
  fetch_copilot_cli_documentation: readAny,
  read_agent: readAny,
  list_agents: readAny,
  // One read-only query (SELECT or WITH) over the session store.
  session_store_sql: readAny,
  // `task` starts one subagent (mode background returns before it ends); write_agent messages
  // agents already running.
  task: (_i, tool) => ({ type: 'delegate', count: 1, completionScope: 'call', tool }),
  write_agent: (_i, tool) => ({ type: 'delegate', count: 0, resume: true, completionScope: 'call', tool }),
  // The session's own todo database (under the session state folder, not the project).
  sql: control,
  update_todo: control,
  // Loading a skill's text changes nothing; what the model does next goes through its own tools.
  skill: control,
  ask_user: control,
  exit_plan_mode: control,
  task_complete: control,
  report_intent: control,
});

export function copilotToolRequest(toolName: string, input: unknown): ToolRequest {
  const i: Input = input !== null && typeof input === 'object' && !Array.isArray(input) ? (input as Input) : {};
  const entry = TABLE[toolName.toLowerCase()];
  // MCP tools (`<server>-<tool>`), extensions and everything unlisted: the user's configuration decides.
  return entry ? entry(i, toolName, input) : other(i, toolName, input);
}

/** Whether a finished call of this tool ended a subagent it started (task waits for its child unless mode is background). */
export function copilotDelegateLifecycle(toolName: string, input: unknown): 'joined' | 'running' | undefined {
  if (toolName.toLowerCase() !== 'task') return undefined;
  const mode = input !== null && typeof input === 'object' ? (input as Input).mode : undefined;
  return mode === 'background' ? 'running' : 'joined';
}
