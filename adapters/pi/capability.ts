// What remit can do inside Pi, as verified against the real host.
import type { HostCapability } from '../../src/generated/types.js';

export const PI_CAPABILITY: HostCapability = {
  host: 'pi',
  displayName: 'Pi',
  lifecycleVersion: 2,
  process: 'in-process',
  events: {
    session_start: 'session.start (reason startup|reload|new|resume|fork → startup|resume|clear|resume|fork)',
    input: 'prompt.submit (source extension → synthetic); malformed directives and inspection commands → {action: "handled"}',
    before_agent_start: 'prompt.submit when input did not carry the same prompt; returns the queued context as a hidden custom message',
    tool_call: 'action.before',
    tool_result: 'action.after (isError → failed, else joined)',
    agent_end: 'turn.end (root session)',
    session_shutdown: 'session.end (root session)',
    '/remit': 'prompt.submit of `$remit <args>` (a registered command)',
  },
  denyChannel: 'tool_call returns {block: true, reason}',
  ask: 'native',
  askDetail: 'ctx.ui.confirm when ctx.hasUI; print and JSON modes have no UI, so an ask is a block naming `$remit allow evt_…`',
  context: 'before_agent_start returns {message: {customType: "remit", display: false}}; report notes appended to the tool result content',
  promptBlock: true,
  promptBlockDetail: 'input → {action: "handled"}; the answer goes to ctx.ui.notify, or stderr without a UI',
  subagentLinkage:
    'subagents are separate pi processes: REMIT_ROOT_SESSION=pi:<root id> set in process.env is inherited; a child with an unusable value acts under `$remit review lock`',
  verified: { range: '>=0.74.2 <0.75.0 || >=1.6.0 <1.7.0', versions: ['0.74.2', '1.6.0'], method: 'real-host' },
  configPaths: ['~/.pi/agent/extensions/**', '~/.pi/agent/settings.json', '**/.pi/extensions/**', '**/.pi/settings.json'],
  gaps: ['0.75 to 1.5 were never run (1.x needs Node >= 22.19; 1.6.0 was run under Node 22.23.5)', 'powershell is mapped from the 1.x docs only'],
};
