// Unified diffs (`git diff`, `diff -u`): what `git apply` and `patch` would touch. Hunk
// bodies are consumed by their `@@ -a,b +c,d @@` line counts, as those tools do, so a
// removed line that reads `--- x` is never taken for a file header. Text outside file
// sections (a commit message, a prose preamble) is ignored, as both tools ignore it.
import { PatchBuilder, PatchLines, type PatchFile } from './patch-file.js';

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@ ?(.*)$/;
const DEV_NULL = '/dev/null';

class Unparsable extends Error {}

function fail(): never {
  throw new Unparsable('patch_unparsable');
}

/** Undoes git's C-style quoting of a path ("a/sp\303\244ce"). */
function unquoteGitPath(raw: string): string {
  if (!(raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"'))) return raw;
  const bytes: number[] = [];
  const body = raw.slice(1, -1);
  const simple: Record<string, number> = { n: 10, t: 9, r: 13, '"': 34, '\\': 92, a: 7, b: 8, f: 12, v: 11 };
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c !== '\\') {
      for (const b of Buffer.from(c, 'utf8')) bytes.push(b);
      continue;
    }
    const next = body[i + 1] ?? '';
    if (/[0-7]/.test(next)) {
      const oct = /^[0-7]{1,3}/.exec(body.slice(i + 1))![0];
      bytes.push(parseInt(oct, 8) & 0xff);
      i += oct.length;
    } else {
      bytes.push(simple[next] ?? next.charCodeAt(0));
      i += 1;
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The path of a `---`/`+++` line: drops the timestamp `diff -u` appends after a tab. */
function headerPath(rest: string): string {
  let p = rest;
  if (!p.startsWith('"')) {
    const tab = p.indexOf('\t');
    if (tab >= 0) p = p.slice(0, tab);
  }
  return unquoteGitPath(p.trim());
}

/** git's `a/` and `b/` prefixes are not part of the path (`git apply` strips one level). */
function stripSide(p: string, side: 'a/' | 'b/'): string {
  return p.startsWith(side) ? p.slice(2) : p;
}

/** `diff --git a/x b/x`: split only when both halves name the same path, as git does. */
function gitHeaderPaths(rest: string): { from: string; to: string } | undefined {
  const quoted = /^("(?:[^"\\]|\\.)*")\s+("(?:[^"\\]|\\.)*")$/.exec(rest);
  if (quoted) return { from: stripSide(unquoteGitPath(quoted[1]!), 'a/'), to: stripSide(unquoteGitPath(quoted[2]!), 'b/') };
  if (rest.startsWith('a/')) {
    const half = (rest.length - 1) / 2;
    if (Number.isInteger(half) && rest[half] === ' ' && rest.slice(2, half) === rest.slice(half + 3)) {
      return { from: rest.slice(2, half), to: rest.slice(half + 3) };
    }
  }
  return undefined;
}

interface Section {
  from?: string;
  to?: string;
  renameFrom?: string;
  renameTo?: string;
  created: boolean;
  deleted: boolean;
  sawHeader: boolean;
}

function freshSection(): Section {
  return { created: false, deleted: false, sawHeader: false };
}

/** Ends a file section: its hunks are the ones `file` gathered since the last. */
function finishSection(s: Section | undefined, file: PatchBuilder, files: PatchFile[]): void {
  if (!s) return;
  const from = s.renameFrom ?? s.from;
  const to = s.renameTo ?? s.to;
  if (s.created || (from === DEV_NULL && to !== undefined && to !== DEV_NULL)) {
    if (to === undefined || to === DEV_NULL || to === '') fail();
    files.push(file.build('add', to));
  } else if (s.deleted || (to === DEV_NULL && from !== undefined)) {
    if (from === undefined || from === DEV_NULL || from === '') fail();
    files.push(file.build('delete', from));
  } else {
    const path = from ?? to;
    if (path === undefined || path === '') fail();
    files.push(file.build('update', path, to !== undefined && to !== path ? to : undefined));
  }
}

export function parseUnifiedDiff(text: string): PatchFile[] {
  const lines = new PatchLines(text);
  const files: PatchFile[] = [];
  const file = new PatchBuilder(lines.length);
  let s: Section | undefined;
  const n = lines.length;
  let i = 0;
  while (i < n) {
    const l = lines.at(i);
    if (l.startsWith('diff --git ')) {
      finishSection(s, file, files);
      s = freshSection();
      s.sawHeader = true;
      const paths = gitHeaderPaths(l.slice('diff --git '.length));
      if (paths) {
        s.from = paths.from;
        s.to = paths.to;
      }
      i++;
      continue;
    }
    if (l.startsWith('--- ') && i + 1 < n && lines.at(i + 1).startsWith('+++ ')) {
      // A new `---` after a section that already has hunks starts the next file (plain `diff -u` output).
      if (!s || file.hunkCount > 0 || (s.from !== undefined && !s.sawHeader)) {
        finishSection(s, file, files);
        s = freshSection();
      }
      const from = headerPath(l.slice(4));
      const to = headerPath(lines.at(i + 1).slice(4));
      s.from = from === DEV_NULL ? DEV_NULL : stripSide(from, 'a/');
      s.to = to === DEV_NULL ? DEV_NULL : stripSide(to, 'b/');
      s.sawHeader = false;
      i += 2;
      continue;
    }
    const hh = HUNK_HEADER.exec(l);
    if (hh) {
      if (!s || (s.from === undefined && s.to === undefined)) fail();
      let oldLeft = hh[2] === undefined ? 1 : Number(hh[2]);
      let newLeft = hh[4] === undefined ? 1 : Number(hh[4]);
      file.openHunk(hh[5]?.trim());
      i++;
      while (i < n && (oldLeft > 0 || newLeft > 0)) {
        const c = lines.first(i);
        if (c === ' ' || c === '') {
          // git apply accepts an empty line for an empty context line (editors strip the space).
          if (oldLeft <= 0 || newLeft <= 0) fail();
          file.line(' ', c === '' ? '' : lines.rest(i));
          oldLeft--;
          newLeft--;
        } else if (c === '-') {
          if (oldLeft <= 0) fail();
          file.line('-', lines.rest(i));
          oldLeft--;
        } else if (c === '+') {
          if (newLeft <= 0) fail();
          file.line('+', lines.rest(i));
          newLeft--;
        } else if (c === '\\') {
          // "\ No newline at end of file"
        } else {
          fail();
        }
        i++;
      }
      if (oldLeft > 0 || newLeft > 0) fail();
      while (i < n && lines.first(i) === '\\') i++;
      file.closeHunk(true);
      continue;
    }
    if (s && s.sawHeader) {
      let m: RegExpExecArray | null;
      if ((m = /^rename from (.*)$/.exec(l)) || (m = /^copy from (.*)$/.exec(l))) s.renameFrom = unquoteGitPath(m[1]!);
      else if ((m = /^rename to (.*)$/.exec(l)) || (m = /^copy to (.*)$/.exec(l))) s.renameTo = unquoteGitPath(m[1]!);
      else if (l.startsWith('new file mode')) s.created = true;
      else if (l.startsWith('deleted file mode')) s.deleted = true;
    }
    i++;
  }
  finishSection(s, file, files);
  return files;
}
