// Claude Code 2.1.197 in print mode (`claude -p`), Anthropic Messages against the double.
import path from 'node:path';
import type { Sandbox } from '../sandbox.js';
import { binary, commandHooks, mergeJson, missingBinary, packageVersion, shellQuote, writeJson, CAPTURE_HOOK, NODE20, NODE22 } from './driver.js';
import type { HostDriver, RemitBuild, Toolchain } from './driver.js';

const EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'SubagentStart',
  'SubagentStop',
  'Stop',
  'PreCompact',
  'SessionEnd',
];
const TOOL_EVENTS = ['PreToolUse', 'PostToolUse', 'PostToolUseFailure'];

const settingsFile = (sb: Sandbox) => path.join(sb.home, '.claude', 'settings.json');

export function makeClaude(tc: Toolchain): HostDriver {
  return {
    host: 'claude',
    toolchain: tc,
    lane: 'default',
    installArgs: [],
    // 2.1.197 in -p did not auto-compact on reported usage of 990k tokens (checked here), so the
    // scenario compacts with the host's own command in a resumed session.
    compactPrompt: '/compact',
    version: () => packageVersion('@anthropic-ai/claude-code', tc),
    unavailable: () => missingBinary('claude', tc),
    configureProvider(sb: Sandbox, doubleUrl: string) {
      // Skips first-run onboarding; print mode does not ask for workspace trust.
      writeJson(path.join(sb.home, '.claude.json'), { hasCompletedOnboarding: true, bypassPermissionsModeAccepted: true });
      // Claude Code's own permission prompts (e.g. "This command requires approval" for `npm install`
      // in acceptEdits, 2.1.197) would refuse calls before remit is asked; allow them so remit decides.
      mergeJson(settingsFile(sb), { permissions: { allow: ['Bash', 'Write', 'Edit', 'Read', 'Agent'] } });
      sb.env.ANTHROPIC_BASE_URL = doubleUrl;
      sb.env.ANTHROPIC_API_KEY = 'sk-ant-e2e-double';
      sb.env.CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC = '1';
      sb.env.DISABLE_TELEMETRY = '1';
      sb.env.DISABLE_AUTOUPDATER = '1';
    },
    tools: () => ({
      write: (file, content) => ({ name: 'Write', input: { file_path: file.abs, content } }),
      shell: (command) => ({ name: 'Bash', input: { command, description: 'run a command' } }),
      // Edit refuses a file the session has not read (checked before PreToolUse fires), so read first.
      patch: (file, oldText, newText) => [
        { name: 'Read', input: { file_path: file.abs } },
        { name: 'Edit', input: { file_path: file.abs, old_string: oldText, new_string: newText } },
      ],
      delegate: (prompt) => ({ name: 'Agent', input: { description: 'e2e child', prompt, subagent_type: 'general-purpose' } }),
    }),
    invocation(_sb, prompt, options) {
      const args = ['-p', prompt, '--output-format', 'json', '--permission-mode', 'acceptEdits', '--model', 'claude-sonnet-4-5'];
      if (options.resume === true) args.push('--continue');
      return { file: binary('claude', tc), args };
    },
    registerCapture(sb, captureDir) {
      const command = `${shellQuote(tc.node)} ${shellQuote(CAPTURE_HOOK)} ${shellQuote(captureDir)}`;
      mergeJson(settingsFile(sb), commandHooks(EVENTS, command, TOOL_EVENTS));
    },
    registerRemitByHand(sb, remit: RemitBuild) {
      // TODO(installer): replaced by `remit install claude` as soon as it succeeds (the harness tries it first).
      const command = `${shellQuote(remit.node)} ${shellQuote(remit.bundle)} hook claude`;
      mergeJson(settingsFile(sb), commandHooks(EVENTS, command, TOOL_EVENTS));
    },
  };
}

export const claude = makeClaude(NODE20);
export const claude22 = makeClaude(NODE22);
