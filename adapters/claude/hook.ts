// `remit hook claude <event>`: Claude Code's hook payload on stdin → its answer on stdout,
// through the one command-hook path (adapters/command-hook/run.ts).
import type { HookRun } from '../host-module.js';
import { runCommandHook, type CommandHookHost } from '../command-hook/run.js';
import { CLAUDE_EVENTS, claudeEvent } from './events.js';
import { renderClaude } from './render.js';

const claudeHookHost: CommandHookHost = {
  name: 'claude',
  events: CLAUDE_EVENTS,
  turnField: 'prompt_id',
  toEvent: claudeEvent,
  render: renderClaude,
};

/** One Claude Code hook invocation: the stdin text → what the hook writes and its exit code. */
export const runClaudeHook: HookRun = (eventArg, stdinText, runtime, opts) => runCommandHook(claudeHookHost, eventArg, stdinText, runtime, opts);
