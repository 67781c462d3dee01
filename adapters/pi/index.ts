// What Pi loads (`~/.pi/agent/extensions/remit.js`, or a package's `pi.extensions`): the
// default export receives the ExtensionAPI. `createRemitPiExtension` lets replay and tests
// run this same extension against a Runtime of their own.
import type { Runtime } from '../../src/core/host/runtime.js';
import { createPiFamilyExtension } from '../pi-shared/extension.js';
import { runtimeGetter } from '../pi-shared/host-runtime.js';
import { PI_CAPABILITY } from './capability.js';
import type { PiApi } from '../pi-shared/pi-api.js';
import { PI_FLAVOR } from './flavor.js';

export function createRemitPiExtension(options: { runtime?: Runtime; env?: NodeJS.ProcessEnv; stderr?: (t: string) => void } = {}): (pi: PiApi) => void {
  const env = options.env ?? process.env;
  return createPiFamilyExtension(PI_FLAVOR, {
    runtime: runtimeGetter(options.runtime, env, { configPaths: PI_CAPABILITY.configPaths ?? [], denyChannel: 'block', ask: PI_CAPABILITY.ask }),
    env,
    stderr: options.stderr ?? ((t) => process.stderr.write(t)),
  });
}

export default function remitPiExtension(pi: PiApi): void {
  createRemitPiExtension()(pi);
}
