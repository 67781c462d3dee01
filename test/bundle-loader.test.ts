// scripts/build/bundle-loader.cjs on its own (dist/remit-loader.cjs is this file with the build's
// hashes, started by scripts/build/entry.cjs as dist/remit.cjs): chunks load through the code
// cache, a chunk that uses import() keeps working run after run, and a chunk the build did not
// hash is never cached.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'remit-loader-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function place(hashes: Record<string, string>, files: Record<string, string>): string {
  // As scripts/build/build.mjs fills them in: each chunk's hash, and the chunks holding import().
  const dynamic = Object.keys(hashes).filter((f) => files[f]?.includes('import('));
  const loader = readFileSync('scripts/build/bundle-loader.cjs', 'utf8')
    .replace('const HASHES = __REMIT_CHUNK_HASHES__;', `const HASHES = ${JSON.stringify(hashes)};`)
    .replace('const DYNAMIC = __REMIT_DYNAMIC_CHUNKS__;', `const DYNAMIC = ${JSON.stringify(dynamic)};`);
  writeFileSync(path.join(dir, 'remit-loader.cjs'), loader);
  writeFileSync(
    path.join(dir, 'remit.cjs'),
    readFileSync('scripts/build/entry.cjs', 'utf8').replace('const LOADER_HASH = __REMIT_LOADER_HASH__;', `const LOADER_HASH = '${'c'.repeat(32)}';`),
  );
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return path.join(dir, 'remit.cjs');
}

const run = (entry: string) => execFileSync(process.execPath, [entry], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

describe('the bundle loader', () => {
  it('runs the bundle and a sibling chunk through a cache it writes, with the CommonJS wrapper intact', () => {
    const entry = place(
      { 'remit-main.cjs': 'a'.repeat(32), 'remit-extra.cjs': 'b'.repeat(32) },
      {
        'remit-main.cjs':
          'const x = require("./remit-extra.cjs"); console.log(x.v, typeof module.exports, require("node:path").basename(__filename), __dirname === process.argv[1].replace(/\\/remit\\.cjs$/, ""));',
        'remit-extra.cjs': 'exports.v = 7;',
      },
    );
    expect(run(entry)).toBe('7 object remit-main.cjs true\n');
    expect(existsSync(path.join(dir, '.remit-main.cjs.v8cache'))).toBe(true);
    expect(existsSync(path.join(dir, '.remit-extra.cjs.v8cache'))).toBe(true);
    for (let i = 0; i < 5; i++) expect(run(entry)).toBe('7 object remit-main.cjs true\n');
    // The generation counts up to its cap, then the cache stays as it is.
    expect(readFileSync(path.join(dir, '.remit-main.cjs.v8cache'), 'latin1').split('\n')[0]).toMatch(/ 3 -$/);
  });

  it('after its first runs, rewrites a cache only for a path no earlier run took, naming the chunks it ran through', () => {
    // The chunk names its path as a hook does (src/cli/commands/hook.ts); `extra` loads a second chunk.
    const entry = place(
      { 'remit-main.cjs': 'd'.repeat(32), 'remit-extra.cjs': 'e'.repeat(32) },
      {
        'remit-main.cjs': 'if (process.env.EXTRA) require("./remit-extra.cjs"); process.emit("remit:code-path", process.env.CODE_PATH); console.log("ok");',
        'remit-extra.cjs': 'exports.v = 1;',
      },
    );
    const header = (chunk: string) => readFileSync(path.join(dir, `.${chunk}.v8cache`), 'latin1').split('\n')[0]!;
    const runWith = (env: Record<string, string>) =>
      execFileSync(process.execPath, [entry], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', ...env } });
    for (let i = 0; i < 5; i++) expect(runWith({ CODE_PATH: 'claude.prompt.submit.context' })).toBe('ok\n');
    expect(header('remit-main.cjs')).toMatch(/ 3 claude\.prompt\.submit\.context$/);
    const settled = readFileSync(path.join(dir, '.remit-main.cjs.v8cache'));
    expect(runWith({ CODE_PATH: 'claude.prompt.submit.context' })).toBe('ok\n');
    expect(readFileSync(path.join(dir, '.remit-main.cjs.v8cache')).equals(settled)).toBe(true);
    // A new path, past the cap: written once, with the path added, and the generation counted.
    expect(runWith({ CODE_PATH: 'claude.action.before.write.deny' })).toBe('ok\n');
    expect(header('remit-main.cjs')).toMatch(/ 4 claude\.prompt\.submit\.context,claude\.action\.before\.write\.deny$/);
    // The same event through another chunk is another path, for both chunks.
    expect(runWith({ CODE_PATH: 'claude.action.before.write.deny', EXTRA: '1' })).toBe('ok\n');
    expect(header('remit-main.cjs')).toMatch(/,claude\.action\.before\.write\.deny\+extra$/);
    expect(header('remit-extra.cjs')).toMatch(/ 0 claude\.action\.before\.write\.deny\+extra$/);
    // A name that is not a plain path name is ignored.
    const before = readFileSync(path.join(dir, '.remit-main.cjs.v8cache'));
    expect(runWith({ CODE_PATH: 'a b,c' })).toBe('ok\n');
    expect(readFileSync(path.join(dir, '.remit-main.cjs.v8cache')).equals(before)).toBe(true);
  });

  it("adds to a chunk's cache each part it starts on a path already held, and only to that chunk's", () => {
    // As a chunk names picomatch when it starts it (src/core/paths/picomatch-module.ts, rewritten by the build).
    const entry = place(
      { 'remit-main.cjs': 'f'.repeat(32), 'remit-extra.cjs': '0'.repeat(32) },
      {
        'remit-main.cjs': 'require("./remit-extra.cjs"); process.emit("remit:code-path", "claude.action.before.read.allow"); console.log("ok");',
        'remit-extra.cjs': 'for (const p of (process.env.PARTS ?? "").split(" ").filter(Boolean)) process.emit("remit:code-part", p);',
      },
    );
    const header = (chunk: string) => readFileSync(path.join(dir, `.${chunk}.v8cache`), 'latin1').split('\n')[0]!;
    const runWith = (parts: string) => execFileSync(process.execPath, [entry], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', PARTS: parts } });
    for (let i = 0; i < 5; i++) expect(runWith('extra:git')).toBe('ok\n');
    expect(header('remit-extra.cjs')).toMatch(/ 3 claude\.action\.before\.read\.allow\+extra,extra:git$/);
    const main = readFileSync(path.join(dir, '.remit-main.cjs.v8cache'));
    // Another family on the same path: the chunk's cache is written once more, holding it too.
    expect(runWith('extra:reads hook:other bad')).toBe('ok\n');
    expect(header('remit-extra.cjs')).toMatch(/ 4 claude\.action\.before\.read\.allow\+extra,extra:git,extra:reads$/);
    // The other chunk's cache ignores it, and a part of a chunk not loaded or named without its chunk is ignored.
    expect(readFileSync(path.join(dir, '.remit-main.cjs.v8cache')).equals(main)).toBe(true);
    const settled = readFileSync(path.join(dir, '.remit-extra.cjs.v8cache'));
    expect(runWith('extra:reads extra:git')).toBe('ok\n');
    expect(readFileSync(path.join(dir, '.remit-extra.cjs.v8cache')).equals(settled)).toBe(true);
  });

  it('takes a chunk remit-<group>-<part>.cjs as a part of its group: the path names the group, the group chunk names the part', () => {
    // As the shell classifier's core loads a program family's chunk (scripts/build/shell-chunks.mjs).
    const entry = place(
      { 'remit-main.cjs': '1'.repeat(32), 'remit-extra.cjs': '2'.repeat(32), 'remit-extra-git.cjs': '3'.repeat(32), 'remit-extra-reads.cjs': '4'.repeat(32) },
      {
        'remit-main.cjs': 'require("./remit-extra.cjs"); process.emit("remit:code-path", "claude.action.before.bash.allow"); console.log("ok");',
        'remit-extra.cjs': 'for (const p of (process.env.PARTS ?? "").split(" ").filter(Boolean)) require(`./remit-extra-${p}.cjs`);',
        'remit-extra-git.cjs': 'exports.v = 1;',
        'remit-extra-reads.cjs': 'exports.v = 2;',
      },
    );
    const header = (chunk: string) => readFileSync(path.join(dir, `.${chunk}.v8cache`), 'latin1').split('\n')[0]!;
    const runWith = (parts: string) => execFileSync(process.execPath, [entry], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', PARTS: parts } });
    for (let i = 0; i < 5; i++) expect(runWith('git')).toBe('ok\n');
    expect(header('remit-main.cjs')).toMatch(/ 3 claude\.action\.before\.bash\.allow\+extra$/);
    expect(header('remit-extra.cjs')).toMatch(/ 3 claude\.action\.before\.bash\.allow\+extra,extra:git$/);
    expect(header('remit-extra-git.cjs')).toMatch(/ 3 claude\.action\.before\.bash\.allow\+extra$/);
    const main = readFileSync(path.join(dir, '.remit-main.cjs.v8cache'));
    const git = readFileSync(path.join(dir, '.remit-extra-git.cjs.v8cache'));
    // Another part on the same path: the group chunk's cache is written once more, naming it too,
    // the new part's cache made; the path and the other caches stay as they were.
    expect(runWith('git reads')).toBe('ok\n');
    expect(header('remit-extra.cjs')).toMatch(/ 4 claude\.action\.before\.bash\.allow\+extra,extra:git,extra:reads$/);
    expect(header('remit-extra-reads.cjs')).toMatch(/ 0 claude\.action\.before\.bash\.allow\+extra$/);
    expect(readFileSync(path.join(dir, '.remit-main.cjs.v8cache')).equals(main)).toBe(true);
    expect(readFileSync(path.join(dir, '.remit-extra-git.cjs.v8cache')).equals(git)).toBe(true);
  });

  it('keeps import() working in a chunk, without a cache for it and without the experimental warning', () => {
    const entry = place(
      { 'remit-main.cjs': 'c'.repeat(32) },
      {
        'm.mjs': 'export const x = 42;\n',
        'remit-main.cjs': '(async () => { const m = await import(require("node:url").pathToFileURL(__dirname + "/m.mjs").href); console.log(m.x); })();',
      },
    );
    for (let i = 0; i < 2; i++) {
      const r = spawnSync(process.execPath, [entry], { encoding: 'utf8' });
      expect(r.status).toBe(0);
      expect(r.stdout).toBe('42\n');
      expect(r.stderr).toBe('');
    }
    expect(existsSync(path.join(dir, '.remit-main.cjs.v8cache'))).toBe(false);
  });

  it('never caches a chunk the build did not hash', () => {
    const entry = place({}, { 'remit-main.cjs': 'console.log("plain");' });
    expect(run(entry)).toBe('plain\n');
    expect(existsSync(path.join(dir, '.remit-main.cjs.v8cache'))).toBe(false);
  });
});
