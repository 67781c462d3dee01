// Issue 9 principles 1, 2, 3 and 6 in the shell walker: nothing is a read unless proven.
import { describe, expect, it } from 'vitest';
import type { Mutability } from '../../generated/types.js';
import { EMPTY_CLASSIFIER_CONFIG, type ClassifyContext } from '../classify/context.js';
import { virtualFileView } from '../classify/file-view.js';
import { classifyShell } from './classify-shell.js';

const ROOT = '/work/proj';

function ctx(files: Record<string, string> = { 'a.txt': 'a\n', 'src/index.ts': 'x\n' }): ClassifyContext {
  return {
    cwd: ROOT,
    projectRoot: ROOT,
    home: '/home/dev',
    files: virtualFileView(ROOT, files),
    config: EMPTY_CLASSIFIER_CONFIG,
    digestKey: 'k',
    realpath: false,
  };
}

function m(cmd: string): Mutability {
  return classifyShell(cmd, ctx()).mutability;
}

function fx(cmd: string): string[] {
  return classifyShell(cmd, ctx())
    .effects.map((e) => `${e.kind} ${e.path.replace(ROOT + '/', '')}`)
    .sort();
}

describe('principle 1: closed-world options', () => {
  it.each([
    'ls -la',
    'ls -lah --color=auto src',
    'grep -rn foo src',
    'grep -E "a|b" -C 3 --include=*.ts src',
    'git log --oneline -5',
    "find . -name '*.ts'",
    "find . -type f -not -path './node_modules/*' -newer a.txt",
    'cat a.txt | head',
    'sed -n 1,20p a.txt',
    'wc -l a.txt',
    'git diff --stat',
    'rg -n x',
    'rg -n --hidden -g "*.ts" x src',
    'jq .a f.json',
    'jq -r --arg k v ".[$k]" f.json',
    'head -n 20 a.txt',
    'head -5 a.txt',
    'tail -f log.txt',
    'diff -u a.txt b.txt',
    'stat -c %s a.txt',
    'du -sh src',
    'tree -L 2 -I node_modules',
    'file a.txt',
    'sort -u a.txt',
    'uniq -c a.txt',
    'date +%Y-%m-%d',
    'which node',
    'echo hi; printf "%s\\n" x',
  ])('keeps %s a read', (cmd) => {
    expect(m(cmd)).toBe('read');
  });

  it.each([
    ['cat --frobnicate a.txt', 'an option cat does not have'],
    ['ls --hyperlinkx', 'an unknown long option'],
    ['grep -j foo a.txt', 'an unknown short option in a reader'],
    ['rg --pre ./filter.sh foo', 'rg runs a preprocessor'],
    ['rg --pr=x foo', 'rg does not abbreviate, so a prefix is unknown'],
    ['fd -x rm', 'fd runs a command for each match'],
    ['sort --compress-program=sh a.txt', 'sort runs a compressor'],
    ['find . -frobnicate', 'an unknown find primary'],
    ['find . -exec rm {}', 'an -exec without its terminator'],
    ['less +!rm a.txt', 'a less start-up command'],
    ['date 01010000', 'date sets the clock'],
    ["dc -e '!rm -rf x'", "dc's ! runs a shell"],
    ['sed --s p a.txt', 'an ambiguous abbreviation'],
    ['man -P "rm -rf x" ls', 'man runs a pager program'],
  ])('%s is unknown (%s)', (cmd) => {
    expect(m(cmd)).toBe('unknown');
  });

  it('resolves GNU abbreviations the way the real program does', () => {
    expect(fx('sed --i s/a/b/ a.txt')).toEqual(['write a.txt']);
    expect(fx('sed --in s/a/b/ a.txt')).toEqual(['write a.txt']);
    expect(fx('sort --out=x a.txt')).toEqual(['write x']);
  });

  it('finds write options with attached, separate and = values', () => {
    expect(fx('sort -ox a.txt')).toEqual(['write x']);
    expect(fx('sort -o x a.txt')).toEqual(['write x']);
    expect(fx('sort --output=x a.txt')).toEqual(['write x']);
    expect(fx('tree -o out.txt')).toEqual(['write out.txt']);
    expect(fx('uniq a.txt b.txt')).toEqual(['write b.txt']);
    expect(m('tree -R')).toBe('write');
    expect(m('file -C -m magic')).toBe('write');
    expect(fx("find . -fprint list.txt")).toEqual(['write list.txt']);
    expect(fx('find .claude -delete')).toEqual(['delete .claude']);
    expect(fx('xmllint --output=o.xml a.xml')).toEqual(['write o.xml']);
  });
});

describe('principle 2: dynamic words are unknown, never skipped', () => {
  it.each([
    ['sed $OPT s/a/b/ a.txt', 'a variable where an option may be'],
    ['sed "$(echo -i)" s/a/b/ a.txt', 'a substitution in option position'],
    ['sed `echo -i` s/a/b/ a.txt', 'backticks'],
    ['sed ${X:-} s/a/b/ a.txt', 'a ${…} expansion'],
    ['sed -n p *', 'a *-first glob could expand to --in-place'],
    ['sort * ', 'a *-first glob for a program with a write option'],
    ['find . -name *.ts', 'an unquoted glob that may spell more primaries'],
    ['find $DIR -name x', 'a dynamic search root may be a primary'],
    ['$CMD a.txt', 'a dynamic program'],
    ['"$(echo rm)" a.txt', 'a substituted program'],
    ['*.sh', 'a glob in program position'],
  ])('%s is unknown (%s)', (cmd) => {
    expect(m(cmd)).toBe('unknown');
  });

  it('a pure reader stays a read: no option of cat, grep or ls can write', () => {
    expect(m('cat $F')).toBe('read');
    expect(m('grep -n foo *')).toBe('read');
  });

  it('~user in a write position is an unproven write', () => {
    const r = classifyShell('rm ~bob/x', ctx());
    expect(r.mutability).toBe('write');
    expect(r.analysis).toBe('dynamic_word');
  });
});

describe('principle 6: backups are effects', () => {
  it('sed -i.bak and --in-place=.orig create the backup beside the file', () => {
    expect(fx('sed -i.bak s/a/b/ a.txt')).toEqual(['create a.txt.bak', 'write a.txt']);
    expect(fx("sed --in-place=.orig 's/a/b/' src/index.ts")).toEqual(['create src/index.ts.orig', 'write src/index.ts']);
    expect(fx("sed -i'bak/*' s/a/b/ src/index.ts")).toEqual(['create src/bak/index.ts', 'write src/index.ts']);
  });
});
