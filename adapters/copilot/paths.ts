// Where GitHub Copilot CLI keeps what remit installs and protects. COPILOT_HOME moves the user
// layer (default ~/.copilot); a repository's hooks are `.github/hooks/*.json`.
import { homedir } from 'node:os';
import path from 'node:path';
import type { Env } from '../host-module.js';
import { COPILOT_CAPABILITY } from './capability.js';

/** User scope: the `hooks` key of `$COPILOT_HOME/settings.json`; project scope: `.github/hooks/remit.json`. */
export type CopilotScope = 'user' | 'project';
export const COPILOT_SCOPES: readonly CopilotScope[] = ['user', 'project'];

export function copilotHome(env: Env): string {
  if (env.COPILOT_HOME && path.isAbsolute(env.COPILOT_HOME)) return env.COPILOT_HOME;
  const home = env.HOME && path.isAbsolute(env.HOME) ? env.HOME : homedir();
  return path.join(home, '.copilot');
}

/** The capability's protected paths with `~/.copilot` moved to COPILOT_HOME when set. */
export function copilotConfigPaths(env: Env): string[] {
  const dir = copilotHome(env);
  return (COPILOT_CAPABILITY.configPaths ?? []).map((p) => (p.startsWith('~/.copilot/') ? path.join(dir, p.slice('~/.copilot/'.length)) : p));
}
