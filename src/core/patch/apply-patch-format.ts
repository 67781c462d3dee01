// Codex `apply_patch` (also OpenCode V1 `apply_patch.patchText`, V2 `patch.patchText`, omp
// `edit.input`). Codex's own parser (codex-rs/apply-patch, 0.12x-0.17x) trims marker lines,
// ends an Add block at the first line not starting with '+', and ends an Update block at
// the first line starting with '*'; OpenCode (1.18) looks for the markers anywhere and skips
// lines it does not know. We accept the union of what either host would write and refuse
// (not ok) anything that could hide a target from us: stray lines between file blocks,
// text before Begin Patch or after End Patch, an Update with nothing in it.
import { addFile, newHunk, pushHunkLine, splitPatchLines, type PatchFile, type PatchHunk } from './patch-file.js';

const BEGIN = '*** Begin Patch';
const END = '*** End Patch';
const EOF_MARKER = '*** End of File';
const FILE_HEADER = /^\*\*\* (Add|Delete|Update) File:(.*)$/;
const MOVE_TO = /^\*\*\* Move to:(.*)$/;
/** `<<EOF`, `<<'EOF'`, `<<"EOF"`, optionally after `apply_patch`/`cat` (Codex lenient mode, OpenCode stripHeredoc). */
const HEREDOC_OPEN = /^(?:(?:apply_patch|applypatch|cat)\s+)?<<-?\s*(['"]?)([A-Za-z_][\w.-]*)\1$/;

class Unparsable extends Error {}

function fail(): never {
  throw new Unparsable('patch_unparsable');
}

function trimOuterBlankLines(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start]!.trim() === '') start++;
  while (end > start && lines[end - 1]!.trim() === '') end--;
  return lines.slice(start, end);
}

function stripHeredoc(lines: string[]): string[] {
  const first = lines[0]?.trim();
  const m = first === undefined ? null : HEREDOC_OPEN.exec(first);
  if (!m) return lines;
  const delimiter = m[2]!;
  const body = lines.slice(1);
  // A missing terminator still runs in bash (it warns and takes the rest as the body).
  if (body.length > 0 && body[body.length - 1]!.trim() === delimiter) body.pop();
  return trimOuterBlankLines(body);
}

/** Returns the parsed files; throws Unparsable (caught by parsePatch) on any doubt. */
export function parseApplyPatch(text: string): PatchFile[] {
  const lines = stripHeredoc(trimOuterBlankLines(splitPatchLines(text)));
  if (lines.length === 0 || lines[0]!.trim() !== BEGIN) fail();
  const files: PatchFile[] = [];
  let i = 1;
  const n = lines.length;
  while (i < n) {
    const raw = lines[i]!;
    const line = raw.trim();
    if (line === '') {
      i++;
      continue;
    }
    if (line === END) {
      for (let j = i + 1; j < n; j++) if (lines[j]!.trim() !== '') fail();
      break;
    }
    const header = FILE_HEADER.exec(line);
    if (!header) fail();
    const path = header[2]!.trim();
    if (path === '') fail();
    i++;
    if (header[1] === 'Delete') {
      files.push({ op: 'delete', path, added: [], removed: [], hunks: [] });
      continue;
    }
    if (header[1] === 'Add') {
      const content: string[] = [];
      while (i < n) {
        const l = lines[i]!;
        if (l.startsWith('+')) content.push(l.slice(1));
        else if (l === '') content.push('');
        else break;
        i++;
      }
      while (content.length > 0 && content[content.length - 1] === '' && lines[i - 1] === '') {
        content.pop();
        i--;
      }
      files.push(addFile(path, content));
      continue;
    }
    i = parseUpdate(lines, i, path, files);
  }
  return files;
}

function parseUpdate(lines: string[], start: number, path: string, files: PatchFile[]): number {
  const file: PatchFile = { op: 'update', path, added: [], removed: [], hunks: [] };
  let i = start;
  const n = lines.length;
  const move = i < n ? MOVE_TO.exec(lines[i]!.trim()) : null;
  if (move) {
    const target = move[1]!.trim();
    if (target === '') fail();
    file.moveTo = target;
    i++;
  }
  let hunk: PatchHunk | undefined;
  const closeHunk = () => {
    if (hunk && (hunk.oldLines.length > 0 || hunk.newLines.length > 0)) file.hunks.push(hunk);
    hunk = undefined;
  };
  while (i < n) {
    const l = lines[i]!;
    if (l.startsWith('@@')) {
      closeHunk();
      hunk = newHunk(l.slice(2).trim());
    } else if (l.trimEnd() === EOF_MARKER) {
      if (!hunk) fail();
      closeHunk();
    } else if (l.startsWith(' ') || l.startsWith('+') || l.startsWith('-')) {
      hunk ??= newHunk();
      pushHunkLine(file, hunk, l[0] as ' ' | '+' | '-', l.slice(1));
    } else if (l === '') {
      // Codex reads an empty line inside a chunk as an empty context line.
      if (hunk) pushHunkLine(file, hunk, ' ', '');
    } else if (l.startsWith('*')) {
      break;
    } else {
      fail();
    }
    i++;
  }
  closeHunk();
  if (file.hunks.length === 0 && file.moveTo === undefined) fail();
  files.push(file);
  return i;
}
