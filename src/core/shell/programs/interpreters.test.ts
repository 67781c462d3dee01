// Issue 9 principle 5: interpreters. Preloads, flags that run code and modules that write
// are never reads; inline code is a read only when proven (inline-proof.ts).
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_ROOT as ROOT, virtualContext } from '../../../../test/support/classify-context.js';
import { diskFileView } from '../../classify/file-view.js';
import { classifyShell } from '../classify-shell.js';

const ctx = virtualContext({ 'package.json': '{"version":"1.0.0"}' });
const sh = (cmd: string) => classifyShell(cmd, ctx);

describe('interpreters: what runs code is never a read', () => {
  it('node preloads and imports (-r, --require, --import, --loader, data: URLs) leave inline code unproven', () => {
    for (const cmd of [
      "node -r ./evil.js -e 'console.log(1)'",
      "node --require=./evil.js -p '1'",
      "node --import ./x.mjs -e 'console.log(1)'",
      "node --loader ./l.mjs -e 'console.log(1)'",
      'node --import \'data:text/javascript,require("fs").rmSync("x")\' -e \'console.log(1)\'',
      'node -r ./evil.js --check a.js',
      "node --experimental-permission -e 'console.log(1)'",
    ]) {
      expect({ cmd, m: sh(cmd).mutability }).toEqual({ cmd, m: 'unknown' });
    }
  });

  it('ruby -v -e runs the code; perl -i with BEGIN/readpipe/File::Copy; python -m modules that write', () => {
    expect(sh('ruby -v -e \'File.delete("x")\'').mutability).toBe('unknown');
    expect(sh('ruby -v').mutability).toBe('read');
    expect(sh('perl -i -pe \'BEGIN { system("id") } s/a/b/\' f.txt').mutability).toBe('write');
    expect(sh('perl -i -pe \'BEGIN { system("id") } s/a/b/\' f.txt').analysis).toBe('interpreter_inline_code');
    expect(sh('perl -i -pe \'s/a/readpipe("id")/e\' f.txt').analysis).toBe('interpreter_inline_code');
    expect(sh('perl -MFile::Copy -e \'copy("a", "b")\'').mutability).toBe('unknown');
    expect(sh('perl -i -pe \'use File::Copy; copy("a","b")\' f.txt').analysis).toBe('interpreter_inline_code');
    expect(sh('python3 -m json.tool in.json out.json').effects).toEqual([
      { kind: 'read', path: `${ROOT}/in.json` },
      { kind: 'write', path: `${ROOT}/out.json` },
    ]);
    expect(sh('python3 -m pydoc -w json').effects).toEqual([{ kind: 'write', path: `${ROOT}/json.html` }]);
    expect(sh('python3 -m pydoc -p 8080').mutability).toBe('unknown');
    expect(sh('python -i -c "print(1)"').mutability).toBe('unknown');
  });

  it('python imports from the folder it runs in first: a module there named like a standard one, or like the -m module, leaves the proof unproven', () => {
    const shadowed = virtualContext({
      'json.py': 'import os; os.remove("a")\n',
      'tools/re/__init__.py': '',
      'tools/x.txt': '',
      'pip/__init__.py': '',
      'ext/_json.cpython-311-x86_64-linux-gnu.so': '',
    });
    const in_ = (cmd: string) => classifyShell(cmd, shadowed).mutability;
    expect(in_("python3 -c 'import json; print(json.dumps(1))'")).toBe('unknown');
    expect(in_("cd tools && python3 -c 'import json; print(1)'")).toBe('unknown');
    expect(in_("cd ext && python3 -c 'import json; print(1)'")).toBe('unknown');
    expect(in_("python3 - <<< 'import json; print(1)'")).toBe('unknown');
    expect(in_('python3 -m json.tool package.json')).toBe('unknown');
    expect(in_('python3 -m pip list')).toBe('unknown');
    // No import, or Python told to leave the folder off its path (-I, -P): still proven.
    expect(in_("python3 -c 'print(1)'")).toBe('read');
    expect(in_("python3 -I -c 'import json; print(1)'")).toBe('read');
    expect(in_("python3 -P -c 'import json; print(1)'")).toBe('read');
    expect(in_("cd tools && python3 -c 'print(1)'")).toBe('read');
    // A folder with only non-standard names (setup.py, a plain test/ folder) shadows nothing.
    const project = virtualContext({ 'setup.py': '', 'conftest.py': '', 'test/a.py': '', 'package.json': '{}' });
    expect(classifyShell('python3 -c \'import json; print(json.load(open("package.json")))\'', project).mutability).toBe('read');
    expect(classifyShell('python3 -m json.tool package.json', project).mutability).toBe('read');
  });

  it('pydoc imports what it documents: a project module or a path runs its code, -k imports every package', () => {
    for (const cmd of ['python3 -m pydoc tool', 'python3 -m pydoc ./tool.py', 'python3 -m pydoc scripts.build', 'python3 -m pydoc -k json']) {
      expect({ cmd, m: sh(cmd).mutability }).toEqual({ cmd, m: 'unknown' });
    }
    // `-w tool` writes tool.html, and what tool.py writes when imported is unproven.
    expect(sh('python3 -m pydoc -w tool')).toMatchObject({ mutability: 'write', analysis: 'shell_command_unproven' });
    expect(sh('python3 -m pydoc -w json').analysis).toBeUndefined();
    expect(sh('python3 -m pydoc json').mutability).toBe('read');
    expect(sh('python3 -m pydoc os.path').mutability).toBe('read');
  });

  it('perl -i is a write of each file and of its backup; a proven filter leaves nothing unproven', () => {
    const r = sh("perl -pi.orig -e 's/a/b/g' f.txt");
    expect(r.mutability).toBe('write');
    expect(r.analysis).toBeUndefined();
    expect(r.effects).toEqual([
      { kind: 'write', path: `${ROOT}/f.txt` },
      { kind: 'create', path: `${ROOT}/f.txt.orig` },
    ]);
  });

  it('perl opens its operands with two-argument open: a command or a mode in a name is not a file to read', () => {
    for (const cmd of [
      "perl -ne 'print' 'rm -rf src|'",
      "perl -pe '' ' touch x |'",
      "perl -ne 'print' '>x'",
      "perl -ne 'print' a.txt '>>x'",
      "perl -lne 'print' '+<a.txt'",
      "perl -e 'print while <>' '|rm x'",
      "perl -i -pe 's/a/b/' 'rm x|'",
      'perl -ne \'print\' "$F"',
    ]) {
      expect({ cmd, m: sh(cmd).mutability }).toEqual({ cmd, m: 'unknown' });
    }
    expect(sh("perl -ne 'print' a.txt - b.txt").mutability).toBe('read');
  });

  it('proven read-only inline code is a read (won back)', () => {
    for (const cmd of [
      "python -c 'print(1)'",
      "python3 -c 'import sys; print(sys.version)'",
      "node -e 'console.log(process.version)'",
      'node -p "require(\'./package.json\').version"',
      "perl -ne 'print if /x/' a.txt",
      "perl -lane 'print $F[0]' a.txt",
      "python3 - <<'EOF'\nprint(len('abc'))\nEOF",
    ]) {
      expect({ cmd, m: sh(cmd).mutability }).toEqual({ cmd, m: 'read' });
    }
  });

  it('inline code that calls anything off the list stays unproven', () => {
    for (const cmd of [
      'python -c \'import os; os.remove("a")\'',
      'node -e \'require("fs").rmSync("a")\'',
      'perl -e \'unlink "a"\'',
      'python -c \'import hashlib; print(hashlib.md5(b"").hexdigest())\'',
    ]) {
      expect({ cmd, m: sh(cmd).mutability }).toEqual({ cmd, m: 'unknown' });
    }
  });
});

describe('interpreters: options after the code', () => {
  it('node parses options after -e until the script: a preload there runs first', () => {
    expect(sh('node -e "console.log(1)" -r ./evil.js').mutability).toBe('unknown');
    expect(sh('node -e "console.log(1)" --import=./x.mjs').mutability).toBe('unknown');
    expect(sh('node -e "console.log(1)" $X').mutability).toBe('unknown');
    expect(sh('node -e "console.log(1)" -- -r x').mutability).toBe('read');
    expect(sh("node --no_warnings -e 'console.log(1)'").mutability).toBe('read');
  });
  it('ruby -e is proven read-only closed-world; a library loaded after it is not', () => {
    expect(sh("ruby -e 'puts 1+1'").mutability).toBe('read');
    expect(sh("ruby -e 'puts [1,2].map { |x| x * 2 }.sum'").mutability).toBe('read');
    expect(sh("ruby -e 'puts 1' -rfileutils").mutability).toBe('unknown');
    for (const code of ['puts `ls`', 'system("x")', 'puts "#{x}"', 'open("|rm x")', '1.send(:system)', 'puts %x(ls)', 'eval("1")', '["a"].each(&:system)']) {
      expect({ code, m: sh(`ruby -e '${code}'`).mutability }).toEqual({ code, m: 'unknown' });
    }
  });
});

describe('python options that import or write (issue 9 principle 5)', () => {
  it('-W with a dotted category and -X settings outside the harmless list leave code unproven', () => {
    for (const cmd of [
      "python3 -W ignore::tools.json.X -c 'print(1)'",
      "python3 -X pycache_prefix=src -c 'print(1)'",
      "python3 -X presite=m -c 'print(1)'",
      "python3 -X perf -c 'print(1)'",
    ]) {
      expect({ cmd, m: sh(cmd).mutability }).toEqual({ cmd, m: 'unknown' });
    }
    for (const cmd of [
      "python3 -W error -c 'print(1)'",
      "python3 -W ignore::DeprecationWarning -c 'print(1)'",
      "python3 -X importtime -c 'print(1)'",
      "python3 -X utf8=1 -c 'print(1)'",
      'python3 -m tokenize a.py',
      'php -l a.php',
    ]) {
      expect({ cmd, m: sh(cmd).mutability }).toEqual({ cmd, m: 'read' });
    }
  });
});

describe('node require of a .json path: JSON only when the real file is one', () => {
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'remit-require-')));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(path.join(dir, 'data.json'), '{"v":1}');
  writeFileSync(path.join(dir, 'evil.js'), 'require("fs").rmSync("x")');
  symlinkSync('evil.js', path.join(dir, 'code.json'));
  symlinkSync('data.json', path.join(dir, 'alias.json'));
  mkdirSync(path.join(dir, 'pkg.json'));
  writeFileSync(path.join(dir, 'pkg.json', 'index.js'), 'require("fs").rmSync("x")');
  writeFileSync(path.join(dir, 'gone.json.js'), 'require("fs").rmSync("x")');
  const disk = virtualContext({}, { cwd: dir, projectRoot: dir, files: diskFileView(), realpath: true });
  const m = (file: string) => classifyShell(`node -p "require('./${file}').v"`, disk).mutability;

  it('a regular .json file, or a link to one, is read as JSON', () => {
    expect(m('data.json')).toBe('read');
    expect(m('alias.json')).toBe('read');
  });

  it('a file the same command changed first is not what is on disk: unproven', () => {
    const cmd = `ln -sf evil.js data.json && node -p "require('./data.json').v"`;
    expect(classifyShell(cmd, disk).analysis).toBe('interpreter_inline_code');
    expect(classifyShell(`echo 1 > x.txt && node -p "require('./data.json').v"`, disk).analysis).toBeUndefined();
  });

  it.each(['code.json', 'pkg.json', 'gone.json'])('%s would run code (a link to JS, a folder, x.json.js tried): unproven', (file) => {
    expect(m(file)).toBe('unknown');
  });
});
