// Words for hosts that cannot stop a prompt from reaching the model (OpenCode V1, Hermes CLI):
// remit's answer rides along as context and the model is told to relay it and stop. A pending
// directive error still pauses mutating actions in the core, whatever the model does.
import type { ControllerResult } from '../../src/core/controller/result.js';

export function promptBlockAsContext(result: Extract<ControllerResult, { kind: 'prompt-block' }>): string {
  if (result.inspection) {
    return `The user's last message was a remit command, answered by remit below. Show the user this answer as it is and take no other action for that message.\n\n${result.text}`;
  }
  return (
    `remit refused the user's directive${result.code ? ` (${result.code})` : ''}: nothing in the contract changed, and ` +
    `writes, unknown commands and subagents stay paused until the user sends a valid directive. Tell the user this and do not start the task.\n\n${result.text}`
  );
}
