// `remit hook qwen <event>`: Qwen Code's hook payload on stdin → its answer on stdout, through
// the one command-hook path (adapters/command-hook/run.ts).
import type { HookRun } from '../host-module.js';
import { runCommandHook, type CommandHookHost } from '../command-hook/run.js';
import { QWEN_EVENTS, qwenEvent } from './events.js';
import { renderQwen } from './render.js';

const qwenHookHost: CommandHookHost = {
  name: 'qwen',
  events: QWEN_EVENTS,
  turnField: 'prompt_id',
  toEvent: qwenEvent,
  render: renderQwen,
};

/** One Qwen Code hook invocation: the stdin text → what the hook writes and its exit code. */
export const runQwenHook: HookRun = (eventArg, stdinText, runtime, opts) => runCommandHook(qwenHookHost, eventArg, stdinText, runtime, opts);
