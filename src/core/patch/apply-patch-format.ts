// Codex `apply_patch` (also OpenCode V1 `apply_patch.patchText`, V2 `patch.patchText`, omp
// `edit.input`). Codex's own parser (codex-rs/apply-patch, 0.12x-0.17x) trims marker lines,
// ends an Add block at the first line not starting with '+', and ends an Update block at
// the first line starting with '*'; OpenCode (1.18) looks for the markers anywhere and skips
// lines it does not know. We accept the union of what either host would write and refuse
// (not ok) anything that could hide a target from us: stray lines between file blocks,
// text before Begin Patch or after End Patch, an Update with nothing in it.
import { PatchBuilder, PatchLines, type PatchFile } from './patch-file.js';

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

/** [lo, hi) without its blank lines at either end. */
function trimOuterBlankLines(lines: PatchLines, lo: number, hi: number): [number, number] {
  while (lo < hi && lines.at(lo).trim() === '') lo++;
  while (hi > lo && lines.at(hi - 1).trim() === '') hi--;
  return [lo, hi];
}

/** [lo, hi) without a heredoc's opening line and terminator around the patch, when it has them. */
function stripHeredoc(lines: PatchLines, lo: number, hi: number): [number, number] {
  const m = lo < hi ? HEREDOC_OPEN.exec(lines.at(lo).trim()) : null;
  if (!m) return [lo, hi];
  const delimiter = m[2]!;
  lo++;
  // A missing terminator still runs in bash (it warns and takes the rest as the body).
  if (hi > lo && lines.at(hi - 1).trim() === delimiter) hi--;
  return trimOuterBlankLines(lines, lo, hi);
}

/** Returns the parsed files; throws Unparsable (caught by parsePatch) on any doubt. */
export function parseApplyPatch(text: string): PatchFile[] {
  const lines = new PatchLines(text);
  const [lo, n] = stripHeredoc(lines, ...trimOuterBlankLines(lines, 0, lines.length));
  if (lo === n || lines.at(lo).trim() !== BEGIN) fail();
  const files: PatchFile[] = [];
  const build = new PatchBuilder(lines.length);
  let i = lo + 1;
  while (i < n) {
    const line = lines.at(i).trim();
    if (line === '') {
      i++;
      continue;
    }
    if (line === END) {
      for (let j = i + 1; j < n; j++) if (lines.at(j).trim() !== '') fail();
      break;
    }
    const header = FILE_HEADER.exec(line);
    if (!header) fail();
    const path = header[2]!.trim();
    if (path === '') fail();
    i++;
    if (header[1] === 'Delete') {
      files.push(build.bare('delete', path));
      continue;
    }
    if (header[1] === 'Add') {
      while (i < n) {
        const first = lines.first(i);
        if (first === '+') build.addLine(lines.rest(i));
        else if (first === '') build.addLine('');
        else break;
        i++;
      }
      while (build.addCount > 0 && build.lastAdded() === '' && lines.empty(i - 1)) {
        build.lastAdded(true);
        i--;
      }
      files.push(build.buildAdd(path));
      continue;
    }
    i = parseUpdate(lines, i, n, path, files, build);
  }
  return files;
}

function parseUpdate(lines: PatchLines, start: number, n: number, path: string, files: PatchFile[], file: PatchBuilder): number {
  let i = start;
  const move = i < n ? MOVE_TO.exec(lines.at(i).trim()) : null;
  let moveTo: string | undefined;
  if (move) {
    moveTo = move[1]!.trim();
    if (moveTo === '') fail();
    i++;
  }
  while (i < n) {
    // Told by the first character; a hunk line's string is made only without it.
    const c = lines.first(i);
    if (c === '@' && lines.at(i).startsWith('@@')) {
      file.openHunk(lines.at(i).slice(2).trim());
    } else if (c === '*' && lines.at(i).trimEnd() === EOF_MARKER) {
      if (!file.open) fail();
      file.closeHunk();
    } else if (c === ' ' || c === '+' || c === '-') {
      file.line(c, lines.rest(i));
    } else if (c === '') {
      // Codex reads an empty line inside a chunk as an empty context line.
      if (file.open) file.line(' ', '');
    } else if (c === '*') {
      break;
    } else {
      fail();
    }
    i++;
  }
  file.closeHunk();
  if (file.hunkCount === 0 && moveTo === undefined) fail();
  files.push(file.build('update', path, moveTo));
  return i;
}
