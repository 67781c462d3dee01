import { describe, expect, it } from 'vitest';
import { proveNodeCode, provePerlFilter, provePythonCode, proveRubyCode } from './inline-proof.js';

const ok = (f: (s: string) => { ok: boolean }, list: string[], want: boolean) => {
  for (const code of list) expect({ code, ok: f(code).ok }).toEqual({ code, ok: want });
};

describe('inline code proven read-only, closed-world (issue 9 principle 5)', () => {
  it('node: console.log of literals, JSON files, process facts and pure methods', () => {
    ok(
      proveNodeCode,
      [
        'console.log(1)',
        "console.log('hi')",
        "require('./package.json').version",
        'console.log(require("./package.json").scripts.test)',
        'process.versions.node',
        "console.log(JSON.stringify(require('./tsconfig.json').compilerOptions, null, 2))",
        "console.log(Object.keys(require('./package.json').dependencies).join('\\n'))",
        'console.log(process.platform, process.arch)',
        "require('./tsconfig.json')['compilerOptions']",
        'const p = require("./package.json"); console.log(p.name + "@" + p.version)',
        'console.log([1,2,3].map(x => x * 2))',
        'console.log(Math.max(1, 2))',
      ],
      true,
    );
    expect(proveNodeCode("require('./package.json').version").reads).toEqual(['./package.json']);
  });
  it('node: anything that can reach a write, a process or code is not proven', () => {
    ok(
      proveNodeCode,
      [
        "require('fs').rmSync('x')",
        "require('./x.js')",
        "require('./package.json').constructor.constructor('return process')()",
        'process.exit(1)',
        'require(`./${x}.json`)',
        "process.binding('fs')",
        "console.log(globalThis['proc' + 'ess'])",
        "import('fs').then(f => f.rmSync('x'))",
        "process['binding']('fs')",
        "console['exit'](1)",
        "const f = require; f('fs')",
        'eval("1")',
        "Function('return 1')()",
        "process.mainModule.require('fs')",
        "console.log(require('child_process').execSync('id'))",
        "[].constructor.constructor('x')()",
        "fetch('https://example.invalid', {method: 'POST'})",
      ],
      false,
    );
  });
  it('python: print, len, imports from a closed list, open() for reading', () => {
    ok(
      provePythonCode,
      [
        'print(1)',
        "print('hi')",
        'import sys; print(sys.version)',
        'import json; print(json.load(open("package.json"))["version"])',
        'import platform; print(platform.python_version())',
        'import os; print(os.getcwd())',
        "print(', '.join(sorted(['b', 'a'])))",
        'import sys, json; print(json.dumps({"a": 1}))',
        'from os.path import join\nprint(join("a", "b"))',
        "print(open('a.txt').read().upper())",
        'import math\nfor i in range(3):\n    print(math.sqrt(i))',
      ],
      true,
    );
    expect(provePythonCode("print(open('a.txt').read())").reads).toEqual(['a.txt']);
  });
  it('python: open() of a literal file in a writing mode is a write of that file', () => {
    const writes = (code: string) => {
      const p = provePythonCode(code);
      return p.ok ? p.writes : 'unproven';
    };
    expect(writes("open('src/a.ts','w').write('x')")).toEqual(['src/a.ts']);
    expect(writes("f = open('log.txt', 'a')\nf.write('x\\n')\nf.close()")).toEqual(['log.txt']);
    expect(writes("open('o.bin', 'wb').write(bytes(3)); open('n', 'x')")).toEqual(['o.bin', 'n']);
    expect(writes("open('a.txt', 'r+').writelines(['x'])")).toEqual(['a.txt']);
    expect(writes("print(open('a.txt').read())")).toEqual([]);
    for (const code of ["open(name, 'w').write('x')", "open('a' + 'b', 'w')", "open('x', mode='w')", "open('x', 'wr')", "open('', 'w')", "open('x', m)"])
      expect(writes(code), code).toBe('unproven');
  });
  it('python: writes, processes, dunders, aliases and unknown modules are not proven', () => {
    ok(
      provePythonCode,
      [
        "import os; os.remove('a')",
        "__import__('os').system('id')",
        'import subprocess; subprocess.run(["id"])',
        "import shutil; shutil.rmtree('d')",
        '().__class__.__bases__[0].__subclasses__()',
        "exec('print(1)')",
        "import os as o; o.remove('x')",
        "from os import remove; remove('x')",
        'print(f\'{__import__("os").system("id")}\')',
        "getattr(__builtins__, 'ev'+'al')('1')",
        "import pathlib; pathlib.Path('x').write_text('y')",
        "import json; json.dump({}, open('x', 'w'))",
        'import hashlib; print(hashlib.sha256(b"").hexdigest())',
        // operator's callables that call a method or fetch an attribute by name reach os.remove.
        "import operator, os; operator.methodcaller('remove', 'a.txt')(os)",
        "import operator, os; operator.attrgetter('system')(os)('id')",
        "import operator; operator.call(open, 'x', 'w')",
        "import platform; platform.popen('id')",
      ],
      false,
    );
  });
  it('perl: -ne/-pe filters (print if /x/, s///, tr///) are proven', () => {
    ok(
      provePerlFilter,
      [
        'print if /x/',
        's/foo/bar/g',
        'print $1 if /^(\\w+)/',
        'chomp; print uc($_), "\\n"',
        'tr/a-z/A-Z/',
        's{a}{b}g',
        'next unless /x/; print',
        '$n++ if /err/; END {}'.replace('; END {}', ''),
      ],
      true,
    );
  });
  it('perl: BEGIN blocks, readpipe, File::Copy, s///e, backticks, open and interpolated code are not proven', () => {
    ok(
      provePerlFilter,
      [
        'BEGIN { system("id") } print',
        'print readpipe("id")',
        'use File::Copy; copy("a", "b")',
        's/x/`id`/e',
        's/x/system("id")/e',
        'print `id`',
        'open(F, ">x"); print F $_',
        'print "@{[ system(q(id)) ]}"',
        'unlink "x"',
        'File::Copy::copy("a","b")',
        'eval "1"',
        'do "x.pl"',
        '&{"sys"."tem"}("id")',
        'rename "a", "b"',
        'qx(id)',
        // <> opens what @ARGV holds with two-argument open: changing it, or reaching it by name.
        'push @ARGV, ">x"; print',
        '@ARGV = ("rm x|"); print',
        'unshift @ARGV, "rm x|"',
        '$ARGV[0] = ">x"; print',
        '$n = "ARGV"; push @$n, ">x"; print',
        'push @{"ARGV"}, ">x"; print',
      ],
      false,
    );
  });
  it('a function reached as a value is never called under another name', () => {
    ok(
      proveNodeCode,
      ['Object.values(process).map(f => f(1))', 'const p = process; p.exit()', '[process].map(p => p.kill(1))', 'const r = require; r("fs")'],
      false,
    );
    ok(
      proveNodeCode,
      [
        'const f = (x) => x * 2; console.log(f(2))',
        'console.log(JSON.stringify({a: 1, b: [1, 2]}))',
        'console.log(Object.entries({a: 1}).map(([k, v]) => k + v))',
      ],
      true,
    );
    ok(
      provePythonCode,
      ["import os; f = os.system; f('rm -rf src')", "import os; r = os.remove; r('a.txt')", 'x = print; x(1)', 'import os; print(sorted([], key=os.remove))'],
      false,
    );
    ok(provePythonCode, ['def f(x): return x * 2\nprint(f(2))', 'g = lambda x: x + 1; print(g(1))', 'import os; print(os.sep, os.environ.get("HOME"))'], true);
  });
  it('ruby: only listed names, no interpolation, symbols, backticks or % literals', () => {
    ok(proveRubyCode, ['puts 1+1', 'puts [1,2,3].map { |x| x * 2 }.sum', 'x = 3; puts x.to_s', 'puts RUBY_VERSION', 'p [1].include?(1)'], true);
    ok(
      proveRubyCode,
      [
        'puts `ls`',
        'system("x")',
        'puts "#{x}"',
        'open("|rm x")',
        '1.send(:system)',
        'puts %x(ls)',
        'eval("1")',
        '["a"].each(&:system)',
        'File.delete("x")',
        '$stdout.reopen("x")',
      ],
      false,
    );
  });
});
