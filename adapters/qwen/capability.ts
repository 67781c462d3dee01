// What remit can do inside Qwen Code, as verified against the real host (0.24.4 under Node 22).
import type { HostCapability } from '../../src/generated/types.js';

const QWEN_VERIFIED_RANGE = '>=0.24.4 <0.25.0';

export const QWEN_CAPABILITY: HostCapability = {
  host: 'qwen',
  displayName: 'Qwen Code',
  lifecycleVersion: 2,
  process: 'spawned',
  events: {
    SessionStart: 'session.start',
    UserPromptSubmit:
      'prompt.submit: `submitted_prompt` is what the user typed (origin user); model-bound text without it is never authority (origin synthetic), and the empty send after each tool result is ignored',
    PreToolUse: 'action.before',
    PostToolUse: 'action.after (an agent call: joined, or running with run_in_background)',
    PostToolUseFailure: 'action.after (failed)',
    SubagentStart: 'subagent.start',
    SubagentStop: 'subagent.stop',
    Stop: 'turn.end',
    SessionEnd: 'session.end',
    PermissionRequest: 'ignored: remit decides at PreToolUse, before any permission prompt',
    PostToolBatch: 'ignored: PostToolUse carries each call',
  },
  denyChannel:
    'JSON on stdout, exit 0: hookSpecificOutput.permissionDecision "deny" + permissionDecisionReason (the model gets exactly the reason as the tool result)',
  ask: 'native',
  askDetail:
    'hookSpecificOutput.permissionDecision "ask": the terminal UI asks the person with the reason; headless runs (-p) and background subagents take it as a deny, whose reason then reaches the model',
  context:
    'hookSpecificOutput.additionalContext at SessionStart, UserPromptSubmit (a tagged part of the prompt), SubagentStart, Pre/PostToolUse; systemMessage for the user-visible line',
  promptBlock: true,
  promptBlockDetail: 'UserPromptSubmit: decision "block" + reason (the prompt is not sent to the model)',
  subagentLinkage: 'subagent events carry the parent session_id plus agent_id; the agent tool returns when its child has finished unless run_in_background',
  verified: { range: QWEN_VERIFIED_RANGE, versions: ['0.24.4'], method: 'real-host' },
  configPaths: [
    '~/.qwen/settings.json',
    '~/.qwen/trustedFolders.json',
    '~/.qwen/agents/**',
    '~/.qwen/skills/**',
    '~/.qwen/commands/**',
    '~/.qwen/extensions/**',
    '~/.qwen/hooks/**',
    '**/.qwen/settings.json',
    '**/.qwen/remit/**',
    '**/.qwen/agents/**',
    '**/.qwen/skills/**',
    '**/.qwen/commands/**',
    '**/.qwen/extensions/**',
    '**/.qwen/hooks/**',
    '/etc/qwen-code/settings.json',
  ],
  // Qwen Code's trust dialog writes trustedFolders.json.
  configWrittenByHost: ['~/.qwen/trustedFolders.json'],
  gaps: [
    'A hook that times out, crashes or exits with any code but 2 lets the tool run (0.24.4 has no on-failure setting; seen: a PreToolUse hook past its timeout, and the write ran); doctor probes the registered command',
    'With folder trust on (security.folderTrust.enabled), an untrusted folder loads no project settings, so a project-scope install guards nothing there; the user scope does',
    'The model reaches deferred tools (cron_create, enter_worktree, monitor …) through tool_call; remit judges the named tool, and any tool it does not know is unknown, which an armed session refuses',
    'After the main turn a memory-extraction side agent runs with write and shell tools; its calls reach the same hooks and the same contract',
  ],
};
