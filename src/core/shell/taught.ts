// Reads the user taught remit (`remit reads add`, README "Commands"): a command no model
// proves, which the user says only reads. Each entry is read from the user's own
// configuration, never the project's (the agent can write the project). An entry is
//   PROGRAM [SUBCOMMAND …] [OPTION …] [*]
// the program and its subcommand words matched exactly (the program found on PATH, not a
// path), then only the options listed, in remit's option notation (`-r:` and `--limit=` take a
// value, `--no-graph` does not), and operands only when the entry ends with `*`. Unlike a
// prefix rule (Claude Code's `Bash(jj log:*)`, Codex's prefix rules), an option the user did
// not list is not taught: options are where a read turns into a write (`--output`, `--fix`).
import { defineOptions, scanOptions, type OptionTable } from './option-table.js';
import type { Invocation } from './walker.js';

export interface TaughtRead {
  readonly words: readonly string[];
  readonly table: OptionTable;
  readonly operands: boolean;
}

/** An entry as remit reads it, or a one-line reason it cannot be used. */
export function parseTaughtRead(line: string): TaughtRead | string {
  const tokens = line.trim().split(/\s+/).filter(Boolean);
  const words: string[] = [];
  let i = 0;
  for (; i < tokens.length && !tokens[i]!.startsWith('-') && tokens[i] !== '*'; i++) words.push(tokens[i]!);
  if (words.length === 0) return 'an entry starts with the program name';
  if (words[0]!.includes('/')) return 'the program is a name found on PATH, not a path';
  for (const w of words) if (!/^[\w.+@:-]+$/.test(w)) return `'${w}' is not a plain program or subcommand word`;
  const options: string[] = [];
  let operands = false;
  for (; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t === '*' && i === tokens.length - 1) operands = true;
    else if (/^--?[^-\s=:[][^\s=:[]*(?::|=|::|\[=\])?$/.test(t)) options.push(t);
    else return `'${t}' is neither an option (-x, -x:, --name, --name=) nor a final *`;
  }
  let table: OptionTable;
  try {
    table = defineOptions({ read: options.join(' '), abbrev: false });
    void table.long;
  } catch (err) {
    return (err as Error).message;
  }
  return { words, table, operands };
}

const parsed = new WeakMap<readonly string[], TaughtRead[]>();

function entries(lines: readonly string[]): TaughtRead[] {
  let out = parsed.get(lines);
  if (!out) {
    out = [];
    for (const l of lines) {
      const e = parseTaughtRead(l);
      if (typeof e !== 'string') out.push(e);
    }
    parsed.set(lines, out);
  }
  return out;
}

/** Whether a taught entry matches the command exactly (program, subcommands, listed options, operands if allowed). */
export function taughtMatch(lines: readonly string[], inv: Invocation): boolean {
  for (const e of entries(lines)) {
    if (inv.name !== e.words[0] || inv.args.length < e.words.length) continue;
    let same = true;
    for (let k = 1; k < e.words.length; k++) {
      const a = inv.args[k]!;
      if (a.value !== e.words[k] || a.glob) same = false;
    }
    if (!same) continue;
    const s = scanOptions(inv.args, e.words.length, e.table);
    if (s.problem !== undefined || s.maybeOptions.length > 0) continue;
    if (s.operands.length > 0 && !e.operands) continue;
    if (s.operands.some((a) => a.value === null)) continue;
    return true;
  }
  return false;
}
