// What omp loads (`~/.omp/agent/extensions/remit.js`, also listed under `trustedExtensions` so
// restricted task children load it): the default export receives the ExtensionAPI. Every
// host's configuration is protected here, not only omp's (rule `self-protection`), so this
// entry — and nothing the adapter loads — reads the host list.
import { pluginHostConfig } from '../hosts.js';
import type { PiApi } from '../pi-family/pi-api.js';
import { createRemitOmpExtension } from './extension.js';

export default function remitOmpExtension(pi: PiApi): void {
  createRemitOmpExtension({ hostConfig: pluginHostConfig })(pi);
}
