// Reading git's config as git finds it (docs/DESIGN.md#shell-classification, "Configuration a
// read loads"): the syntax of a config text, the files a repository's git reads beside its own
// (the user's and the system's, wherever the environment puts them), the entries the
// environment gives, and the files an include pulls in. git-config.ts judges what they say.
import path from 'node:path';
import type { ShellWalker } from '../walker.js';
import { restOfLine } from '../../intents/line-text.js';

/** One config file's text (or the environment's entries, as `(environment)`). */
export interface ConfigText {
  file: string;
  text: string;
}

/** Strips a value's quotes, escapes and trailing comment (git-config(1) syntax). */
function configValue(raw: string): string {
  let out = '';
  let quoted = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === '"') quoted = !quoted;
    else if (c === '\\' && i + 1 < raw.length) out += raw[++i];
    else if (!quoted && (c === '#' || c === ';')) break;
    else out += c;
  }
  return out.trim();
}

/** One entry of a config text: `section` and `key` lower-case, `sub` as written. */
export interface ConfigEntry {
  section: string;
  sub: string | undefined;
  key: string;
  value: string;
}

/**
 * The entries of a config text in order, or null when a part cannot be parsed (a section
 * header it does not understand, an unterminated quote).
 */
export function configEntries(text: string): ConfigEntry[] | null {
  const lines = text.replace(/\\\r?\n/g, '').split(/\r?\n/);
  const out: ConfigEntry[] = [];
  let section: string | undefined;
  let sub: string | undefined;
  for (let line of lines) {
    line = line.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    if (line.startsWith('[')) {
      const h = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]/.exec(line);
      const after = h && restOfLine(line.slice(h[0].length));
      if (!h || after === null) return null;
      const name = h[1]!.toLowerCase();
      const dot = name.indexOf('.');
      // `[section.sub]`, the older spelling of a subsection.
      section = dot < 0 ? name : name.slice(0, dot);
      sub = h[2] !== undefined ? h[2].replace(/\\(.)/g, '$1') : dot < 0 ? undefined : h[1]!.slice(dot + 1);
      line = after.trim();
      if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    }
    if (section === undefined) return null;
    const kv = /^([A-Za-z][A-Za-z0-9-]*)\s*(?:=(.*))?$/.exec(line);
    if (!kv) return null;
    if ((kv[2]?.split('"').length ?? 1) % 2 === 0) return null;
    out.push({ section, sub, key: kv[1]!.toLowerCase(), value: kv[2] === undefined ? 'true' : configValue(kv[2]) });
  }
  return out;
}

/**
 * The texts of those of `files` that exist; null when one cannot be proven: this command may
 * already have changed it, or it cannot be read.
 */
export function readConfigs(w: ShellWalker, files: readonly string[]): { file: string; text: string }[] | null {
  const out: { file: string; text: string }[] = [];
  for (const file of files) {
    if (w.acc.mayHaveChanged(file)) return null;
    if (!w.exists(file)) continue;
    const text = w.readFile(file, 256 * 1024);
    if (text === undefined) return null;
    out.push({ file, text });
  }
  return out;
}

/**
 * A variable of the environment git inherits: remit is given its own process's, which the host
 * starts beside the command's shell. Unset or empty: undefined.
 */
export function inherited(w: ShellWalker, name: string): string | undefined {
  const v = w.ctx.env?.[name];
  return v === undefined || v === '' ? undefined : v;
}

/** The name the environment's entries go by. */
const ENVIRONMENT = '(environment)';

/** A `'…'` word of GIT_CONFIG_PARAMETERS (sq_quote: `'` is written `'\''`), from `at`; null when it is not one. */
function sqWord(s: string, at: number): { word: string; end: number } | null {
  if (s[at] !== "'") return null;
  let word = '';
  let i = at + 1;
  for (;;) {
    const close = s.indexOf("'", i);
    if (close < 0) return null;
    word += s.slice(i, close);
    i = close + 1;
    if (s.startsWith("\\''", i)) {
      word += "'";
      i += 3;
    } else return { word, end: i };
  }
}

/** GIT_CONFIG_PARAMETERS as git writes it for `git -c`: `'key'='value'` or `'key=value'` words, or null. */
function parameterEntries(s: string): [string, string | undefined][] | null {
  const out: [string, string | undefined][] = [];
  let i = 0;
  for (;;) {
    while (s[i] === ' ') i++;
    if (i >= s.length) return out;
    const key = sqWord(s, i);
    if (!key) return null;
    i = key.end;
    if (s[i] === '=') {
      const value = sqWord(s, i + 1);
      if (!value) return null;
      out.push([key.word, value.word]);
      i = value.end;
    } else {
      const eq = key.word.indexOf('=');
      out.push(eq < 0 ? [key.word, undefined] : [key.word.slice(0, eq), key.word.slice(eq + 1)]);
    }
  }
}

/** `section[.sub].name = value` as a config text, or null for a key git would refuse. */
function entryText(key: string, value: string | undefined): string | null {
  const first = key.indexOf('.');
  const last = key.lastIndexOf('.');
  if (first <= 0 || last === key.length - 1) return null;
  const name = key.slice(last + 1);
  if (!/^[A-Za-z][A-Za-z0-9-]*$/.test(name)) return null;
  const quote = (t: string) => t.replace(/[\\"]/g, (c) => `\\${c}`).replace(/\n/g, '\\n');
  const header = first === last ? `[${key.slice(0, first)}]` : `[${key.slice(0, first)} "${quote(key.slice(first + 1, last))}"]`;
  return `${header}\n\t${name}${value === undefined ? '' : ` = "${quote(value)}"`}\n`;
}

/**
 * The config entries the environment gives (GIT_CONFIG_COUNT with GIT_CONFIG_KEY_<n> and
 * GIT_CONFIG_VALUE_<n>, and GIT_CONFIG_PARAMETERS, which `git -c` passes to the programs it
 * starts) as one config text; null when they cannot be read as git reads them.
 */
function environmentText(w: ShellWalker): string | null {
  let text = '';
  const params = inherited(w, 'GIT_CONFIG_PARAMETERS');
  if (params !== undefined) {
    const entries = parameterEntries(params);
    if (entries === null) return null;
    for (const [k, v] of entries) {
      const t = entryText(k, v);
      if (t === null) return null;
      text += t;
    }
  }
  const count = inherited(w, 'GIT_CONFIG_COUNT');
  if (count !== undefined) {
    if (!/^\d{1,3}$/.test(count)) return null;
    for (let n = 0; n < Number(count); n++) {
      const k = inherited(w, `GIT_CONFIG_KEY_${n}`);
      const t = k === undefined ? null : entryText(k, w.ctx.env?.[`GIT_CONFIG_VALUE_${n}`] ?? '');
      if (t === null) return null;
      text += t;
    }
  }
  return text;
}

/** How deep git follows includes (config.c's MAX_INCLUDE_DEPTH); deeper is an error. */
const INCLUDE_DEPTH = 10;

/**
 * `configs` with every file their includes name, each after the file that names it: an
 * `include.path`, and an `includeIf.<condition>.path` whatever its condition (it may hold).
 * A path is taken as git takes it: `~/` from the home folder, a relative one from the folder
 * of the file naming it (from the environment's entries, an error). A missing file is none;
 * one that cannot be read or parsed, or includes deeper than git follows, give null.
 */
function withIncludes(w: ShellWalker, configs: readonly ConfigText[], depth = 0): ConfigText[] | null {
  const out: ConfigText[] = [];
  for (const c of configs) {
    out.push(c);
    const entries = configEntries(c.text);
    if (entries === null) return null;
    const paths: string[] = [];
    for (const e of entries) {
      if ((e.section !== 'include' && e.section !== 'includeif') || e.key !== 'path') continue;
      let p = e.value;
      if (p.startsWith('~/')) {
        if (!w.pc.home) return null;
        p = `${w.pc.home}${p.slice(1)}`;
      } else if (!p.startsWith('/')) {
        if (c.file === ENVIRONMENT) return null;
        p = path.posix.resolve(path.posix.dirname(c.file), p);
      }
      paths.push(p);
    }
    if (paths.length === 0) continue;
    if (depth >= INCLUDE_DEPTH) return null;
    const read = readConfigs(w, paths);
    const nested = read && withIncludes(w, read, depth + 1);
    if (!nested) return null;
    out.push(...nested);
  }
  return out;
}

/** readConfigs of `files`, with the files they include. */
export function readWithIncludes(w: ShellWalker, files: readonly string[]): ConfigText[] | null {
  const read = readConfigs(w, files);
  return read && withIncludes(w, read);
}

/**
 * The config git reads beside a repository's, with the files it includes: the system's
 * (/etc/gitconfig, or GIT_CONFIG_SYSTEM) and the user's (~/.gitconfig and
 * $XDG_CONFIG_HOME/git/config, ~/.config/git/config without it, or GIT_CONFIG_GLOBAL alone),
 * then the environment's entries. The environment remit sees is its own, not the command's
 * shell's, so every file either could name is read (GIT_CONFIG_NOSYSTEM and GIT_CONFIG_GLOBAL
 * take none away): more config can only make a program more likely to run. Null when one cannot
 * be read or parsed, or a variable names a path relative to a folder remit does not know.
 */
export function userConfigs(w: ShellWalker): ConfigText[] | null {
  const home = w.pc.home;
  const files = ['/etc/gitconfig'];
  if (home) files.push(`${home}/.gitconfig`, `${home}/.config/git/config`);
  for (const [name, tail] of [
    ['GIT_CONFIG_SYSTEM', ''],
    ['XDG_CONFIG_HOME', '/git/config'],
    ['GIT_CONFIG_GLOBAL', ''],
  ] as const) {
    const v = inherited(w, name);
    if (v === undefined) continue;
    if (!v.startsWith('/')) return null;
    files.push(`${v}${tail}`);
  }
  const read = readConfigs(w, [...new Set(files)]);
  const env = environmentText(w);
  if (read === null || env === null) return null;
  if (env !== '') read.push({ file: ENVIRONMENT, text: env });
  return withIncludes(w, read);
}
