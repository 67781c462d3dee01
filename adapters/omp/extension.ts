// omp's extension: the Pi-family extension (adapters/pi-family/extension.ts) with what differs
// in Oh My Pi. `createRemitOmpExtension` is what omp loads (index.ts) and what replay and the
// tests run against a Runtime of their own.
import { createRemitExtension, type RemitExtensionOptions } from '../pi-family/extension.js';
import type { PiFlavor } from '../pi-family/flavor.js';
import type { PiApi } from '../pi-family/pi-api.js';
import { OMP_CAPABILITY } from './capability.js';
import { ompToolRequest } from './tools.js';

const OMP_FLAVOR: PiFlavor = {
  host: 'omp',
  toolRequest: ompToolRequest,
  // omp's InputEventResult is `{handled?, text?, images?}`, not Pi's `{action}`.
  handled: () => ({ handled: true }),
  // omp 18.x session_start carries no reason; switches arrive as session_switch.
  startSource: () => 'startup',
  startMovesRoot: false,
  toolCallContext: true,
  promptFromMessageStart: true,
  subagentSpawn: true,
};

export function createRemitOmpExtension(options: RemitExtensionOptions): (pi: PiApi) => void {
  return createRemitExtension(OMP_FLAVOR, OMP_CAPABILITY, options);
}
