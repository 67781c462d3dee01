// Which commands the oracle can run here: every program a command names must be installed (or
// be a bash builtin, keyword, or a path), else the command is skipped and its program listed.
import { spawnSync } from 'node:child_process';
import { remitWords } from '../shell-corpus/command-words.js';

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** The program words of a bash command (first word of each simple command, after assignments). */
export function programsOf(command: string): string[] | undefined {
  const words = remitWords(command);
  if (words === 'parse-error') return undefined;
  const out: string[] = [];
  for (const w of words) {
    const first = w.split(' ').find((t) => !ASSIGNMENT.test(t));
    if (first) out.push(first);
  }
  return out;
}

/** A plain name bash would look up; words with a slash, a quote or an expansion resolve at run time. */
function lookedUp(word: string): boolean {
  return /^[A-Za-z0-9_.+-]+$/.test(word);
}

/** `type -t` for every name at once, under the PATH the sandbox uses (without its canaries). */
export function installedSet(names: Iterable<string>, pathVar: string): Set<string> {
  const list = [...new Set(names)].filter(lookedUp);
  const out = new Set<string>();
  if (!list.length) return out;
  const r = spawnSync('bash', ['-c', 'for w in "$@"; do if type -t -- "$w" >/dev/null 2>&1; then printf "%s\\n" "$w"; fi; done', 'x', ...list], {
    env: { PATH: pathVar },
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  for (const l of r.stdout.split('\n')) if (l) out.add(l);
  return out;
}

/** The programs of `command` that are not installed (empty: runnable), or undefined when it does not parse. */
export function missingPrograms(command: string, installed: Set<string>): string[] | undefined {
  const progs = programsOf(command);
  if (!progs) return undefined;
  return progs.filter((p) => lookedUp(p) && !installed.has(p));
}
