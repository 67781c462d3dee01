// What an adapter is handed to do its work: the controller, the classifier and the folders.
// One Runtime serves the spawned hook, the in-process plugins, `check`, `replay` and tests.
import type { Action, ActionBeforeEvent, ControlEvent, PromptSubmitEvent, ToolRequest } from '../../generated/types.js';
import type { ControllerResult } from '../controller/result.js';

export interface ClassifyBase {
  /** The host's call id. */
  id: string;
  /** The host tool name as the host spelled it. */
  tool: string;
  /** The directory the call runs in (the session cwd unless the tool names another). */
  cwd: string;
}

export interface Runtime {
  /** REMIT_HOME: state, audit, secret. */
  home: string;
  /** Environment the host gave remit (REMIT_DISABLE, REMIT_AUDIT …). */
  env: Readonly<Record<string, string | undefined>>;
  now(): Date;
  /** ToolRequest → classified Action (loads the shell parser only for shell requests). */
  classify(request: ToolRequest, base: ClassifyBase): Promise<Action>;
  /** Applies one ControlEvent to its session (state, ledger, audit) and answers. Never throws. */
  handle(event: ControlEvent): Promise<ControllerResult>;
  /**
   * The GUARD_ERROR path for a fault after the session is known but before a full event
   * exists (a truncated payload, an event that could not be built): deny when ARMED,
   * audited. Never throws. Optional: adapters fall back to an `unknown` action through handle.
   */
  failClosed?(event: ActionBeforeEvent, code: 'PAYLOAD_TRUNCATED' | 'EVENT_UNREADABLE' | 'INTERNAL_ERROR'): ControllerResult;
  /**
   * The same for a user's prompt that could not be read whole and whose readable part names
   * remit (`prompt` is what was read, never recorded): answered that nothing changed, audited
   * in the session (metadata only). Never throws. Optional: adapters then answer unrecorded.
   */
  failPrompt?(event: PromptSubmitEvent, code: 'PAYLOAD_TRUNCATED' | 'EVENT_UNREADABLE'): ControllerResult;
}
