// Hermes Agent cannot be installed here (Python, not on the registries reached), so its lane runs
// the stand-in of adapters/hermes (plugin manager + agent) under e2e/harness/hermes/hermes_cli.py,
// a `hermes chat -q` look-alike whose model loop calls the double. Every result is reported as
// "stand-in", never as the real host.
import fs from 'node:fs';
import path from 'node:path';
import type { Sandbox } from '../sandbox.js';
import { E2E_DIR, REPO_DIR } from './driver.js';
import type { HostDriver, RemitBuild } from './driver.js';

export const HERMES_STANDIN = path.join(REPO_DIR, 'adapters', 'hermes', 'standin', 'hermes_standin.py');
const HERMES_CLI = path.join(E2E_DIR, 'harness', 'hermes', 'hermes_cli.py');

export const hermes: HostDriver = {
  host: 'hermes',
  lane: 'stand-in',
  installArgs: [],
  version: () => (fs.existsSync(HERMES_STANDIN) ? 'stand-in' : 'stand-in missing'),
  unavailable: () =>
    fs.existsSync(HERMES_STANDIN) ? undefined : `the Hermes stand-in ${path.relative(REPO_DIR, HERMES_STANDIN)} does not exist yet (adapters/hermes)`,
  configureProvider(sb: Sandbox, doubleUrl: string) {
    sb.env.HERMES_STANDIN_BASE_URL = doubleUrl;
  },
  tools: () => ({
    write: (file, content) => ({ name: 'write_file', input: { path: file.rel, content } }),
    shell: (command) => ({ name: 'terminal', input: { command } }),
    patch: (file, oldText, newText) => [{ name: 'patch', input: { mode: 'replace', path: file.rel, old_string: oldText, new_string: newText } }],
    delegate: (prompt) => ({ name: 'delegate_task', input: { goal: prompt } }),
  }),
  invocation(_sb, prompt, options) {
    const args = [HERMES_CLI, path.dirname(HERMES_STANDIN), 'chat', '-q', prompt];
    if (options.resume === true) args.push('--continue');
    return { file: 'python3', args };
  },
  captureEnv: (dir) => ({ E2E_CAPTURE_DIR: dir }),
  registerCapture() {
    // No capture for a stand-in: its payloads are the stand-in's own, not Hermes's.
  },
  registerRemitByHand(_sb, _remit: RemitBuild) {
    // The Hermes plugin is a folder plus an enable step; without `remit install hermes` there is
    // nothing faithful to write by hand, so the lane runs without remit and its scenarios fail.
  },
};
