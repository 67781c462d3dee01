// YAML manifests read line by line (no YAML library): conda environment files and Dart/
// Flutter pubspec.yaml. Indentation places a line under its top-level key; a fragment
// whose top-level key is not visible is read by the shape of its lines.
import { cutComment } from './line-text.js';
import { pep508Name } from './package-names.js';

interface Line {
  indent: number;
  text: string;
}

function lines(text: string): Line[] {
  const out: Line[] = [];
  for (const raw of text.split('\n')) {
    const noComment = cutComment(raw, '#', true).trimEnd();
    if (noComment.trim() === '') continue;
    out.push({ indent: noComment.length - noComment.trimStart().length, text: noComment.trim() });
  }
  return out;
}

/** `numpy=1.26`, `conda-forge::numpy>=1`, `python=3.11` → `numpy`, `numpy`, undefined. */
function condaName(spec: string): string | undefined {
  const s = spec.replace(/^[\w.-]+::/, '').trim();
  const m = /^([A-Za-z0-9][A-Za-z0-9._-]*)/.exec(s);
  if (!m) return undefined;
  const n = m[1]!.toLowerCase();
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
  for (const l of lines(text)) {
    const top = /^([\w-]+)\s*:\s*(.*)$/.exec(l.text);
    if (top && !l.text.startsWith('-') && (l.indent === 0 || section === 'unknown')) {
      section = top[1] === 'dependencies' ? 'dependencies' : top[1] === 'channels' ? 'channels' : 'other';
      pipIndent = -1;
      continue;
    }
    const item = /^-\s*(.*)$/.exec(l.text);
    if (!item) continue;
    const value = item[1]!.replace(/^["']|["']$/g, '');
    if (pipIndent >= 0 && l.indent > pipIndent) {
      const n = pep508Name(value);
      if (n) names.add(`pip:${n}`);
      continue;
    }
    pipIndent = -1;
    if (/^pip\s*:\s*$/.test(value)) {
      pipIndent = l.indent;
      continue;
    }
    if (section === 'channels') names.add(`channel:${value}`);
    else if (section === 'dependencies' || section === 'unknown') {
      const n = condaName(value);
      if (n) names.add(n);
    }
  }
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
  for (const l of lines(text)) {
    const kv = /^([\w.-]+)\s*:\s*(.*)$/.exec(l.text);
    if (l.indent === 0 && kv) {
      section = PUB_SECTIONS.has(kv[1]!) ? kv[1] : undefined;
      entryIndent = -1;
      current = undefined;
      continue;
    }
    if (section === undefined || !kv) continue;
    if (entryIndent < 0) entryIndent = l.indent;
    const prefix = section === 'dependency_overrides' ? 'override ' : '';
    if (l.indent === entryIndent) {
      const value = kv[2]!.trim();
      // An unplaced fragment line counts only when its value reads as a version or a source map.
      if (section === '?' && !(value === '' || /^["']?(?:\^|>=?|<=?|any\b|\d)/.test(value))) continue;
      current = kv[1]!;
      if (current === 'flutter' && value === '') names.add(prefix + 'flutter');
      else names.add(prefix + current);
      continue;
    }
    if (current && l.indent > entryIndent && /^(?:git|path|hosted|sdk|url)$/.test(kv[1]!)) {
      const v = kv[2]!.trim().replace(/^["']|["']$/g, '');
      names.add(`${prefix}${current} from ${kv[1]}:${v}`);
    }
  }
  return names;
}
