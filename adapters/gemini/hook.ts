// `remit hook gemini <event>`: Gemini CLI's hook payload on stdin → its answer on stdout,
// through the one command-hook path (adapters/command-hook/run.ts).
import type { HookRun } from '../host-module.js';
import { runCommandHook, type CommandHookHost } from '../command-hook/run.js';
import { GEMINI_EVENTS, geminiEvent, geminiRefusedCall } from './events.js';
import { renderGemini } from './render.js';

const geminiHookHost: CommandHookHost = {
  name: 'gemini',
  events: GEMINI_EVENTS,
  // 0.61.0 sends no turn id.
  turnField: 'turn_id',
  toEvent: geminiEvent,
  render: renderGemini,
  beforeTool: 'BeforeTool',
  beforePrompt: 'BeforeAgent',
  afterAnswer: geminiRefusedCall,
};

/** One Gemini CLI hook invocation: the stdin text → what the hook writes and its exit code. */
export const runGeminiHook: HookRun = (eventArg, stdinText, runtime, opts) => runCommandHook(geminiHookHost, eventArg, stdinText, runtime, opts);
