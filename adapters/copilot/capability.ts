// What remit can do inside GitHub Copilot CLI, as verified against the real host (1.0.102,
// driven offline against a model double: e2e/harness/hosts/copilot.ts).
import type { HostCapability } from '../../src/generated/types.js';

const COPILOT_VERIFIED_RANGE = '>=1.0.102 <1.1.0';

export const COPILOT_CAPABILITY: HostCapability = {
  host: 'copilot',
  displayName: 'GitHub Copilot CLI',
  lifecycleVersion: 2,
  process: 'spawned',
  events: {
    sessionStart: 'session.start (source new → startup, resume → resume)',
    userPromptSubmitted: "prompt.submit (a subagent's first prompt, which carries agentId, is origin subagent)",
    preToolUse: 'action.before',
    postToolUse: 'action.after',
    postToolUseFailure: 'action.after (failed)',
    subagentStart: 'subagent.start',
    subagentStop: 'subagent.stop',
    agentStop: "turn.end (the main agent only; a subagent's stop is subagentStop)",
    sessionEnd: 'session.end (-p fires it after every run)',
    permissionRequest: 'ignored: remit decides at preToolUse, before any permission prompt',
    preCompact: 'ignored: the contract rides on every prompt and session start',
  },
  denyChannel: 'JSON on stdout, exit 0: {"permissionDecision": "deny", "permissionDecisionReason"}; the model reads "Denied by preToolUse hook: <reason>"',
  ask: 'native',
  askDetail:
    'permissionDecision "ask": interactive sessions show Copilot\'s own approval prompt ("Hook permission request") with the reason; Yes runs the call (postToolUse: audited as executed), No fires no hook but closes the call in Copilot\'s session log, which agentStop reads (audited as not_executed); -p (and autopilot) cannot ask and refuse the call ("Denied by preToolUse hook (unable to ask user for confirmation): <reason>")',
  context:
    "additionalContext at sessionStart, userPromptSubmitted (appended to the user message as a system reminder), subagentStart (into the subagent's first prompt), preToolUse and postToolUse",
  promptBlock: true,
  promptBlockDetail: 'userPromptSubmitted: {"handled": true, "responseContent"}: Copilot answers with the text and makes no model call',
  subagentLinkage:
    'subagentStart carries the parent sessionId plus agentId; inside the subagent, payloads carry sessionId = agentId and parentAgentId, which remit maps to the parent session',
  verified: { range: COPILOT_VERIFIED_RANGE, versions: ['1.0.102'], method: 'real-host' },
  configPaths: [
    '~/.copilot/settings.json',
    '~/.copilot/settings.local.json',
    '~/.copilot/config.json',
    '~/.copilot/hooks/**',
    '~/.copilot/agents/**',
    '~/.copilot/skills/**',
    '~/.copilot/extensions/**',
    '~/.copilot/installed-plugins/**',
    '~/.copilot/mcp-config.json',
    '**/.github/hooks/**',
    '**/.github/copilot/**',
    '**/.github/agents/**',
    '**/.github/skills/**',
    '**/.github/extensions/**',
    '**/.copilot/settings.json',
    '**/.copilot/settings.local.json',
    '**/.copilot/mcp-config.json',
    '**/.mcp.json',
  ],
  gaps: [
    'A hook that runs past its timeoutSec lets the tool run (1.0.67 and later; no setting changes it in 1.0.102): remit registers 20 s and answers well inside it, and doctor probes the registered command; a hook that crashes or exits non-zero is a refusal',
    'Repository hooks (.github/hooks/*.json) load only in a trusted folder (trustedFolders in $COPILOT_HOME/config.json, written when its folder-trust prompt is accepted); -p loads them only when the folder is already trusted or GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS=true; doctor checks the record',
    "Payloads carry no tool call id: remit reads it from Copilot's session log (session-state/<id>/events.jsonl): the open call of that tool and arguments, by its place in the log (an earlier identical call the log shows closed is never taken); when the log cannot say, each hook run gets an id of its own, and a postToolUse then cannot close its call (the call's reservation stays until the session ends)",
    'A subagent launched by a subagent maps to its direct parent only (parentAgentId), not to the root session',
  ],
};
