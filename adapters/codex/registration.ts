// What `remit install codex` writes, as data: where each scope lives and remit's canonical
// handlers. adapters/command-hook/install-run.ts does the reading and writing.
import path from 'node:path';
import { commandEntries, type HookEntry, type Json } from '../command-hook/hooks-config.js';
import { isRemitHookCommand } from '../command-hook/command-line.js';
import { CODEX_EVENTS } from './events.js';
import { codexHome, type CodexScope, type Env } from './paths.js';

export function codexHooksPath(scope: CodexScope, env: Env, projectRoot: string): string {
  return scope === 'user' ? path.join(codexHome(env), 'hooks.json') : path.join(projectRoot, '.codex', 'hooks.json');
}

/** Trust for every layer is recorded in the user's config.toml. */
export function codexConfigTomlPath(env: Env): string {
  return path.join(codexHome(env), 'config.toml');
}

export function codexSkillPath(scope: CodexScope, env: Env, projectRoot: string): string {
  return scope === 'user' ? path.join(codexHome(env), 'skills', 'remit', 'SKILL.md') : path.join(projectRoot, '.agents', 'skills', 'remit', 'SKILL.md');
}

export function codexLauncherPath(projectRoot: string): string {
  return path.join(projectRoot, '.codex', 'remit', 'launch.cjs');
}

/**
 * The committed, portable command. Codex runs hooks through the shell in the session cwd
 * (a subfolder of the project, or a call's workdir), so the launcher is found by walking up
 * from $PWD with parameter expansion only — no extra process.
 */
export function codexProjectCommand(event: string): string {
  return `d="$PWD"; while [ -n "$d" ] && [ ! -f "$d/.codex/remit/launch.cjs" ]; do d="\${d%/*}"; done; exec node "$d/.codex/remit/launch.cjs" hook codex ${event}`;
}

const STATUS: Record<string, string> = {
  PreToolUse: 'remit: checking this action against the task contract',
  UserPromptSubmit: 'remit: reading the task contract',
  SessionStart: 'remit: loading the task contract',
};

// Codex clamps SessionEnd hooks to 3 s (warning on 0.171.0); writing 3 keeps the hash plain.
const TIMEOUT: Record<string, number> = { SessionEnd: 3 };

// Codex matchers are unanchored regexes: anchor them. Tool and subagent events carry no
// matcher at all, so every tool (MCP included) reaches remit.
const MATCHER: Record<string, string> = { SessionStart: '^(startup|resume|clear|compact)$' };

/** Every event the hook answers (events.ts), registered in that order. */
export const CODEX_HOOK_EVENTS = [...CODEX_EVENTS];

export function codexHookEntries(commandFor: (event: string) => string): HookEntry[] {
  return commandEntries(CODEX_HOOK_EVENTS, { status: STATUS, timeout: TIMEOUT, matcher: MATCHER }, commandFor);
}

export function isCodexRemitHandler(h: Json): boolean {
  return isRemitHookCommand(h.command, 'codex');
}
