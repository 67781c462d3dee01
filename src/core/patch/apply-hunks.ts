// Rebuilds a file's new text from its old text and a patch's hunks, so the intents can
// compare whole files (sections, comments and strings resolved) instead of fragments.
// Matching is exact, then ignoring trailing, then surrounding whitespace — the same
// tolerance ladder Codex and OpenCode use. Returns undefined when a hunk does not fit.
import type { PatchHunk } from './patch-file.js';

type Compare = (a: string, b: string) => boolean;
const LADDER: Compare[] = [(a, b) => a === b, (a, b) => a.trimEnd() === b.trimEnd(), (a, b) => a.trim() === b.trim()];

function seek(lines: readonly string[], pattern: readonly string[], from: number): number {
  if (pattern.length === 0) return -1;
  for (const eq of LADDER) {
    outer: for (let i = from; i + pattern.length <= lines.length; i++) {
      for (let j = 0; j < pattern.length; j++) if (!eq(lines[i + j]!, pattern[j]!)) continue outer;
      return i;
    }
  }
  return -1;
}

export function applyHunks(oldText: string, hunks: readonly PatchHunk[]): string | undefined {
  const lines = oldText.replace(/\r\n/g, '\n').split('\n');
  let cursor = 0;
  for (const h of hunks) {
    let headerFound = false;
    if (h.header) {
      const at = seek(lines, [h.header], cursor);
      if (at >= 0) {
        cursor = at + 1;
        headerFound = true;
      }
    }
    if (h.oldLines.length === 0) {
      // Pure addition: after its section/context line when there is one, else at the end.
      let at = headerFound ? cursor : lines.length;
      if (at === lines.length && lines[lines.length - 1] === '') at--;
      lines.splice(at, 0, ...h.newLines);
      cursor = at + h.newLines.length;
      continue;
    }
    let at = seek(lines, h.oldLines, cursor);
    if (at < 0) at = seek(lines, h.oldLines, 0);
    if (at < 0) return undefined;
    lines.splice(at, h.oldLines.length, ...h.newLines);
    cursor = at + h.newLines.length;
  }
  return lines.join('\n');
}
