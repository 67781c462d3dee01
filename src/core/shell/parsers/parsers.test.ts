// Each parser family against the real program it copies, where that program is installed:
// GNU getopt_long through util-linux getopt(1), git's parse-options through `git rev-parse
// --parseopt` (which runs parse-options on a spec we give it), xxd, OpenSSL and tar by what
// they write in a throwaway folder. A missing program skips its table with the reason.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Arg } from '../words.js';
import { parseGetopt } from './getopt.js';
import { parseFind } from './find.js';
import { parseGitOptions } from './git-options.js';
import { parseOpenssl } from './openssl.js';
import { parseTar } from './tar.js';
import { compileSpec, isOn, type Arity, type OptionSpec, type Parsed } from './types.js';
import { parseXxd } from './xxd.js';

function installed(program: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${program}`]).status === 0;
}

const args = (...words: string[]): Arg[] => words.map((w) => ({ value: w, glob: false, tilde: false, text: w }));
const work = mkdtempSync(path.join(tmpdir(), 'remit-parsers-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A fresh folder holding `in` (a few bytes). */
function folder(): string {
  const d = mkdtempSync(path.join(work, 'run-'));
  writeFileSync(path.join(d, 'in'), 'hello world\n');
  return d;
}

/** The parse as `name[=value]` words, negations as `no-`, then `--` and the operands. */
function render(p: Parsed): string {
  const out: string[] = [];
  for (const o of p.occurrences) out.push(`${o.negated ? 'no:' : ''}${o.def.id}${o.value ? `=${o.value.value}` : ''}`);
  out.push('--', ...p.operands.map((a) => a.value ?? '?'));
  return out.join(' ');
}

interface Row {
  names: string[];
  arity: Arity;
  negatable?: boolean;
}

describe.skipIf(!installed('getopt'))('GNU getopt_long, against util-linux getopt(1)', () => {
  const rows: Row[] = [
    { names: ['-a', '--all'], arity: 'none' },
    { names: ['-b', '--block'], arity: 'required' },
    { names: ['-c', '--color'], arity: 'optional' },
    { names: ['--file'], arity: 'required' },
    { names: ['--force'], arity: 'none' },
    { names: ['--format'], arity: 'required' },
  ];
  const spec = compileSpec(rows);
  /** getopt(1)'s output in the same rendering. */
  function real(words: string[], posix = false): string | 'error' {
    const r = spawnSync('getopt', ['-o', `${posix ? '+' : ''}ab:c::`, '-l', 'all,block:,color::,file:,force,format:', '--', ...words], { encoding: 'utf8' });
    if (r.status !== 0) return 'error';
    const out: string[] = [];
    const toks = [...r.stdout.trim().matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)].map((m) =>
      m[1] !== undefined ? { q: m[1].replace(/'\\''/g, "'") } : { w: m[2]! },
    );
    const long = (n: string): string => rows.find((x) => x.names.includes(n))!.names[0]!;
    let k = 0;
    for (; k < toks.length; k++) {
      const t = toks[k]!;
      if (t.w === '--') break;
      const id = long(t.w!);
      const def = rows.find((x) => x.names[0] === id)!;
      const next = toks[k + 1];
      if (def.arity !== 'none' && next && next.q !== undefined) {
        // getopt prints an optional value that was not given as ''.
        if (!(def.arity === 'optional' && next.q === '')) out.push(`${id}=${next.q}`);
        else out.push(id);
        k++;
      } else out.push(id);
    }
    out.push('--', ...toks.slice(k + 1).map((t) => t.q ?? t.w!));
    return out.join(' ');
  }
  const table: string[][] = [
    ['-a', 'x', '--all'],
    ['-abv', 'op'],
    ['-b', '-a', 'op'],
    ['--bl=v', 'op', '--al'],
    ['--co', 'op'],
    ['--colo=always', 'op'],
    ['-c', 'op'],
    ['-cauto', 'op'],
    ['--fo', 'x'],
    ['--for', 'x'],
    ['--form', 'x', 'y'],
    ['--file', '--force', 'z'],
    ['op', '--', '-a', '--all'],
    ['-', '-a'],
    ['--all=x'],
    ['-b'],
    ['--nosuch'],
  ];
  it.each(table)('%s', (...words) => {
    const p = parseGetopt(args(...words), 0, spec);
    const want = real(words);
    expect(p.problem === undefined ? render(p) : 'error').toBe(want);
  });
  // POSIX order (`+` in the optstring), as BSD getopt reads: the first operand ends the options.
  it.each([
    ['-a', 'op', '-b', 'x'],
    ['-ab', 'x', 'op', '--all'],
    ['--', '-a'],
  ])('posix order: %s', (...words) => {
    const p = parseGetopt(args(...words), 0, spec, { posix: true });
    expect(p.problem === undefined ? render(p) : 'error').toBe(real(words, true));
  });
});

describe.skipIf(!installed('git'))("git's parse-options, against git rev-parse --parseopt", () => {
  const rows: Row[] = [
    { names: ['-n', '--dry-run'], arity: 'none', negatable: true },
    { names: ['-a', '--all'], arity: 'none', negatable: false },
    { names: ['-m', '--message'], arity: 'required', negatable: true },
    { names: ['-O', '--open-files-in-pager'], arity: 'optional', negatable: true },
    { names: ['--no-verify'], arity: 'none', negatable: true },
    { names: ['--output'], arity: 'required', negatable: true },
    { names: ['-v', '--verbose'], arity: 'none', negatable: true },
    // `git tag`'s pair: both PARSE_OPT_NONEG, so `--cont` is --contains alone.
    { names: ['--contains'], arity: 'none', negatable: false },
    { names: ['--no-contains'], arity: 'none', negatable: false },
  ];
  const specText = [
    'usage',
    '--',
    'n,dry-run x',
    'a,all! x',
    'm,message= x',
    'O,open-files-in-pager? x',
    'no-verify x',
    'output= x',
    'v,verbose x',
    'contains! x',
    'no-contains! x',
    '',
  ].join('\n');
  const spec = compileSpec(rows);
  const idOf = (word: string): { id: string; negated: boolean } => {
    const neg = word.startsWith('--no-') && !rows.some((r) => r.names.includes(word));
    const plain = neg ? `--${word.slice(5)}` : word;
    const row = rows.find((r) => r.names.includes(plain));
    if (row) return { id: row.names[0]!, negated: neg };
    // `--verify`, printed for the option named no-verify set back.
    return { id: `--no-${word.slice(2)}`, negated: true };
  };
  function real(words: string[], stop: boolean): string | 'error' {
    const r = spawnSync('git', ['rev-parse', '--parseopt', ...(stop ? ['--stop-at-non-option'] : []), '--', ...words], { input: specText, encoding: 'utf8' });
    if (r.status !== 0) return r.status === 129 && /usage/.test(r.stdout + r.stderr) && !/error|unknown|ambiguous/.test(r.stderr) ? 'usage' : 'error';
    const toks = [
      ...r.stdout
        .replace(/^set -- /, '')
        .trim()
        .matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g),
    ].map((m) => (m[1] !== undefined ? { q: m[1].replace(/'\\''/g, "'") } : { w: m[2]! }));
    const out: string[] = [];
    let k = 0;
    for (; k < toks.length; k++) {
      const t = toks[k]!;
      if (t.w === '--') break;
      const { id, negated } = idOf(t.w!);
      const next = toks[k + 1];
      if (next?.q !== undefined) {
        out.push(`${negated ? 'no:' : ''}${id}=${next.q}`);
        k++;
      } else out.push(`${negated ? 'no:' : ''}${id}`);
    }
    out.push('--', ...toks.slice(k + 1).map((t) => t.q ?? t.w!));
    return out.join(' ');
  }
  const table: [string[], boolean][] = [
    [['-n', '--no-dry-run', 'x'], false],
    [['--dry', 'x', '--no-dry'], false],
    [['-m', '--dry-run', 'x'], false],
    [['-m--dry-run', '-n'], false],
    [['-nO', 'x'], false],
    [['-nOcmd', 'x'], false],
    [['--open=cmd', 'x'], false],
    [['--open', 'cmd'], false],
    [['--', 'newbr'], false],
    [['x', '--end-of-options', '-n'], false],
    [['--no-all'], false],
    [['--verify'], false],
    [['--no-verify'], false],
    [['--no-v'], false],
    [['--ver'], false],
    [['--verif'], false],
    [['--no-ve'], false],
    [['--output=f', '--no-output'], false],
    [['--out', 'f'], false],
    [['--no-output=f'], false],
    [['--all=1'], false],
    [['-h'], false],
    [['-nh'], false],
    [['x', '-n'], true],
    [['--me'], false],
    [['-'], false],
    [['--cont'], false],
    [['--no-cont'], false],
    [['--contains'], false],
    [['--no-contains'], false],
  ];
  it.each(table)('%j (stop at operand: %s)', (words, stop) => {
    const p = parseGitOptions(args(...words), 0, spec, { stopAtOperand: stop });
    const got = p.usage ? 'usage' : p.problem !== undefined ? 'error' : render(p);
    expect(got).toBe(real(words, stop));
  });
  it('reads the state, not the tokens', () => {
    expect(isOn(parseGitOptions(args('-n', '--no-dry-run', '-A'), 0, spec), '-n')).toBe(false);
    const commit = parseGitOptions(args('-m', '--dry-run', '-a'), 0, spec);
    expect(isOn(commit, '-n')).toBe(false);
    expect(commit.occurrences[0]!.value!.value).toBe('--dry-run');
  });
});

describe.skipIf(!installed('xxd'))("xxd's parser, against the file xxd writes", () => {
  const spec = compileSpec(
    [['-a'], ['-p'], ['-r'], ['-u'], ['-c', '-cols'], ['-g', '-groupsize'], ['-l', '-len'], ['-s', '-seek']].map((names) => ({
      names,
      arity: names.length > 1 ? ('required' as const) : ('none' as const),
    })),
  );
  const table: string[][] = [
    ['-ps', 'in', 'out'],
    ['-cols', '4', 'in', 'out'],
    ['-c4', 'in', 'out'],
    ['-c', '4', 'in', 'out'],
    ['--ps', 'in', 'out'],
    ['-postscript', 'in', 'out'],
    ['-l1', '-ps', 'in', 'out'],
    ['in', 'out'],
    ['--', 'in', 'out'],
    ['in', '--'],
    ['in', '-c'],
    ['-seek', '2', 'in', 'out'],
    ['-u', '-a', 'in'],
  ];
  it.each(table)('%s', (...words) => {
    const d = folder();
    spawnSync('xxd', words, { cwd: d });
    const written = readdirSync(d).filter((f) => f !== 'in');
    const p = parseXxd(args(...words), 0, spec);
    const out = p.operands[1]?.value;
    expect(out === undefined || out === '-' ? [] : [out]).toEqual(written);
  });
});

describe.skipIf(!installed('openssl'))("OpenSSL's parser, against what openssl enc writes", () => {
  const spec: OptionSpec = compileSpec([
    { names: ['-in'], arity: 'required' },
    { names: ['-out'], arity: 'required' },
    { names: ['-base64'], arity: 'none' },
    { names: ['-A'], arity: 'none' },
  ]);
  const table: string[][] = [
    ['-base64', '-in', 'in', '-out', 'o1'],
    ['-base64', '-in=in', '-out=o2'],
    ['--base64', '--in', 'in', '--out=o3'],
    ['-base64', '-in', 'in', '-ou', 'o4'],
    ['-base64', '-in', 'in', '-A=1', '-out', 'o5'],
    ['-base64', '-in', 'in', '--', '-out', 'o6'],
  ];
  it.each(table)('%s', (...words) => {
    const d = folder();
    const r = spawnSync('openssl', ['enc', ...words], { cwd: d });
    const written = readdirSync(d).filter((f) => f !== 'in');
    const p = parseOpenssl(args(...words), 0, spec);
    const ok = p.problem === undefined && p.operands.length === 0;
    expect(ok).toBe(r.status === 0);
    const outs = p.occurrences.filter((o) => o.def.id === '-out').map((o) => o.value!.value);
    expect(ok ? outs : []).toEqual(written);
  });
});

describe.skipIf(!installed('tar'))("tar's forms, against the archive GNU tar writes", () => {
  const spec = compileSpec([
    { names: ['-c', '--create'], arity: 'none' },
    { names: ['-v', '--verbose'], arity: 'none' },
    { names: ['-f', '--file'], arity: 'required' },
    { names: ['-b', '--blocking-factor'], arity: 'required' },
    { names: ['-z', '--gzip'], arity: 'none' },
  ]);
  const table: string[][] = [
    ['cvf', 'a.tar', 'in'],
    ['cfb', 'b.tar', '20', 'in'],
    ['cbf', '20', 'c.tar', 'in'],
    ['-cvf', 'd.tar', 'in'],
    ['--create', '--file=e.tar', 'in'],
    ['--cre', '--file', 'f.tar', 'in'],
    ['czf', 'g.tgz', 'in'],
  ];
  it.each(table)('%s', (...words) => {
    const d = folder();
    spawnSync('tar', words, { cwd: d });
    const written = readdirSync(d).filter((f) => f !== 'in');
    const p = parseTar(args(...words), 0, spec);
    expect(p.problem).toBeUndefined();
    expect(p.occurrences.filter((o) => o.def.id === '-f').map((o) => o.value!.value)).toEqual(written);
    expect(existsSync(path.join(d, written[0]!))).toBe(true);
  });
});

describe.skipIf(!installed('find'))("find's expression, against what GNU find deletes and writes", () => {
  // Each row runs in a folder holding `in` and `keep`; the parse must name every change.
  const table: string[][] = [
    ['.', '-name', '-delete'],
    ['.', '-name', 'in', '-delete'],
    ['.', '-newer', '-delete'],
    ['.', '-path', '-exec', '-print'],
    ['.', '-name', 'keep', '-o', '-name', 'in', '-fprint', 'out'],
    ['.', '-name', '-fprint', '-o', '-name', 'x'],
    ['-L', '.', '!', '-name', '.', '-name', 'in', '-exec', 'touch', 'made', ';'],
    ['.', '-name', 'in', '-exec', 'touch', 'made', '{}', '+'],
    ['.', '-name', 'in', '-exec', 'touch', '{}', 'made', '+', ';'],
    ['.', '-maxdepth', '1', '-name', 'in', '-fprintf', 'fmt', '%p', ',', '-print'],
    ['.', '-name', '(', '-o', '-name', 'in', '-delete'],
  ];
  it.each(table)('%s', (...words) => {
    const d = folder();
    writeFileSync(path.join(d, 'keep'), 'k\n');
    spawnSync('find', words, { cwd: d });
    const after = readdirSync(d).sort();
    const p = parseFind(args(...words), 0, () => false);
    const named = new Set(['in', 'keep']);
    for (const q of p.primaries) {
      if (q.name === '-delete') named.delete('in');
      if (q.name.startsWith('-fprint')) named.add(q.values[0]!.value!);
      // Every row's command is `touch`: it makes each word but `{}` (`+` too, when not after `{}`).
      for (const a of q.command?.slice(1) ?? []) if (a.value !== '{}') named.add(a.value!);
    }
    expect(p.problem).toBeUndefined();
    expect(after).toEqual([...named].sort());
  });
  it('leaves a word it cannot see, an unknown primary, a missing value and an open -exec unproven', () => {
    const dyn = (a: Arg) => a.value === null;
    expect(parseFind([...args('.', '-name'), { value: null, glob: false, tilde: false, text: '$X' }], 0, dyn).problem).toBe('dynamic');
    expect(parseFind(args('.', '-frobnicate'), 0, dyn).problem).toBe('unknown_primary');
    expect(parseFind(args('.', '-name'), 0, dyn).problem).toBe('missing_value');
    expect(parseFind(args('.', '-exec', 'rm', '{}'), 0, dyn).problem).toBe('unterminated');
    expect(parseFind(args('.', '-exec', 'rm', '+', ';'), 0, dyn).primaries[0]!.command!.map((a) => a.value)).toEqual(['rm', '+']);
    expect(parseFind(args('-f', 'docs', '-delete'), 0, dyn).roots.map((a) => a.value)).toEqual(['docs']);
  });
});
