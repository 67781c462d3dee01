// Hermes V4A (`patch` tool, mode "patch"; tools/patch_parser.py on main, checked 2026-12).
// Hermes parses from the last `*** Begin Patch` before the first `*** End Patch` (from the
// top when there is none), matches op markers at column 0 with loose spacing, takes
// `*** Move File: a -> b` as a rename with no hunks, treats unknown lines inside an op as
// context and drops empty lines. We mirror that, and also accept the Codex `*** Move to:`
// line (newer Hermes rejects it, older ones did not) so a rename target is never missed.
import { addFile, newHunk, pushHunkLine, splitPatchLines, type PatchFile, type PatchHunk } from './patch-file.js';

const BEGIN = /^\*\*\*\s*Begin\s+Patch\s*$/;
const END = /^\*\*\*\s*End\s+Patch\s*$/;
const EOF_MARKER = /^\*\*\*\s*End\s+of\s+File\s*$/;
const UPDATE = /^\*\*\*\s*Update\s+File:\s*(.*)$/;
const ADD = /^\*\*\*\s*Add\s+File:\s*(.*)$/;
const DELETE = /^\*\*\*\s*Delete\s+File:\s*(.*)$/;
const MOVE_FILE = /^\*\*\*\s*Move\s+File:\s*(.*)$/;
const MOVE_TO = /^\*\*\*\s*Move\s+to:\s*(.*)$/;
const HINT = /^@@\s*(.*?)\s*(?:@@\s*)?$/;

class Unparsable extends Error {}

function fail(): never {
  throw new Unparsable('patch_unparsable');
}

interface Building {
  file: PatchFile;
  /** Add blocks collect '+' lines only; other lines in them are context Hermes ignores. */
  addLines?: string[];
  hunk?: PatchHunk;
}

export function parseV4a(text: string): PatchFile[] {
  const lines = splitPatchLines(text);
  let start = 0;
  let end = lines.length;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (BEGIN.test(l)) start = i + 1;
    else if (END.test(l)) {
      end = i;
      break;
    }
  }
  const files: PatchFile[] = [];
  let cur: Building | undefined;
  const finish = () => {
    if (!cur) return;
    if (cur.addLines) {
      files.push(addFile(cur.file.path, cur.addLines));
    } else {
      if (cur.hunk && (cur.hunk.oldLines.length > 0 || cur.hunk.newLines.length > 0)) cur.file.hunks.push(cur.hunk);
      if (cur.file.hunks.length === 0 && cur.file.moveTo === undefined) fail();
      files.push(cur.file);
    }
    cur = undefined;
  };
  const path = (raw: string | undefined): string => {
    const p = (raw ?? '').trim();
    if (p === '') fail();
    return p;
  };
  for (let i = start; i < end; i++) {
    const l = lines[i]!;
    let m: RegExpExecArray | null;
    if (l.startsWith('***')) {
      if ((m = UPDATE.exec(l))) {
        finish();
        cur = { file: { op: 'update', path: path(m[1]), added: [], removed: [], hunks: [] } };
      } else if ((m = ADD.exec(l))) {
        finish();
        cur = { file: { op: 'add', path: path(m[1]), added: [], removed: [], hunks: [] }, addLines: [] };
      } else if ((m = DELETE.exec(l))) {
        finish();
        files.push({ op: 'delete', path: path(m[1]), added: [], removed: [], hunks: [] });
      } else if ((m = MOVE_FILE.exec(l))) {
        finish();
        const arrow = m[1]!.indexOf('->');
        if (arrow < 0) fail();
        const from = path(m[1]!.slice(0, arrow));
        const to = path(m[1]!.slice(arrow + 2));
        files.push({ op: 'update', path: from, moveTo: to, added: [], removed: [], hunks: [] });
      } else if ((m = MOVE_TO.exec(l))) {
        if (!cur || cur.addLines) fail();
        cur.file.moveTo = path(m[1]);
      } else if (EOF_MARKER.test(l)) {
        continue;
      } else {
        // Something shaped like a marker that Hermes would take as context: too close to a
        // file operation to let it through unexamined.
        fail();
      }
      continue;
    }
    if (!cur || l === '') continue;
    if (cur.addLines) {
      if (l.startsWith('+')) cur.addLines.push(l.slice(1));
      continue;
    }
    if (l.startsWith('@@')) {
      if (cur.hunk && (cur.hunk.oldLines.length > 0 || cur.hunk.newLines.length > 0)) cur.file.hunks.push(cur.hunk);
      cur.hunk = newHunk(HINT.exec(l)?.[1] ?? '');
      continue;
    }
    if (l.startsWith('\\')) continue;
    cur.hunk ??= newHunk();
    const kind = l[0] === '+' || l[0] === '-' || l[0] === ' ' ? (l[0] as ' ' | '+' | '-') : undefined;
    if (kind) pushHunkLine(cur.file, cur.hunk, kind, l.slice(1));
    else pushHunkLine(cur.file, cur.hunk, ' ', l);
  }
  finish();
  return files;
}
