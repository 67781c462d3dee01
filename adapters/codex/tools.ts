// Codex's tool table, by the `tool_name` its hooks receive (Codex 0.171.0, captured: the
// unified exec tool arrives as `Bash` with `{command}`; `spawn_agent` keeps its bare name
// while the other multi-agent tools arrive flattened as `multi_agent_v1wait_agent` …).
// Matched case-insensitively; a tool not listed is `other` (user configuration or unknown).
import type { ToolRequest } from '../../src/generated/types.js';
import { lookupTable } from '../../src/core/lookup-table.js';

type Input = Record<string, unknown>;
type Entry = (input: Input, tool: string) => ToolRequest;

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const other: Entry = (i, tool) => ({ type: 'other', tool, input: i });
const control: Entry = (_i, tool) => ({ type: 'control', tool });

const SHELLS = new Set(['bash', 'sh', 'zsh', 'dash']);

/** The command text of a shell call: a string, or an argv whose `bash -lc <script>` form is unwrapped. */
function shellCommand(i: Input): string | undefined {
  const c = i.command ?? i.cmd;
  if (typeof c === 'string') return c;
  if (!Array.isArray(c) || !c.every((x) => typeof x === 'string')) return undefined;
  const argv = c as string[];
  const base = (argv[0] ?? '').split('/').pop() ?? '';
  if (argv.length === 3 && SHELLS.has(base) && /^-l?c$/.test(argv[1]!)) return argv[2];
  return argv.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`)).join(' ');
}

const shell: Entry = (i, tool) => {
  const command = shellCommand(i);
  if (command === undefined) return other(i, tool);
  const workdir = str(i.workdir);
  return workdir ? { type: 'shell', command, shell: 'bash', workdir, tool } : { type: 'shell', command, shell: 'bash', tool };
};

const patch: Entry = (i, tool) => {
  // The patch text is in `command` (PR #18391); older and freeform paths used `input` / `patch`.
  const text = str(i.command) ?? str(i.input) ?? str(i.patch);
  return text === undefined ? other(i, tool) : { type: 'patch', patch: text, format: 'apply_patch', tool };
};

const resume: Entry = (_i, tool) => ({ type: 'delegate', count: 0, resume: true, completionScope: 'call', tool });

const TABLE = lookupTable<Entry>({
  __proto__: null,
  bash: shell,
  exec_command: shell,
  shell,
  shell_command: shell,
  local_shell: shell,
  apply_patch: patch,
  // spawn_agent returns at launch (PostToolUse says running); the child's SubagentStop frees it.
  spawn_agent: (_i, tool) => ({ type: 'delegate', count: 1, completionScope: 'children', tool }),
  send_input: resume,
  send_message: resume,
  followup_task: resume,
  resume_agent: resume,
  wait_agent: control,
  close_agent: control,
  list_agents: (_i, tool) => ({ type: 'read', tool }),
  update_plan: control,
  request_user_input: control,
  get_goal: control,
  create_goal: control,
  update_goal: control,
  view_image: (i, tool) => {
    const p = str(i.path);
    return p ? { type: 'read', paths: [p], tool } : { type: 'read', tool };
  },
});

// Names the multi-agent tools take inside their namespace (v1 `multi_agent_v1`, the
// `collaboration` spelling seen by a third-party adapter), flattened or with a separator.
const AGENT_TOOLS = ['spawn_agent', 'send_input', 'send_message', 'followup_task', 'resume_agent', 'wait_agent', 'close_agent', 'list_agents'];
const NAMESPACED = new RegExp(`^(?:multi_agent(?:_v\\d+)?|collaboration)(?:\\.|__|/|:)?(${AGENT_TOOLS.join('|')})$`);

/** The table key for a Codex tool name (lower case, namespace removed for the agent tools). */
export function codexToolKey(toolName: string): string {
  const lower = toolName.toLowerCase();
  const m = NAMESPACED.exec(lower);
  return m ? m[1]! : lower;
}

export function codexToolRequest(toolName: string, input: unknown): ToolRequest {
  const i: Input = input !== null && typeof input === 'object' && !Array.isArray(input) ? (input as Input) : {};
  const entry = TABLE[codexToolKey(toolName)];
  // mcp__<server>__<tool> and everything unlisted: the user's configuration decides.
  return entry ? entry(i, toolName) : other(i, toolName);
}
