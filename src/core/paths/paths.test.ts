import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path, { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { canonicalPath, isWindowsStylePath, isWithin, plainAbsolute, relativeWithin } from './canonical.js';
import picomatch from 'picomatch';
import { compileGlobs, folderHolder, lazyFolderHolder, literalHead, plainGlobMatcher, resolveGlob } from './globs.js';
import { findProjectRoot } from './project-root.js';

// Every temp folder a test makes goes when the file is done.
const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});
function scratch(prefix: string): string {
  const d = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  made.push(d);
  return d;
}

describe('canonicalPath', () => {
  it('resolves relative paths, dot segments, ~ and quotes without touching the disk', () => {
    const o = { realpath: false, home: '/home/u' };
    expect(canonicalPath('src/../README.md', '/p', o)).toBe('/p/README.md');
    expect(canonicalPath('./a//b/./c', '/p', o)).toBe('/p/a/b/c');
    expect(canonicalPath('~/x', '/p', o)).toBe('/home/u/x');
    expect(canonicalPath('"/tmp/a b"', '/p', o)).toBe('/tmp/a b');
    expect(canonicalPath('', '/p', o)).toBe('/p');
    expect(canonicalPath('file:///etc/hosts', '/p', o)).toBe('/etc/hosts');
  });

  it('keeps Windows semantics for Windows-style paths, with forward slashes and an upper-case drive', () => {
    expect(isWindowsStylePath('C:\\Users\\me')).toBe(true);
    expect(isWindowsStylePath('\\\\server\\share\\x')).toBe(true);
    expect(isWindowsStylePath('/c/x')).toBe(false);
    expect(canonicalPath('c:\\Work\\proj\\src\\..\\a.ts', '/p')).toBe('C:/Work/proj/a.ts');
    expect(canonicalPath('src\\a.ts', 'C:\\Work\\proj')).toBe('C:/Work/proj/src/a.ts');
  });

  it('follows symlinks in the existing prefix, so a link out of the project is judged by its target', () => {
    const dir = scratch('remit-paths-');
    mkdirSync(join(dir, 'proj'));
    mkdirSync(join(dir, 'outside'));
    symlinkSync(join(dir, 'outside'), join(dir, 'proj', 'link'));
    expect(canonicalPath('link/new-file.txt', join(dir, 'proj'))).toBe(join(dir, 'outside', 'new-file.txt'));
    expect(canonicalPath('link/new-file.txt', join(dir, 'proj'), { realpath: false })).toBe(join(dir, 'proj', 'link', 'new-file.txt'));
  });

  it('cuts a plain absolute path where path.posix would give the same: every path of names, and no other', () => {
    const names = ['', '.', '..', 'a', 'b.c', '.d', '..e', 'f..', '~', ' '];
    let plain = 0;
    for (let i = 0; i < 5000; i++) {
      const segs = Array.from({ length: 1 + Math.floor(Math.random() * 5) }, () => names[Math.floor(Math.random() * names.length)]!);
      const p = (Math.random() < 0.9 ? '/' : '') + segs.join('/');
      const same = path.posix.isAbsolute(p) && path.posix.resolve('/cwd', p) === p && path.posix.normalize(p) === p;
      expect(plainAbsolute(p), p).toBe(same);
      if (!same) continue;
      plain++;
      const cut = p.lastIndexOf('/');
      expect(cut <= 0 ? '/' : p.slice(0, cut)).toBe(path.posix.dirname(p));
      if (p !== '/') expect(p.slice(cut + 1)).toBe(path.posix.basename(p));
      expect(`${p === '/' ? '' : p}/a/b.c`).toBe(path.posix.join(p, 'a', 'b.c'));
      const parent = p.slice(0, Math.max(1, cut));
      if (isWithin(p, parent)) expect(relativeWithin(parent, p), `${parent} ${p}`).toBe(path.posix.relative(parent, p));
    }
    expect(plain).toBeGreaterThan(500);
  });

  it('gives the same canonical path through a link, a missing tail and ~ as path.posix would', () => {
    const root = scratch('remit-plain-');
    mkdirSync(join(root, 'real/sub'), { recursive: true });
    symlinkSync(join(root, 'real'), join(root, 'link'));
    for (const [raw, want] of [
      [`${root}/link/sub/new/file.txt`, `${root}/real/sub/new/file.txt`],
      [`${root}/link/missing`, `${root}/real/missing`],
      [`${root}//link/./sub/`, `${root}/real/sub`],
      ['~/link/sub', `${root}/real/sub`],
      ['~//link/../real', `${root}/real`],
      [`${root}/nothing/here`, `${root}/nothing/here`],
    ] as const) {
      expect(canonicalPath(raw, '/', { home: root }), raw).toBe(want);
    }
    expect(canonicalPath('~/x', '/', { home: '/', realpath: false })).toBe('/x');
    expect(relativeWithin('/a/b', '/a/b/c/d')).toBe('c/d');
    expect(relativeWithin('/', '/c')).toBe('c');
    expect(relativeWithin('/a/b/', '/a/b/./c')).toBe(path.posix.relative('/a/b/', '/a/b/./c'));
  });

  it('isWithin compares whole segments', () => {
    expect(isWithin('/p/src/a', '/p/src')).toBe(true);
    expect(isWithin('/p/src', '/p/src')).toBe(true);
    expect(isWithin('/p/srcx/a', '/p/src')).toBe(false);
    expect(isWithin('C:/W/A', 'c:/w', true)).toBe(true);
  });
});

describe('canonicalPath with a shared memo', () => {
  it('resolves a batch as it resolves each path alone, through missing folders and links', () => {
    const dir = scratch('remit-memo-');
    mkdirSync(join(dir, 'real', 'in'), { recursive: true });
    symlinkSync(join(dir, 'real'), join(dir, 'link'));
    symlinkSync(join(dir, 'gone'), join(dir, 'dangling'));
    symlinkSync(join(dir, 'real', 'in'), join(dir, 'missing-parent-sibling'));
    const paths = [
      'missing/a.json',
      'missing/b/c.json',
      'missing',
      'link/in/x.json',
      'link/absent/y.json',
      'dangling/z.json',
      'dangling',
      'real/in',
      'missing-parent-sibling/w.json',
    ].map((p) => join(dir, p));
    const alone = paths.map((p) => canonicalPath(p, '/'));
    expect(alone).toContain(join(dir, 'real', 'in', 'x.json'));
    expect(alone).toContain(join(dir, 'real', 'in', 'w.json'));
    // Every order: a folder found missing (or dangling) first must not hide what a later path resolves.
    for (const order of [paths, [...paths].reverse()]) {
      const memo = new Map<string, string | null>();
      const batch = order.map((p) => canonicalPath(p, '/', { memo }));
      expect(batch).toEqual(order.map((p) => alone[paths.indexOf(p)]));
    }
  });
});

describe('files= globs', () => {
  it('resolve against the project root and match with picomatch semantics, dotfiles included', () => {
    const g = ['src/**', 'test/*.ts', 'docs/{a,b}.md', 'x?.js'].map((p) => resolveGlob(p, '/p'));
    expect(g).toEqual(['/p/src/**', '/p/test/*.ts', '/p/docs/{a,b}.md', '/p/x?.js']);
    const m = compileGlobs(g);
    expect(m('/p/src/deep/a/b.ts')).toBe(true);
    expect(m('/p/src')).toBe(true);
    expect(m('/p/src/.env')).toBe(true);
    expect(m('/p/test/a.ts')).toBe(true);
    expect(m('/p/test/sub/a.ts')).toBe(false);
    expect(m('/p/docs/b.md')).toBe(true);
    expect(m('/p/docs/c.md')).toBe(false);
    expect(m('/p/x1.js')).toBe(true);
    expect(m('/p/README.md')).toBe(false);
    expect(m('/q/src/a.ts')).toBe(false);
  });

  it('answer a plain folder or file glob as picomatch does, without it', () => {
    const names = ['a', 'b.c', '.d', '..e', 'x y', '~u', 'a-b', '_', '.', '..', '', 'x\ny', 'z\r', 'w\u2028', 'q*', 'r|s', 'B', 'A', '.D', 'X Y'];
    const pick = () => names[Math.floor(Math.random() * names.length)]!;
    let plain = 0;
    for (let i = 0; i < 800; i++) {
      const glob = `/${Array.from({ length: 1 + Math.floor(Math.random() * 3) }, pick).join('/')}${Math.random() < 0.6 ? '/**' : ''}`;
      const nocase = i % 2 === 1;
      const fast = plainGlobMatcher(glob, nocase);
      if (!fast) continue;
      plain++;
      const slow = picomatch(glob, { dot: true, nocase });
      const head = glob.replace(/\/\*\*$/, '');
      for (let j = 0; j < 40; j++) {
        const tail = Array.from({ length: Math.floor(Math.random() * 4) }, pick).join('/');
        for (const p of [head, `${head}/${tail}`, `${head}${tail}`, `${head}/${tail}/`, `/${tail}`])
          expect(fast(p), `${glob} ${JSON.stringify(p)}`).toBe(slow(p));
      }
    }
    expect(plain).toBeGreaterThan(100);
    expect(plainGlobMatcher('/a/*.ts', false)).toBeUndefined();
    expect(plainGlobMatcher('/P/.Claude/**', true)?.('/p/.claude/settings.json')).toBe(true);
    expect(plainGlobMatcher('/a/../b/**', false)).toBeUndefined();
  });

  it('answer as picomatch does when a literal head rules a path out before the glob is read', () => {
    const names = ['a', 'A', 'p', '.claude', 'settings.json', 'x.y', '**', '*', '*.json', 'x{y,z}', '?', 'a[bc]', '@(a|b)', '!(a)', '+(a)', 'b\\c', '.', '..'];
    const pick = () => names[Math.floor(Math.random() * names.length)]!;
    const path = (n: number) => Array.from({ length: n }, pick).join('/');
    let matched = 0;
    for (let i = 0; i < 300; i++) {
      // Globs as remit compiles them: absolute, or (before a protected one is made absolute) `**/…`.
      const glob = `${Math.random() < 0.8 ? '/' : '**/'}${path(1 + Math.floor(Math.random() * 4))}`;
      const bare = glob.endsWith('/**') ? glob.slice(0, -3) : null;
      for (const caseInsensitive of [false, true]) {
        const slow = picomatch(glob, { dot: true, nocase: caseInsensitive });
        const want = (p: string) => slow(p) || (bare !== null && (caseInsensitive ? p.toLowerCase() === bare.toLowerCase() : p === bare));
        const fast = compileGlobs([glob], caseInsensitive);
        const parts = glob.replace(/[*?[\]{}()!+@\\]/g, 'a').split('/');
        for (let j = 0; j < 30; j++) {
          const cut = parts.slice(0, Math.floor(Math.random() * (parts.length + 1))).join('/');
          for (const p of [
            glob,
            bare ?? '/',
            cut,
            `${cut}/${path(Math.floor(Math.random() * 3))}`,
            cut.toUpperCase(),
            `/${path(1 + Math.floor(Math.random() * 4))}`,
          ]) {
            const w = want(p);
            if (w) matched++;
            expect(fast(p), `${glob} ${JSON.stringify(p)} ${caseInsensitive}`).toBe(w);
          }
        }
      }
    }
    expect(matched).toBeGreaterThan(300);
    expect(literalHead('/h/.claude/plugins/**')).toBe('/h/.claude/plugins');
    expect(literalHead('/h/.claude/settings.json')).toBe('/h/.claude/settings.json');
    expect(literalHead('/h/a{b,c}/x')).toBe('/h');
    expect(literalHead('**/.claude/settings.json')).toBe('');
  });

  it('answer whether a folder holds a protected glob alike when the glob is read only for folders that may hold it', () => {
    const names = ['a', 'A', 'p', '.claude', 'Settings.json', 'settings.json', '**', '*', '*.json', 'x{y,z}', '?', '', '.', '..', 'İ'];
    const pick = () => names[Math.floor(Math.random() * names.length)]!;
    const path = (n: number) => Array.from({ length: n }, pick).join('/');
    const roots = ['/p', '/P/a'];
    let held = 0;
    for (let i = 0; i < 300; i++) {
      const glob = `${Math.random() < 0.8 ? '/' : ''}${path(1 + Math.floor(Math.random() * 4))}`;
      for (const caseInsensitive of [false, true]) {
        const eager = folderHolder(glob, roots, caseInsensitive);
        const lazy = lazyFolderHolder(glob, roots, caseInsensitive);
        const prefix = glob.split('/');
        for (let j = 0; j < 30; j++) {
          const cut = prefix.slice(0, Math.floor(Math.random() * (prefix.length + 1))).join('/');
          const folders = ['/', '', cut, `${cut}/`, cut.toUpperCase(), `/${path(Math.floor(Math.random() * 4))}`, `/p/${path(2)}`, `${cut}/${pick()}`];
          for (const folder of folders) {
            const want = eager(folder);
            if (want) held++;
            expect(lazy(folder), `${glob} ${JSON.stringify(folder)} ${caseInsensitive}`).toBe(want);
          }
        }
      }
    }
    expect(held).toBeGreaterThan(500);
  });

  it('keep absolute and ./ globs, and match Windows roots without case', () => {
    expect(resolveGlob('./src/a.ts', '/p')).toBe('/p/src/a.ts');
    expect(resolveGlob('/etc/x', '/p')).toBe('/etc/x');
    const w = resolveGlob('src\\**', 'C:\\Work\\P');
    expect(w).toBe('C:/Work/P/src/**');
    expect(compileGlobs([w], true)('c:/work/p/SRC/a.ts')).toBe(true);
  });
});

describe('findProjectRoot', () => {
  it('finds the git top level (a .git folder or file), else returns cwd', () => {
    const dir = scratch('remit-root-');
    mkdirSync(join(dir, 'repo', '.git'), { recursive: true });
    writeFileSync(join(dir, 'repo', '.git', 'HEAD'), 'ref: refs/heads/main\n');
    mkdirSync(join(dir, 'repo', 'a', 'b'), { recursive: true });
    expect(findProjectRoot(join(dir, 'repo', 'a', 'b'))).toBe(join(dir, 'repo'));
    // An empty .git folder (a sandbox's mount point) is no repository: the walk goes on past it.
    mkdirSync(join(dir, 'repo', 'a', '.git'));
    expect(findProjectRoot(join(dir, 'repo', 'a', 'b'))).toBe(join(dir, 'repo'));
    mkdirSync(join(dir, 'wt', 'x'), { recursive: true });
    writeFileSync(join(dir, 'wt', '.git'), 'gitdir: /elsewhere\n');
    expect(findProjectRoot(join(dir, 'wt', 'x'))).toBe(join(dir, 'wt'));
    mkdirSync(join(dir, 'plain'));
    // With no .git above it, the answer is cwd itself; the temp folder's own ancestors decide.
    let above: string | null = null;
    for (let d = dir; d !== '/'; d = join(d, '..'))
      if (existsSync(join(d, '.git', 'HEAD')) || statSync(join(d, '.git'), { throwIfNoEntry: false })?.isFile()) above ??= d;
    expect(findProjectRoot(join(dir, 'plain'))).toBe(above ?? join(dir, 'plain'));
  });
});
