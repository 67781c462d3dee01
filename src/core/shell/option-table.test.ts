import { describe, expect, it } from 'vitest';
import { defineOptions, mayExpandToOption, scanOptions, scanned, scannedValues } from './option-table.js';
import type { Arg } from './words.js';

const argv = (...v: (string | null)[]): Arg[] => v.map((value) => ({ value, glob: false, tilde: false, text: value ?? '$x' }));

const SED = defineOptions({
  read: '-n -E -r -s -u -z -e: -f: -l: --quiet --silent --expression= --file= --line-length= --regexp-extended --separate --null-data --debug --posix --sandbox',
  write: '-i:: --in-place[=]',
});

describe('defineOptions', () => {
  it('rejects malformed notation and duplicates (when the table is first used)', () => {
    expect(() => defineOptions({ read: '-ab' }).long).toThrow(/one character/);
    expect(() => defineOptions({ read: '-a', write: '-a' }).short).toThrow(/twice/);
    expect(() => defineOptions({ read: 'x' }).pure).toThrow(/bad option/);
  });

  it('knows whether every option only reads', () => {
    expect(defineOptions({ read: '-a --all' }).pure).toBe(true);
    expect(SED.pure).toBe(false);
  });
});

describe('scanOptions', () => {
  it('splits clusters, attached and separate values, and --x=y', () => {
    const s = scanOptions(argv('sed', '-ne', 's/a/b/', '-l5', '--expression=p', '--file', 'x.sed', 'f'), 1, SED);
    expect(s.problem).toBeUndefined();
    expect(s.options.map((o) => [o.name, o.value?.value])).toEqual([
      ['-n', undefined],
      ['-e', 's/a/b/'],
      ['-l', '5'],
      ['--expression', 'p'],
      ['--file', 'x.sed'],
    ]);
    expect(s.operands.map((a) => a.value)).toEqual(['f']);
  });

  it('resolves a GNU abbreviation against write options too (`--i` is --in-place)', () => {
    const s = scanOptions(argv('sed', '--i', 's/a/b/', 'f'), 1, SED);
    expect(s.problem).toBeUndefined();
    expect(s.options).toEqual([{ name: '--in-place', kind: 'write', value: undefined }]);
    expect(scanned(scanOptions(argv('sed', '--in-pl=.orig', 'p', 'f'), 1, SED), '--in-place')).toBe(true);
    expect(scannedValues(scanOptions(argv('sed', '--in-place=.orig', 'p', 'f'), 1, SED), '--in-place')[0]?.value).toBe('.orig');
  });

  it('takes an optional short value only when attached (`-i.bak`)', () => {
    const s = scanOptions(argv('sed', '-ni.bak', 'p', 'f'), 1, SED);
    expect(s.options.map((o) => [o.name, o.kind, o.value?.value])).toEqual([
      ['-n', 'read', undefined],
      ['-i', 'write', '.bak'],
    ]);
    expect(s.operands.map((a) => a.value)).toEqual(['p', 'f']);
  });

  it('flags unknown, ambiguous and value-less options', () => {
    expect(scanOptions(argv('sed', '-x', 'p'), 1, SED).problem).toBe('unknown_option');
    expect(scanOptions(argv('sed', '--s', 'p'), 1, SED).problem).toBe('ambiguous_option');
    expect(scanOptions(argv('sed', '--bogus'), 1, SED).problemWord).toBe('--bogus');
    expect(scanOptions(argv('sed', '-e'), 1, SED).problem).toBe('missing_value');
    expect(scanOptions(argv('sed', '--quiet=1', 'p'), 1, SED).problem).toBe('unknown_option');
  });

  it('refuses abbreviations when the program does not abbreviate', () => {
    const rg = defineOptions({ read: '--line-number', exec: '--pre=', abbrev: false });
    expect(scanOptions(argv('rg', '--line'), 1, rg).problem).toBe('unknown_option');
    expect(scanOptions(argv('rg', '--line-number'), 1, rg).problem).toBeUndefined();
  });

  it("drops one = after a short option's letter when the parser is popt's (`rsync -T=dir`)", () => {
    const popt = defineOptions({ read: '-v -n', write: '-T: --temp-dir=', abbrev: false, shortEquals: true });
    const values = (...w: string[]) => scanOptions(argv('rsync', ...w), 1, popt).options.map((o) => o.value?.value);
    expect(values('-vT=../docs')).toEqual([undefined, '../docs']);
    expect(values('-T==x')).toEqual(['=x']);
    expect(values('--temp-dir==x')).toEqual(['=x']);
    expect(scanOptions(argv('sed', '-f=x'), 1, SED).options[0]?.value?.value).toBe('=x');
  });

  it('treats dynamic words and leading globs in option position as possible options', () => {
    const dyn = scanOptions(argv('sed', null, 'f'), 1, SED);
    expect(dyn.problem).toBe('dynamic_option');
    const star: Arg = { value: '*', glob: true, tilde: false, text: '*' };
    expect(mayExpandToOption(star)).toBe(true);
    expect(mayExpandToOption({ value: 'src/*.ts', glob: true, tilde: false, text: 'src/*.ts' })).toBe(false);
    expect(scanOptions([...argv('sed', 'p'), star], 1, SED).problem).toBe('dynamic_option');
    // After `--` the same word is only an operand.
    expect(scanOptions([...argv('sed', 'p', '--'), star], 1, SED).problem).toBeUndefined();
    // A pure reader cannot be turned into a writer by any option, so it only records them.
    const cat = defineOptions({ read: '-n -A --number' });
    const c = scanOptions([...argv('cat'), star], 1, cat);
    expect(c.problem).toBeUndefined();
    expect(c.maybeOptions).toHaveLength(1);
  });

  it('stops at the first operand in posix mode and accepts -N when numeric', () => {
    const t = defineOptions({ read: '-n:', posix: true, numeric: true });
    const s = scanOptions(argv('x', '-5', 'cmd', '-n', '3'), 1, t);
    expect(s.rest).toBe(2);
    expect(s.options.map((o) => o.name)).toEqual(['-#']);
    expect(s.operands.map((a) => a.value)).toEqual(['cmd', '-n', '3']);
  });
});
