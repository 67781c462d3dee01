import type { PiFlavor } from '../pi-shared/flavor.js';
import { ompToolRequest } from './tools.js';

export const OMP_FLAVOR: PiFlavor = {
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
