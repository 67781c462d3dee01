// test/option-audit/unknown.txt: the options and subcommands @withfig/autocomplete lists that
// remit's models deliberately do not know, each with why. One line per subcommand path and
// reason:
//
//   <program> [<subcommand> …] [**]<TAB><names> | *<TAB><class>: <why>
//
// The path is the program and fig's first name of each subcommand on the way; a final `**`
// stands for that node and every node below it. `names` are option spellings (`-x`, `--long`)
// and subcommand words at that node, separated by spaces; `*` is every one the models do not
// know there. A subcommand listed stands for everything below it. The class says what the
// option or subcommand does that keeps it out of the models (CLASSES).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const UNKNOWN_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'unknown.txt');

/** Why remit leaves an option or subcommand out of its models. */
export const CLASSES = {
  writes: 'it writes or deletes files, or the program exists to (remit judges it a write or leaves it unknown)',
  runs: 'it runs another program or code: a command, a plugin, a hook, a script, a compiler',
  interactive: 'it waits for a person: an editor, a pager, a prompt, a terminal UI',
  network: 'it changes remote state, or serves, listens or downloads',
  state: 'it changes local or system state: settings, caches, keys, services, processes',
  config: 'it names configuration or input whose content remit does not read',
  unmodelled: 'a read remit has not modelled yet (a false deny today)',
  platform: 'it exists only on another platform (macOS, Windows) or hardware remit cannot check here',
  spec: "fig's own notation, not a word the program takes as typed (a placeholder, a script command listed as a subcommand)",
} as const;
export type UnknownClass = keyof typeof CLASSES;

export interface UnknownLine {
  readonly line: number;
  /** The program and subcommand words. */
  readonly path: readonly string[];
  /** The path stands for its node and every node below it. */
  readonly deep: boolean;
  /** The names listed, or undefined for `*`. */
  readonly names: ReadonlySet<string> | undefined;
  readonly cls: UnknownClass;
  readonly why: string;
}

export class UnknownFormatError extends Error {}

export function parseUnknown(text: string): UnknownLine[] {
  const out: UnknownLine[] = [];
  text.split('\n').forEach((raw, i) => {
    if (raw.trim() === '' || raw.startsWith('#')) return;
    const cols = raw.split('\t');
    if (cols.length !== 3) throw new UnknownFormatError(`unknown.txt:${i + 1}: expected path<TAB>names<TAB>class: why`);
    const words = cols[0]!.trim().split(/\s+/);
    const deep = words[words.length - 1] === '**';
    if (deep) words.pop();
    if (words.length === 0 || words.includes('**')) throw new UnknownFormatError(`unknown.txt:${i + 1}: a path names the program first, and ** only last`);
    const names = cols[1]!.trim() === '*' ? undefined : new Set(cols[1]!.trim().split(/\s+/));
    const m = /^([a-z]+): (.+)$/.exec(cols[2]!.trim());
    if (!m || !Object.hasOwn(CLASSES, m[1]!))
      throw new UnknownFormatError(`unknown.txt:${i + 1}: the third column is <class>: <why>, the class one of ${Object.keys(CLASSES).join(', ')}`);
    out.push({ line: i + 1, path: words, deep, names, cls: m[1] as UnknownClass, why: m[2]! });
  });
  return out;
}

export function loadUnknown(file = UNKNOWN_FILE): UnknownLine[] {
  return parseUnknown(readFileSync(file, 'utf8'));
}

/** Looks up which line lists an item at a path, and remembers which lines and names were used. */
export class UnknownIndex {
  private readonly byPath = new Map<string, UnknownLine[]>();
  private readonly deep: UnknownLine[] = [];
  /** Lines used, and for lines with names, the names used. */
  readonly used = new Map<UnknownLine, Set<string>>();

  constructor(readonly lines: readonly UnknownLine[]) {
    for (const l of lines) {
      if (l.deep) this.deep.push(l);
      else {
        const k = l.path.join(' ');
        this.byPath.set(k, [...(this.byPath.get(k) ?? []), l]);
      }
    }
  }

  /** The line that lists `item` at `at`: one naming it there first, else a `*` there, else a `**` above it. */
  find(at: readonly string[], item: string): UnknownLine | undefined {
    const here = this.byPath.get(at.join(' ')) ?? [];
    const hit =
      here.find((l) => l.names?.has(item)) ??
      here.find((l) => l.names === undefined) ??
      this.deep.find((l) => l.path.length <= at.length && l.path.every((w, i) => at[i] === w) && (l.names === undefined || l.names.has(item)));
    if (hit) {
      const u = this.used.get(hit) ?? new Set<string>();
      u.add(item);
      this.used.set(hit, u);
    }
    return hit;
  }

  /** Lines that listed nothing, and names a line lists that nothing asked for. */
  stale(): string[] {
    const out: string[] = [];
    for (const l of this.lines) {
      const u = this.used.get(l);
      if (!u)
        out.push(
          `unknown.txt:${l.line}: ${l.path.join(' ')}${l.deep ? ' **' : ''} ${l.names ? [...l.names].join(' ') : '*'} lists nothing the models leave unknown`,
        );
      else if (l.names)
        for (const n of l.names) if (!u.has(n)) out.push(`unknown.txt:${l.line}: ${l.path.join(' ')} ${n}: known to the models, or not in the spec`);
    }
    return out;
  }
}
