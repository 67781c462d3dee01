// What remit can do inside OpenCode, as verified against the real host: one record per version
// line with its own plugin API (1.x `opencode-ai`, 2.x `@opencode/cli`), each a row of the
// capability matrix and a column of the replay table, and the host's record over both, which
// install, doctor and rule `self-protection` read.
import type { HostCapability } from '../../src/generated/types.js';

const CONFIG_PATHS = [
  '~/.config/opencode/opencode.json',
  '~/.config/opencode/opencode.jsonc',
  '~/.config/opencode/plugin/**',
  '~/.config/opencode/plugins/**',
  '**/.opencode/plugin/**',
  '**/.opencode/plugins/**',
  '**/.opencode/opencode.json',
  '**/.opencode/opencode.jsonc',
  // A project-root config lists plugins and MCP servers too.
  '**/opencode.json',
  '**/opencode.jsonc',
];

const SUBAGENTS = 'starts a child session with parentID; hooks in the child are mapped to the root';

export const OPENCODE1_CAPABILITY: HostCapability = {
  host: 'opencode',
  displayName: 'OpenCode 1.x',
  lifecycleVersion: 2,
  process: 'in-process',
  events: {
    'chat.message': "prompt.submit (user text parts only, never synthetic or ignored; a child session's prompt is origin subagent)",
    'message.part.updated': 'prompt.submit for a user message chat.message did not announce; a tool part in error state → action.after failed',
    'tool.execute.before': 'action.before',
    'tool.execute.after': 'action.after joined (task: the child session id joins agentIds)',
    'session.created': "session.start startup for a root session; a child's parentID is recorded",
    'session.idle': 'turn.end (root sessions)',
    'session.deleted': 'session.end (root sessions)',
    'experimental.chat.system.transform': 'ignored: the context channel (remit pushes its text into the system prompt)',
  },
  denyChannel: 'throw an Error in tool.execute.before; its message becomes the tool result',
  ask: 'none',
  askDetail: 'the 1.x plugin API has no ask of its own: an ask is a refusal naming `$remit allow evt_…`',
  context:
    "experimental.chat.system.transform pushes the contract line (and a one-turn answer) into the system prompt of that session's requests; report notes are appended to the tool output",
  promptBlock: false,
  promptBlockDetail:
    'V1 cannot reject a prompt: malformed directives and inspection answers reach the model as context, and a pending directive error pauses writes in the core',
  subagentLinkage: `task ${SUBAGENTS} (session.created events, else client.session.get)`,
  verified: { range: '>=1.18.33 <1.19.0', versions: ['1.18.33'], method: 'real-host' },
  configPaths: CONFIG_PATHS,
  gaps: [
    'OpenCode 2 skips the 1.x plugin form: `remit install opencode` picks the form from `opencode --version` (none on PATH: the 1.x form); doctor says when the installed form is not the one the OpenCode on PATH loads',
    'the quote unwrapping keys on `run` in the host process argv',
    'a child session whose parent lookup fails acts as its own root',
  ],
};

export const OPENCODE2_CAPABILITY: HostCapability = {
  host: 'opencode',
  displayName: 'OpenCode 2.x',
  lifecycleVersion: 2,
  process: 'in-process',
  events: {
    'session.prompt': 'prompt.submit (a child session prompt is origin subagent)',
    'session.context': 'session.start on first sight; the context channel (remit pushes its text into the system)',
    'execute.before': 'action.before (a throw refuses the call; code run by the execute tool calls its tools through it too)',
    'execute.after': 'action.after (status error → failed)',
    'permission.ask': 'ignored: fires only when OpenCode would ask on its own',
  },
  denyChannel: 'throw an Error in execute.before; the model reads {"error":{"type":"unknown","message":…}}',
  ask: 'none',
  askDetail: 'the 2.x plugin API has no ask of its own: an ask is a refusal naming `$remit allow evt_…`',
  context:
    "the context hook pushes the contract line (and a one-turn answer) into the system of that session's requests; report notes are appended to the tool result",
  promptBlock: false,
  promptBlockDetail:
    'the prompt hook can rewrite a prompt but not answer or refuse it: malformed directives and inspection answers reach the model as context, and a pending directive error pauses writes in the core',
  subagentLinkage: `subagent ${SUBAGENTS} (ctx.session.get)`,
  verified: { range: '>=2.1.2 <2.2.0', versions: ['2.1.2'], method: 'real-host' },
  configPaths: CONFIG_PATHS,
  gaps: [
    '1.x plugins are skipped ("Plugin must export a default definition"): `remit install opencode` writes the 2.x form only with OpenCode 2 on PATH; doctor says when the installed form is not the one the OpenCode on PATH loads',
    'a prompt wrapped whole in one pair of double quotes is read without them (`opencode run` wraps every prompt so, and the plugin runs in a server process whose argv does not say `run`): a prompt a person quoted whole in the terminal UI is read unquoted',
    'no prompt can be refused or answered without a model turn; no turn.end or session.end facts; compaction unproven against the model double',
    'the execute tool (code mode) is unknown to remit; each tool its code calls is judged on its own',
    'a child session whose parent lookup fails acts as its own root',
  ],
};

/** Each version line's record, in version order: the rows of the capability matrix. */
const OPENCODE_LINES = [OPENCODE1_CAPABILITY, OPENCODE2_CAPABILITY] as const;

/** OpenCode over both lines: the verified range is either line's, the configuration is the same. */
export const OPENCODE_CAPABILITY: HostCapability = {
  ...OPENCODE1_CAPABILITY,
  displayName: 'OpenCode',
  events: Object.assign({}, ...OPENCODE_LINES.map((c) => c.events)),
  verified: {
    range: OPENCODE_LINES.map((c) => c.verified.range).join(' || '),
    versions: OPENCODE_LINES.flatMap((c) => c.verified.versions ?? []),
    method: 'real-host',
  },
  gaps: OPENCODE_LINES.flatMap((c) => (c.gaps ?? []).map((g) => `${c.displayName}: ${g}`)),
};
