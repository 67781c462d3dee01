// Every host lane the suite runs, in report order.
import { claude, claude22 } from './claude.js';
import { copilot, copilotProject } from './copilot.js';
import { codexBypass, codexBypass22, codexTrust, codexTrust22 } from './codex.js';
import type { HostDriver } from './driver.js';
import { hermes } from './hermes.js';
import { opencode, opencode2, opencode22 } from './opencode.js';
import { omp, omp22, pi, pi22 } from './pi.js';
import { gemini22 } from './gemini.js';
import { qwen22 } from './qwen.js';

export const LANES: HostDriver[] = [
  claude,
  codexBypass,
  codexTrust,
  opencode,
  pi,
  omp,
  hermes,
  copilot,
  copilotProject,
  claude22,
  codexBypass22,
  codexTrust22,
  opencode22,
  opencode2,
  pi22,
  omp22,
  qwen22,
  gemini22,
];

/**
 * The interactive lane: the newest releases' terminal UIs in tmux (e2e/interactive/). Codex runs
 * without the bypass flag, its hooks trusted by `remit install codex --trust` as a user would.
 */
export const TUI_LANES: HostDriver[] = [
  { ...claude22, lane: 'tui' },
  { ...codexTrust22, lane: 'tui' },
  { ...pi22, lane: 'tui' },
  { ...copilot, lane: 'tui' },
  { ...gemini22, lane: 'tui' },
];

/** `codex/trust`, `claude`, `claude@node22` … : the key of a lane in expectations.json and the matrix. */
export function laneKey(driver: Pick<HostDriver, 'host' | 'lane' | 'toolchain'>): string {
  const base = driver.lane === 'default' ? driver.host : `${driver.host}/${driver.lane}`;
  return driver.toolchain.name === 'node20' ? base : `${base}@${driver.toolchain.name}`;
}
