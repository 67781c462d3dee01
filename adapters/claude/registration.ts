// What `remit install claude` writes, as data: where each scope lives and remit's canonical
// handlers. adapters/command-hook/install-run.ts does the reading and writing.
import path from 'node:path';
import { commandEntries, type HookEntry, type Json } from '../command-hook/hooks-config.js';
import { isRemitHookCommand } from '../command-hook/command-line.js';
import { CLAUDE_EVENTS } from './events.js';
import { claudeConfigDir, type ClaudeScope, type Env } from './paths.js';

export function claudeSettingsPath(scope: ClaudeScope, env: Env, projectRoot: string): string {
  if (scope === 'user') return path.join(claudeConfigDir(env), 'settings.json');
  return path.join(projectRoot, '.claude', scope === 'project' ? 'settings.json' : 'settings.local.json');
}

/** Where Claude Code loads the remit Skill from for this scope (none for `local`, which is not shared). */
export function claudeSkillPath(scope: ClaudeScope, env: Env, projectRoot: string): string | null {
  if (scope === 'user') return path.join(claudeConfigDir(env), 'skills', 'remit', 'SKILL.md');
  if (scope === 'project') return path.join(projectRoot, '.claude', 'skills', 'remit', 'SKILL.md');
  return null;
}

export function claudeLauncherPath(projectRoot: string): string {
  return path.join(projectRoot, '.claude', 'remit', 'launch.cjs');
}

/** The committed, portable command: Claude Code sets CLAUDE_PROJECT_DIR for every hook. */
export function claudeProjectCommand(event: string): string {
  return `node "$CLAUDE_PROJECT_DIR/.claude/remit/launch.cjs" hook claude ${event}`;
}

const STATUS: Record<string, string> = {
  PreToolUse: 'remit: checking this action against the task contract',
  UserPromptSubmit: 'remit: reading the task contract',
  UserPromptExpansion: 'remit: reading the task contract',
  SessionStart: 'remit: loading the task contract',
};

// SessionEnd shares a short budget (1.5 s unless a hook asks for more); 3 s is enough.
const TIMEOUT: Record<string, number> = { SessionEnd: 3 };

// Anchored: a Claude Code matcher with anything but letters, digits, `_`, `-`, `|`, `,` or
// spaces is an unanchored regex, and `remit:remit` needs the colon.
const MATCHER: Record<string, string> = {
  SessionStart: 'startup|resume|clear|compact|fork',
  UserPromptExpansion: '^(remit|remit:remit)$',
};

/** Every event the hook answers (events.ts), registered in that order. */
export const CLAUDE_HOOK_EVENTS = [...CLAUDE_EVENTS];

/**
 * The first Claude Code remit found with a hook's `onFailure` (2.1.332; 2.1.197 has none and its
 * schema drops keys it does not know). `"block"` makes a PreToolUse hook that cannot start,
 * times out, exits with a code other than 0 or 2 or prints JSON that fails validation count as
 * exit 2: the tool call is refused instead of run (docs/DESIGN.md#fail-modes).
 */
export const CLAUDE_ON_FAILURE_FROM = '2.1.332';

/** Whether this Claude Code version takes `onFailure` on a command hook. */
export function claudeTakesOnFailure(version: string | null | undefined): boolean {
  if (!version) return false;
  const [a, b, c] = version.split('.').map(Number);
  const [x, y, z] = CLAUDE_ON_FAILURE_FROM.split('.').map(Number);
  return a! !== x! ? a! > x! : b! !== y! ? b! > y! : c! >= z!;
}

/** remit's handlers; with `failClosed` its PreToolUse hook carries `onFailure: "block"`. */
export function claudeHookEntries(commandFor: (event: string) => string, opts: { failClosed?: boolean } = {}): HookEntry[] {
  const entries = commandEntries(CLAUDE_HOOK_EVENTS, { status: STATUS, timeout: TIMEOUT, matcher: MATCHER }, commandFor);
  if (!opts.failClosed) return entries;
  return entries.map((e) => (e.event === 'PreToolUse' ? { ...e, handler: { ...e.handler, onFailure: 'block' } } : e));
}

export function isClaudeRemitHandler(h: Json): boolean {
  return isRemitHookCommand(h.command, 'claude');
}
