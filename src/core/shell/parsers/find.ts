// find's command line as GNU findutils reads it: options before the search roots (`-H`, `-L`,
// `-P`, `-D list`, `-O3`; BSD's `-f root`), the roots (the words before the first that starts with `-` or is
// `(` or `!`), then an expression of primaries. A primary that takes a value takes the next
// word whatever it spells (`-name -delete` tests the name "-delete", it deletes nothing);
// `-exec`, `-execdir`, `-ok` and `-okdir` take the words up to `;` or to `{}` followed by `+`.
import type { Arg } from '../words.js';

/** Primaries that take one value word: tests, positional options, and the file writers. */
const ONE_VALUE = new Set(
  (
    '-name -iname -path -ipath -regex -iregex -type -xtype -size -user -group -perm -mtime -mmin -atime -amin ' +
    '-ctime -cmin -newer -anewer -cnewer -maxdepth -mindepth -links -inum -samefile -wholename -iwholename ' +
    '-lname -ilname -uid -gid -used -fstype -context -printf -regextype -files0-from -Bmin -Btime -Bnewer ' +
    '-fprint -fprint0 -fls'
  ).split(' '),
);
/** Primaries without a value (tests, actions, walk options) and the operators. */
const NO_VALUE = new Set(
  (
    '-depth -d -follow -help --help -ignore_readdir_race -noignore_readdir_race -mount -noleaf -version --version ' +
    '-warn -nowarn -xdev -daystart -empty -executable -false -true -nogroup -nouser -readable -writable -ls ' +
    '-print -print0 -prune -quit -delete ( ) ! -not -a -and -o -or ,'
  ).split(' '),
);
const RUNS = new Set(['-exec', '-execdir', '-ok', '-okdir']);

export interface FindPrimary {
  /** The primary as written (`-name`, `-exec`, `!`). */
  readonly name: string;
  /** The words it took: one for `-name x`, two for `-fprintf file format`. */
  readonly values: readonly Arg[];
  /** `-exec` and the like: the command, without its terminator. */
  readonly command?: readonly Arg[];
}

export interface FindParsed {
  /** `-H`, `-L`, `-P` (the last wins), `-D`'s list, `-O` levels: the words before the roots. */
  readonly options: readonly string[];
  readonly roots: readonly Arg[];
  readonly primaries: readonly FindPrimary[];
  /** Why find would refuse the line, or a word the parse cannot see (`dynamic`). */
  problem?: 'dynamic' | 'unknown_primary' | 'missing_value' | 'unterminated';
  problemWord?: string;
}

/** `dynamic(a)`: the word may expand to something else (a variable, a leading glob). */
export function parseFind(args: readonly Arg[], start: number, dynamic: (a: Arg) => boolean): FindParsed {
  const options: string[] = [];
  const roots: Arg[] = [];
  const primaries: FindPrimary[] = [];
  const out: FindParsed = { options, roots, primaries };
  const fail = (problem: NonNullable<FindParsed['problem']>, a: Arg | undefined): FindParsed => {
    out.problem = problem;
    out.problemWord = a?.text;
    return out;
  };
  let i = start;
  for (; i < args.length; i++) {
    const v = args[i]!.value;
    // `-E`, `-X`, `-s`, `-x` and `-f root` are BSD find's.
    if (v === '-H' || v === '-L' || v === '-P' || v === '-E' || v === '-X' || v === '-s' || v === '-x' || (v !== null && /^-O\d$/.test(v))) options.push(v);
    else if (v === '-f') {
      const root = args[++i];
      if (!root) return fail('missing_value', args[i - 1]);
      if (dynamic(root)) return fail('dynamic', root);
      roots.push(root);
    } else if (v === '-D') {
      const list = args[++i];
      if (!list) return fail('missing_value', args[i - 1]);
      options.push(v);
    } else break;
  }
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (dynamic(a)) return fail('dynamic', a);
    const v = a.value!;
    if (v.startsWith('-') || v === '(' || v === '!' || v === ')' || v === ',') break;
    roots.push(a);
  }
  for (; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (v === null || dynamic(a)) return fail('dynamic', a);
    if (NO_VALUE.has(v)) primaries.push({ name: v, values: [] });
    else if (ONE_VALUE.has(v) || /^-newer[aBcmt][aBcmt]$/.test(v) || v === '-fprintf') {
      const n = v === '-fprintf' ? 2 : 1;
      const values = args.slice(i + 1, i + 1 + n);
      if (values.length < n) return fail('missing_value', a);
      // An unquoted `*.ts` expands before find sees it and may spell more primaries.
      const hidden = values.find((x) => dynamic(x) && x.value !== '{}');
      if (hidden) return fail('dynamic', hidden);
      primaries.push({ name: v, values });
      i += n;
    } else if (RUNS.has(v)) {
      const command: Arg[] = [];
      let j = i + 1;
      for (; j < args.length; j++) {
        const t = args[j]!.value;
        if (t === ';' || (t === '+' && command.length > 0 && command[command.length - 1]!.value === '{}')) break;
        command.push(args[j]!);
      }
      if (j >= args.length) return fail('unterminated', a);
      primaries.push({ name: v, values: [], command });
      i = j;
    } else return fail('unknown_primary', a);
  }
  return out;
}
