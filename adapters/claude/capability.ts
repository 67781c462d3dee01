// What remit can do inside Claude Code, as verified against the real host.
import type { HostCapability } from '../../src/generated/types.js';

const CLAUDE_VERIFIED_RANGE = '>=2.1.197 <2.2.0';

export const CLAUDE_CAPABILITY: HostCapability = {
  host: 'claude',
  displayName: 'Claude Code',
  lifecycleVersion: 2,
  process: 'spawned',
  events: {
    SessionStart: 'session.start',
    UserPromptSubmit:
      'prompt.submit, after action.after (not_started) for each call the person declined at the native ask in the last turn (read from transcript_path)',
    UserPromptExpansion: 'prompt.submit (a typed /remit … command only)',
    PreToolUse: 'action.before',
    PostToolUse: 'action.after',
    PostToolUseFailure: 'action.after (failed)',
    PermissionDenied: 'action.after (not_started)',
    SubagentStart: 'subagent.start',
    SubagentStop: 'subagent.stop',
    Stop: 'turn.end',
    SessionEnd: "session.end, after the last turn's declined asks as at UserPromptSubmit",
    PermissionRequest: 'ignored: remit decides at PreToolUse, before any permission prompt',
    PostToolBatch: 'ignored: PostToolUse carries each call',
  },
  denyChannel: 'JSON on stdout, exit 0: hookSpecificOutput.permissionDecision "deny" + permissionDecisionReason (the reason reaches the model)',
  ask: 'native',
  askDetail:
    'hookSpecificOutput.permissionDecision "ask": Claude Code shows its own approval prompt with the reason. Yes runs the call (PostToolUse: audited as executed); No fires no hook (2.1.332) but the transcript marks the call "user-rejected", which the next prompt or the session end reads (audited as not_executed)',
  context:
    'hookSpecificOutput.additionalContext at SessionStart (startup, resume, clear, compact, fork), UserPromptSubmit, UserPromptExpansion, SubagentStart (into the subagent), Pre/PostToolUse; systemMessage for the user-visible line',
  promptBlock: true,
  promptBlockDetail: 'UserPromptSubmit / UserPromptExpansion: decision "block" + reason (shown to the user; the prompt never reaches the model)',
  subagentLinkage:
    'subagent calls carry the parent session_id plus agent_id; Agent PostToolUse tool_response.agentId and status (completed | async_launched) link the child to its launching call',
  verified: { range: CLAUDE_VERIFIED_RANGE, versions: ['2.1.197', '2.1.332'], method: 'real-host' },
  configPaths: [
    '~/.claude/settings.json',
    '~/.claude/settings.local.json',
    '~/.claude/plugins/**',
    '~/.claude/skills/remit/**',
    '**/.claude/settings.json',
    '**/.claude/settings.local.json',
    '**/.claude/remit/**',
    '**/.claude/skills/remit/**',
    // MCP servers, subagent and skill front-matter hooks, plugin manifests, managed settings.
    '~/.claude.json',
    '**/.mcp.json',
    '~/.claude/agents/**',
    '**/.claude/agents/**',
    '~/.claude/skills/**',
    '**/.claude/skills/**',
    '**/.claude-plugin/**',
    // Scripts the hooks run by convention: rewriting one changes what a hook does.
    '~/.claude/hooks/**',
    '**/.claude/hooks/**',
    '/etc/claude-code/managed-settings.json',
    '/Library/Application Support/ClaudeCode/managed-settings.json',
  ],
  // Claude Code keeps its own state in ~/.claude.json, and writes a "don't ask again" answer at
  // its permission prompt into the project's settings.local.json while the call waits to run.
  configWrittenByHost: ['~/.claude.json', '**/.claude/settings.local.json'],
  gaps: [
    '2.1.332 shows every PreToolUse refusal shape (exit 2, permissionDecision deny, decision block) to the model as "PreToolUse:<Tool> hook error: <reason>"; none reads as a policy refusal, so the reason text itself says it is remit\'s refusal',
    'PermissionDenied does not fire for a permission-rule refusal in -p mode (2.1.197): a delegation refused there leaves its reservation until the session ends',
    'Interactive sessions run no settings hooks until the workspace-trust dialog is accepted',
    'Reported upstream: PreToolUse hooks not firing inside some Task-spawned subagents (anthropics/claude-code#88441, 2.1.234); remit also gates the Agent call itself and injects the contract at SubagentStart',
    'Before 2.1.332 a hook that times out, crashes or exits with a code other than 0 or 2 lets the tool run (no onFailure setting); from 2.1.332 `remit install claude` writes onFailure "block" on PreToolUse, so such a failure blocks the call (proven in the real host); doctor says which form is written. The plugin (plugins/claude) carries it for every version',
  ],
};
