// What remit can do inside Oh My Pi, as verified against the real host.
import type { HostCapability } from '../../src/generated/types.js';

export const OMP_CAPABILITY: HostCapability = {
  host: 'omp',
  displayName: 'Oh My Pi',
  lifecycleVersion: 2,
  process: 'in-process',
  events: {
    session_start: 'session.start startup (omp 18.x gives no reason)',
    session_switch: 'session.start resume; the root moves with it',
    input: 'prompt.submit on the interactive path; malformed directives and inspection commands → {handled: true}',
    before_agent_start: 'prompt.submit (the only prompt event in -p); returns the queued context as a hidden custom message',
    message_start: 'prompt.submit for a user message (attribution user) not yet seen this turn',
    tool_call: 'action.before',
    tool_result: 'action.after (isError → failed, else joined)',
    before_subagent_spawn: 'action.before delegate for eval agent() spawns (18.3+); task spawns were reserved at tool_call',
    agent_end: 'turn.end (root session)',
    session_shutdown: 'session.end (root session)',
    '/remit': 'prompt.submit of `$remit <args>` (a registered command)',
  },
  denyChannel: 'tool_call returns {block: true, reason}',
  ask: 'native',
  askDetail: 'ctx.ui.confirm when ctx.hasUI; without a UI (-p) an ask is a block naming `$remit allow evt_…`',
  context: 'before_agent_start {message}; tool_call additionalContext for reports (18.3+, ignored by 18.2)',
  promptBlock: true,
  promptBlockDetail: 'input → {handled: true} on the interactive path; -p fires no input, so answers ride as context there',
  subagentLinkage:
    'task children are in-process sessions; REMIT_ROOT_SESSION=omp:<root id> in process.env maps them to the root; restricted children load only trusted extensions',
  verified: { range: '>=18.2.3 <18.3.0', versions: ['18.2.3'], method: 'real-host' },
  configPaths: [
    '~/.omp/agent/extensions/**',
    '~/.omp/agent/config.yml',
    '~/.omp/agent/settings.json',
    '**/.omp/extensions/**',
    '**/.omp/config.yml',
    '**/.omp/hooks/**',
  ],
  gaps: [
    'the newest releases, 18.2.9 and 18.3.4, cannot be installed from npm (their pinned sibling packages of the same version, e.g. @oh-my-pi/omp-stats, were never published): 18.2.3 is the newest installable release, run under Node 20 and Node 22.23.5',
    '18.2.3 reads trusted extensions only from --trusted-extension (which turns off ambient discovery); `trustedExtensions` in config.yml is from 18.3',
    'before_subagent_spawn and tool_call additionalContext exist from 18.3 only',
  ],
};
