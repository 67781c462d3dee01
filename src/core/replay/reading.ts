// How replay reads what remit answered for one step. Actions carry a Decision; prompts and
// lifecycle facts carry no reason code of their own, so replay names their outcomes with the
// fixed pseudo-codes below (documented in cases/README.md).
import type { ControllerResult } from '../controller/result.js';
import { locateDirective } from '../contract/locate.js';

export type ReplayOutcome = 'allow' | 'report' | 'ask' | 'deny' | 'block' | 'answer' | 'none';

export interface StepReading {
  outcome: ReplayOutcome;
  reasonCode: string;
  /** How the verdict reached the host: `core` for the core target, the adapter's channel otherwise. */
  channel: string;
}

/** Pseudo reason codes for steps that end in no Decision. */
const PROMPT_CODES = {
  /** A valid directive was accepted; its effective contract goes back as context. */
  directiveAccepted: 'DIRECTIVE_ACCEPTED',
  /** An inspection command (`$remit status`, `$remit allow evt_…` …) was answered instead of reaching the model. */
  inspection: 'INSPECTION',
  /** A prompt with no directive tightened an armed contract (a plain-language correction). */
  correctionAccepted: 'CORRECTION_ACCEPTED',
  /** remit added context on a lifecycle fact (a session start, a subagent start). */
  context: 'CONTEXT',
  /** remit had nothing to say. */
  passed: 'PASSED',
  /** A prompt was blocked without naming an error code. */
  blocked: 'PROMPT_BLOCKED',
} as const;

/**
 * ControllerResult → reading. `prompt` is set for prompt steps: an accepted context is a
 * directive only when the prompt holds one where the contract parser would look.
 */
export function readControllerResult(result: ControllerResult, channel: string, prompt?: string): StepReading {
  switch (result.kind) {
    case 'decision':
      return { outcome: result.decision.outcome, reasonCode: result.decision.reasonCode, channel };
    case 'prompt-block':
      if (result.inspection) return { outcome: 'answer', reasonCode: PROMPT_CODES.inspection, channel };
      return { outcome: 'block', reasonCode: result.code ?? PROMPT_CODES.blocked, channel };
    case 'context':
      if (prompt === undefined) return { outcome: 'none', reasonCode: PROMPT_CODES.context, channel };
      // A prompt that changes the contract is either a directive or a correction.
      return { outcome: 'none', reasonCode: locateDirective(prompt) !== null ? PROMPT_CODES.directiveAccepted : PROMPT_CODES.correctionAccepted, channel };
    case 'none':
      return { outcome: 'none', reasonCode: PROMPT_CODES.passed, channel };
  }
}
