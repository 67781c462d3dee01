// What remit can do inside Hermes Agent, as verified against the real host.
import type { HostCapability } from '../../src/generated/types.js';

export const HERMES_CAPABILITY: HostCapability = {
  host: 'hermes',
  displayName: 'Hermes Agent',
  lifecycleVersion: 2,
  process: 'spawned',
  events: {
    on_session_start: 'session.start startup',
    pre_llm_call: 'prompt.submit (user_message); returns {context}',
    pre_tool_call: 'action.before',
    post_tool_call: 'action.after (an {"error"} result → failed; delegate_task with background → running; else joined)',
    on_session_end: 'turn.end (Hermes fires it after every run_conversation call)',
    on_session_finalize: 'session.end',
    subagent_start: 'subagent.start; the plugin maps the child session to its parent',
    subagent_stop: 'subagent.stop',
    '/remit': 'prompt.submit of `$remit <args>` where Hermes has register_command',
  },
  denyChannel: 'pre_tool_call returns {"action": "block", "message"}; the message becomes the tool error',
  ask: 'deny',
  askDetail: 'Hermes main has {"action": "approve"}, but older releases ignore it and run the tool: an ask is a block naming `$remit allow evt_…`',
  context: 'pre_llm_call {"context"} appended to the user message, re-sent every turn by the plugin (Hermes does not persist it)',
  promptBlock: false,
  promptBlockDetail: 'no CLI hook can reject a prompt: answers ride as context, and a pending directive error pauses writes in the core',
  subagentLinkage:
    'delegate_task children are threads with their own session ids; subagent_start gives parent → child, which the plugin keeps and sends as extra.remit_source_session_id',
  verified: { range: '>=0.16.0 <0.17.0', versions: ['0.16.0'], method: 'real-host' },
  configPaths: ['~/.hermes/config.yaml', '~/.hermes/cli-config.yaml', '~/.hermes/plugins/**', '~/.hermes/shell-hooks-allowlist.json', '**/.hermes/plugins/**'],
  gaps: ['a pre_tool_call without session_id is attributed to the session of the last pre_llm_call'],
};
