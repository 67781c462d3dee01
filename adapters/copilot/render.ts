// The controller's answer → exactly what GitHub Copilot CLI 1.0.102 reads on stdout (exit 0):
// top-level `permissionDecision` / `permissionDecisionReason` at preToolUse, `additionalContext`
// where the event takes context, and at userPromptSubmitted `handled` + `responseContent`,
// which answers the prompt without a model call. `allow` is never sent: it would skip
// Copilot's own approval prompts.
import type { ControllerResult } from '../../src/core/controller/result.js';
import { hostText } from '../command-hook/host-text.js';
import type { HookOutput } from '../command-hook/run.js';

// Copilot bounds hook output at 10 MiB; context this long would crowd the model's window first.
const COPILOT_TEXT_LIMIT = 9_000;
const CONTEXT_EVENTS = new Set(['sessionStart', 'userPromptSubmitted', 'subagentStart', 'preToolUse', 'postToolUse']);

export function renderCopilot(event: string, result: ControllerResult): HookOutput | null {
  const context = (text: string): HookOutput | null => (CONTEXT_EVENTS.has(event) ? { additionalContext: hostText(text, COPILOT_TEXT_LIMIT) } : null);
  switch (result.kind) {
    case 'none':
      return null;
    case 'context':
      return context(result.text);
    case 'prompt-block':
      if (event === 'userPromptSubmitted') return { handled: true, responseContent: hostText(result.text, COPILOT_TEXT_LIMIT) };
      return context(result.text);
    case 'decision': {
      if (event !== 'preToolUse') return null;
      const { outcome } = result.decision;
      // An ask's reason is shown to the person at Copilot's approval prompt; -p refuses the call
      // with it, so it still names what would allow the action.
      if (outcome === 'ask') return { permissionDecision: 'ask', permissionDecisionReason: hostText(result.question ?? result.message, COPILOT_TEXT_LIMIT) };
      if (outcome === 'deny') return { permissionDecision: 'deny', permissionDecisionReason: hostText(result.message, COPILOT_TEXT_LIMIT) };
      if (outcome === 'report') return { additionalContext: hostText(result.message, COPILOT_TEXT_LIMIT) };
      return null;
    }
  }
}
