// Claude Code's tool table (tool names as Claude Code 2.1.x sends them in `tool_name`,
// matched case-insensitively). A tool not listed here is `other`, which the core classifies
// by the user's configuration or as unknown — never by guessing from its name.
import type { ToolRequest } from '../../src/generated/types.js';
import { lookupTable } from '../../src/core/lookup-table.js';

type Input = Record<string, unknown>;
type Entry = (input: Input, tool: string) => ToolRequest;

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

const read: Entry = (i, tool) => {
  const p = str(i.file_path) ?? str(i.notebook_path) ?? str(i.path);
  return p ? { type: 'read', paths: [p], tool } : { type: 'read', tool };
};
const control: Entry = (_i, tool) => ({ type: 'control', tool });
const other: Entry = (i, tool) => ({ type: 'other', tool, input: i });
const shell =
  (kind: 'bash' | 'powershell'): Entry =>
  (i, tool) => {
    const command = str(i.command);
    return command === undefined ? other(i, tool) : { type: 'shell', command, shell: kind, tool };
  };

const TABLE = lookupTable<Entry>({
  __proto__: null,
  write: (i, tool) => {
    const path = str(i.file_path);
    const content = str(i.content);
    return path !== undefined && content !== undefined ? { type: 'write', path, content, tool } : other(i, tool);
  },
  edit: (i, tool) => {
    const path = str(i.file_path);
    const oldS = str(i.old_string);
    const newS = str(i.new_string);
    return path !== undefined && oldS !== undefined && newS !== undefined ? { type: 'edit', path, edits: [{ old: oldS, new: newS }], tool } : other(i, tool);
  },
  // Gone from the current tool list but still sent by older releases and some SDK setups.
  multiedit: (i, tool) => {
    const path = str(i.file_path);
    const edits = Array.isArray(i.edits) ? i.edits : undefined;
    if (path === undefined || !edits) return other(i, tool);
    const pairs = edits.map((e) =>
      e && typeof e === 'object' ? { old: str((e as Input).old_string), new: str((e as Input).new_string) } : { old: undefined, new: undefined },
    );
    if (pairs.some((e) => e.old === undefined || e.new === undefined)) return other(i, tool);
    return { type: 'edit', path, edits: pairs as { old: string; new: string }[], tool };
  },
  notebookedit: (i, tool) => {
    const path = str(i.notebook_path);
    if (path === undefined) return other(i, tool);
    return { type: 'edit', path, edits: [{ old: '', new: str(i.new_source) ?? '' }], tool };
  },
  bash: shell('bash'),
  powershell: shell('powershell'),
  // Monitor runs a command and streams its output.
  monitor: shell('bash'),
  // Agent (Task before 2.1.63) starts one subagent, or resumes one when `resume` is set.
  agent: (i, tool) =>
    str(i.resume) ? { type: 'delegate', count: 0, resume: true, completionScope: 'call', tool } : { type: 'delegate', count: 1, completionScope: 'call', tool },
  task: (i, tool) =>
    str(i.resume) ? { type: 'delegate', count: 0, resume: true, completionScope: 'call', tool } : { type: 'delegate', count: 1, completionScope: 'call', tool },
  // A workflow may start any number of agents; the count is not in its input.
  workflow: (_i, tool) => ({ type: 'delegate', unbounded: true, completionScope: 'children', tool }),
  sendmessage: (_i, tool) => ({ type: 'delegate', count: 0, resume: true, completionScope: 'call', tool }),
  read,
  glob: read,
  grep: read,
  ls: read,
  lsp: read,
  webfetch: (_i, tool) => ({ type: 'read', tool }),
  websearch: (_i, tool) => ({ type: 'read', tool }),
  toolsearch: (_i, tool) => ({ type: 'read', tool }),
  listmcpresourcestool: (_i, tool) => ({ type: 'read', tool }),
  readmcpresourcetool: (_i, tool) => ({ type: 'read', tool }),
  readmcpresourcedirtool: (_i, tool) => ({ type: 'read', tool }),
  taskoutput: (_i, tool) => ({ type: 'read', tool }),
  // BashOutput (TaskOutput's name before 2.1) reads a background shell's output; KillShell
  // (KillBash before it) stops a shell the agent started, as TaskStop does.
  bashoutput: (_i, tool) => ({ type: 'read', tool }),
  taskget: (_i, tool) => ({ type: 'read', tool }),
  tasklist: (_i, tool) => ({ type: 'read', tool }),
  listagents: (_i, tool) => ({ type: 'read', tool }),
  // 2.1.332: hands code-review findings to the host UI as a typed list; it changes nothing, so a
  // review may report without approval.
  reportfindings: control,
  todowrite: control,
  taskcreate: control,
  taskupdate: control,
  taskstop: control,
  killshell: control,
  killbash: control,
  exitplanmode: control,
  enterplanmode: control,
  askuserquestion: control,
  // Loading a skill's text changes nothing; what the model does next goes through its own tools.
  skill: control,
  waitformcpservers: control,
  endconversation: control,
});

export function claudeToolRequest(toolName: string, input: unknown): ToolRequest {
  const i: Input = input !== null && typeof input === 'object' && !Array.isArray(input) ? (input as Input) : {};
  const entry = TABLE[toolName.toLowerCase()];
  // mcp__<server>__<tool> and everything unlisted: the user's configuration decides.
  return entry ? entry(i, toolName) : other(i, toolName);
}

/** Delegation tools whose PostToolUse carries the child's id and status. */
export function isClaudeAgentTool(toolName: string): boolean {
  const t = toolName.toLowerCase();
  return t === 'agent' || t === 'task';
}
