// remit's hook entries in Gemini CLI's settings.json, as data: which file each scope uses, the
// handlers, and how remit knows its own. Gemini CLI 0.61.0 reads the three-level shape (event →
// matcher groups → handlers) with its own event names, a `name` per handler (what
// `hooksConfig.disabled` lists) and `timeout` in milliseconds.
import path from 'node:path';
import { isRemitHookCommand } from '../command-hook/command-line.js';
import type { HookEntry, Json } from '../command-hook/hooks-config.js';
import type { Env } from '../host-module.js';
import { GEMINI_EVENTS } from './events.js';
import { geminiConfigDir, type GeminiScope } from './paths.js';

export function geminiSettingsPath(scope: GeminiScope, env: Env, projectRoot: string): string {
  return scope === 'user' ? path.join(geminiConfigDir(env), 'settings.json') : path.join(projectRoot, '.gemini', 'settings.json');
}

export function geminiLauncherPath(projectRoot: string): string {
  return path.join(projectRoot, '.gemini', 'remit', 'launch.cjs');
}

/**
 * The committed, portable command. Gemini CLI replaces `$GEMINI_PROJECT_DIR` in the command text
 * with the project folder already shell-quoted (0.61.0 `expandCommand`), so it stays unquoted here.
 */
export function geminiProjectCommand(event: string): string {
  return `node $GEMINI_PROJECT_DIR/.gemini/remit/launch.cjs hook gemini ${event}`;
}

/** The name Gemini CLI shows for remit's handlers, and the one `hooksConfig.disabled` would list. */
export const GEMINI_HOOK_NAME = 'remit';

/** Every event the hook answers (events.ts), registered in that order. */
export const GEMINI_HOOK_EVENTS = [...GEMINI_EVENTS];

export function geminiHookEntries(commandFor: (event: string) => string): HookEntry[] {
  // `*` matches every tool and every lifecycle source (a tool matcher is otherwise a regex).
  return GEMINI_HOOK_EVENTS.map((event) => ({
    event,
    matcher: '*',
    handler: { name: GEMINI_HOOK_NAME, type: 'command', command: commandFor(event), timeout: 20_000 },
  }));
}

export function isGeminiRemitHandler(h: Json): boolean {
  return isRemitHookCommand(h.command, 'gemini');
}
