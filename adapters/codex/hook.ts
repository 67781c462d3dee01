// `remit hook codex <event>`: Codex's hook payload on stdin → its answer on stdout, through
// the one command-hook path (adapters/command-hook/run.ts).
import type { HookRun } from '../host-module.js';
import { runCommandHook, type CommandHookHost } from '../command-hook/run.js';
import { CODEX_EVENTS, codexEvent } from './events.js';
import { renderCodex } from './render.js';

const codexHookHost: CommandHookHost = {
  name: 'codex',
  events: CODEX_EVENTS,
  turnField: 'turn_id',
  toEvent: codexEvent,
  render: renderCodex,
};

/** One Codex hook invocation: the stdin text → what the hook writes and its exit code. */
export const runCodexHook: HookRun = (eventArg, stdinText, runtime, opts) => runCommandHook(codexHookHost, eventArg, stdinText, runtime, opts);
