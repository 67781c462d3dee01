// Gemini CLI 0.61.0 in headless mode (`gemini -p … -m <model> --approval-mode yolo -o json`),
// the Gemini API against the double (GOOGLE_GEMINI_BASE_URL). `-m` names the model outright:
// without it Gemini CLI asks a routing classifier first, whose failures it retries with backoff.
// Installed in the Node 22 lane (its own engines accept Node 20 too).
import path from 'node:path';
import type { Sandbox } from '../sandbox.js';
import { binary, mergeJson, missingBinary, packageVersion, shellQuote, CAPTURE_HOOK, NODE22 } from './driver.js';
import type { HostDriver, RemitBuild } from './driver.js';

const EVENTS = ['SessionStart', 'BeforeAgent', 'BeforeTool', 'AfterTool', 'AfterAgent', 'SessionEnd'];
const MODEL = 'gemini-2.5-flash';

const settingsFile = (sb: Sandbox) => path.join(sb.home, '.gemini', 'settings.json');

/** Gemini CLI's hook shape: `*` matches every tool and every source; a `name` per handler; timeout in ms. */
function geminiHooks(command: string): Record<string, unknown> {
  const hooks: Record<string, unknown> = {};
  for (const event of EVENTS) hooks[event] = [{ matcher: '*', hooks: [{ name: 'e2e', type: 'command', command, timeout: 30_000 }] }];
  return { hooks };
}

export const gemini22: HostDriver = {
  host: 'gemini',
  toolchain: NODE22,
  lane: 'default',
  installArgs: [],
  // Tried in a resumed headless session; 0.61.0 compacted neither on it nor on reported usage of 990k tokens.
  compactPrompt: '/compress',
  version: () => packageVersion('@google/gemini-cli', NODE22),
  unavailable: () => missingBinary('gemini', NODE22),
  configureProvider(sb: Sandbox, doubleUrl: string) {
    mergeJson(settingsFile(sb), { security: { auth: { selectedType: 'gemini-api-key' } } });
    Object.assign(sb.env, {
      GOOGLE_GEMINI_BASE_URL: doubleUrl,
      GEMINI_API_KEY: 'gm-e2e-double-key',
      // Headless runs stop (exit 55) in a folder not trusted yet.
      GEMINI_CLI_TRUST_WORKSPACE: 'true',
    });
  },
  tools: () => ({
    write: (file, content) => ({ name: 'write_file', input: { file_path: file.abs, content } }),
    shell: (command) => ({ name: 'run_shell_command', input: { command } }),
    patch: (file, oldText, newText) => [{ name: 'replace', input: { file_path: file.abs, instruction: 'e2e edit', old_string: oldText, new_string: newText } }],
    delegate: (prompt) => ({ name: 'invoke_agent', input: { agent_name: 'generalist', prompt } }),
  }),
  invocation(_sb, prompt, options) {
    const args = ['-p', prompt, '-m', MODEL, '--approval-mode', 'yolo', '-o', 'json'];
    if (options.resume === true) args.push('--resume', 'latest');
    return { file: binary('gemini', NODE22), args };
  },
  registerCapture(sb, captureDir) {
    mergeJson(settingsFile(sb), geminiHooks(`${shellQuote(NODE22.node)} ${shellQuote(CAPTURE_HOOK)} ${shellQuote(captureDir)}`));
  },
  registerRemitByHand(sb, remit: RemitBuild) {
    mergeJson(settingsFile(sb), geminiHooks(`${shellQuote(remit.node)} ${shellQuote(remit.bundle)} hook gemini`));
  },
};
