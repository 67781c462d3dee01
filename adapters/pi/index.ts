// What Pi loads (`~/.pi/agent/extensions/remit.js`, or a package's `pi.extensions`): the
// default export receives the ExtensionAPI. Every host's configuration is protected here, not
// only Pi's (rule `self-protection`), so this entry — and nothing the adapter loads — reads the
// host list.
import { pluginHostConfig } from '../hosts.js';
import type { PiApi } from '../pi-family/pi-api.js';
import { createRemitPiExtension } from './extension.js';

export default function remitPiExtension(pi: PiApi): void {
  createRemitPiExtension({ hostConfig: pluginHostConfig })(pi);
}
