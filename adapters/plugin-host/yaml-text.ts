// A YAML list edited as text: remit's entry is added as one new line (or one flow item) and
// taken out as exactly that, so the user's lines keep every byte (spacing, comments, quoting,
// flow lists). The yaml library only locates nodes here; it never writes the document out.
// Shapes these edits cannot do without rewriting a user's line are refused by the caller.
import { isMap, isScalar, isSeq, parse, type Document, type Node, type Pair, type YAMLMap, type YAMLSeq } from 'yaml';

/** Thrown when the file's layout is one these line edits do not handle. */
export class YamlLayoutError extends Error {}

const lineStart = (t: string, i: number): number => t.lastIndexOf('\n', i - 1) + 1;
const lineEnd = (t: string, i: number): number => {
  const n = t.indexOf('\n', i);
  return n < 0 ? t.length : n + 1;
};

/** `value` as YAML writes it in either context: plain when it reads back as itself, else double-quoted. */
export function yamlScalar(value: string): string {
  if (value !== '' && !/[\n,[\]{}#]|: |:$|^[\s'"&*!|>%@`?-]|\s$/.test(value)) {
    try {
      if (parse(value) === value) return value;
    } catch {
      // Quoted below.
    }
  }
  return JSON.stringify(value);
}

type Range = [number, number, number];
const rangeOf = (n: unknown): Range => {
  const r = (n as Node | null)?.range;
  if (!r) throw new YamlLayoutError('a node without a source position');
  return r as Range;
};

/** The whitespace before `at` on its line, or a refusal when something else stands there. */
function indentBefore(text: string, at: number): string {
  const lead = text.slice(lineStart(text, at), at);
  if (!/^[ \t]*$/.test(lead)) throw new YamlLayoutError('an entry that does not start its own line');
  return lead;
}

function pairOf(map: YAMLMap, key: string): Pair | undefined {
  return map.items.find((p) => isScalar(p.key) && p.key.value === key) as Pair | undefined;
}

/** Where a pair's text ends: after its value, or its key when it has none. */
function pairEnd(p: Pair): number {
  const k = rangeOf(p.key)[1];
  return p.value && (p.value as Node).range ? Math.max(k, rangeOf(p.value)[1]) : k;
}

/** Removes whole lines [from line of `a`, through line of `b - 1`]; at the end of a file with no last newline, the newline before them instead. */
function cutLines(text: string, a: number, b: number): string {
  const s = lineStart(text, a);
  const e = lineEnd(text, Math.max(a, b - 1));
  if (e === text.length && !text.endsWith('\n') && s > 0) return text.slice(0, s - 1) + text.slice(e);
  return text.slice(0, s) + text.slice(e);
}

/** Removes item `i` of a flow collection with its separator, as JSON's list edit does. */
function cutFlow(text: string, spans: [number, number][], i: number): string {
  const [a, b] = spans[i]!;
  if (i > 0) return text.slice(0, spans[i - 1]![1]) + text.slice(b);
  if (spans.length > 1) return text.slice(0, a) + text.slice(spans[1]![0]);
  return text.slice(0, a) + text.slice(b);
}

const insertAt = (text: string, at: number, s: string): string => text.slice(0, at) + s + text.slice(at);

/** `keys` nested as block lines under `indent`, the last holding a one-item list. */
function blockPairs(keys: string[], indent: string, item: string): string {
  const lines = keys.map((k, i) => `${indent}${'  '.repeat(i)}${yamlScalar(k)}:\n`);
  return `${lines.join('')}${indent}${'  '.repeat(keys.length)}- ${item}\n`;
}

const flowPairs = (keys: string[], item: string): string => keys.reduceRight((inner, k) => `${yamlScalar(k)}: ${inner}`, `[${item}]`);

/**
 * `s` (whole lines) after the line that holds `at`. Where the file ends there without a
 * newline, the lines go after one and end without their own, so taking them out again
 * (cutLines) gives the file back byte for byte.
 */
function afterLine(text: string, at: number, s: string): string {
  const e = lineEnd(text, at);
  return insertAt(text, e, e === text.length && !text.endsWith('\n') && text !== '' ? `\n${s.slice(0, -1)}` : s);
}

/** `keys` (not yet in `map`) added to it, the last holding [item]. */
function addPairs(text: string, map: YAMLMap | null, keys: string[], item: string): string {
  if (map === null) return text === '' ? blockPairs(keys, '', item) : afterLine(text, text.length, blockPairs(keys, '', item));
  const [start] = rangeOf(map);
  if (map.flow) {
    if (text[start] !== '{') throw new YamlLayoutError('a flow mapping remit cannot place');
    const last = map.items.at(-1);
    return last ? insertAt(text, pairEnd(last as Pair), `, ${flowPairs(keys, item)}`) : insertAt(text, start + 1, flowPairs(keys, item));
  }
  const first = map.items[0];
  if (!first) throw new YamlLayoutError('an empty block mapping');
  const indent = indentBefore(text, rangeOf(first.key)[0]);
  return afterLine(text, pairEnd(map.items.at(-1) as Pair) - 1, blockPairs(keys, indent, item));
}

/**
 * `text` with `item` (already YAML) added to the list at `keys`, creating the list and the
 * mappings on its way where they are missing. A null value (`enabled:`) gets the list.
 */
export function addListItem(text: string, doc: Document, keys: string[], item: string): string {
  let map: YAMLMap | null = doc.contents === null ? null : (doc.contents as YAMLMap);
  for (let i = 0; i < keys.length; i++) {
    if (map === null) return addPairs(text, null, keys.slice(i), item);
    const pair = pairOf(map, keys[i]!);
    if (!pair) return addPairs(text, map, keys.slice(i), item);
    const value = pair.value as Node | null;
    if (i < keys.length - 1 && isMap(value)) {
      map = value;
      continue;
    }
    if (i === keys.length - 1 && isSeq(value)) return appendItem(text, value, item);
    if (value !== null && !(isScalar(value) && value.value === null)) throw new YamlLayoutError('a value that is not a list');
    // `key:` or `key: ~` — the rest of the path goes in its place.
    const rest = keys.slice(i + 1);
    const [vs, ve] = value ? rangeOf(value) : [pairEnd(pair), pairEnd(pair)];
    if (ve > vs || map.flow) return text.slice(0, vs) + (rest.length ? `{${flowPairs(rest, item)}}` : `[${item}]`) + text.slice(ve);
    const indent = `${indentBefore(text, rangeOf(pair.key)[0])}  `;
    return afterLine(text, pairEnd(pair) - 1, rest.length ? blockPairs(rest, indent, item) : `${indent}- ${item}\n`);
  }
  throw new YamlLayoutError('an empty key path');
}

function appendItem(text: string, seq: YAMLSeq, item: string): string {
  const [start] = rangeOf(seq);
  const last = seq.items.at(-1);
  if (seq.flow) {
    if (text[start] !== '[') throw new YamlLayoutError('a flow list remit cannot place');
    return last ? insertAt(text, rangeOf(last)[1], `, ${item}`) : insertAt(text, start + 1, item);
  }
  const indent = indentBefore(text, start);
  return afterLine(text, rangeOf(last)[1] - 1, `${indent}- ${item}\n`);
}

/** Where a block list item's line starts, checked to hold only its `- ` before it. */
function blockItemStart(text: string, item: unknown): number {
  const [a] = rangeOf(item);
  const s = lineStart(text, a);
  if (!/^[ \t]*-[ \t]+$/.test(text.slice(s, a))) throw new YamlLayoutError('a list item that does not start its own line');
  return s;
}

/**
 * `text` without item `index` of the list at `keys`. A list left empty stays (as `[]`, or
 * `key:` for a block list) when `keepPath` keeps its path; otherwise its key goes, and so does
 * each mapping on the path left empty by that whose path `keepPath` does not keep.
 */
export function removeListItem(text: string, doc: Document, keys: string[], index: number, keepPath: (path: string[]) => boolean): string {
  const seq = doc.getIn(keys, true) as YAMLSeq;
  const item = seq.items[index];
  if (seq.items.length > 1 || keepPath(keys)) {
    if (!seq.flow) return cutLines(text, blockItemStart(text, item), rangeOf(item)[1]);
    return cutFlow(
      text,
      seq.items.map((it) => [rangeOf(it)[0], rangeOf(it)[1]]),
      index,
    );
  }
  // The list goes with its key, and each mapping above it that it leaves empty, up to one kept.
  let depth = keys.length;
  while (depth > 1) {
    const parent = doc.getIn(keys.slice(0, depth - 1), true) as YAMLMap;
    if (parent.items.length > 1 || keepPath(keys.slice(0, depth - 1))) break;
    depth--;
  }
  const holder = (depth === 1 ? doc.contents : doc.getIn(keys.slice(0, depth - 1), true)) as YAMLMap;
  const pair = pairOf(holder, keys[depth - 1]!)!;
  if (holder.flow)
    return cutFlow(
      text,
      holder.items.map((p) => [rangeOf((p as Pair).key)[0], pairEnd(p as Pair)]),
      holder.items.indexOf(pair),
    );
  const ks = rangeOf(pair.key)[0];
  indentBefore(text, ks);
  return cutLines(text, ks, pairEnd(pair));
}
