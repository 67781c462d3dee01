// Pi's extension: the Pi-family extension (adapters/pi-family/extension.ts) with what differs
// in Pi. `createRemitPiExtension` is what Pi loads (index.ts) and what replay and the tests run
// against a Runtime of their own.
import { createRemitExtension, type RemitExtensionOptions } from '../pi-family/extension.js';
import type { PiFlavor } from '../pi-family/flavor.js';
import type { PiApi } from '../pi-family/pi-api.js';
import { PI_CAPABILITY } from './capability.js';
import { piToolRequest } from './tools.js';

const SOURCES = { startup: 'startup', reload: 'resume', new: 'clear', resume: 'resume', fork: 'fork' } as const;

const PI_FLAVOR: PiFlavor = {
  host: 'pi',
  toolRequest: piToolRequest,
  handled: () => ({ action: 'handled' }),
  startSource: (event) => SOURCES[(event as { reason?: keyof typeof SOURCES })?.reason ?? 'startup'] ?? 'startup',
  startMovesRoot: true,
  toolCallContext: false,
  promptFromMessageStart: false,
  subagentSpawn: false,
};

export function createRemitPiExtension(options: RemitExtensionOptions): (pi: PiApi) => void {
  return createRemitExtension(PI_FLAVOR, PI_CAPABILITY, options);
}
