// Every host lane the suite runs, in report order.
import { claude } from './claude.js';
import { codexBypass, codexTrust } from './codex.js';
import type { HostDriver } from './driver.js';
import { hermes } from './hermes.js';
import { opencode } from './opencode.js';
import { omp, pi } from './pi.js';

export const LANES: HostDriver[] = [claude, codexBypass, codexTrust, opencode, pi, omp, hermes];

/** `codex/trust`, `claude` … : the key of a lane in expectations.json and the matrix. */
export function laneKey(driver: Pick<HostDriver, 'host' | 'lane'>): string {
  return driver.lane === 'default' ? driver.host : `${driver.host}/${driver.lane}`;
}
