// What omp loads (`~/.omp/agent/extensions/remit.js`, also listed under `trustedExtensions` so
// restricted task children load it): the default export receives the ExtensionAPI.
// `createRemitOmpExtension` lets replay and tests run this same extension against their own Runtime.
import type { Runtime } from '../../src/core/host/runtime.js';
import { createPiFamilyExtension } from '../pi-shared/extension.js';
import { runtimeGetter } from '../pi-shared/host-runtime.js';
import { OMP_CAPABILITY } from './capability.js';
import type { PiApi } from '../pi-shared/pi-api.js';
import { OMP_FLAVOR } from './flavor.js';

export function createRemitOmpExtension(options: { runtime?: Runtime; env?: NodeJS.ProcessEnv; stderr?: (t: string) => void } = {}): (pi: PiApi) => void {
  const env = options.env ?? process.env;
  return createPiFamilyExtension(OMP_FLAVOR, {
    runtime: runtimeGetter(options.runtime, env, { configPaths: OMP_CAPABILITY.configPaths ?? [], denyChannel: 'block', ask: OMP_CAPABILITY.ask }),
    env,
    stderr: options.stderr ?? ((t) => process.stderr.write(t)),
  });
}

export default function remitOmpExtension(pi: PiApi): void {
  createRemitOmpExtension()(pi);
}
