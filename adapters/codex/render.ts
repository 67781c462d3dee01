// The controller's answer → exactly what Codex accepts on stdout (exit 0). Codex parses
// hook output with unknown fields refused: one field too many marks the hook failed and the
// tool RUNS. So each event gets only the fields its output schema lists, `hookEventName`
// equal to the event. Codex has no `ask`: an ask is a deny whose text names the line that
// authorises it. JSON deny verified on 0.171.0.
import { hookRenderer } from '../command-hook/render-hook.js';

// Codex shows the model about 2,500 tokens of a hook's context (`additionalContextLimit`)
// and spills the rest to a file; 8,000 characters stays under that for English text.
const CODEX_TEXT_LIMIT = 8_000;

export const renderCodex = hookRenderer({
  textLimit: CODEX_TEXT_LIMIT,
  contextEvents: new Set(['SessionStart', 'UserPromptSubmit', 'SubagentStart', 'PreToolUse', 'PostToolUse']),
  userLineEvents: new Set(['SessionStart', 'UserPromptSubmit', 'SubagentStart']),
  blockablePrompts: new Set(['UserPromptSubmit']),
  nativeAsk: false,
});
