import type { Decision } from '../../generated/types.js';

/**
 * What the controller answers for one ControlEvent. Adapters render it into their host's
 * native response; the core never knows how.
 */
export type ControllerResult =
  /** Nothing to say: the host proceeds as it would without remit. */
  | { kind: 'none' }
  /** Text for the model (session start, an accepted directive, a subagent start); `userLine` is a short line for the user where the host can show one. */
  | { kind: 'context'; text: string; userLine?: string }
  /**
   * The prompt must not reach the model: a malformed directive (`code` names the error)
   * or an inspection command whose answer is `text`. Hosts that cannot block a prompt show
   * `text` as context instead; a pending directive error then pauses mutating actions.
   */
  | { kind: 'prompt-block'; text: string; code?: string; inspection?: boolean }
  /**
   * A verdict on an action.before; `message` is the full reason text for the model. An ask
   * also carries `question`, for the person at a host's own approval prompt.
   */
  | { kind: 'decision'; decision: Decision; eventId?: string; message: string; question?: string };
