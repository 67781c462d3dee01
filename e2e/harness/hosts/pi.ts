// Pi 0.74.2 (`pi -p`) and Oh My Pi 18.2.3 (`bun omp -p`), both speaking Anthropic Messages to the
// double through a custom provider, both extended by a TypeScript file in <agent dir>/extensions/.
import fs from 'node:fs';
import path from 'node:path';
import type { Sandbox } from '../sandbox.js';
import { binary, missingBinary, packageVersion, writeJson, E2E_DIR, NODE20, NODE22 } from './driver.js';
import type { HostDriver, RemitBuild, Toolchain } from './driver.js';

const piAgentDir = (sb: Sandbox) => sb.piAgentDir;
const ompAgentDir = (sb: Sandbox) => path.join(sb.home, '.omp', 'agent');

function copyCaptureExtension(agentDir: string): void {
  fs.mkdirSync(path.join(agentDir, 'extensions'), { recursive: true });
  fs.copyFileSync(path.join(E2E_DIR, 'harness', 'capture', 'pi-capture.ts'), path.join(agentDir, 'extensions', 'e2e-capture.ts'));
}

function writeRemitExtension(agentDir: string, entry: string): void {
  fs.mkdirSync(path.join(agentDir, 'extensions'), { recursive: true });
  fs.writeFileSync(path.join(agentDir, 'extensions', 'remit.ts'), `export { default } from ${JSON.stringify(entry)};\n`);
}

export function makePi(tc: Toolchain): HostDriver {
  return {
    host: 'pi',
    toolchain: tc,
    lane: 'default',
    installArgs: [],
    version: () => packageVersion('@earendil-works/pi-coding-agent', tc),
    unavailable: () => missingBinary('pi', tc),
    configureProvider(sb: Sandbox, doubleUrl: string) {
      writeJson(path.join(piAgentDir(sb), 'models.json'), {
        providers: { e2e: { baseUrl: doubleUrl, api: 'anthropic-messages', apiKey: 'sk-ant-e2e-double', models: [{ id: 'e2e-model' }] } },
      });
    },
    tools: () => ({
      write: (file, content) => ({ name: 'write', input: { path: file.rel, content } }),
      shell: (command) => ({ name: 'bash', input: { command } }),
      patch: (file, oldText, newText) => [{ name: 'edit', input: { path: file.rel, edits: [{ oldText, newText }] } }],
      // Pi has no built-in subagent tool (its example extension spawns `pi` processes).
    }),
    invocation(_sb, prompt, options) {
      const args = ['-p', '--provider', 'e2e', '--model', 'e2e-model'];
      if (options.resume === true) args.push('--continue');
      args.push(prompt);
      return { file: binary('pi', tc), args };
    },
    captureEnv: (dir) => ({ E2E_CAPTURE_DIR: dir }),
    registerCapture: (sb) => copyCaptureExtension(piAgentDir(sb)),
    registerRemitByHand(sb, remit: RemitBuild) {
      // TODO(installer): replaced by `remit install pi` as soon as it succeeds.
      writeRemitExtension(piAgentDir(sb), path.join(remit.plugins, 'pi.js'));
    },
  };
}

export const pi = makePi(NODE20);
export const pi22 = makePi(NODE22);

export function makeOmp(tc: Toolchain): HostDriver {
  return {
    host: 'omp',
    toolchain: tc,
    lane: 'default',
    installArgs: [],
    version: () => packageVersion('@oh-my-pi/pi-coding-agent', tc),
    unavailable: () => missingBinary('omp', tc) ?? missingBinary('bun', tc),
    configureProvider(sb: Sandbox, doubleUrl: string) {
      // omp also honours PI_CODING_AGENT_DIR; a user of omp alone has it unset, so its default folder is used.
      delete sb.env.PI_CODING_AGENT_DIR;
      const dir = ompAgentDir(sb);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(
        path.join(dir, 'models.yml'),
        [
          'providers:',
          '  e2e:',
          `    baseUrl: ${doubleUrl}`,
          '    api: anthropic-messages',
          '    apiKey: sk-ant-e2e-double',
          '    models:',
          '      - id: e2e-model',
          '',
        ].join('\n'),
      );
    },
    tools: () => ({
      // omp shows the model its tools with a leading underscore (extensions see the bare name) and wants
      // a short intent `i` on every call.
      write: (file, content) => ({ name: '_write', input: { i: 'write file', path: file.rel, content } }),
      shell: (command) => ({ name: '_bash', input: { i: 'run command', command } }),
      // 18.2.3 edits in "hashline" mode for a model it does not know: each section names the file with
      // the 4-hex tag a read returned, then line operations.
      patch: (file, _oldText, newText) => [
        { name: '_read', input: { i: 'read file', path: file.rel } },
        {
          name: '_edit',
          input: {},
          fromResult: (previous) => {
            const tag = /\[[^\]]*#([0-9A-F]{4})\]/.exec(previous)?.[1] ?? '0000';
            return { i: 'edit file', input: `[${file.rel}#${tag}]\nPUT 1.=1:\n+${newText}\n` };
          },
        },
      ],
      delegate: (prompt) => ({ name: '_task', input: { i: 'delegate', context: 'e2e', tasks: [{ task: prompt, agent: 'task' }] } }),
      joinDelegate: { name: '_hub', input: { i: 'wait for the child', op: 'wait' } },
    }),
    invocation(_sb, prompt, options) {
      const args = [binary('omp', tc), '-p', '--model', 'e2e/e2e-model', '--no-title', '--no-lsp'];
      if (options.resume === true) args.push('--continue');
      args.push(prompt);
      return { file: binary('bun', tc), args };
    },
    captureEnv: (dir) => ({ E2E_CAPTURE_DIR: dir }),
    registerCapture: (sb) => copyCaptureExtension(ompAgentDir(sb)),
    registerRemitByHand(sb, remit: RemitBuild) {
      // TODO(installer): replaced by `remit install omp` as soon as it succeeds.
      writeRemitExtension(ompAgentDir(sb), path.join(remit.plugins, 'omp.js'));
    },
  };
}

export const omp = makeOmp(NODE20);
export const omp22 = makeOmp(NODE22);
