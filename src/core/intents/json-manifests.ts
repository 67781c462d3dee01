// package.json and composer.json dependency names. A whole file goes through JSON.parse;
// a fragment (or a file JSON.parse refuses) through a small tokenizer that tracks which
// object each `"name": "value"` pair sits in. A pair whose object is not visible in the
// fragment counts only when its value reads as a version range and its key as a package.
//
// Where a package comes FROM is part of what it is: an alias or source swap
// (`"lodash": "npm:evil@1"`, `"x": "github:me/x"`), an npm/yarn/pnpm override and a
// deno.json import each add a name of the form `<key> from <source>` / `override <key>=…`,
// so swapping the source of an existing dependency reads as a new dependency.
import { cutComment, isSpace } from './line-text.js';

export type JsonManifest = 'npm' | 'composer' | 'deno';

const DEP_OBJECTS: Record<JsonManifest, ReadonlySet<string>> = {
  npm: new Set(['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies']),
  composer: new Set(['require', 'require-dev']),
  deno: new Set(['imports']),
};
const DEP_ARRAYS: Record<JsonManifest, ReadonlySet<string>> = {
  npm: new Set(['bundleDependencies', 'bundledDependencies']),
  composer: new Set(),
  deno: new Set(),
};
/** Objects whose entries replace what a dependency resolves to, at any depth. */
const OVERRIDE_OBJECTS: Record<JsonManifest, ReadonlySet<string>> = {
  npm: new Set(['overrides', 'resolutions', 'patchedDependencies']),
  composer: new Set(['repositories', 'replace', 'provide']),
  deno: new Set(['scopes', 'patch', 'links']),
};

/** A dependency value that names a source other than the registry's version of the key. */
const SOURCE_SWAP = /^(?:npm:|jsr:|github:|gitlab:|bitbucket:|git(?:\+[a-z]+)?:|git:\/\/|https?:|file:|link:|portal:|patch:|[\w.-]+\/[\w.-]+(?:#.*)?$)/i;

/** `npm:evil@^1.2` → `npm:evil`; `github:me/x#v2` → `github:me/x`: a version or ref change is not a swap. */
function sourceOf(spec: string): string {
  const v = spec.trim();
  const m = /^(npm:|jsr:)(@?[^@\s]+)/.exec(v);
  if (m) return m[1]! + m[2]!;
  return cutComment(v, '#').replace(/@v?\d[\w.+-]*(?=\/|$)/, '');
}

function sourceName(key: string, value: string): string | undefined {
  return SOURCE_SWAP.test(value.trim()) ? `${key} from ${sourceOf(value)}` : undefined;
}

/** npm keys whose values look like versions but are not packages (engines, the package's own version). */
const NPM_NOT_PACKAGES = new Set(['name', 'version', 'node', 'npm', 'yarn', 'pnpm', 'bun', 'deno', 'vscode', 'packageManager']);
const VERSIONISH =
  /^(?:[\^~<>=*]|\d|[xX](?:$|\.)|latest$|next$|beta$|canary$|npm:|workspace:|catalog:|file:|link:|portal:|patch:|git(?:\+|:|hub:)|gitlab:|bitbucket:|https?:|dev-|v\d)/;

/** Composer platform requirements (the PHP runtime and its extensions) are not packages. */
function isComposerPlatform(name: string): boolean {
  return /^(?:php(?:-64bit|-ipv6|-zts|-debug)?|hhvm|composer(?:-plugin-api|-runtime-api)?|ext-.+|lib-.+)$/i.test(name);
}

function normalize(kind: JsonManifest, name: string): string | undefined {
  const n = name.trim();
  if (n === '') return undefined;
  if (kind === 'composer') return isComposerPlatform(n) ? undefined : n.toLowerCase();
  return n;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function addOverrides(names: Set<string>, prefix: string, node: unknown, depth: number): void {
  if (depth > 6) return;
  if (typeof node === 'string' || typeof node === 'number' || typeof node === 'boolean') {
    names.add(`override ${prefix}=${typeof node === 'string' ? sourceOf(node) : String(node)}`);
    return;
  }
  if (Array.isArray(node)) {
    node.forEach((v, i) => addOverrides(names, `${prefix}[${i}]`, typeof v === 'object' ? JSON.stringify(v) : v, depth + 1));
    return;
  }
  if (!isObject(node)) return;
  for (const [k, v] of Object.entries(node)) addOverrides(names, prefix.endsWith(':') ? prefix + k : `${prefix}>${k}`, v, depth + 1);
}

function fromParsed(kind: JsonManifest, doc: unknown): Set<string> {
  const names = new Set<string>();
  if (!isObject(doc)) return names;
  for (const key of DEP_OBJECTS[kind]) {
    const deps = doc[key];
    if (!isObject(deps)) continue;
    for (const [name, value] of Object.entries(deps)) {
      const n = normalize(kind, name);
      if (n && kind !== 'deno') names.add(n);
      if (n && typeof value === 'string') {
        const src = kind === 'deno' ? `${n} from ${sourceOf(value)}` : sourceName(n, value);
        if (src) names.add(src);
      }
    }
  }
  // Overrides sit at the top level or one level down (`pnpm.overrides`).
  for (const [key, value] of Object.entries(doc)) {
    if (OVERRIDE_OBJECTS[kind].has(key)) addOverrides(names, `${key}:`, value, 0);
    else if (isObject(value)) for (const [k2, v2] of Object.entries(value)) if (OVERRIDE_OBJECTS[kind].has(k2)) addOverrides(names, `${k2}:`, v2, 0);
  }
  for (const key of DEP_ARRAYS[kind]) {
    const arr = doc[key];
    if (!Array.isArray(arr)) continue;
    for (const name of arr) {
      const n = typeof name === 'string' ? normalize(kind, name) : undefined;
      if (n) names.add(n);
    }
  }
  return names;
}

type TokenKind = 'str' | '{' | '}' | '[' | ']' | ':' | ',' | 'lit';

/**
 * JSON-ish tokens, one at a time: `next()` moves to the next and says whether there is one;
 * `t` is its kind and `v` a string token's text. One object for the whole scan and char codes
 * (a generator yielding an object per token, and an expression per blank, cost most of a
 * megabyte of pairs).
 */
export class JsonTokens {
  t: TokenKind = 'lit';
  v = '';
  private i = 0;
  constructor(private readonly text: string) {}

  next(): boolean {
    const text = this.text;
    const n = text.length;
    let i = this.i;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 34) {
        // A string ends at its quote or at the line's end; `\n` and `\t` are read, any other escaped character kept.
        let k = i + 1;
        let out = '';
        let segStart = k;
        for (let d = text.charCodeAt(k); k < n && d !== 34 && d !== 10; d = text.charCodeAt(k)) {
          if (d === 92) {
            out += text.slice(segStart, k);
            const e = text[k + 1];
            out += e === 'n' ? '\n' : e === 't' ? '\t' : (e ?? '');
            k += 2;
            segStart = k;
          } else k++;
        }
        this.v = out + text.slice(segStart, Math.min(k, n));
        this.t = 'str';
        this.i = k + 1;
        return true;
      }
      if (c === 123 || c === 125 || c === 91 || c === 93 || c === 58 || c === 44) {
        this.t = text[i] as TokenKind;
        this.i = i + 1;
        return true;
      }
      if (c === 47 && text.charCodeAt(i + 1) === 47) {
        const nl = text.indexOf('\n', i);
        i = nl < 0 ? n : nl;
      } else if (c === 47 && text.charCodeAt(i + 1) === 42) {
        const end = text.indexOf('*/', i + 2);
        i = end < 0 ? n : end + 2;
      } else if (isSpace(text[i])) {
        i++;
      } else {
        while (i < n && !endsLiteral(text, i)) i++;
        this.t = 'lit';
        this.i = i;
        return true;
      }
    }
    this.i = i;
    return false;
  }
}

/** `[\s{}[\]:,"]`: what ends a bare literal. */
function endsLiteral(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c === 123 || c === 125 || c === 91 || c === 93 || c === 58 || c === 44 || c === 34 || isSpace(text[i]);
}

/** One open container: the key it is under (undefined when not visible) and whether it is an array. */
interface Frame {
  key: string | undefined;
  array: boolean;
}

/**
 * Scans JSON text without parsing it. `whole` means the text starts at the document root;
 * otherwise the containers around the first line are unknown.
 */
export function scanJsonDependencies(kind: JsonManifest, text: string, whole: boolean): Set<string> {
  const names = new Set<string>();
  const stack: Frame[] = [];
  // Unknown context is the fragment's surroundings; once a `}` closes past it, still unknown.
  const unknownFrame: Frame = { key: undefined, array: false };
  const top = (): Frame | undefined => (stack.length > 0 ? stack[stack.length - 1] : whole ? undefined : unknownFrame);
  let pendingKey: string | undefined;
  let lastString: string | undefined;
  let afterColon = false;
  const add = (name: string) => {
    const n = normalize(kind, name);
    if (n) names.add(n);
  };
  const addPair = (name: string, value: string) => {
    const n = normalize(kind, name);
    if (!n) return;
    if (kind !== 'deno') names.add(n);
    const src = kind === 'deno' ? `${n} from ${sourceOf(value)}` : sourceName(n, value);
    if (src) names.add(src);
  };
  for (const tok = new JsonTokens(text); tok.next(); ) {
    const frame = top();
    switch (tok.t) {
      case 'str':
        if (afterColon) {
          const key = pendingKey;
          afterColon = false;
          pendingKey = undefined;
          if (key === undefined || !frame || frame.array) break;
          const override = stack.findIndex((f) => f.key !== undefined && OVERRIDE_OBJECTS[kind].has(f.key));
          if (override >= 0) {
            const path = stack.slice(override + 1).map((f) => f.key ?? '?');
            names.add(`override ${stack[override]!.key}:${[...path, key].join('>')}=${sourceOf(tok.v)}`);
          } else if (frame.key !== undefined) {
            if (DEP_OBJECTS[kind].has(frame.key)) addPair(key, tok.v);
          } else if (frame === unknownFrame && looksLikeDependencyPair(kind, key, tok.v)) {
            addPair(key, tok.v);
          }
        } else if (frame?.array && frame.key !== undefined && DEP_ARRAYS[kind].has(frame.key)) {
          add(tok.v);
        } else {
          lastString = tok.v;
        }
        break;
      case ':':
        pendingKey = lastString;
        lastString = undefined;
        afterColon = true;
        break;
      case '{':
      case '[':
        stack.push({ key: afterColon ? pendingKey : undefined, array: tok.t === '[' });
        afterColon = false;
        pendingKey = undefined;
        lastString = undefined;
        break;
      case '}':
      case ']':
        stack.pop();
        afterColon = false;
        lastString = undefined;
        break;
      case ',':
      case 'lit':
        afterColon = false;
        pendingKey = undefined;
        lastString = undefined;
        break;
    }
  }
  return names;
}

function looksLikeDependencyPair(kind: JsonManifest, key: string, value: string): boolean {
  if (kind === 'deno') return /^(?:npm:|jsr:|https?:)/.test(value.trim());
  if (kind === 'composer') return key.includes('/') && !isComposerPlatform(key) && (VERSIONISH.test(value) || value === '*');
  if (NPM_NOT_PACKAGES.has(key)) return false;
  if (!/^(?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/i.test(key)) return false;
  return VERSIONISH.test(value.trim());
}

/** Dependency names declared by a whole manifest; falls back to the scanner when JSON.parse refuses it. */
export function jsonDependencies(kind: JsonManifest, text: string): Set<string> {
  try {
    return fromParsed(kind, JSON.parse(text));
  } catch {
    return scanJsonDependencies(kind, text, true);
  }
}
