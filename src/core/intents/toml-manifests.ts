// Cargo.toml, pyproject.toml and Pipfile dependency names. Whole files go through
// smol-toml; fragments (and files smol-toml refuses) through a line scanner that tracks
// the current table, so a line's section decides whether it declares a dependency —
// moving `foo = "1"` from [package.metadata] into [dependencies] is a new dependency.
import { eachQuotedString, isSpace, quotedStrings } from './line-text.js';
import { parse as parseToml } from 'smol-toml';
import { normalizeCrateName, normalizePythonName, pep508Name, pep508NameIn } from './package-names.js';

export type TomlManifest = 'cargo' | 'pyproject' | 'pipfile';

const CARGO_DEP_TABLES = new Set(['dependencies', 'dev-dependencies', 'build-dependencies', 'dev_dependencies', 'build_dependencies']);

/** Keys of a dependency table whose entries are package names (Cargo, Poetry, Pipfile). */
function isDepTable(kind: TomlManifest, table: readonly string[]): boolean {
  const last = table[table.length - 1];
  if (last === undefined) return false;
  if (kind === 'cargo') {
    if (!CARGO_DEP_TABLES.has(last)) return false;
    if (table.length === 1) return true;
    if (table.length === 3 && table[0] === 'target') return true;
    return table.length === 2 && table[0] === 'workspace' && last === 'dependencies';
  }
  if (kind === 'pipfile') return table.length === 1 && (last === 'packages' || last === 'dev-packages');
  if (table[0] !== 'tool' || table[1] !== 'poetry') return false;
  if (table.length === 3) return last === 'dependencies' || last === 'dev-dependencies';
  return table.length === 5 && table[2] === 'group' && last === 'dependencies';
}

/** Arrays of PEP 508 strings (pyproject): [project] dependencies, optional-dependencies, dependency-groups. */
function isDepArray(kind: TomlManifest, table: readonly string[], key: string): boolean {
  if (kind !== 'pyproject') return false;
  const t = table.join('.');
  if (t === 'project') return key === 'dependencies';
  if (t === 'project.optional-dependencies' || t === 'dependency-groups') return true;
  return t === 'tool.uv' && key === 'dev-dependencies';
}

function normalizeName(kind: TomlManifest, name: string): string | undefined {
  const n = name.trim();
  if (n === '') return undefined;
  if (kind === 'cargo') return normalizeCrateName(n);
  // Poetry and Pipfile tables list the interpreter beside the packages.
  if (n.toLowerCase() === 'python') return undefined;
  return normalizePythonName(n);
}

function isTable(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);
}

function fromParsed(kind: TomlManifest, doc: Record<string, unknown>): Set<string> {
  const names = new Set<string>();
  const addTable = (table: unknown, prefix = '') => {
    if (!isTable(table)) return;
    for (const [key, val] of Object.entries(table)) {
      // Cargo renames: `alias = { package = "real-crate" }` pulls in the real crate.
      const real = kind === 'cargo' && isTable(val) && typeof val.package === 'string' ? val.package : key;
      const n = normalizeName(kind, real);
      if (!n) continue;
      names.add(prefix + n);
      const src = isTable(val) ? inlineSource(val) : undefined;
      if (src) names.add(`${prefix}${n} from ${src}`);
    }
  };
  const addArray = (arr: unknown) => {
    if (!Array.isArray(arr)) return;
    for (const item of arr) {
      const n = typeof item === 'string' ? pep508Name(item) : undefined;
      if (n) names.add(n);
    }
  };
  const walk = (node: unknown, path: string[]) => {
    if (!isTable(node) || path.length > 5) return;
    for (const [key, val] of Object.entries(node)) {
      const here = [...path, key];
      const swap = sourceSwapTable(kind, here);
      if (swap !== undefined) addTable(val, swap);
      else if (isDepTable(kind, here)) addTable(val);
      else if (Array.isArray(val) && isDepArray(kind, path, key)) addArray(val);
      else if (isTable(val)) walk(val, here);
    }
  };
  walk(doc, []);
  return names;
}

/** `git`/`path`/`registry`/`url`/`index` of an inline dependency table: where its code comes from. */
function inlineSource(val: Record<string, unknown>): string | undefined {
  for (const k of ['git', 'path', 'registry', 'url', 'index', 'file']) {
    const v = val[k];
    if (typeof v === 'string') return `${k}:${v}`;
  }
  return undefined;
}

/**
 * Tables that replace what a dependency resolves to: Cargo `[patch.<registry>]` and
 * `[replace]`, uv `[tool.uv.sources]`, Poetry `[[tool.poetry.source]]` is not per package.
 * Returns the name prefix their entries get, or undefined.
 */
function sourceSwapTable(kind: TomlManifest, table: readonly string[]): string | undefined {
  if (kind === 'cargo') {
    if (table.length === 2 && table[0] === 'patch') return `patch ${table[1]}/`;
    if (table.length === 1 && table[0] === 'replace') return 'replace ';
    return undefined;
  }
  if (kind === 'pyproject' && table.join('.') === 'tool.uv.sources') return 'source ';
  return undefined;
}

/** Splits a TOML key (`a."b.c".d`, `'x'`) into its parts. */
export function splitKey(raw: string): string[] {
  const s = raw.trim();
  // A bare key with no dot (most keys, and every `[dependencies]`) is one part, itself.
  if (s !== '' && !s.includes('.') && !s.includes('"') && !s.includes("'")) return [s];
  const parts: string[] = [];
  let i = 0;
  while (i < s.length) {
    while (s[i] === ' ' || s[i] === '\t') i++;
    const q = s[i];
    if (q === '"' || q === "'") {
      const end = s.indexOf(q, i + 1);
      parts.push(s.slice(i + 1, end < 0 ? s.length : end));
      i = end < 0 ? s.length : end + 1;
    } else {
      let k = i;
      while (k < s.length && s[k] !== '.') k++;
      parts.push(s.slice(i, k).trim());
      i = k;
    }
    while (s[i] === ' ' || s[i] === '\t') i++;
    if (s[i] === '.') i++;
  }
  return parts;
}

/** Removes a trailing `# comment`, respecting quotes. */
function stripComment(line: string): string {
  let quote = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (quote !== 0) {
      // `\` escapes in a basic (`"`) string only.
      if (c === 92 && quote === 34) i++;
      else if (c === quote) quote = 0;
    } else if (c === 34 || c === 39) quote = c;
    else if (c === 35) return line.slice(0, i);
  }
  return line;
}

/** Bracket balance of a line outside strings. */
function bracketDelta(line: string): number {
  let d = 0;
  let quote = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (quote !== 0) {
      if (c === 92 && quote === 34) i++;
      else if (c === quote) quote = 0;
    } else if (c === 34 || c === 39) quote = c;
    else if (c === 91) d++;
    else if (c === 93) d--;
  }
  return d;
}

/** The source key of an inline table on one line: `{ git = "https://…", branch = "x" }` → `git:https://…`. */
function scannedSource(value: string): string | undefined {
  if (!value.includes('=')) return undefined;
  const m = /\b(git|path|registry|url|index|file)\s*=\s*["']([^"']+)["']/.exec(value);
  return m ? `${m[1]}:${m[2]}` : undefined;
}

/** Keys that share a line shape with a dependency but belong to [package]/[project]/[tool.poetry]. */
const NOT_PACKAGES = new Set([
  'name',
  'version',
  'edition',
  'rust-version',
  'authors',
  'license',
  'license-file',
  'description',
  'readme',
  'homepage',
  'repository',
  'documentation',
  'keywords',
  'categories',
  'publish',
  'build',
  'resolver',
  'members',
  'exclude',
  'include',
  'default-members',
  'python',
  'requires-python',
  'package-mode',
  'links',
  'workspace',
]);
/** A value that reads as a version requirement: `"1.2"`, `"^0.4"`, `">=2,<3"`, `"*"`, or an inline table naming one. */
const VERSION_VALUE = /^(?:["'](?:[\^~=<>!*]|\d)|\{[^}]*\b(?:version|git|path|workspace|registry|branch|tag|rev|url|extras)\s*=)/;

/**
 * A table header's name, as `/^\[\[?\s*(.+?)\s*\]\]?$/` takes it from a line with no break
 * (that expression tries every split of the blanks around the name: cubic in a line of them).
 */
export function tableHeader(line: string): string | null {
  const L = line.length;
  if (line[0] !== '[' || line[L - 1] !== ']') return null;
  let s = line[1] === '[' ? 2 : 1;
  while (s < L && isSpace(line[s])) s++;
  // The name takes one character at least: when the blanks ran to the last `]`, it is the one before.
  if (s >= L - 1) s = L - 2;
  if (s < 1) return null;
  // The name ends where blanks and `]` or `]]` finish the line, as early as it can.
  const close = L >= 2 && line[L - 2] === ']' ? L - 2 : L - 1;
  let b = close;
  while (b > 0 && isSpace(line[b - 1])) b--;
  const e = Math.max(s + 1, b);
  return line.slice(s, e <= close ? e : L - 1);
}

/**
 * Scans TOML text line by line. `whole` means the text starts at the document root;
 * otherwise lines before the first table header are in an unknown table, where only
 * version-shaped declarations count.
 */
export function scanTomlDependencies(kind: TomlManifest, text: string, whole: boolean): Set<string> {
  const names = new Set<string>();
  let table: string[] | undefined = whole ? [] : undefined;
  /** Inside a multi-line array: whether its strings are dependency specs, and the bracket depth left. */
  let array: { deps: boolean; unknown: boolean; depth: number } | undefined;
  const add = (name: string | undefined) => {
    const n = name === undefined ? undefined : normalizeName(kind, name);
    if (n) names.add(n);
  };
  /** The PEP 508 names of the quoted strings of `text`, each read where it is (an array of a megabyte holds a hundred thousand). */
  const addSpecs = (text: string, requireVersion: boolean) =>
    eachQuotedString(text, (from, to) => {
      const n = pep508NameIn(text, from, to, requireVersion);
      if (n) names.add(n);
    });
  for (let start = 0, end = 0; start <= text.length; start = end + 1) {
    end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = stripComment(text.slice(start, end)).trim();
    if (line === '') continue;
    if (array) {
      if (array.deps) addSpecs(line, array.unknown);
      array.depth += bracketDelta(line);
      if (array.depth <= 0) array = undefined;
      continue;
    }
    const header = tableHeader(line);
    if (header !== null && !line.includes('=')) {
      table = splitKey(header);
      // `[dependencies.serde]` declares serde; `[patch.crates-io.serde]` swaps its source.
      const swap = table.length > 1 ? sourceSwapTable(kind, table.slice(0, -1)) : undefined;
      if (swap !== undefined) names.add(swap + (normalizeName(kind, table[table.length - 1]!) ?? ''));
      else if (table.length > 1 && isDepTable(kind, table.slice(0, -1))) add(table[table.length - 1]);
      continue;
    }
    // A key is its pieces with the blanks between them (the blanks before `=` are not its own).
    const eq = /^([ \t]*(?:"[^"]*"|'[^']*'|[A-Za-z0-9_.-])(?:[ \t]*(?:"[^"]*"|'[^']*'|[A-Za-z0-9_.-]))*|[ \t])\s*=\s*(.*)/.exec(line);
    if (!eq) {
      // A bare array element of an unplaced fragment: `"requests>=2",`.
      if (table === undefined && kind === 'pyproject') addSpecs(line, true);
      continue;
    }
    const keyParts = splitKey(eq[1]!);
    const value = eq[2]!.trim();
    const key = keyParts[0] ?? '';
    if (table !== undefined) {
      const lastKey = keyParts[keyParts.length - 1] ?? '';
      const swap = sourceSwapTable(kind, table);
      if (swap !== undefined) {
        const n = normalizeName(kind, key);
        if (n) names.add(swap + n);
        const src = scannedSource(value);
        if (n && src) names.add(`${swap}${n} from ${src}`);
      } else if (isDepTable(kind, table)) {
        const n = normalizeName(kind, key);
        if (n) names.add(n);
        const src = scannedSource(value);
        if (n && src) names.add(`${n} from ${src}`);
        // `alias = { package = "real" }` pulls in `real`.
        const pkg = kind === 'cargo' && value.includes('=') ? /\bpackage\s*=\s*["']([^"']+)["']/.exec(value) : null;
        if (pkg) add(pkg[1]);
      } else if (table.length > 0 && isDepTable(kind, table.slice(0, -1)) && lastKey === 'package') {
        add(quotedStrings(value)[0]);
      } else if (value.startsWith('[') && isDepArray(kind, [...table, ...keyParts.slice(0, -1)], lastKey)) {
        addSpecs(value, false);
        const depth = bracketDelta(value);
        if (depth > 0) array = { deps: true, unknown: false, depth };
      } else if (value.startsWith('[')) {
        const depth = bracketDelta(value);
        if (depth > 0) array = { deps: false, unknown: false, depth };
      }
      continue;
    }
    // Unknown table (a fragment with no header above this line).
    if (kind === 'pyproject' && value.startsWith('[') && /^(?:dependencies|dev-dependencies)$/.test(key)) {
      addSpecs(value, false);
      const depth = bracketDelta(value);
      if (depth > 0) array = { deps: true, unknown: false, depth };
      continue;
    }
    if (value.startsWith('[')) {
      if (kind === 'pyproject') addSpecs(value, true);
      const depth = bracketDelta(value);
      if (depth > 0) array = { deps: kind === 'pyproject', unknown: true, depth };
      continue;
    }
    if (keyParts.length <= 2 && !NOT_PACKAGES.has(key) && (VERSION_VALUE.test(value) || keyParts.length === 2)) {
      // `serde = "1"`, `serde = { version = "1" }`, `serde.version = "1"`.
      if (keyParts.length === 2 && !/^(?:version|git|path|features|workspace|optional|package)$/.test(keyParts[1]!)) continue;
      add(key);
      const n = normalizeName(kind, key);
      const src = keyParts.length === 1 ? scannedSource(value) : undefined;
      if (n && src) names.add(`${n} from ${src}`);
    }
  }
  return names;
}

/** Dependency names declared by a whole TOML manifest; the scanner when smol-toml refuses it. */
export function tomlDependencies(kind: TomlManifest, text: string): Set<string> {
  try {
    return fromParsed(kind, parseToml(text) as Record<string, unknown>);
  } catch {
    return scanTomlDependencies(kind, text, true);
  }
}

// ---- Gradle version catalogs (gradle/libs.versions.toml) ----

/** `"g:a:1.0"` → `g:a`; `{ module = "g:a" }`, `{ group = "g", name = "a" }` → `g:a`. */
function catalogCoordinate(value: unknown): string | undefined {
  if (typeof value === 'string') {
    const parts = value.split(':');
    return parts.length >= 2 && parts[0] && parts[1] ? `${parts[0]}:${parts[1]}` : undefined;
  }
  if (!isTable(value)) return undefined;
  if (typeof value.module === 'string') return catalogCoordinate(value.module + ':');
  if (typeof value.group === 'string' && typeof value.name === 'string') return `${value.group}:${value.name}`;
  if (typeof value.id === 'string') return `plugin:${value.id}`;
  return undefined;
}

function scannedCoordinate(value: string, plugins: boolean): string | undefined {
  const v = value.trim();
  if (v.startsWith('{')) {
    const module = /\bmodule\s*=\s*["']([^"']+)["']/.exec(v);
    if (module) return catalogCoordinate(module[1] + ':');
    const g = /\bgroup\s*=\s*["']([^"']+)["']/.exec(v);
    const n = /\bname\s*=\s*["']([^"']+)["']/.exec(v);
    if (g && n) return `${g[1]}:${n[1]}`;
    const id = /\bid\s*=\s*["']([^"']+)["']/.exec(v);
    return id ? `plugin:${id[1]}` : undefined;
  }
  const str = quotedStrings(v)[0];
  if (str === undefined) return undefined;
  if (plugins) return `plugin:${str.split(':')[0]}`;
  return catalogCoordinate(str);
}

/** Libraries and plugins a version catalog declares (versions and bundles are not packages). */
export function gradleCatalogDependencies(text: string, whole: boolean): Set<string> {
  const names = new Set<string>();
  if (whole) {
    try {
      const doc = parseToml(text) as Record<string, unknown>;
      for (const v of Object.values(isTable(doc.libraries) ? doc.libraries : {})) {
        const c = catalogCoordinate(v);
        if (c) names.add(c);
      }
      for (const v of Object.values(isTable(doc.plugins) ? doc.plugins : {})) {
        const c = typeof v === 'string' ? `plugin:${v.split(':')[0]}` : catalogCoordinate(v);
        if (c) names.add(c);
      }
      return names;
    } catch {
      // fall through to the line scanner
    }
  }
  let table: string | undefined = whole ? '' : undefined;
  for (const raw of text.split('\n')) {
    const line = stripComment(raw).trim();
    if (line === '') continue;
    const header = /^\[\s*([\w.-]+)\s*\]$/.exec(line);
    if (header) {
      table = header[1]!;
      continue;
    }
    const eq = /^([\w.-]+)\s*=\s*(.*)$/.exec(line);
    if (!eq) continue;
    if (table === 'libraries' || table === 'plugins') {
      const c = scannedCoordinate(eq[2]!, table === 'plugins');
      if (c) names.add(c);
    } else if (table === undefined) {
      // Unplaced: only shapes no [versions] entry has (a coordinate with a colon or a module table).
      const v = eq[2]!.trim();
      if (/^\{[^}]*\b(?:module|group|id)\s*=/.test(v) || /^["'][^"':]+:[^"':]+/.test(v)) {
        const c = scannedCoordinate(v, /^\{[^}]*\bid\s*=/.test(v));
        if (c) names.add(c);
      }
    }
  }
  return names;
}
