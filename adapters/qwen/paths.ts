// Where Qwen Code keeps what remit installs and protects. QWEN_HOME moves the user layer
// (Qwen Code 0.24.4 `Storage.getGlobalQwenDir`).
import { homedir } from 'node:os';
import path from 'node:path';
import type { Env } from '../host-module.js';
import { QWEN_CAPABILITY } from './capability.js';

/** Qwen Code's settings layers remit installs into, each a scope of `remit install qwen`. */
export type QwenScope = 'user' | 'project';
export const QWEN_SCOPES: readonly QwenScope[] = ['user', 'project'];

export function qwenConfigDir(env: Env): string {
  if (env.QWEN_HOME && path.isAbsolute(env.QWEN_HOME)) return env.QWEN_HOME;
  const home = env.HOME && path.isAbsolute(env.HOME) ? env.HOME : homedir();
  return path.join(home, '.qwen');
}

/** The capability's protected paths with `~/.qwen` moved to QWEN_HOME when set. */
export function qwenConfigPaths(env: Env): string[] {
  const dir = qwenConfigDir(env);
  return (QWEN_CAPABILITY.configPaths ?? []).map((p) => (p.startsWith('~/.qwen/') ? path.join(dir, p.slice('~/.qwen/'.length)) : p));
}
