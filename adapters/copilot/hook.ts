// `remit hook copilot <event>`: GitHub Copilot CLI's hook payload on stdin → its answer on
// stdout, through the one command-hook path (adapters/command-hook/run.ts). Copilot names no
// event in the payload: the event is the command's last word, as remit registers it.
import type { HookRun } from '../host-module.js';
import { runCommandHook, type CommandHookHost } from '../command-hook/run.js';
import { COPILOT_EVENTS, copilotEvent, normalizeCopilotPayload } from './events.js';
import { renderCopilot } from './render.js';

const copilotHookHost: CommandHookHost = {
  name: 'copilot',
  events: COPILOT_EVENTS,
  // Copilot sends no turn id.
  turnField: 'turn_id',
  toEvent: copilotEvent,
  render: renderCopilot,
  beforeTool: 'preToolUse',
  beforePrompt: 'userPromptSubmitted',
  normalize: normalizeCopilotPayload,
};

/** One Copilot CLI hook invocation: the stdin text → what the hook writes and its exit code. */
export const runCopilotHook: HookRun = (eventArg, stdinText, runtime, opts) => runCommandHook(copilotHookHost, eventArg, stdinText, runtime, opts);
