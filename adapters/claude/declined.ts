// The calls the person declined at Claude Code's own permission prompt. Claude Code fires no
// hook for a "No" (no PermissionDenied, no PostToolUse, no Stop: the turn is interrupted), but
// it writes the refusal to the session transcript as a tool result marked
//   "toolDenialKind": "user-rejected", "toolDenialBeforeRun": true
// with the call's tool_use_id (seen on 2.1.332 in the terminal UI; e2e/captures/interactive/).
// The next prompt (or the session's end) reads the last turn's refusals from the transcript's
// tail, so each one is reported once: the prompt being submitted is not in the file yet.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

/** Enough for the turn an ask interrupts; a longer turn's early refusals stay unobserved. */
const TAIL_BYTES = 1024 * 1024;

function tail(file: string): string | null {
  let fd: number | undefined;
  try {
    // Non-blocking: a FIFO named as the transcript must not hang the hook; only a file is read.
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
    const st = fstatSync(fd);
    if (!st.isFile()) return null;
    const length = Math.min(st.size, TAIL_BYTES);
    const buf = Buffer.alloc(length);
    readSync(fd, buf, 0, length, st.size - length);
    return buf.toString('utf8');
  } catch {
    return null;
  } finally {
    if (fd !== undefined) closeSync(fd);
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
  let turn: unknown;
  const ids: string[] = [];
  // The first line may be cut by the tail; it fails to parse and is skipped like any bad line.
  for (let i = lines.length - 1; i >= 0; i--) {
    const raw = lines[i]!;
    if (!raw.includes('"promptId"')) continue;
    let line: Record<string, unknown>;
    try {
      line = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (typeof line.promptId !== 'string') continue;
    if (turn === undefined) turn = line.promptId;
    else if (line.promptId !== turn) break;
    ids.unshift(...rejectedIds(line));
  }
  return ids;
}
