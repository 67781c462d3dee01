// Hermes V4A (`patch` tool, mode "patch"; tools/patch_parser.py on main, checked 2026-12).
// Hermes parses from the last `*** Begin Patch` before the first `*** End Patch` (from the
// top when there is none), matches op markers at column 0 with loose spacing, takes
// `*** Move File: a -> b` as a rename with no hunks, treats unknown lines inside an op as
// context and drops empty lines. We mirror that, and also accept the Codex `*** Move to:`
// line (newer Hermes rejects it, older ones did not) so a rename target is never missed.
import { PatchBuilder, PatchLines, type PatchFile } from './patch-file.js';

const BEGIN = /^\*\*\*\s*Begin\s+Patch\s*$/;
const END = /^\*\*\*\s*End\s+Patch\s*$/;
const EOF_MARKER = /^\*\*\*\s*End\s+of\s+File\s*$/;
// Each marker is `^<head>\s*(.*)$`; `marker` matches the head and takes the rest itself.
const UPDATE = /^\*\*\*\s*Update\s+File:\s*/;
const ADD = /^\*\*\*\s*Add\s+File:\s*/;
const DELETE = /^\*\*\*\s*Delete\s+File:\s*/;
const MOVE_FILE = /^\*\*\*\s*Move\s+File:\s*/;
const MOVE_TO = /^\*\*\*\s*Move\s+to:\s*/;
const LINE_BREAK = /[\n\r\u2028\u2029]/;

/**
 * The text after a marker's head, as `^<head>\s*(.*)$` captures it, or null when the line is
 * not that marker: the rest may hold no line break, which `.` does not match (the expression
 * itself gave back one blank at a time and ran `.*` again from each, quadratic in a line of
 * blanks before a U+2028).
 */
function marker(head: RegExp, line: string): string | null {
  const m = head.exec(line);
  if (!m) return null;
  const rest = line.slice(m[0].length);
  return LINE_BREAK.test(rest) ? null : rest;
}

/**
 * What `/^@@\s*(.*?)\s*(?:@@\s*)?$/` captures of an `@@` line ('' when it does not match),
 * told with string calls (the expression tried every split of the blanks: cubic in a line of
 * them): the text between, trimmed, without a closing `@@`. A break left inside that text has
 * text on both sides, which `.` cannot span and the blanks around it cannot take: no match.
 */
export function hint(line: string): string {
  const t = line.slice(2).trim();
  const between = t.endsWith('@@') ? t.slice(0, -2).trimEnd() : t;
  return LINE_BREAK.test(between) ? '' : between;
}

class Unparsable extends Error {}

function fail(): never {
  throw new Unparsable('patch_unparsable');
}

/** The file being read: an Add block collects '+' lines only (other lines in it are context Hermes ignores). */
interface Building {
  op: 'add' | 'update';
  path: string;
  moveTo?: string;
}

export function parseV4a(text: string): PatchFile[] {
  const lines = new PatchLines(text);
  let start = 0;
  let end = lines.length;
  for (let i = 0; i < lines.length; i++) {
    // Only a line starting with `***` can be either marker.
    if (lines.first(i) !== '*') continue;
    const l = lines.at(i);
    if (BEGIN.test(l)) start = i + 1;
    else if (END.test(l)) {
      end = i;
      break;
    }
  }
  const files: PatchFile[] = [];
  const build = new PatchBuilder(lines.length);
  let cur: Building | undefined;
  const finish = () => {
    if (!cur) return;
    if (cur.op === 'add') {
      files.push(build.buildAdd(cur.path));
    } else {
      build.closeHunk();
      if (build.hunkCount === 0 && cur.moveTo === undefined) fail();
      files.push(build.build('update', cur.path, cur.moveTo));
    }
    cur = undefined;
  };
  const path = (raw: string | undefined): string => {
    const p = (raw ?? '').trim();
    if (p === '') fail();
    return p;
  };
  for (let i = start; i < end; i++) {
    // Most lines are hunk lines: told by their first character, their string made only when kept.
    const c = lines.first(i);
    if (c === '*' && lines.at(i).startsWith('***')) {
      const l = lines.at(i);
      let m: string | null;
      if ((m = marker(UPDATE, l)) !== null) {
        finish();
        cur = { op: 'update', path: path(m) };
      } else if ((m = marker(ADD, l)) !== null) {
        finish();
        cur = { op: 'add', path: path(m) };
      } else if ((m = marker(DELETE, l)) !== null) {
        finish();
        files.push(build.bare('delete', path(m)));
      } else if ((m = marker(MOVE_FILE, l)) !== null) {
        finish();
        const arrow = m.indexOf('->');
        if (arrow < 0) fail();
        const from = path(m.slice(0, arrow));
        const to = path(m.slice(arrow + 2));
        files.push(build.bare('update', from, to));
      } else if ((m = marker(MOVE_TO, l)) !== null) {
        if (!cur || cur.op === 'add') fail();
        cur.moveTo = path(m);
      } else if (EOF_MARKER.test(l)) {
        continue;
      } else {
        // Something shaped like a marker that Hermes would take as context: too close to a
        // file operation to let it through unexamined.
        fail();
      }
      continue;
    }
    if (!cur || c === '') continue;
    if (cur.op === 'add') {
      if (c === '+') build.addLine(lines.rest(i));
      continue;
    }
    if (c === '@') {
      const l = lines.at(i);
      if (l.startsWith('@@')) {
        build.openHunk(hint(l));
        continue;
      }
    }
    if (c === '\\') continue;
    if (c === '+' || c === '-' || c === ' ') build.line(c, lines.rest(i));
    else build.line(' ', lines.at(i));
  }
  finish();
  return files;
}
