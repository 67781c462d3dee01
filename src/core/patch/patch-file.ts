// What every patch grammar parses into (parse-patch.ts), and the helpers its format readers
// build it with: one shape, so file effects and intents never depend on the host's format.

export interface PatchHunk {
  context: string[];
  removed: string[];
  added: string[];
  /** The hunk's old side in file order (context and removed lines). */
  oldLines: string[];
  /** The hunk's new side in file order (context and added lines). */
  newLines: string[];
  /** Text after `@@` (a section or function line of the old file), when the patch gives one. */
  header?: string;
}

export interface PatchFile {
  op: 'add' | 'update' | 'delete';
  /** As written in the patch (relative or absolute). */
  path: string;
  /** Rename target. */
  moveTo?: string;
  /** Added line texts (without the leading '+'). */
  added: string[];
  /** Removed line texts. */
  removed: string[];
  /** Per hunk, for fragment comparison. An `add` carries one hunk holding the whole new text. */
  hunks: PatchHunk[];
}

/** Splits on LF, dropping the CR of CRLF line ends; linear in the text length. */
export function splitPatchLines(text: string): string[] {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.endsWith('\r')) lines[i] = l.slice(0, -1);
  }
  return lines;
}

/** Builds a hunk accumulator; `push` keeps the per-side order the intents need. */
export function newHunk(header?: string): PatchHunk {
  const h: PatchHunk = { context: [], removed: [], added: [], oldLines: [], newLines: [] };
  if (header !== undefined && header !== '') h.header = header;
  return h;
}

export function pushHunkLine(file: PatchFile, hunk: PatchHunk, kind: ' ' | '-' | '+', text: string): void {
  if (kind === ' ') {
    hunk.context.push(text);
    hunk.oldLines.push(text);
    hunk.newLines.push(text);
  } else if (kind === '-') {
    hunk.removed.push(text);
    hunk.oldLines.push(text);
    file.removed.push(text);
  } else {
    hunk.added.push(text);
    hunk.newLines.push(text);
    file.added.push(text);
  }
}

/** An `add` file: all its lines are the new text, held as one hunk. */
export function addFile(path: string, lines: string[]): PatchFile {
  return {
    op: 'add',
    path,
    added: lines,
    removed: [],
    hunks: [{ context: [], removed: [], added: lines, oldLines: [], newLines: lines }],
  };
}
