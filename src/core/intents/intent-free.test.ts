import { describe, expect, it } from 'vitest';
import { fragmentIntents, wholeFileIntents } from './file-intents.js';
import { pathIntentFree, wholeFileIntentFree } from './intent-free.js';

// Paths of each kind wholeFileIntents tells apart, and texts made of pieces that do and do not
// spell a hashing call, a computed access or a dependency.
const PATHS = [
  'src/a.ts',
  'lib/b.py',
  'cmd/main.go',
  'x.rs',
  'App.java',
  'a.php',
  'a.rb',
  'a.c',
  'a.swift',
  'README.md',
  'notes.txt',
  'Makefile',
  'package.json',
  'yarn.lock',
  'Cargo.toml',
  'requirements-dev.txt',
  'requirements/base.in',
  'flake.nix',
  'x.cabal',
  'app.csproj',
  'gradle/libs.versions.toml',
  'environment-dev.yml',
  'x.gemspec',
];
const PIECES = [
  'const a = 1;',
  "createHash('sha256')",
  "x['crea' + 'teHash']",
  "getattr(hashlib, 'md' + '5')()",
  "import_module('hash' + 'lib')",
  '"dependencies": {"left-pad": "1.0.0"}',
  '[dependencies]\nserde = "1"',
  'left-pad==1.0\n',
  'md5(x)',
  'Digest::SHA256.hexdigest(x)',
  'sum(1, 2)',
  "'quoted'",
  '[1, 2]',
  '\r\n',
  '// HMAC\n',
  'hashlib.sha1(b"")',
  '{',
  '}',
];

describe('wholeFileIntentFree', () => {
  it('says a write carries no intent only when wholeFileIntents finds none', () => {
    let free = 0;
    let found = 0;
    for (let i = 0; i < 4000; i++) {
      const path = `/p/${PATHS[Math.floor(Math.random() * PATHS.length)]}`;
      const text = Array.from({ length: Math.floor(Math.random() * 4) }, () => PIECES[Math.floor(Math.random() * PIECES.length)]).join(
        Math.random() < 0.5 ? '\n' : ' ',
      );
      const old = Math.random() < 0.5 ? undefined : PIECES[Math.floor(Math.random() * PIECES.length)];
      const got = wholeFileIntents(path, old, text);
      if (got.dependency || got.hash) found++;
      if (!wholeFileIntentFree(path, text)) continue;
      free++;
      expect(got, `${path} ${JSON.stringify(text)}`).toEqual({ dependency: false, hash: false });
    }
    expect(free).toBeGreaterThan(1000);
    expect(found).toBeGreaterThan(500);
  });

  it('says no edit of a file carries an intent only when fragmentIntents finds none for any', () => {
    let free = 0;
    let found = 0;
    const piece = () => PIECES[Math.floor(Math.random() * PIECES.length)]!;
    for (let i = 0; i < 4000; i++) {
      const path = `/p/${PATHS[Math.floor(Math.random() * PATHS.length)]}`;
      const oldPart = piece();
      const full = Math.random() < 0.3 ? undefined : `${piece()}\n${oldPart}\n${piece()}`;
      const got = fragmentIntents(path, Math.random() < 0.7 ? oldPart : piece(), Array.from({ length: Math.floor(Math.random() * 3) }, piece).join('\n'), full);
      if (got.dependency || got.hash) found++;
      if (!pathIntentFree(path)) continue;
      free++;
      expect(got, `${path} ${JSON.stringify(full)}`).toEqual({ dependency: false, hash: false });
    }
    expect(free).toBeGreaterThan(300);
    expect(found).toBeGreaterThan(500);
    expect(pathIntentFree('/p/README.md')).toBe(true);
    for (const p of ['/p/src/a.ts', '/p/package.json', '/p/yarn.lock', '/p/flake.nix']) expect(pathIntentFree(p)).toBe(false);
  });

  it('sends code that may hash, and every manifest or lockfile, to the intent readers', () => {
    expect(wholeFileIntentFree('/p/src/a.ts', 'export const a = 1;\n')).toBe(true);
    expect(wholeFileIntentFree('/p/README.md', "createHash('md5')")).toBe(true);
    expect(wholeFileIntentFree('/p/src/a.ts', "c.createHash('md5')")).toBe(false);
    // A name spelled from pieces: no stem in the text, but a computed access may reach one.
    expect(wholeFileIntentFree('/p/src/a.py', "getattr(hashlib, 'sh' + 'a1')")).toBe(false);
    expect(wholeFileIntents('/p/src/a.py', undefined, "x = getattr(h, 's' + 'ha1')")).toMatchObject({ hash: true });
    expect(wholeFileIntentFree('/p/src/a.py', "x = getattr(h, 's' + 'ha1')")).toBe(false);
    for (const p of ['/p/package.json', '/p/yarn.lock', '/p/flake.nix', '/p/requirements.txt']) expect(wholeFileIntentFree(p, '')).toBe(false);
  });
});
