// What remit can do inside Gemini CLI, as verified against the real host (0.61.0 under Node 22).
import type { HostCapability } from '../../src/generated/types.js';

const GEMINI_VERIFIED_RANGE = '>=0.61.0 <0.62.0';

export const GEMINI_CAPABILITY: HostCapability = {
  host: 'gemini',
  displayName: 'Gemini CLI',
  lifecycleVersion: 2,
  process: 'spawned',
  events: {
    SessionStart: 'session.start',
    BeforeAgent: 'prompt.submit (the text the user submitted)',
    BeforeTool: 'action.before (no call id in the payload: derived from the call, the same for its AfterTool)',
    AfterTool: 'action.after (failed when tool_response.error is set)',
    AfterAgent: 'turn.end',
    SessionEnd: 'session.end',
    BeforeModel: 'ignored: BeforeAgent carries the prompt',
    PreCompress: 'ignored: advisory only',
  },
  denyChannel:
    'JSON on stdout, exit 0: {"decision": "deny", "reason", "systemMessage"}; the model gets {"error": "Tool execution blocked: <reason>"} and the turn goes on; the person sees the headline as the systemMessage (the terminal UI hides a failed tool call unless ui.errorVerbosity is "full")',
  ask: 'deny',
  askDetail:
    'Gemini CLI\'s decision "ask" forces its own confirmation, which a headless run cannot show: remit sends an ask as a deny whose reason names the `$remit` line that authorises the call',
  context:
    'hookSpecificOutput.additionalContext at SessionStart and BeforeAgent (appended to the prompt for that turn); systemMessage for the user-visible line',
  promptBlock: true,
  promptBlockDetail: 'BeforeAgent: decision "deny" + reason (the turn is not run and the prompt is not kept in history)',
  subagentLinkage:
    "invoke_agent runs its subagent to the end before the call returns; the subagent's own tool calls reach the same hooks under the same session_id",
  verified: { range: GEMINI_VERIFIED_RANGE, versions: ['0.61.0'], method: 'real-host' },
  configPaths: [
    '~/.gemini/settings.json',
    '~/.gemini/trustedFolders.json',
    '~/.gemini/extensions/**',
    '~/.gemini/agents/**',
    '~/.gemini/skills/**',
    '~/.gemini/commands/**',
    '~/.gemini/policies/**',
    '**/.gemini/settings.json',
    '**/.gemini/remit/**',
    '**/.gemini/extensions/**',
    '**/.gemini/agents/**',
    '**/.gemini/skills/**',
    '**/.gemini/commands/**',
    '**/.gemini/policies/**',
    '/etc/gemini-cli/settings.json',
  ],
  // "Allow always" at Gemini CLI's own prompt saves a policy (storage.ts, auto-saved.toml), and
  // its trust dialog writes trustedFolders.json.
  configWrittenByHost: ['~/.gemini/policies/auto-saved.toml', '**/.gemini/policies/auto-saved.toml', '~/.gemini/trustedFolders.json'],
  gaps: [
    'A hook that times out, crashes or exits with any code but 2 lets the tool run (0.61.0 has no on-failure setting; seen: a BeforeTool hook past its timeout, and the write ran); doctor probes the registered command',
    "The hook payloads carry no call id (0.61.0 BeforeTool and AfterTool send session_id, transcript_path, cwd, hook_event_name, timestamp, tool_name, tool_input, and mcp_context for MCP tools; the timestamp is each hook's own moment, and the transcript records a call only once it has completed, after AfterTool, so nothing pairs a BeforeTool with its AfterTool or tells two identical calls apart): remit derives one from the call, so a second identical delegation in one session is refused as DUPLICATE_ACTION_ID, and the same check run again is not counted as a repeat (no REPEATED_CHECK report)",
    'Folder trust is on by default: an untrusted folder loads no project settings (a headless run stops there unless GEMINI_CLI_TRUST_WORKSPACE=true), so a project-scope install guards only trusted folders',
    'Gemini CLI rewrites settings.json when it starts (deprecated keys renamed, the file saved in its own format): uninstall applies the same renames to its backup, so after such a rewrite it leaves exactly what Gemini writes for the file without remit and removes the backup; a rename of an experimental setting is not mirrored, and that file keeps its backup like any file changed since install',
  ],
};
