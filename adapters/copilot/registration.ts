// What `remit install copilot` writes, as data: where each scope lives and remit's handlers.
// Copilot lists handlers straight under each event (`{type: "command", bash, timeoutSec}`), with
// no matcher groups; adapters/command-hook/install-run.ts does the reading and writing.
import path from 'node:path';
import { isRemitHookCommand } from '../command-hook/command-line.js';
import type { HookEntry, HookLayout, Json } from '../command-hook/hooks-config.js';
import type { Env } from '../host-module.js';
import { COPILOT_EVENTS } from './events.js';
import { copilotHome, type CopilotScope } from './paths.js';

export const COPILOT_LAYOUT: HookLayout = { grouped: false, keys: ['type', 'bash', 'timeoutSec'] };

/** A repository hook file Copilot reads must say `version: 1`. */
export const COPILOT_HOOK_FILE_SKELETON: Json = { version: 1 };

export function copilotConfigFile(scope: CopilotScope, env: Env, projectRoot: string): string {
  if (scope === 'user') return path.join(copilotHome(env), 'settings.json');
  return path.join(projectRoot, '.github', 'hooks', 'remit.json');
}

export function copilotLauncherPath(projectRoot: string): string {
  return path.join(projectRoot, '.github', 'hooks', 'remit', 'launch.cjs');
}

/** The committed, portable command: Copilot sets COPILOT_PROJECT_DIR for every hook it runs. */
export function copilotProjectCommand(event: string): string {
  return `node "$COPILOT_PROJECT_DIR/.github/hooks/remit/launch.cjs" hook copilot ${event}`;
}

/** remit registers every event it translates. */
export const COPILOT_HOOK_EVENTS = [...COPILOT_EVENTS];

// A hook past its timeoutSec lets the tool run (1.0.102): remit answers well inside 20 s.
const TIMEOUT_SEC = 20;

export function copilotHookEntries(commandFor: (event: string) => string): HookEntry[] {
  return COPILOT_HOOK_EVENTS.map((event) => ({ event, handler: { type: 'command', bash: commandFor(event), timeoutSec: TIMEOUT_SEC } }));
}

export function isCopilotRemitHandler(h: Json): boolean {
  return isRemitHookCommand(h.bash, 'copilot') || isRemitHookCommand(h.command, 'copilot');
}
