// remit's hook entries in Qwen Code's settings.json, as data: which file each scope uses,
// the handlers, and how remit knows its own. Qwen Code reads Claude Code's three-level shape
// (event → matcher groups → handlers), its `timeout` in seconds.
import path from 'node:path';
import { isRemitHookCommand } from '../command-hook/command-line.js';
import { commandEntries, type HookEntry, type Json } from '../command-hook/hooks-config.js';
import type { Env } from '../host-module.js';
import { QWEN_EVENTS } from './events.js';
import { qwenConfigDir, type QwenScope } from './paths.js';

export function qwenSettingsPath(scope: QwenScope, env: Env, projectRoot: string): string {
  return scope === 'user' ? path.join(qwenConfigDir(env), 'settings.json') : path.join(projectRoot, '.qwen', 'settings.json');
}

export function qwenLauncherPath(projectRoot: string): string {
  return path.join(projectRoot, '.qwen', 'remit', 'launch.cjs');
}

/** The committed, portable command: Qwen Code sets QWEN_PROJECT_DIR for every command hook. */
export function qwenProjectCommand(event: string): string {
  return `node "$QWEN_PROJECT_DIR/.qwen/remit/launch.cjs" hook qwen ${event}`;
}

const STATUS: Record<string, string> = {
  PreToolUse: 'remit: checking this action against the task contract',
  UserPromptSubmit: 'remit: reading the task contract',
  SessionStart: 'remit: loading the task contract',
};

/** Every event the hook answers (events.ts), registered in that order. */
export const QWEN_HOOK_EVENTS = [...QWEN_EVENTS];

export function qwenHookEntries(commandFor: (event: string) => string): HookEntry[] {
  return commandEntries(QWEN_HOOK_EVENTS, { status: STATUS, timeout: {}, matcher: {} }, commandFor);
}

export function isQwenRemitHandler(h: Json): boolean {
  return isRemitHookCommand(h.command, 'qwen');
}
