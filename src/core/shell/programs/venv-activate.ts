// A virtualenv's `bin/activate` (docs/DESIGN.md#shell-classification): `source` runs a file's
// text in this shell, so its name proves nothing (`tools/bin/activate` may hold `rm -rf src`).
// The scripts venv, virtualenv and uv generate only set PATH, the prompt and VIRTUAL_ENV and
// define `deactivate`; such a text is proven here by what it does, node by node, whatever
// generator or version wrote it. Anything else is classified as the script it is.
import type { ShNode, ShWord } from '../ast.js';
import { parseShell } from '../parse.js';

/** Variables an activate script sets or unsets. */
const VARS = /^(?:VIRTUAL_ENV(?:_PROMPT)?|_OLD_VIRTUAL_\w+|PATH|PS1|PYTHONHOME|ZSH_VERSION|BASH_VERSION)$/;
/** Commands it runs: builtins that only set, unset or test, and the two probes venv uses on Cygwin. */
const COMMANDS = new Set(['deactivate', 'export', 'unset', 'hash', '[', 'test', ':', 'true', 'false', 'return', 'exit', 'echo', 'uname', 'cygpath', 'rehash']);
/** Only to /dev/null or onto another descriptor (`>&2`). */
function redirectProven(r: { op: string; target: ShWord | undefined; heredoc?: unknown }): boolean {
  if (r.heredoc) return false;
  const t = r.target?.lit;
  return t === '/dev/null' || (r.op.endsWith('&') && (t === '1' || t === '2' || t === '-'));
}

/** Words of those commands: option letters, variable names, test operators and literal text. */
const WORD = /^(?:-[a-zA-Z]+|[A-Za-z_]\w*|=|!=|!|\]|nondestructive|\/dev\/null|)$/;

function wordsProven(words: readonly ShWord[]): boolean {
  return words.every((w) => w.subs.every(nodeProven));
}

function nodeProven(n: ShNode): boolean {
  switch (n.k) {
    case 'seq':
    case 'andor':
      return n.items.every(nodeProven);
    case 'if':
      return n.branches.every((b) => nodeProven(b.cond) && nodeProven(b.body)) && (n.otherwise === undefined || nodeProven(n.otherwise));
    case 'case':
      return wordsProven([n.word]) && n.items.every((i) => nodeProven(i.body));
    case 'func':
      return n.name === 'deactivate' && nodeProven(n.body);
    case 'redir':
      return n.redirects.every(redirectProven) && nodeProven(n.body);
    case 'expr':
      return !n.assigns && n.arith.length === 0 && n.subs.every(nodeProven);
    case 'cmd': {
      if (!n.redirects.every(redirectProven)) return false;
      if (!n.assigns.every((a) => VARS.test(a.name) && a.index === undefined && wordsProven(a.words))) return false;
      if (n.words.length === 0) return true;
      const cmd = n.words[0]!.lit;
      if (cmd === undefined || !COMMANDS.has(cmd)) return false;
      // `export X=…` and `unset -f deactivate`: only the script's own names.
      for (const w of n.words.slice(1)) {
        if (!wordsProven([w])) return false;
        if (cmd === 'export' || cmd === 'unset') {
          const name = (w.lit ?? '').split('=')[0]!;
          if (!(VARS.test(name) || name === 'deactivate' || /^-[fv]$/.test(name))) return false;
        } else if (cmd === '[' || cmd === 'test' || cmd === 'hash' || cmd === 'deactivate') {
          if (w.lit !== undefined && !WORD.test(w.lit)) return false;
        }
      }
      return true;
    }
    default:
      return false;
  }
}

/** Whether `text` is proven to be a virtualenv's activate script (sets the environment, runs nothing else). */
export function venvActivateProven(text: string): boolean {
  const parsed = parseShell(text, { nodes: 0 });
  return parsed.ok && nodeProven(parsed.root);
}
