// Line-shaped manifests: requirements files, go.mod, Gemfile/gemspec and Gradle builds.
// The same scanner reads whole files and fragments; only go.mod has blocks whose kind
// decides whether a line declares anything.
import { cutComment, cutOptions, isSpace, quotedStrings, trimmed } from './line-text.js';
import { pep508Name, pep508NameIn } from './package-names.js';

/** requirements*.txt / *.in: names only; options (-r, -c, -e, --index-url …), URLs and paths skipped. */
export function requirementsDependencies(text: string): Set<string> {
  const names = new Set<string>();
  // Continuation lines joined (no pass over a file with no backslash).
  const joined = text.includes('\\') ? text.replace(/\\\r?\n/g, ' ') : text;
  // Lines are walked by offsets. One with no `#` and no `-` and no blank at either end has
  // nothing to cut (no comment, no option, no flag) and is read where it is; only the others
  // are cut out as strings, so a megabyte of `a==1` lines builds no string per line.
  let hash = nextAt(joined, '#', 0);
  let dash = nextAt(joined, '-', 0);
  for (let start = 0; start <= joined.length; ) {
    const end = nextAt(joined, '\n', start);
    if (hash < start) hash = nextAt(joined, '#', start);
    if (dash < start) dash = nextAt(joined, '-', start);
    const n =
      hash >= end && dash >= end && start < end && !isSpace(joined[start]) && !isSpace(joined[end - 1])
        ? pep508NameIn(joined, start, end)
        : requirementName(joined.slice(start, end));
    if (n) names.add(n);
    start = end + 1;
  }
  return names;
}

/** Where the first `ch` at or after `from` is, or the text's length when there is none. */
function nextAt(text: string, ch: string, from: number): number {
  const at = text.indexOf(ch, from);
  return at < 0 ? text.length : at;
}

/** The name a requirements line declares (comments, options and flags cut), or undefined. */
function requirementName(raw: string): string | undefined {
  const line = trimmed(cutComment(raw, '#', true));
  if (line === '' || line.startsWith('-')) return undefined;
  // Per-requirement options follow the spec: `pkg==1 --hash=sha256:…`.
  return pep508Name(cutOptions(line));
}

const REPLACE_LINE = /^("?)([^\s"]+)\1(?:\s+v\S+)?\s*=>\s*("?)([^\s"]+)\3/;

/**
 * go.mod `require` lines and blocks. In a fragment, lines before any block opener are
 * unplaced: a `module/path vX.Y.Z` line there counts. A `replace` swaps where a module's
 * code comes from, so each one is a name `replace <old> => <new>` (versions left out, so
 * bumping the replacement's version is not new).
 */
export function goModDependencies(text: string, whole: boolean): Set<string> {
  const names = new Set<string>();
  type Block = 'require' | 'replace' | 'other' | 'none' | 'unknown';
  let block: Block = whole ? 'none' : 'unknown';
  const moduleLine = /^("?)([^\s"]+)\1\s+(v\d[^\s]*)/;
  for (const raw of text.split('\n')) {
    const line = cutComment(raw, '//').trim();
    if (line === '') continue;
    const opener = /^(require|replace|exclude|retract|tool|godebug|ignore)\s*\($/.exec(line);
    if (opener) {
      block = opener[1] === 'require' ? 'require' : opener[1] === 'replace' ? 'replace' : 'other';
      continue;
    }
    if (line === ')') {
      block = 'none';
      continue;
    }
    const single = /^require\s+(.*)$/.exec(line);
    if (single) {
      const m = moduleLine.exec(single[1]!.trim());
      if (m) names.add(m[2]!);
      continue;
    }
    const replaceSpec = /^replace\s+(.*)$/.exec(line)?.[1] ?? (block === 'replace' || block === 'unknown' ? line : undefined);
    const replaced = replaceSpec === undefined ? null : REPLACE_LINE.exec(replaceSpec.trim());
    if (replaced) {
      names.add(`replace ${replaced[2]} => ${replaced[4]}`);
      continue;
    }
    if (block === 'require' || block === 'unknown') {
      if (line.includes('=>')) continue;
      const m = moduleLine.exec(line);
      if (m && (block === 'require' || /[./]/.test(m[2]!))) names.add(m[2]!);
    }
  }
  return names;
}

/** Gemfile `gem "x"` and gemspec `add_(runtime_|development_)dependency "x"`. */
export function rubyDependencies(text: string): Set<string> {
  const names = new Set<string>();
  // Blanks before the word stay on its line (`^\s*` ran from every line start over all the
  // blank lines after it, quadratic in a file of them); each match still starts at its line.
  // `\s*(?:\(\s*)?` is the original `\s*\(?\s*` with one way to take a run of blanks, not one per split.
  const re = /^[^\S\n\r\u2028\u2029]*(?:gem|\w+\.add_(?:runtime_|development_)?dependency)\s*(?:\(\s*)?["']([^"']+)["']/gm;
  for (let m = re.exec(text); m; m = re.exec(text)) names.add(m[1]!.toLowerCase());
  return names;
}

const GRADLE_CONFIG =
  /\b(?:implementation|api|compileOnly|runtimeOnly|annotationProcessor|kapt|ksp|compile|runtime|classpath|developmentOnly|coreLibraryDesugaring|testImplementation|testCompileOnly|testRuntimeOnly|testCompile|testAnnotationProcessor|[a-z]\w*(?:Implementation|Api|CompileOnly|RuntimeOnly|AnnotationProcessor))\b\s*\(?\s*(.*)/;

// No `$` after `(.*)`: a line holds no break (dependency-names.ts lfOnly), so `.*` reaches its
// end at the first try, where `(.*)$` made recheck see a retry from every word before a break.

/**
 * Words one of which any line GRADLE_CONFIG matches holds: a line with none is passed over
 * without running GRADLE_CONFIG, which tries its `[a-z]\w*(?:…)` at every word.
 */
const GRADLE_CONFIG_WORD = /[Ii]mplementation|[Aa]pi|[Cc]ompile|[Rr]untime|[Aa]nnotationProcessor|kapt|ksp|classpath|developmentOnly|coreLibraryDesugaring/;

/** Gradle `implementation "g:a:v"`, `api("g:a")`, `implementation group: "g", name: "a"`, catalog `libs.x.y`. */
export function gradleDependencies(text: string): Set<string> {
  const names = new Set<string>();
  // Comments out, strings kept: the coordinates live in strings.
  const code = stripCodeKeepingStrings(text);
  for (const raw of code.split('\n')) {
    const m = GRADLE_CONFIG_WORD.test(raw) ? GRADLE_CONFIG.exec(raw) : null;
    if (!m) continue;
    let rest = m[1]!.trim();
    const wrapped = /^(?:platform|enforcedPlatform|testFixtures)\s*\(\s*(.*)$/.exec(rest);
    if (wrapped) rest = wrapped[1]!;
    if (/^project\s*\(/.test(rest) || /^files?\s*\(/.test(rest) || /^fileTree\s*\(/.test(rest)) continue;
    const coord = /^["']([^"'$]+?)["']/.exec(rest);
    if (coord) {
      const parts = coord[1]!.split(':');
      if (parts.length >= 2 && parts[0] && parts[1]) names.add(`${parts[0]}:${parts[1]}`);
      continue;
    }
    const named = /\bgroup\s*[:=]\s*["']([^"']+)["']\s*,\s*name\s*[:=]\s*["']([^"']+)["']/.exec(rest);
    if (named) {
      names.add(`${named[1]}:${named[2]}`);
      continue;
    }
    const kotlinModule = /^kotlin\s*\(\s*["']([^"']+)["']/.exec(rest);
    if (kotlinModule) {
      names.add(`org.jetbrains.kotlin:kotlin-${kotlinModule[1]}`);
      continue;
    }
    const catalog = /^(libs(?:\.\w+)+)/.exec(rest);
    if (catalog) names.add(catalog[1]!);
  }
  return names;
}

/**
 * Removes line and block comments but leaves string literals in place. Text between comments
 * is copied a run at a time, and the next line end is looked up once per line, not once per
 * quote (a line of a megabyte of quotes looked it up from each: quadratic).
 */
function stripCodeKeepingStrings(text: string): string {
  const out: string[] = [];
  const n = text.length;
  let i = 0;
  let from = 0;
  /** The first LF at or after the position last asked about (-1: none; -2: not looked up). */
  let nl = -2;
  const lineEnd = (at: number) => {
    if (nl !== -1 && nl < at) nl = text.indexOf('\n', at);
    return nl;
  };
  const unclosed = { '"': false, "'": false };
  while (i < n) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      const end = unclosed[c] ? -1 : text.indexOf(c, i + 1);
      if (end < 0) unclosed[c] = true;
      const lf = lineEnd(i + 1);
      i = end < 0 || (lf >= 0 && lf < end) ? (lf < 0 ? n : lf) : end + 1;
    } else if (c === '/' && text[i + 1] === '/') {
      out.push(text.slice(from, i));
      const lf = lineEnd(i);
      i = from = lf < 0 ? n : lf;
    } else if (c === '/' && text[i + 1] === '*') {
      out.push(text.slice(from, i));
      const end = text.indexOf('*/', i + 2);
      const body = text.slice(i, end < 0 ? n : end + 2);
      out.push('\n'.repeat((body.match(/\n/g) ?? []).length));
      i = from = end < 0 ? n : end + 2;
    } else i++;
  }
  out.push(text.slice(from));
  return out.join('');
}

const SETUP_KEYS = /\b(?:install_requires|setup_requires|tests_require|extras_require|requires)\s*=\s*/g;

/**
 * setup.py `install_requires=[…]`, `extras_require={…: […]}`, `setup_requires`, `tests_require`:
 * every PEP 508 string inside the bracketed value. A fragment with no such key counts its
 * quoted strings that carry a version specifier (`"requests>=2",`).
 */
export function setupPyDependencies(text: string, whole: boolean): Set<string> {
  const names = new Set<string>();
  const addStrings = (chunk: string, requireVersion: boolean) => {
    for (const s of quotedStrings(chunk, true, true)) {
      const n = pep508Name(s, requireVersion);
      if (n) names.add(n);
    }
  };
  const code = text.replace(/(^|\s)#.*$/gm, '$1');
  let found = false;
  SETUP_KEYS.lastIndex = 0;
  for (let m = SETUP_KEYS.exec(code); m; m = SETUP_KEYS.exec(code)) {
    found = true;
    const start = m.index + m[0].length;
    const open = code[start];
    if (open !== '[' && open !== '{' && open !== '(') continue;
    let depth = 0;
    let end = start;
    for (; end < code.length && end < start + 64 * 1024; end++) {
      const c = code[end];
      if (c === '[' || c === '{' || c === '(') depth++;
      else if (c === ']' || c === '}' || c === ')') {
        if (--depth === 0) break;
      }
    }
    let chunk = code.slice(start, end + 1);
    // extras_require keys are extra names, not packages: keep the list values only.
    if (open === '{') chunk = chunk.replace(/["'][^"'\n]*["']\s*:/g, ':');
    addStrings(chunk, false);
  }
  if (!whole && !found) addStrings(code, true);
  return names;
}

/** setup.cfg keys whose values are requirements (setuptools' declarative config). */
const SETUP_CFG_KEYS = /^(?:install_requires|setup_requires|tests_require)$/;

/**
 * setup.cfg: `install_requires`, `setup_requires` and `tests_require` under `[options]`, and
 * every value under `[options.extras_require]`, one requirement per line (a value on the key's
 * line, more on indented lines after it). A fragment with no section header counts indented
 * lines that name a package with a version (`    requests>=2`).
 */
export function setupCfgDependencies(text: string, whole: boolean): Set<string> {
  const names = new Set<string>();
  let section: string | undefined;
  let collecting = false;
  for (let start = 0, end = 0; start <= text.length; start = end + 1) {
    end = nextAt(text, '\n', start);
    const raw = text.slice(start, end);
    const hash = cutComment(raw, '#', true);
    const semicolon = cutComment(raw, ';', true);
    const line = hash.length < semicolon.length ? hash : semicolon;
    const header = line.includes('[') ? /^\s*\[([^\]]+)\]\s*$/.exec(line) : null;
    if (header) {
      section = header[1]!.trim().toLowerCase();
      collecting = false;
      continue;
    }
    // Trimmed once (no new string for a line with no blank at either end).
    const spec = trimmed(line);
    if (spec === '') continue;
    const indented = isSpace(line[0]);
    const kv = indented ? null : /^([\w.-]+)\s*[=:]\s*(.*)$/.exec(line);
    if (kv) {
      collecting = (section === 'options' && SETUP_CFG_KEYS.test(kv[1]!.toLowerCase())) || section === 'options.extras_require';
      const n = collecting ? pep508Name(kv[2]!.trim()) : undefined;
      if (n) names.add(n);
      continue;
    }
    if (!indented) continue;
    if (collecting) {
      const n = pep508Name(spec);
      if (n) names.add(n);
    } else if (!whole && section === undefined) {
      const n = pep508Name(spec, true);
      if (n) names.add(n);
    }
  }
  return names;
}
