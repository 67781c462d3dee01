import type { PiFlavor } from '../pi-shared/flavor.js';
import { piToolRequest } from './tools.js';

const SOURCES = { startup: 'startup', reload: 'resume', new: 'clear', resume: 'resume', fork: 'fork' } as const;

export const PI_FLAVOR: PiFlavor = {
  host: 'pi',
  toolRequest: piToolRequest,
  handled: () => ({ action: 'handled' }),
  startSource: (event) => SOURCES[(event as { reason?: keyof typeof SOURCES })?.reason ?? 'startup'] ?? 'startup',
  startMovesRoot: true,
  toolCallContext: false,
  promptFromMessageStart: false,
  subagentSpawn: false,
};
