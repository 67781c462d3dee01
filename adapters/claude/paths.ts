// Where Claude Code keeps what remit installs and protects. CLAUDE_CONFIG_DIR moves the user layer.
import { homedir } from 'node:os';
import path from 'node:path';
import { CLAUDE_CAPABILITY } from './capability.js';

export type Env = Readonly<Record<string, string | undefined>>;

/** Claude Code's settings layers, each a scope of `remit install claude`. */
export type ClaudeScope = 'user' | 'project' | 'local';
export const CLAUDE_SCOPES: readonly ClaudeScope[] = ['user', 'project', 'local'];

function userHome(env: Env): string {
  return env.HOME && path.isAbsolute(env.HOME) ? env.HOME : homedir();
}

export function claudeConfigDir(env: Env): string {
  return env.CLAUDE_CONFIG_DIR && path.isAbsolute(env.CLAUDE_CONFIG_DIR) ? env.CLAUDE_CONFIG_DIR : path.join(userHome(env), '.claude');
}

/** The capability's protected paths with `~/.claude` moved to CLAUDE_CONFIG_DIR when set. */
export function claudeConfigPaths(env: Env): string[] {
  const dir = claudeConfigDir(env);
  return (CLAUDE_CAPABILITY.configPaths ?? []).map((p) => (p.startsWith('~/.claude/') ? path.join(dir, p.slice('~/.claude/'.length)) : p));
}
