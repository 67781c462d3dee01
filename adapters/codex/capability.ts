// What remit can do inside Codex, as verified against the real host.
import type { HostCapability } from '../../src/generated/types.js';

const CODEX_VERIFIED_RANGE = '>=0.171.0 <0.172.0';

export const CODEX_CAPABILITY: HostCapability = {
  host: 'codex',
  displayName: 'Codex CLI',
  lifecycleVersion: 2,
  process: 'spawned',
  events: {
    SessionStart: 'session.start',
    UserPromptSubmit: 'prompt.submit (origin subagent when agent_id is set)',
    PreToolUse: 'action.before',
    PostToolUse: 'action.after',
    SubagentStart: 'subagent.start',
    SubagentStop: 'subagent.stop',
    Stop: 'turn.end',
    SessionEnd: 'session.end',
    PermissionRequest: 'ignored: remit decides at PreToolUse, before any approval prompt',
    PreCompact: 'ignored: SessionStart(compact) re-injects the contract',
    PostCompact: 'ignored: SessionStart(compact) re-injects the contract',
    Interrupt: 'ignored: advisory only',
  },
  denyChannel:
    'JSON on stdout, exit 0: hookSpecificOutput.permissionDecision "deny" + permissionDecisionReason; the model reads "Command blocked by PreToolUse hook: <reason>"',
  ask: 'deny',
  askDetail:
    'Codex rejects permissionDecision "ask" (the hook counts as failed and the tool runs), so an ask is a deny whose text names the `$remit allow evt_…` line or directive token that authorises it',
  context:
    'hookSpecificOutput.additionalContext at SessionStart (startup, resume, clear, compact), UserPromptSubmit, SubagentStart (into the subagent), Pre/PostToolUse; systemMessage for the user-visible line; kept under the 2,500-token additionalContextLimit',
  promptBlock: true,
  promptBlockDetail: 'UserPromptSubmit: decision "block" + reason (the prompt never reaches the model)',
  subagentLinkage:
    'subagent calls carry the parent session_id plus agent_id; spawn_agent PostToolUse tool_response (a JSON string) holds the child agent_id; SubagentStop ends it',
  verified: { range: CODEX_VERIFIED_RANGE, versions: ['0.171.0'], method: 'real-host' },
  configPaths: [
    '~/.codex/hooks.json',
    '~/.codex/config.toml',
    '~/.codex/plugins/**',
    '~/.codex/skills/remit/**',
    '**/.codex/hooks.json',
    '**/.codex/config.toml',
    '**/.codex/remit/**',
    '**/.agents/skills/remit/**',
    // Plugin manifests (their hooks) and the admin layer that can pin or disable hooks.
    '**/.codex-plugin/**',
    // Scripts the hooks run by convention: rewriting one changes what a hook does.
    '~/.codex/hooks/**',
    '**/.codex/hooks/**',
    '/etc/codex/**',
  ],
  gaps: [
    'Every non-managed hook needs trust ([hooks.state] in config.toml): `codex exec` skips an untrusted or changed hook silently, the terminal UI opens "Hooks need review" first (0.171.0); `remit install codex --trust` records it, `remit doctor` checks it with the same verdicts as Codex\'s /hooks (trusted, modified, new, disabled)',
    'Project hooks load only when the project .codex layer is trusted',
    'Codex has no PostToolUseFailure or PermissionDenied: PostToolUse also fires after a failed command',
    'write_stdin to a running exec session does not re-run PreToolUse (Codex design); remit classifies the session-starting command only',
    'SessionEnd runs with at most 3 s',
  ],
};
