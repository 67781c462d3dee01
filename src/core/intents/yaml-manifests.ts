// YAML manifests read line by line (no YAML library): conda environment files and Dart/
// Flutter pubspec.yaml. Indentation places a line under its top-level key; a fragment
// whose top-level key is not visible is read by the shape of its lines.
import { cutComment } from './line-text.js';
import { isAlnumCode, pep508Name } from './package-names.js';

/**
 * Each line that holds more than a comment and blanks: its indent and its text, trimmed and
 * without its comment. Handed over one at a time (an object apiece, kept in an array, was
 * most of what a megabyte cost).
 */
function eachLine(text: string, visit: (indent: number, line: string) => void): void {
  for (let start = 0; start <= text.length; ) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const raw = text.slice(start, end);
    start = end + 1;
    const noComment = cutComment(raw, '#', true).trimEnd();
    const line = noComment.trimStart();
    if (line !== '') visit(noComment.length - line.length, line);
  }
}

/** `s.replace(/^["']|["']$/g, '')`: one quote off each end. */
function unquote(s: string): string {
  const from = s[0] === '"' || s[0] === "'" ? 1 : 0;
  const last = s.length - 1;
  return s.slice(from, last >= from && (s[last] === '"' || s[last] === "'") ? last : s.length);
}

/** `numpy=1.26`, `conda-forge::numpy>=1`, `python=3.11` → `numpy`, `numpy`, undefined. */
export function condaName(spec: string): string | undefined {
  const s = (spec.includes('::') ? spec.replace(/^[\w.-]+::/, '') : spec).trim();
  // `^[A-Za-z0-9][A-Za-z0-9._-]*`, by code: no match object per line.
  if (!isAlnumCode(s.charCodeAt(0))) return undefined;
  let end = 1;
  while (end < s.length && (isAlnumCode(s.charCodeAt(end)) || s.charCodeAt(end) === 46 || s.charCodeAt(end) === 95 || s.charCodeAt(end) === 45)) end++;
  const n = (end === s.length ? s : s.slice(0, end)).toLowerCase();
  return n === 'python' || n === 'pip' ? undefined : n;
}

/**
 * environment.yml: the `dependencies:` list (conda specs) and its nested `- pip:` list
 * (PEP 508, prefixed `pip:`); `channels:` change where every package comes from, so
 * each channel is a name too. `whole` false: items with no visible parent count as
 * conda specs unless the fragment shows another parent.
 */
export function condaDependencies(text: string, whole: boolean): Set<string> {
  const names = new Set<string>();
  let section: 'dependencies' | 'channels' | 'other' | 'unknown' = whole ? 'other' : 'unknown';
  let pipIndent = -1;
  // Lines hold no line break but LF (dependency-names.ts), so `(.*)$` takes the rest of the line.
  eachLine(text, (indent, line) => {
    if (!line.startsWith('-')) {
      const top = /^([\w-]+)\s*:\s*(.*)$/.exec(line);
      if (top && (indent === 0 || section === 'unknown')) {
        section = top[1] === 'dependencies' ? 'dependencies' : top[1] === 'channels' ? 'channels' : 'other';
        pipIndent = -1;
      }
      return;
    }
    const value = unquote(line.slice(1).trimStart());
    if (pipIndent >= 0 && indent > pipIndent) {
      const n = pep508Name(value);
      if (n) names.add(`pip:${n}`);
      return;
    }
    pipIndent = -1;
    if (value.startsWith('pip') && /^pip\s*:\s*$/.test(value)) {
      pipIndent = indent;
      return;
    }
    if (section === 'channels') names.add(`channel:${value}`);
    else if (section === 'dependencies' || section === 'unknown') {
      const n = condaName(value);
      if (n) names.add(n);
    }
  });
  return names;
}

const PUB_SECTIONS = new Set(['dependencies', 'dev_dependencies', 'dependency_overrides']);

/**
 * pubspec.yaml: keys one level under `dependencies:`, `dev_dependencies:` and
 * `dependency_overrides:` (the last prefixed `override `). A dependency given as a map
 * (`git:`, `path:`, `hosted:`) also adds `<name> from <source>`, so swapping a version
 * for a git or path source is a new name.
 */
export function pubspecDependencies(text: string, whole: boolean): Set<string> {
  const names = new Set<string>();
  let section: string | undefined = whole ? undefined : '?';
  let entryIndent = -1;
  let current: string | undefined;
  eachLine(text, (indent, line) => {
    const kv = /^([\w.-]+)\s*:\s*(.*)$/.exec(line);
    if (indent === 0 && kv) {
      section = PUB_SECTIONS.has(kv[1]!) ? kv[1] : undefined;
      entryIndent = -1;
      current = undefined;
      return;
    }
    if (section === undefined || !kv) return;
    if (entryIndent < 0) entryIndent = indent;
    const prefix = section === 'dependency_overrides' ? 'override ' : '';
    if (indent === entryIndent) {
      const value = kv[2]!.trim();
      // An unplaced fragment line counts only when its value reads as a version or a source map.
      if (section === '?' && !(value === '' || /^["']?(?:\^|>=?|<=?|any\b|\d)/.test(value))) return;
      current = kv[1]!;
      if (current === 'flutter' && value === '') names.add(prefix + 'flutter');
      else names.add(prefix + current);
      return;
    }
    if (current && indent > entryIndent && /^(?:git|path|hosted|sdk|url)$/.test(kv[1]!)) {
      const v = unquote(kv[2]!.trim());
      names.add(`${prefix}${current} from ${kv[1]}:${v}`);
    }
  });
  return names;
}
