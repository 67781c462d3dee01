// Where Codex keeps what remit installs and protects. CODEX_HOME moves the user layer.
import { homedir } from 'node:os';
import path from 'node:path';
import { CODEX_CAPABILITY } from './capability.js';

export type Env = Readonly<Record<string, string | undefined>>;

/** Codex's hook layers, each a scope of `remit install codex`. */
export type CodexScope = 'user' | 'project';
export const CODEX_SCOPES: readonly CodexScope[] = ['user', 'project'];

function userHome(env: Env): string {
  return env.HOME && path.isAbsolute(env.HOME) ? env.HOME : homedir();
}

export function codexHome(env: Env): string {
  return env.CODEX_HOME && path.isAbsolute(env.CODEX_HOME) ? env.CODEX_HOME : path.join(userHome(env), '.codex');
}

/** The capability's protected paths with `~/.codex` moved to CODEX_HOME when set. */
export function codexConfigPaths(env: Env): string[] {
  const home = codexHome(env);
  return (CODEX_CAPABILITY.configPaths ?? []).map((p) => (p.startsWith('~/.codex/') ? path.join(home, p.slice('~/.codex/'.length)) : p));
}
