// Where Gemini CLI keeps what remit installs and protects. GEMINI_CLI_HOME stands in for the
// home folder (0.61.0: `homedir()` in its core), so the user layer is $GEMINI_CLI_HOME/.gemini.
import { homedir } from 'node:os';
import path from 'node:path';
import type { Env } from '../host-module.js';
import { GEMINI_CAPABILITY } from './capability.js';

/** Gemini CLI's settings layers remit installs into, each a scope of `remit install gemini`. */
export type GeminiScope = 'user' | 'project';
export const GEMINI_SCOPES: readonly GeminiScope[] = ['user', 'project'];

export function geminiConfigDir(env: Env): string {
  if (env.GEMINI_CLI_HOME && path.isAbsolute(env.GEMINI_CLI_HOME)) return path.join(env.GEMINI_CLI_HOME, '.gemini');
  const home = env.HOME && path.isAbsolute(env.HOME) ? env.HOME : homedir();
  return path.join(home, '.gemini');
}

/** The capability's protected paths with `~/.gemini` moved under GEMINI_CLI_HOME when set. */
export function geminiConfigPaths(env: Env): string[] {
  const dir = geminiConfigDir(env);
  return (GEMINI_CAPABILITY.configPaths ?? []).map((p) => (p.startsWith('~/.gemini/') ? path.join(dir, p.slice('~/.gemini/'.length)) : p));
}
