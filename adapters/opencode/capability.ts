// What remit can do inside OpenCode, as verified against the real host.
import type { HostCapability } from '../../src/generated/types.js';

export const OPENCODE_CAPABILITY: HostCapability = {
  host: 'opencode',
  displayName: 'OpenCode',
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
    'session.prompt': '2.x: prompt.submit (a child session prompt is origin subagent)',
    'session.context': '2.x: session.start on first sight; the context channel (remit pushes its text into the system)',
    'execute.before': '2.x: action.before (a throw refuses the call; code run by the execute tool calls its tools through it too)',
    'execute.after': '2.x: action.after (status error → failed)',
    'permission.ask': 'ignored: fires only when OpenCode would ask on its own',
  },
  denyChannel: 'throw an Error in tool.execute.before (1.x) or execute.before (2.x); its message becomes the tool result',
  ask: 'none',
  askDetail: 'neither 1.x nor 2.x gives a plugin an ask of its own: an ask is a refusal naming `$remit allow evt_…`',
  context:
    "experimental.chat.system.transform pushes the contract line (and a one-turn answer) into the system prompt of that session's requests; report notes are appended to the tool output",
  promptBlock: false,
  promptBlockDetail:
    'V1 cannot reject a prompt: malformed directives and inspection answers reach the model as context, and a pending directive error pauses writes in the core',
  subagentLinkage: 'task starts a child session with parentID; hooks in the child are mapped to the root (session.created events, else client.session.get)',
  // 2.1.2: its own lane (e2e/scenarios/opencode2-node22.test.ts, 12 of 14 proven, two host gaps).
  verified: { range: '>=1.18.33 <1.19.0 || >=2.1.2 <2.2.0', versions: ['1.18.33', '2.1.2'], method: 'real-host' },
  configPaths: [
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
  ],
  gaps: [
    '1.x and 2.x load different plugin forms: `remit install opencode` picks one from `opencode --version` (none on PATH: the 1.x form, which 2.x skips); doctor says when the installed form is not the one the OpenCode on PATH loads',
    '1.x: the quote unwrapping keys on `run` in the host process argv; 2.x: on a quoted `$remit` line',
    '2.x: no prompt can be refused or answered without a model turn; no turn.end or session.end facts; compaction unproven against the model double',
    '2.x: the execute tool (code mode) is unknown to remit; each tool its code calls is judged on its own',
    'a child session whose parent lookup fails acts as its own root',
  ],
};
