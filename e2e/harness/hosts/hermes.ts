// The real Hermes Agent (Python). Which `hermes` runs, in this order: REMIT_E2E_HERMES (a prepared
// binary), else what `npm run e2e:setup` prepared under e2e/.work/ (scripts of
// e2e/setup-hermes.mjs: a setup script named by REMIT_E2E_HERMES_SETUP, else
// `pip install hermes-agent==0.16.0`); when none exists the lane is "not run" with the reason.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Sandbox } from '../sandbox.js';
import { E2E_DIR, NODE20 } from './driver.js';
import type { HostDriver, RemitBuild } from './driver.js';

export const HERMES_WORK = path.join(E2E_DIR, '.work');
/** Where e2e/setup-hermes.mjs prepares Hermes, and where it says why it could not. */
export const HERMES_PREPARED = [path.join(HERMES_WORK, 'hermes', 'bin', 'hermes'), path.join(HERMES_WORK, 'hermes-venv', 'bin', 'hermes')];
export const HERMES_UNAVAILABLE_NOTE = path.join(HERMES_WORK, 'hermes.unavailable');

export function hermesBinary(): string | undefined {
  const named = process.env.REMIT_E2E_HERMES;
  if (named !== undefined && named.length > 0) return named;
  return HERMES_PREPARED.find((p) => fs.existsSync(p));
}

let cachedVersion: string | undefined;

function hermesVersion(): string {
  const bin = hermesBinary();
  if (bin === undefined) return 'not installed';
  if (cachedVersion !== undefined) return cachedVersion;
  try {
    const out = execFileSync(bin, ['--version'], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, HERMES_DISABLE_LAZY_INSTALLS: '1' } });
    cachedVersion = /v?(\d+\.\d+\.\d+)/.exec(out)?.[1] ?? out.trim().split('\n')[0] ?? 'unknown';
  } catch (error) {
    cachedVersion = `unknown (${(error as Error).message.split('\n')[0]})`;
  }
  return cachedVersion;
}

export const hermes: HostDriver = {
  host: 'hermes',
  // Python: the toolchain only decides which Node `remit install hermes` writes into launcher.json.
  toolchain: NODE20,
  lane: 'default',
  installArgs: [],
  version: hermesVersion,
  unavailable() {
    const bin = hermesBinary();
    if (bin !== undefined) return fs.existsSync(bin) ? undefined : `REMIT_E2E_HERMES names ${bin}, which does not exist`;
    const why = fs.existsSync(HERMES_UNAVAILABLE_NOTE)
      ? fs.readFileSync(HERMES_UNAVAILABLE_NOTE, 'utf8').trim()
      : 'run `npm run e2e:setup` (or set REMIT_E2E_HERMES)';
    return `Hermes Agent is not installed here: ${why}`;
  },
  configureProvider(sb: Sandbox, doubleUrl: string) {
    // lsp off: otherwise Hermes installs a TypeScript language server with npm after a write.
    fs.writeFileSync(
      path.join(sb.hermesHome, 'config.yaml'),
      [
        `model: {default: e2e-model, provider: custom, base_url: "${doubleUrl}/v1", api_key: sk-e2e, context_length: 131072}`,
        'security: {allow_lazy_installs: false, tirith_enabled: false}',
        'lsp: {enabled: false}',
        '',
      ].join('\n'),
    );
    Object.assign(sb.env, {
      HERMES_DISABLE_LAZY_INSTALLS: '1',
      npm_config_offline: 'true',
      // Start-up asks a public host for model metadata (10 s timeout); a dead proxy fails it at once.
      HTTPS_PROXY: 'http://127.0.0.1:9',
      HTTP_PROXY: 'http://127.0.0.1:9',
      NO_PROXY: '127.0.0.1,localhost',
      no_proxy: '127.0.0.1,localhost',
    });
  },
  tools: () => ({
    write: (file, content) => ({ name: 'write_file', input: { path: file.rel, content } }),
    shell: (command) => ({ name: 'terminal', input: { command } }),
    patch: (file, oldText, newText) => [{ name: 'patch', input: { mode: 'replace', path: file.rel, old_string: oldText, new_string: newText } }],
    delegate: (prompt) => ({ name: 'delegate_task', input: { goal: prompt } }),
  }),
  invocation(_sb, prompt, options) {
    const bin = hermesBinary() ?? 'hermes';
    if (options.resume === true) return { file: bin, args: ['chat', '-Q', '--continue', '--yolo', '-q', prompt] };
    return { file: bin, args: ['-z', prompt] };
  },
  captureEnv: (dir) => ({ E2E_CAPTURE_DIR: dir }),
  registerCapture() {
    // Hermes payloads are captured by the plugin itself (its hook kwargs), not by a separate hook.
  },
  registerRemitByHand(_sb, _remit: RemitBuild) {
    // The Hermes plugin is a folder plus an enable step; without `remit install hermes` there is
    // nothing faithful to write by hand, so the lane runs without remit and its scenarios fail.
  },
};
