// The real Hermes Agent (Python). Which `hermes` runs, in this order: REMIT_E2E_HERMES (a prepared
// binary), else what `npm run e2e:setup` prepared under e2e/.work/ (scripts of
// e2e/setup-hermes.mjs: a setup script named by REMIT_E2E_HERMES_SETUP, else
// `pip install hermes-agent==0.16.0`). When none exists, the last setup failed, or the binary
// cannot print its version, the lane's cells are "not run" with the reason and do not fail the
// suite (mayBeAbsent): Hermes is not in the npm lockfiles, and its setup may not work here.
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

const named = (): string | undefined => (process.env.REMIT_E2E_HERMES ? process.env.REMIT_E2E_HERMES : undefined);

/** Why the last `npm run e2e:setup` could not prepare Hermes, when it could not. */
function setupFailure(): string | undefined {
  return fs.existsSync(HERMES_UNAVAILABLE_NOTE) ? fs.readFileSync(HERMES_UNAVAILABLE_NOTE, 'utf8').trim() : undefined;
}

export function hermesBinary(): string | undefined {
  const bin = named();
  if (bin !== undefined) return bin;
  // A setup that failed this time does not fall back on what an earlier one left.
  if (setupFailure() !== undefined) return undefined;
  return HERMES_PREPARED.find((p) => fs.existsSync(p));
}

let cached: { version: string; error?: string } | undefined;

function probe(bin: string): { version: string; error?: string } {
  if (cached !== undefined) return cached;
  try {
    const out = execFileSync(bin, ['--version'], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, HERMES_DISABLE_LAZY_INSTALLS: '1' } });
    cached = { version: /v?(\d+\.\d+\.\d+)/.exec(out)?.[1] ?? out.trim().split('\n')[0] ?? 'unknown' };
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim().split('\n').pop();
    cached = { version: 'unknown', error: stderr || ((error as Error).message.split('\n')[0] ?? 'failed') };
  }
  return cached;
}

function hermesVersion(): string {
  const bin = hermesBinary();
  if (bin === undefined || !fs.existsSync(bin)) return 'not installed';
  return probe(bin).version;
}

/** Undefined when Hermes can run here, else why not. */
export function hermesUnavailable(): string | undefined {
  const bin = hermesBinary();
  if (bin === undefined) {
    const why = setupFailure();
    return why !== undefined
      ? `Hermes Agent could not be set up here: ${why}`
      : 'Hermes Agent is not installed here: run `npm run e2e:setup` (or set REMIT_E2E_HERMES)';
  }
  if (!fs.existsSync(bin)) return `REMIT_E2E_HERMES names ${bin}, which does not exist`;
  const { error } = probe(bin);
  return error === undefined ? undefined : `${bin} --version failed, so Hermes is not set up: ${error}`;
}

export const hermes: HostDriver = {
  host: 'hermes',
  // Python: the toolchain only decides which Node `remit install hermes` writes into launcher.json.
  toolchain: NODE20,
  lane: 'default',
  installArgs: [],
  version: hermesVersion,
  unavailable: hermesUnavailable,
  mayBeAbsent: true,
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
