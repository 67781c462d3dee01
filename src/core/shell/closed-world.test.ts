// Issue 9 principles 1, 2, 3 and 6 in the shell walker: nothing is a read unless proven.
import { describe, expect, it } from 'vitest';
import { TEST_ROOT as ROOT, virtualContext } from '../../../test/support/classify-context.js';
import type { Mutability } from '../../generated/types.js';
import { classifyShell } from './classify-shell.js';

function ctx(files: Record<string, string> = { 'a.txt': 'a\n', 'src/index.ts': 'x\n' }) {
  return virtualContext(files);
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
    'git count-objects --human-readable',
    'git count-objects -vH',
    'git blame --show-email a.txt',
    'git blame -e a.txt',
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
    ['fd -x $CMD', 'fd runs a command for each match'],
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
    expect(fx('find . -fprint list.txt')).toEqual(['write list.txt']);
    expect(fx('find .claude -delete')).toEqual(['delete .claude']);
    expect(fx('xmllint --output=o.xml a.xml')).toEqual(['write o.xml']);
    // `more` is less on macOS: its log file and lesskey options are less's.
    expect(fx('more -o log a.txt')).toEqual(['write log']);
    expect(m('more -k keys a.txt')).toBe('unknown');
    expect(m('more a.txt')).toBe('read');
  });

  it('find that follows links (-L, -H, -follow) changes files wherever the links lead: no target is named', () => {
    for (const cmd of ['find -L src -delete', 'find src -delete -follow', 'find -H src -name x -exec rm {} +', 'find -L src -exec sed -i s/a/b/ {} +']) {
      expect({ cmd, reason: classifyShell(cmd, ctx()).analysis }).toEqual({ cmd, reason: 'shell_command_unproven' });
    }
    // Following links to read, or deleting without following, stays precise.
    expect(m('find -L src -name x -exec grep -l y {} +')).toBe('read');
    expect(classifyShell('find src -delete', ctx()).analysis).toBeUndefined();
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

  it('a pure reader stays a read: no option of cat, grep or ls can write (docs/DESIGN.md#shell-classification)', () => {
    for (const cmd of ['cat $F', 'cat -- $F', 'grep -n foo *', 'ls $D', 'wc -l $F $G', 'head -n 5 "$F"', 'cat $(ls)'])
      expect({ cmd, m: m(cmd) }).toEqual({ cmd, m: 'read' });
  });

  it('the same word where an option can write or run is unknown: sort, sed, find, and the cat of a write', () => {
    for (const cmd of ['sort $F', 'sed $F a.txt', 'sed s/a/b/ $F', 'find $F', 'find . $F', 'tree $F', 'rg x $F', 'less $F', 'file $F'])
      expect({ cmd, m: m(cmd) }).toEqual({ cmd, m: 'unknown' });
    // The pure reader's own redirect is judged as any redirect.
    expect(m('cat $F > $G')).toBe('write');
  });

  it('a word of revision-printing substitutions is never an option: `git diff $(git merge-base main HEAD)`', () => {
    for (const cmd of [
      'git diff $(git merge-base main HEAD)',
      'git show $(git rev-parse HEAD)',
      'git log $(git describe --tags --abbrev=0)..HEAD',
      'git diff "$(git rev-parse HEAD~1)" HEAD',
      'sort $(git rev-parse HEAD)',
    ]) {
      expect({ cmd, m: m(cmd) }).toEqual({ cmd, m: 'read' });
    }
    for (const cmd of [
      'git diff $(git rev-parse --show-toplevel)',
      'git diff $(echo --output=x)',
      'git diff $(git rev-parse HEAD)-x',
      'git diff $(git describe --dirty=--output=x)',
      '$(git rev-parse HEAD) x',
      'sed $(git rev-parse HEAD) a.txt',
    ]) {
      expect({ cmd, m: m(cmd) }).toEqual({ cmd, m: 'unknown' });
    }
  });

  it('a program or code named at run time may install or hash (principle 9)', () => {
    for (const cmd of ['$PM install x', '$H a.txt', 'eval "$X"', 'sh -c "$X"', 'python3 -c "$CODE"', 'find . -exec $H {} +', 'env $PM install x']) {
      const r = classifyShell(cmd, ctx());
      expect({ cmd, m: r.mutability, dep: r.intents.dependency, hash: r.intents.hash }).toEqual({ cmd, m: 'unknown', dep: true, hash: true });
      // Possible, not shown: the policies ask for it rather than deny (rules hash-policy, dependency-policy).
      expect({ cmd, dep: r.intents.dependencyEvidence, hash: r.intents.hashEvidence }).toEqual({ cmd, dep: 'hidden', hash: 'hidden' });
    }
    // What the text shows outranks what it may hide.
    const both = classifyShell('sha256sum a.txt; $PM install x', ctx());
    expect(both.intents).toMatchObject({ hash: true, hashEvidence: 'command', dependency: true, dependencyEvidence: 'hidden' });
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

describe('principle 3: bash semantics that run text', () => {
  it.each([
    ['shopt -s expand_aliases; alias ls="rm -rf src"; ls', 'an alias re-spells a later command'],
    ['command_not_found_handle() { rm -rf src; }; nosuchcmd', 'the not-found handler runs for any unknown name'],
    ['hash -p /tmp/evil ls; ls', 'hash -p binds a name to another program'],
    ["PS4='$(rm -rf src)'; set -x; ls", 'PS4 is expanded for every traced command'],
    ["x='$(rm -rf src)'; echo ${x@P}", '${x@P} expands the value as a prompt'],
    ['echo ${!name}', 'indirect expansion evaluates the named variable'],
    ["x='a[$(rm -rf src)]'; (( x ))", '(( )) evaluates a subscript in a value'],
    ["x='a[$(rm -rf src)]'; echo $(( x + 1 ))", '$(( )) evaluates it too'],
    ["x='a[$(rm -rf src)]'; let y=x", 'let'],
    ['declare -i n; n=$1', 'declare -i makes every assignment arithmetic'],
    ['[[ $x -eq 1 ]]', '[[ -eq ]] evaluates its operands as arithmetic'],
    ["test -v 'a[$(rm -rf src)]'", 'test -v evaluates the subscript'],
    ["printf -v 'a[$(rm -rf src)]' x", 'printf -v assigns a subscripted name'],
    ["read 'a[$(rm -rf src)]' < a.txt", 'read assigns a subscripted name'],
    ['echo ${arr[$i]}', 'an array subscript with an unknown variable'],
    ['arr[$i]=1', 'an assignment subscript with an unknown variable'],
    ['mapfile -C "rm -rf src" -c 1 lines < a.txt', 'mapfile -C runs a callback'],
    ['compgen -C "rm -rf src" x', 'compgen -C runs a command'],
    ['compgen -F f x', 'compgen -F runs a function'],
    ['enable -f ./evil.so evil', 'enable loads a builtin'],
    ['eval "$CMD"', 'eval of a dynamic string'],
  ])('%s is not a read (%s)', (cmd) => {
    expect(m(cmd)).not.toBe('read');
  });

  it('history -w writes its file; trap, eval and builtin are followed', () => {
    expect(fx('history -w hist.txt')).toEqual(['write hist.txt']);
    expect(m('history -a')).toBe('write');
    expect(fx('trap "rm a.txt" EXIT')).toEqual(['delete a.txt']);
    expect(fx('eval "rm a.txt"')).toEqual(['delete a.txt']);
    // `builtin cd` is the real cd even when a function shadows it.
    expect(fx('cd() { :; }; builtin cd src; rm x')).toEqual(['delete src/x']);
  });

  it('keeps plain arithmetic and listing forms reads', () => {
    for (const cmd of [
      'for ((i=0; i<3; i++)); do echo $i; done',
      'i=0; (( i++ )); echo $((i * 2))',
      'for n in 1 2 3; do echo $((n*2)); done',
      'let a=1 b=a+1',
      'echo ${#arr[@]} "${arr[@]}" ${arr[0]}',
      '[[ 3 -gt 2 ]] && echo y',
      'alias; hash; history; enable -a',
      'printf -v out "%s" x; echo "$out"',
    ])
      expect(m(cmd), cmd).toBe('read');
  });
});

describe('principle 6: time of check vs use', () => {
  const tree = { 'a.txt': 'a\n', 'run.sh': 'echo harmless\n', 'package.json': '{"scripts":{"test":"echo ok"}}' };
  const c = (cmd: string) => classifyShell(cmd, ctx(tree));

  it('a script written and then run or sourced is judged unread, not on its old text', () => {
    expect(c('bash run.sh').mutability).toBe('read');
    for (const cmd of ['echo "rm -rf src" > run.sh; bash run.sh', 'echo "rm -rf src" > run.sh && source run.sh', 'cp a.txt run.sh; ./run.sh']) {
      const r = c(cmd);
      expect(r.mutability, cmd).toBe('write');
      expect(r.analysis, cmd).toBe('script_unread');
    }
  });

  it('a write through a link made in the same command lands on the link target', () => {
    expect(fx('ln -s /etc/passwd l; echo x > l')).toContain('write /etc/passwd');
    expect(fx('ln -s ../docs/inner src/lnk; echo x > src/lnk/f.ts')).toContain('write docs/inner/f.ts');
    // `..` after a link made in the same command leaves from the link's target, as the kernel does.
    expect(fx('ln -s . src/self; echo x > src/self/../a.txt')).toEqual(['create src/self', 'write a.txt']);
    expect(fx('ln -s . src/self; touch src/self/../x')).toEqual(['create src/self', 'create x']);
    expect(fx('ln -s ../docs src/d; cp a.txt src/d/../y')).toEqual(['create src/d', 'read a.txt', 'write y']);
    expect(fx('cp -s /etc/hosts h; echo x >> h')).toContain('write /etc/hosts');
  });

  it('a hard link (ln, cp -l) is a write to the original', () => {
    expect(fx('ln /etc/passwd here')).toEqual(['create here', 'write /etc/passwd']);
    expect(fx('cp -l /etc/passwd p')).toEqual(['write /etc/passwd', 'write p']);
  });

  it('backups are effects: cp -b, --backup, mv -S, rsync --remove-source-files', () => {
    expect(fx('cp -b a.txt src/index.ts')).toEqual(['create src/index.ts.~*~', 'create src/index.ts~', 'read a.txt', 'write src/index.ts']);
    expect(fx('cp --backup=simple --suffix=.orig a.txt b.txt')).toEqual(['create b.txt.orig', 'read a.txt', 'write b.txt']);
    expect(fx('mv --backup=numbered a.txt b.txt')).toEqual(['create b.txt.~*~', 'move a.txt', 'move b.txt']);
    expect(fx('rsync -a --remove-source-files src/ dst/')).toEqual(['delete src', 'read src', 'write dst']);
    expect(fx('rsync -a --backup --backup-dir=/tmp/old src/ dst/')).toEqual(['read src', 'write /tmp/old', 'write dst']);
    // The receiver runs in the destination: relative backup, temp and link-dest folders are below it.
    expect(fx('rsync -a -b --backup-dir=old src/ dst/')).toEqual(['read src', 'write dst', 'write dst/old']);
    expect(fx('cd src && rsync --temp-dir=../docs a.txt ..')).toEqual(['read src/a.txt', 'write /work/docs', 'write /work/proj', 'write a.txt']);
    expect(fx('rsync -T ../tmp a.txt dst/')).toEqual(['read a.txt', 'write dst', 'write dst/a.txt', 'write tmp']);
    expect(m('rsync -M--log-file=x a.txt dst/')).toBe('unknown');
    expect(classifyShell('rsync --partial-dir=../../x a.txt dst/', ctx()).analysis).toBe('shell_command_unproven');
    expect(m('SIMPLE_BACKUP_SUFFIX=/../../x cp -b a.txt b.txt')).not.toBe('read');
  });
});

describe('manifest edits made by plain shell carry dependency intent', () => {
  it.each([
    'echo requests >> requirements.txt',
    "sed -i 's/1.0/2.0/' package.json",
    'jq ".dependencies.x=\\"1\\"" package.json > p.json && mv p.json package.json',
  ])('%s', (cmd) => {
    const r = classifyShell(cmd, ctx({ 'package.json': '{}', 'requirements.txt': '' }));
    expect(r.intents.dependency).toBe(true);
    expect(r.intents.dependencyEvidence).toBe('manifest');
  });

  it('an ordinary file write does not', () => {
    expect(classifyShell('echo x > notes.txt', ctx()).intents.dependency).toBe(false);
  });
});

describe('dynamic values of known value options are only values', () => {
  it('git: -m "$(cat msg)" and --since="$(date …)" keep their verdict; a hidden option does not', () => {
    expect(classifyShell('git commit -m "$(cat msg.txt)"', ctx()).analysis).toBeUndefined();
    expect(classifyShell('git commit -am "$MSG"', ctx()).analysis).toBeUndefined();
    expect(m('git log --since="$(date +%F)" --oneline')).toBe('read');
    expect(m('git log -n "$N"')).toBe('read');
    expect(m('git diff $X')).toBe('unknown');
    expect(m('git log --output=$(echo x)')).toBe('unknown');
    expect(classifyShell('git push origin $B', ctx()).analysis).toBe('dynamic_word');
  });

  it('a counter assigned from arithmetic stays an integer through loops and branches', () => {
    expect(m('i=0; while [ $i -lt 3 ]; do i=$((i+1)); done')).toBe('read');
    expect(m('x=a; if true; then x=5; fi; (( x ))')).toBe('unknown');
  });
});

describe('writers whose options can move the target', () => {
  it('a *-first glob or a hidden word may be --target-directory=..', () => {
    expect(m('cp *.ts dist/')).toBe('unknown');
    expect(m('mv * old/')).toBe('unknown');
    expect(m('install * /usr/local/bin')).toBe('unknown');
    const r = classifyShell('cp "$f" src/', ctx());
    expect(r.mutability).toBe('write');
    expect(r.analysis).toBe('dynamic_word');
    // After `--` or with a literal folder prefix the glob is only files.
    expect(fx('cp -- *.ts dist/')).toEqual(['read *.ts', 'write dist/*.ts']);
    expect(fx('mv src/*.ts lib/')).toEqual(['move lib/*.ts', 'move src/*.ts']);
  });
});

describe('environment that carries options or config files', () => {
  it.each(["LESS='-o log' less a.txt", 'HOME=/tmp/x git log', 'export RIPGREP_CONFIG_PATH=x; rg foo', 'AWKLIBPATH=/tmp gawk 1 a.txt'])(
    '%s is unknown',
    (cmd) => {
      expect(m(cmd)).toBe('unknown');
    },
  );
});

describe('functions redefining commands', () => {
  it('a function defined in a loop body is used by the next iteration', () => {
    expect(fx('for i in 1 2; do ls; ls() { rm x; }; done')).toEqual(['delete x']);
    expect(fx('cat() { rm a.txt; }; cat a.txt')).toEqual(['delete a.txt']);
    expect(fx('command cat a.txt')).toEqual([]);
  });
});

describe('a function redefined in a branch', () => {
  it('walks both definitions afterwards', () => {
    expect(fx('f() { :; }; if true; then f() { rm x; }; fi; f')).toEqual(['delete x']);
  });
});

describe('loops over plain words', () => {
  it('run the body once per word, so each value is judged', () => {
    expect(fx('for f in a.txt src/index.ts; do rm "$f"; done')).toEqual(['delete a.txt', 'delete src/index.ts']);
    expect(fx('for c in rm; do $c -rf src; done')).toEqual(['delete src']);
    expect(m('for f in *.txt; do rm "$f"; done')).toBe('write');
    expect(classifyShell('for f in *.txt; do rm "$f"; done', ctx()).analysis).toBe('dynamic_word');
  });
});

describe('IFS before the read builtin', () => {
  it('only shapes how read splits its line', () => {
    expect(m('while IFS= read -r line; do echo "${#line}"; done < a.txt')).toBe('read');
    expect(m('IFS=, read -r a b <<< "x,y"')).toBe('read');
    expect(m('IFS=x eval "ls $y"')).toBe('unknown');
    expect(m('IFS=/ source ./x.sh')).toBe('unknown');
    expect(m('read() { rm -rf src; }; IFS= read x')).toBe('write');
  });
});

describe('git options that run programs', () => {
  it.each([
    "git -c pager.log='rm -rf src' -p log",
    "git -c credential.helper='!rm -rf src' ls-remote https://x/y",
    "git ls-remote -u 'rm -rf src' ../o",
    "git push -n --receive-pack='rm -rf src' ../o",
    'git help --web log',
  ])('%s is unknown', (cmd) => {
    expect(m(cmd)).toBe('unknown');
  });
  it('-n is a dry run only where git says so', () => {
    expect(m('git commit -n -m x')).toBe('write');
    expect(m('git fetch -n')).toBe('write');
    expect(m('git push -n')).toBe('read');
    expect(m('git add -n .')).toBe('read');
    expect(m('git fsck --lost-found')).toBe('write');
    expect(m('git -c pager.log=false log')).toBe('read');
    // A pager that only prints and an editor that does nothing are proven; any other command is not.
    expect(m('git -c core.pager=cat log -1')).toBe('read');
    expect(m('git -c pager.diff=cat diff')).toBe('read');
    expect(m("git -c core.pager='rm -rf src' log")).toBe('unknown');
    expect(m('git -c core.editor=true commit --amend --no-edit')).toBe('write');
    expect(m('git -c core.editor=vim commit')).toBe('unknown');
  });
});

describe('fd runs a command per match like xargs', () => {
  it('judges the command with operands it cannot see', () => {
    expect(m('fd -x wc -l')).toBe('read');
    expect(m('fd -e ts -X rm')).toBe('write');
    expect(m("fd -x sh -c 'rm {}'")).toBe('unknown');
  });
});

describe('options and builtins that write or run, found attacking the read models', () => {
  it.each([
    ["curl -w '%output{out.txt}' https://x", 'write'],
    ['curl -w @fmt.txt https://x', 'unknown'],
    ['man -Hfirefox ls', 'unknown'],
    ['jobs -x rm a.txt', 'write'],
    ['jobs -l', 'read'],
  ] as const)('%s is %s', (cmd, want) => {
    expect(m(cmd)).toBe(want);
  });

  it('find -exec judges what a command derives from {} (a file name below the root), not only the root', () => {
    const files = (cmd: string) => classifyShell(cmd, ctx()).effects.map((e) => `${e.kind} ${e.path.replace(ROOT, '.')}`);
    expect(files('find src -exec mv {} . \\;')).toContain('move ./*');
    expect(classifyShell('find src -execdir rm {} +', ctx()).analysis).toBe('dynamic_word');
    expect(m("find . -name '*.ts' -exec grep -n x {} +")).toBe('read');
  });

  it('ln -r takes a relative target from here, so a write through the link lands on it', () => {
    expect(fx('ln -sr a.txt src/r; echo x >> src/r')).toContain('write a.txt');
  });
});

describe('yq, tar and the tables added from manuals (issue 9 principle 1)', () => {
  it('yq: -i rewrites, -s writes a file per result, anything else outside its table is unproven', () => {
    expect(m("yq '.a' f.yaml")).toBe('read');
    expect(m("yq -i '.a=1' f.yaml")).toBe('write');
    expect(m("yq -s '.name' f.yaml")).toBe('write');
    expect(classifyShell("yq -s '.name' f.yaml", ctx()).analysis).toBe('write_path_missing');
    expect(m('yq --frob f.yaml')).toBe('unknown');
    expect(m('yq $X f.yaml')).toBe('unknown');
  });
  it('tar: closed options, index and volume files are writes, a remote archive runs rsh', () => {
    expect(m('tar -tf a.tar')).toBe('read');
    expect(m('tar -tf a.tar --frob')).toBe('unknown');
    expect(m('tar -tf a.tar $X')).toBe('unknown');
    expect(m('tar -tf host:a.tar')).toBe('unknown');
    expect(m('tar --force-local -tf c:a.tar')).toBe('read');
    expect(m('tar -tf a.tar --rmt-command=./x')).toBe('unknown');
    expect(classifyShell('tar -tvf a.tar --index-file=idx', ctx()).effects).toContainEqual({ kind: 'write', path: `${ROOT}/idx` });
  });
  it('tar: two -f that differ are unproven (GNU tar uses the first, bsdtar the last)', () => {
    expect(m('tar -cf - src -f out.tar')).toBe('unknown');
    expect(m('tar -tf a.tar --file=host:b.tar')).toBe('unknown');
    expect(m('tar -tf a.tar -f a.tar')).toBe('read');
  });
  it('zip: -m deletes its sources even into standard output; unzip and zip options are closed', () => {
    expect(fx('zip -m - a.txt')).toEqual(['delete a.txt']);
    expect(fx('zip - a.txt -m')).toEqual(['delete a.txt']);
    expect(m('zip -r - src')).toBe('read');
    // -sf lists what would be operated on and exits; without it the archive is written.
    expect(m('zip -sf a.zip')).toBe('read');
    expect(m('zip --show-files a.zip src -r')).toBe('read');
    expect(m('zip -s 10m a.zip src')).toBe('write');
    expect(m('zip --move - a.txt')).toBe('unknown');
    expect(m('unzip --frob x.zip')).toBe('unknown');
    expect(m('unzip -l x.zip')).toBe('read');
  });
  it('reads from manual tables, and the options of theirs that write', () => {
    for (const cmd of [
      'diff3 a b c',
      'sdiff a b',
      'shuf -n 1 a.txt',
      'iconv -f latin1 -t utf8 a.txt',
      'dmesg -T',
      'locate -i x',
      'stty size',
      'fc -l',
      'sort -o /dev/stdout a.txt',
      'awk \'{ print > "/dev/stderr" }\' a.txt',
      'git tag -n5 v1',
      'git difftool --tool-help',
      'cargo --list',
      'rustc --print sysroot',
      'hostnamectl status',
    ]) {
      expect({ cmd, m: m(cmd) }).toEqual({ cmd, m: 'read' });
    }
    for (const cmd of ['sdiff -o out a b', 'shuf -o out a.txt', 'iconv -o out a.txt']) expect({ cmd, m: m(cmd) }).toEqual({ cmd, m: 'write' });
    expect(m('cargo --list --frob')).not.toBe('read');
    for (const cmd of ['dmesg -c', 'diff3 --diff-program=./x a b c', 'fc -s', 'stty raw', 'rustc --print sysroot a.rs', 'timedatectl set-ntp true']) {
      expect({ cmd, m: m(cmd) }).toEqual({ cmd, m: 'unknown' });
    }
  });
});

describe('a program another program starts is a child process: it changes no state of this shell', () => {
  it('cd, export or a function through a wrapper or a package manager leaves the folder and variables as they were', () => {
    for (const cmd of [
      'env cd src; rm a.txt',
      'timeout 5 cd src; rm a.txt',
      'nice cd src; rm a.txt',
      'sudo cd src; rm a.txt',
      'xargs cd src; rm a.txt',
      'find . -maxdepth 0 -exec cd src \\; ; rm a.txt',
      'yarn cd src; rm a.txt',
      'pnpm exec cd src; rm a.txt',
      'uv run cd src; rm a.txt',
    ]) {
      expect({ cmd, fx: fx(cmd) }).toEqual({ cmd, fx: ['delete a.txt'] });
    }
    // The shell's own forms do change it.
    expect(fx('builtin cd src; rm a.txt')).toEqual(['delete src/a.txt']);
    expect(fx('command cd src; rm a.txt')).toEqual(['delete src/a.txt']);
  });

  it("a package manager's own commands are not the builtin or program of the same name", () => {
    expect(m('yarn set version latest')).toBe('write');
    expect(classifyShell('yarn set version latest', ctx()).intents.dependency).toBe(true);
    expect(m('yarn plugin import x')).toBe('write');
    expect(m('yarn patch lodash')).toBe('unknown');
  });
});
