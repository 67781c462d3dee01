import { describe, expect, it } from 'vitest';
import { awkProgramWrites, blankAwkLiterals } from './awk-program.js';

describe('awk programs, closed-world (issue 9 principle 5)', () => {
  it('proves filters and reports read-only', () => {
    for (const p of [
      '{print $1}',
      '$3 > 5 {print $1}',
      'NR==1',
      'BEGIN{FS=":"} {n[$1]++} END{for (k in n) print k, n[k]}',
      '/a;b/ {print "x > y"}',
      '{ if ($2 > 3) print toupper($1) }',
      'function f(x) { return x*2 } {print f($1)}',
      '{ print (a > b) }',
      'length($0) > 72',
      '{ printf "%s\\n", $2 }',
      '{ sum += $1 } END { print sum / NR }',
      '{ print > "/dev/stdout" }',
      '{ print "warn: " $0 > "/dev/stderr"; next }',
      '{ printf "%s", $1 >> "/dev/stderr" }',
    ]) {
      expect({ p, writes: awkProgramWrites(p) }).toEqual({ p, writes: [] });
    }
  });
  it('takes a redirection to one plain literal for a write of that file, however the statement is quoted', () => {
    for (const [p, files] of [
      ['{print > "out"}', ['out']],
      ['{print "a;b" > "out"}', ['out']],
      ['{print "}" > "out"}', ['out']],
      ['{print $1 >> "log"}', ['log']],
      ['{printf("%s", $0) > "src/a.ts"}', ['src/a.ts']],
      ['{print "x" > "a.txt"; print $2 >> "b.txt"}', ['a.txt', 'b.txt']],
      ['{ print "warn" > "/dev/stderr"; print > "out" }', ['out']],
      ['{print > "a > b"}', ['a > b']],
    ] as const) {
      expect({ p, writes: awkProgramWrites(p) }).toEqual({ p, writes: files });
    }
  });
  it('refuses other redirections, pipes, coprocesses, system() and indirect or unknown calls', () => {
    for (const p of [
      '{printf("%s", $0) > f}',
      '{print > $1}',
      '{print > "a" "b"}',
      '{print > "a" x}',
      '{print > ("out")}',
      '{print > "a\\b"}',
      '{print > ""}',
      '{print | "sh"}',
      '{ "date" | getline d }',
      '{ print |& "cat" }',
      '{ "cmd" |& getline }',
      'BEGIN { system("rm -rf x") }',
      'BEGIN { f = "system"; @f("rm x") }',
      '@load "filefuncs"',
      '@include "x.awk"',
      'BEGIN { writefile("x", "y") }',
      '{ print > "/dev/stderr" "x" }',
      '{print "unterminated}',
    ]) {
      expect({ p, writes: awkProgramWrites(p) }).toEqual({ p, writes: null });
    }
  });
  it('blanks literals so quoting cannot hide operators', () => {
    expect(blankAwkLiterals('{print "a > b" > "f"}')).toBe('{print "" > ""}');
    expect(blankAwkLiterals('/x\\/y/ {print}')).toBe('// {print}');
    expect(blankAwkLiterals('{ x = 4 / 2 }')).toBe('{ x = 4 / 2 }');
  });
});
