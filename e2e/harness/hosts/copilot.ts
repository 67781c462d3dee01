// GitHub Copilot CLI 1.0.102 in prompt mode (`copilot -p`), OpenAI Chat Completions against the
// double (`COPILOT_OFFLINE`, `COPILOT_PROVIDER_BASE_URL`). A Claude-family model name makes it
// offer create/edit (GPT-family names get apply_patch instead). The binary unpacks ~235 MB of
// itself on first run: COPILOT_PKG_CACHE_HOME points every sandbox at one shared cache.
import fs from 'node:fs';
import path from 'node:path';
import type { Sandbox } from '../sandbox.js';
import { binary, CAPTURE_HOOK, E2E_DIR, missingBinary, NODE20, packageVersion, shellQuote, mergeJson } from './driver.js';
import type { HostDriver, RemitBuild } from './driver.js';

// Every event Copilot 1.0.102 fires to a command hook (the capture records them all).
const EVENTS = [
  'sessionStart',
  'userPromptSubmitted',
  'preToolUse',
  'permissionRequest',
  'postToolUse',
  'postToolUseFailure',
  'subagentStart',
  'subagentStop',
  'agentStop',
  'preCompact',
  'errorOccurred',
  'sessionEnd',
];
export const COPILOT_CACHE = path.join(E2E_DIR, '.work', 'copilot-cache');
// Copilot masks the provider key's text everywhere in its output: a key that cannot occur in it.
const KEY = 'sk-e2e-zqxv-copilot-double';
const MODEL = 'claude-sonnet-4.5';

const settingsFile = (sb: Sandbox) => path.join(sb.home, '.copilot', 'settings.json');

function hooksFor(command: (event: string) => string): Record<string, unknown> {
  return Object.fromEntries(EVENTS.map((e) => [e, [{ type: 'command', bash: command(e), timeoutSec: 30 }]]));
}

export const copilot: HostDriver = {
  host: 'copilot',
  toolchain: NODE20,
  lane: 'default',
  installArgs: [],
  version: () => packageVersion('@github/copilot'),
  unavailable: () => missingBinary('copilot'),
  configureProvider(sb: Sandbox, doubleUrl: string) {
    fs.mkdirSync(COPILOT_CACHE, { recursive: true });
    Object.assign(sb.env, {
      COPILOT_OFFLINE: 'true',
      COPILOT_PROVIDER_BASE_URL: `${doubleUrl}/v1`,
      COPILOT_PROVIDER_API_KEY: KEY,
      COPILOT_PROVIDER_MODEL_ID: MODEL,
      COPILOT_MODEL: MODEL,
      COPILOT_PKG_CACHE_HOME: COPILOT_CACHE,
    });
  },
  tools: () => ({
    // create refuses a file that exists; the scenarios write new files.
    write: (file, content) => ({ name: 'create', input: { path: file.abs, file_text: content } }),
    shell: (command) => ({ name: 'bash', input: { command, description: 'run a command' } }),
    patch: (file, oldText, newText) => [{ name: 'edit', input: { path: file.abs, old_str: oldText, new_str: newText } }],
    delegate: (prompt) => ({ name: 'task', input: { name: 'e2e-child', description: 'e2e child', prompt, agent_type: 'general-purpose' } }),
  }),
  invocation(_sb, prompt, options) {
    const args = ['-p', prompt, '--allow-all-tools', '--output-format', 'json'];
    if (options.resume === true) args.push('--continue');
    return { file: binary('copilot'), args };
  },
  registerCapture(sb, captureDir) {
    mergeJson(settingsFile(sb), { hooks: hooksFor(() => `${shellQuote(NODE20.node)} ${shellQuote(CAPTURE_HOOK)} ${shellQuote(captureDir)}`) });
  },
  registerRemitByHand(sb, remit: RemitBuild) {
    // TODO(installer): used only when `remit install copilot` fails (the harness tries it first).
    mergeJson(settingsFile(sb), { hooks: hooksFor((e) => `${shellQuote(remit.node)} ${shellQuote(remit.bundle)} hook copilot ${e}`) });
  },
};

/**
 * Project scope: `remit install copilot --scope project` writes `.github/hooks/remit.json`, which
 * Copilot loads only in a trusted folder. The sandbox records the project as trusted where
 * accepting Copilot's folder-trust prompt does (`trustedFolders` in `$COPILOT_HOME/config.json`),
 * and nothing in the user's settings registers remit.
 */
export const copilotProject: HostDriver = {
  ...copilot,
  lane: 'project',
  installArgs: ['--scope', 'project'],
  configureProvider(sb: Sandbox, doubleUrl: string) {
    copilot.configureProvider(sb, doubleUrl);
    const config = path.join(sb.home, '.copilot', 'config.json');
    fs.mkdirSync(path.dirname(config), { recursive: true });
    fs.writeFileSync(
      config,
      `// written by the e2e harness: the folder-trust prompt, accepted\n${JSON.stringify({ trustedFolders: [sb.project] }, null, 2)}\n`,
    );
  },
};
