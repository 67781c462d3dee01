// OpenCode 1.18.33 (V1 plugin API) in `opencode run`, its built-in `anthropic` provider pointed at the double.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Sandbox } from '../sandbox.js';
import { binary, missingBinary, packageVersion, writeJson, E2E_DIR, NODE20, NODE22 } from './driver.js';
import type { HostDriver, RemitBuild, Toolchain } from './driver.js';

const pluginDir = (sb: Sandbox) => path.join(sb.xdgConfig, 'opencode', 'plugin');

/**
 * OpenCode 1.18.33 runs `npm install @opencode-ai/plugin` in its config folder at every start when
 * that folder has no node_modules; in a fresh HOME that download took ~40 s of each run here. The
 * first run's result is kept in e2e/.work/ and linked into later sandboxes.
 */
const TEMPLATE = path.join(E2E_DIR, '.work', 'opencode-config-template');

function seedPluginDependencies(sb: Sandbox): void {
  if (!fs.existsSync(path.join(TEMPLATE, 'node_modules', '@opencode-ai', 'plugin'))) return;
  const dir = path.join(sb.xdgConfig, 'opencode');
  fs.mkdirSync(dir, { recursive: true });
  for (const f of ['package.json', 'package-lock.json']) if (fs.existsSync(path.join(TEMPLATE, f))) fs.copyFileSync(path.join(TEMPLATE, f), path.join(dir, f));
  fs.symlinkSync(path.join(TEMPLATE, 'node_modules'), path.join(dir, 'node_modules'));
}

/** Keeps the dependencies OpenCode installed in a sandbox as the template for later runs. */
export function keepPluginDependencies(sb: Sandbox): void {
  const dir = path.join(sb.xdgConfig, 'opencode');
  const modules = path.join(dir, 'node_modules');
  if (fs.existsSync(path.join(TEMPLATE, 'node_modules')) || !fs.existsSync(path.join(modules, '@opencode-ai', 'plugin'))) return;
  if (fs.lstatSync(modules).isSymbolicLink()) return;
  const staging = `${TEMPLATE}.${process.pid}`;
  fs.mkdirSync(staging, { recursive: true });
  for (const f of ['package.json', 'package-lock.json']) if (fs.existsSync(path.join(dir, f))) fs.copyFileSync(path.join(dir, f), path.join(staging, f));
  fs.cpSync(modules, path.join(staging, 'node_modules'), { recursive: true });
  try {
    fs.renameSync(staging, TEMPLATE);
  } catch {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

export function makeOpencode(tc: Toolchain): HostDriver {
  return {
    host: 'opencode',
    toolchain: tc,
    lane: 'default',
    installArgs: [],
    version: () => packageVersion('opencode-ai', tc),
    unavailable: () => missingBinary('opencode', tc),
    configureProvider(sb: Sandbox, doubleUrl: string) {
      writeJson(path.join(sb.xdgConfig, 'opencode', 'opencode.json'), {
        $schema: 'https://opencode.ai/config.json',
        model: 'anthropic/claude-sonnet-4-5',
        small_model: 'anthropic/claude-sonnet-4-5',
        provider: { anthropic: { options: { baseURL: `${doubleUrl}/v1`, apiKey: 'sk-ant-e2e-double' } } },
        autoupdate: false,
        share: 'disabled',
        // Print mode cannot answer a permission prompt; remit, not OpenCode's own asks, is under test.
        permission: { edit: 'allow', bash: 'allow', webfetch: 'deny', external_directory: 'allow' },
      });
      seedPluginDependencies(sb);
      sb.env.OPENCODE_DISABLE_AUTOUPDATE = '1';
      sb.env.OPENCODE_DISABLE_LSP_DOWNLOAD = '1';
      sb.env.OPENCODE_DISABLE_DEFAULT_PLUGINS = '1';
      sb.env.OPENCODE_DISABLE_MODELS_FETCH = '1';
    },
    tools: () => ({
      write: (file, content) => ({ name: 'write', input: { filePath: file.abs, content } }),
      shell: (command) => ({ name: 'bash', input: { command, description: 'run a command' } }),
      patch: (file, oldText, newText) => [{ name: 'edit', input: { filePath: file.abs, oldString: oldText, newString: newText } }],
      delegate: (prompt) => ({ name: 'task', input: { description: 'e2e child', prompt, subagent_type: 'general' } }),
    }),
    invocation(_sb, prompt, options) {
      const args = ['run'];
      if (options.resume === true) args.push('--continue');
      args.push(prompt);
      return { file: binary('opencode', tc), args };
    },
    afterSession: (sb) => keepPluginDependencies(sb),
    captureEnv: (dir) => ({ E2E_CAPTURE_DIR: dir }),
    registerCapture(sb) {
      fs.mkdirSync(pluginDir(sb), { recursive: true });
      fs.copyFileSync(path.join(E2E_DIR, 'harness', 'capture', 'opencode-capture.js'), path.join(pluginDir(sb), 'e2e-capture.js'));
    },
    registerRemitByHand(sb, remit: RemitBuild) {
      // TODO(installer): replaced by `remit install opencode` as soon as it succeeds.
      fs.mkdirSync(pluginDir(sb), { recursive: true });
      const entry = pathToFileURL(path.join(remit.plugins, 'opencode.js')).href;
      fs.writeFileSync(path.join(pluginDir(sb), 'remit.js'), `export * from ${JSON.stringify(entry)};\n`);
    },
  };
}

/** OpenCode 2 (`@opencode/cli` in e2e/opencode2/, a package of its own: it installs an `opencode` command too), under Node 22. */
export const OPENCODE2: Toolchain = { name: 'node22', modules: path.join(E2E_DIR, 'opencode2', 'node_modules'), node: NODE22.node };

/**
 * OpenCode 2.1.2 in `opencode run --standalone --auto` (a private server in this process tree, no
 * background service; permissions OpenCode would ask are granted, so remit decides). Its plugins
 * are `export default { id, setup(ctx) }`; every file in the config's plugins/ folder loads.
 */
export function makeOpencode2(tc: Toolchain): HostDriver {
  const v1 = makeOpencode(tc);
  return {
    ...v1,
    lane: 'v2',
    version: () => packageVersion('@opencode/cli', tc),
    afterSession: undefined,
    configureProvider(sb: Sandbox, doubleUrl: string) {
      writeJson(path.join(sb.xdgConfig, 'opencode', 'opencode.json'), {
        model: 'anthropic/claude-sonnet-4-5',
        small_model: 'anthropic/claude-sonnet-4-5',
        provider: { anthropic: { options: { baseURL: `${doubleUrl}/v1`, apiKey: 'sk-ant-e2e-double' } } },
        autoupdate: false,
        share: 'disabled',
      });
      sb.env.OPENCODE_DISABLE_AUTOUPDATE = '1';
      sb.env.OPENCODE_DISABLE_LSP_DOWNLOAD = '1';
      sb.env.OPENCODE_DISABLE_MODELS_FETCH = '1';
      // `remit install opencode` picks the plugin form from the `opencode --version` on PATH.
      sb.env.PATH = [path.dirname(binary('opencode', tc)), sb.env.PATH].join(path.delimiter);
    },
    tools: () => ({
      write: (file, content) => ({ name: 'write', input: { path: file.abs, content } }),
      shell: (command) => ({ name: 'shell', input: { command } }),
      patch: (file, oldText, newText) => [{ name: 'edit', input: { path: file.abs, oldString: oldText, newString: newText } }],
      delegate: (prompt) => ({ name: 'subagent', input: { description: 'e2e child', prompt, agent: 'general' } }),
    }),
    invocation(_sb, prompt, options) {
      const args = ['run', '--standalone', '--auto'];
      if (options.resume === true) args.push('--continue');
      args.push(prompt);
      return { file: binary('opencode', tc), args };
    },
    registerCapture(sb) {
      const dir = path.join(sb.xdgConfig, 'opencode', 'plugins');
      fs.mkdirSync(dir, { recursive: true });
      fs.copyFileSync(path.join(E2E_DIR, 'harness', 'capture', 'opencode2-capture.js'), path.join(dir, 'e2e-capture.js'));
    },
    registerRemitByHand(sb, remit: RemitBuild) {
      const dir = path.join(sb.xdgConfig, 'opencode', 'plugins');
      fs.mkdirSync(dir, { recursive: true });
      const entry = pathToFileURL(path.join(remit.plugins, 'opencode.js')).href;
      fs.writeFileSync(path.join(dir, 'remit.js'), `export * from ${JSON.stringify(entry)};\nexport { default } from ${JSON.stringify(entry)};\n`);
    },
  };
}

export const opencode = makeOpencode(NODE20);
export const opencode22 = makeOpencode(NODE22);
export const opencode2 = makeOpencode2(OPENCODE2);
