// The calls the person declined at Claude Code's own permission prompt. Claude Code fires no
// hook for a "No" (no PermissionDenied, no PostToolUse, no Stop: the turn is interrupted), but
// it writes the refusal to the session transcript as a tool result marked
//   "toolDenialKind": "user-rejected", "toolDenialBeforeRun": true
// with the call's tool_use_id (seen on 2.1.332 in the terminal UI; e2e/captures/interactive/).
// The next prompt (or the session's end) reads the last turn's refusals from the transcript's
// tail, so each one is reported once: the prompt being submitted is not in the file yet.
import { utf8Of } from '../../src/core/crypto/bytes.js';
import { readRegularFileTailSync } from '../../src/core/state/files.js';

/** Enough for the turn an ask interrupts; a longer turn's early refusals stay unobserved. */
const TAIL_BYTES = 1024 * 1024;
const PROMPT_ID = /"promptId":"([^"\\]{1,512})"/;

function tail(file: string): string | null {
  try {
    // Non-blocking: a FIFO named as the transcript must not hang the hook; only a file is read.
    return utf8Of(readRegularFileTailSync(file, TAIL_BYTES));
  } catch {
    return null;
  }
}

function rejectedIds(line: Record<string, unknown>): string[] {
  if (line.toolDenialKind !== 'user-rejected' || line.toolDenialBeforeRun !== true || line.isSidechain === true) return [];
  const content = (line.message as { content?: unknown } | undefined)?.content;
  if (!Array.isArray(content)) return [];
  return content.flatMap((c) => {
    const block = c as { type?: unknown; tool_use_id?: unknown };
    return block.type === 'tool_result' && typeof block.tool_use_id === 'string' && block.tool_use_id.length <= 512 ? [block.tool_use_id] : [];
  });
}

/**
 * The tool_use_ids the person declined in the transcript's last turn (the lines that carry the
 * newest `promptId`), oldest first. Empty when the transcript cannot be read: nothing is claimed.
 */
export function declinedInLastTurn(transcriptPath: string | undefined): string[] {
  if (!transcriptPath) return [];
  const text = tail(transcriptPath);
  if (text === null) return [];
  const lines = text.split('\n');
  let turn: string | undefined;
  const ids: string[] = [];
  // Only a refusal line is parsed; the turn of the others is read from the key itself (inside a
  // JSON string the quotes would be escaped, so this matches the line's own promptId only). The
  // first line may be cut by the tail; it is skipped like any line that does not parse.
  for (let i = lines.length - 1; i >= 0; i--) {
    const raw = lines[i]!;
    const promptId = PROMPT_ID.exec(raw)?.[1];
    if (promptId === undefined) continue;
    if (turn === undefined) turn = promptId;
    else if (promptId !== turn) break;
    if (!raw.includes('"user-rejected"')) continue;
    try {
      ids.unshift(...rejectedIds(JSON.parse(raw) as Record<string, unknown>));
    } catch {
      // a cut or damaged line proves nothing
    }
  }
  return ids;
}
