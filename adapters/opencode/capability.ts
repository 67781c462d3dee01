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
    'permission.ask': 'ignored: fires only when OpenCode would ask on its own',
  },
  denyChannel: 'throw an Error in tool.execute.before; its message becomes the tool result',
  ask: 'none',
  askDetail: 'V1 gives a plugin no ask of its own: an ask is a refusal naming `$remit allow evt_…`',
  context:
    "experimental.chat.system.transform pushes the contract line (and a one-turn answer) into the system prompt of that session's requests; report notes are appended to the tool output",
  promptBlock: false,
  promptBlockDetail:
    'V1 cannot reject a prompt: malformed directives and inspection answers reach the model as context, and a pending directive error pauses writes in the core',
  subagentLinkage: 'task starts a child session with parentID; hooks in the child are mapped to the root (session.created events, else client.session.get)',
  verified: { range: '>=1.18.33 <1.19.0', versions: ['1.18.33'], method: 'real-host' },
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
    'V2 (`Plugin.define`, @opencode/cli 2.x) is not installable from the registry here: unverified, not shipped',
    'the quote unwrapping keys on `run` in the host process argv',
    'a child session whose parent lookup fails acts as its own root',
  ],
};
