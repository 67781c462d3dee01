// Qwen Code 0.24.4 in headless mode (`qwen -p … --approval-mode yolo`), OpenAI Chat Completions
// against the double. It needs Node 22 (a plain install on Node 20 picks 0.15.10), so it runs in
// the Node 22 lane only.
import path from 'node:path';
import type { Sandbox } from '../sandbox.js';
import { binary, commandHooks, mergeJson, missingBinary, packageVersion, shellQuote, CAPTURE_HOOK, NODE22 } from './driver.js';
import type { HostDriver, RemitBuild } from './driver.js';

const EVENTS = ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'SubagentStart', 'SubagentStop', 'Stop', 'SessionEnd'];
const TOOL_EVENTS = ['PreToolUse', 'PostToolUse', 'PostToolUseFailure'];

const settingsFile = (sb: Sandbox) => path.join(sb.home, '.qwen', 'settings.json');

export const qwen22: HostDriver = {
  host: 'qwen',
  toolchain: NODE22,
  lane: 'default',
  installArgs: [],
  // Qwen Code compacts with its own command in a resumed session.
  compactPrompt: '/compress',
  version: () => packageVersion('@qwen-code/qwen-code', NODE22),
  unavailable: () => missingBinary('qwen', NODE22),
  configureProvider(sb: Sandbox, doubleUrl: string) {
    // The memory side agent runs after each main turn with tools of its own; off, so that every
    // model request of a run is the scenario's.
    mergeJson(settingsFile(sb), { memory: { enableManagedAutoMemory: false, enableManagedAutoDream: false } });
    Object.assign(sb.env, {
      OPENAI_BASE_URL: `${doubleUrl}/v1`,
      OPENAI_API_KEY: 'sk-qwen-e2e-double',
      OPENAI_MODEL: 'e2e-model',
      QWEN_CODE_SUPPRESS_YOLO_WARNING: '1',
    });
  },
  tools: () => ({
    write: (file, content) => ({ name: 'write_file', input: { file_path: file.abs, content } }),
    shell: (command) => ({ name: 'run_shell_command', input: { command } }),
    // edit refuses a file the session has not read (checked after PreToolUse), so read first.
    patch: (file, oldText, newText) => [
      { name: 'read_file', input: { file_path: file.abs } },
      { name: 'edit', input: { file_path: file.abs, old_string: oldText, new_string: newText } },
    ],
    delegate: (prompt) => ({ name: 'agent', input: { description: 'e2e child', prompt, subagent_type: 'general-purpose' } }),
  }),
  invocation(_sb, prompt, options) {
    const args = ['-p', prompt, '--approval-mode', 'yolo', '--model', 'e2e-model'];
    if (options.resume === true) args.push('--continue');
    return { file: binary('qwen', NODE22), args };
  },
  registerCapture(sb, captureDir) {
    const command = `${shellQuote(NODE22.node)} ${shellQuote(CAPTURE_HOOK)} ${shellQuote(captureDir)}`;
    mergeJson(settingsFile(sb), commandHooks(EVENTS, command, TOOL_EVENTS));
  },
  registerRemitByHand(sb, remit: RemitBuild) {
    const command = `${shellQuote(remit.node)} ${shellQuote(remit.bundle)} hook qwen`;
    mergeJson(settingsFile(sb), commandHooks(EVENTS, command, TOOL_EVENTS));
  },
};
