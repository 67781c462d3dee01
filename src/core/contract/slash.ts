// Host-side spellings of a directive that adapters turn into `$remit …` before parsing
// (docs/DESIGN.md#task-contract). Nothing else in a prompt is ever unwrapped.
import { firstContentLine } from './locate.js';

const SLASH_NAMES = new Set(['remit', 'remit:remit']);

/**
 * A host slash command, as the host reports it (name with or without the leading `/`, and
 * its argument text), → the equivalent prompt, or null when the command is not remit's.
 * `/remit:remit` is the plugin-namespaced form Claude Code gives a plugin's command.
 */
export function fromSlashCommand(name: string, args: string): string | null {
  const bare = name.trim().replace(/^\//, '').toLowerCase();
  if (!SLASH_NAMES.has(bare)) return null;
  return args === '' ? '$remit' : /^\s/.test(args) ? `$remit${args}` : `$remit ${args}`;
}

// Case-insensitive by spelling each letter's two cases (see corrections.ts STOP for why not `i`).
const SLASH_MENTION = /^( {0,3})\/[Rr][Ee][Mm][Ii][Tt](?::[Rr][Ee][Mm][Ii][Tt])?(?=$|\s|:|--)/;

/**
 * Prompt text whose first non-empty line starts with `/remit …` (the raw text some hosts
 * hand to a prompt hook) → the same text with `$remit` in its place; other text unchanged.
 * The same position rules as a directive apply, so a quoted or indented slash form stays text.
 */
export function rewriteSlashPrompt(text: string): string {
  const first = firstContentLine(text);
  if (!first) return text;
  const m = SLASH_MENTION.exec(first.line);
  if (!m) return text;
  const at = first.start + m[1]!.length;
  return text.slice(0, at) + '$remit' + text.slice(first.start + m[0].length);
}

/**
 * `opencode run "<text>"` hands the text to plugins wrapped in one pair of literal double
 * quotes (seen on OpenCode 1.18.33; its TUI does not). Exactly that one pair is removed.
 */
export function unwrapOpencodeRunQuotes(text: string): string {
  return text.length >= 2 && text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1) : text;
}
