import { describe, expect, it } from 'vitest';
import { awkProgramReadOnly, blankAwkLiterals } from './awk-program.js';

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
      expect({ p, ok: awkProgramReadOnly(p) }).toEqual({ p, ok: true });
    }
  });
  it('refuses redirections with any quoting, pipes, coprocesses, system() and indirect or unknown calls', () => {
    for (const p of [
      '{print > "out"}',
      '{print "a;b" > "out"}',
      '{print "}" > "out"}',
      '{print $1 >> "log"}',
      '{printf("%s", $0) > f}',
      '{print | "sh"}',
      '{ "date" | getline d }',
      '{ print |& "cat" }',
      '{ "cmd" |& getline }',
      'BEGIN { system("rm -rf x") }',
      'BEGIN { f = "system"; @f("rm x") }',
      '@load "filefuncs"',
      '@include "x.awk"',
      'BEGIN { writefile("x", "y") }',
      '{ print > "/dev/stdoutx" }',
      '{ print > "/dev/stderr"; print > "out" }',
      '{ print > "/dev/stderr" "x" }',
      '{print "unterminated}',
    ]) {
      expect({ p, ok: awkProgramReadOnly(p) }).toEqual({ p, ok: false });
    }
  });
  it('blanks literals so quoting cannot hide operators', () => {
    expect(blankAwkLiterals('{print "a > b" > "f"}')).toBe('{print "" > ""}');
    expect(blankAwkLiterals('/x\\/y/ {print}')).toBe('// {print}');
    expect(blankAwkLiterals('{ x = 4 / 2 }')).toBe('{ x = 4 / 2 }');
  });
});
