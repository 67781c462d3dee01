// The controller's answer → a command-hook host's stdout JSON. Codex and Claude Code share
// the protocol and differ only in what this spec names: which events take context, which can
// block a prompt, how long a string may be, and whether `ask` exists.
import type { ControllerResult } from '../../src/core/controller/result.js';
import { hostText, oneLine } from './host-text.js';
import type { HookOutput } from './run.js';

const USER_LINE_LIMIT = 300;

export interface HookRenderSpec {
  textLimit: number;
  /** Events whose output accepts `hookSpecificOutput.additionalContext`. */
  contextEvents: ReadonlySet<string>;
  /** Events whose output shows `systemMessage` to the user. */
  userLineEvents: ReadonlySet<string>;
  /** Events that accept `decision: "block"` for a prompt. */
  blockablePrompts: ReadonlySet<string>;
  /** The host honours `permissionDecision: "ask"`; otherwise an ask is sent as a deny. */
  nativeAsk: boolean;
}

export function hookRenderer(spec: HookRenderSpec): (event: string, result: ControllerResult) => HookOutput | null {
  function context(event: string, text: string, userLine?: string): HookOutput | null {
    if (!spec.contextEvents.has(event)) return null;
    const out: HookOutput = { hookSpecificOutput: { hookEventName: event, additionalContext: hostText(text, spec.textLimit) } };
    if (userLine && spec.userLineEvents.has(event)) out.systemMessage = oneLine(userLine, USER_LINE_LIMIT);
    return out;
  }
  return (event, result) => {
    switch (result.kind) {
      case 'none':
        return null;
      case 'context':
        return context(event, result.text, result.userLine);
      case 'prompt-block':
        if (spec.blockablePrompts.has(event)) return { decision: 'block', reason: hostText(result.text, spec.textLimit) };
        return context(event, result.text);
      case 'decision': {
        if (event !== 'PreToolUse') return null;
        const { outcome } = result.decision;
        // A native ask's reason is shown to the person at the host's Yes/No (Claude Code 2.1.x);
        // a deny's, and an ask sent as a deny, to the model.
        const nativeAsk = outcome === 'ask' && spec.nativeAsk;
        const text = hostText(nativeAsk ? (result.question ?? result.message) : result.message, spec.textLimit);
        if (outcome === 'deny' || outcome === 'ask') {
          return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: nativeAsk ? 'ask' : 'deny', permissionDecisionReason: text } };
        }
        if (outcome === 'report') return { hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: text } };
        return null;
      }
    }
  };
}
