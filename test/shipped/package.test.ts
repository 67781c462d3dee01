// The npm package as a user gets it: `npm pack`, installed globally into a throwaway prefix
// from the tarball alone (offline: the bundle carries every library, so the package has no
// dependencies to fetch), then the commands of the README through its `remit`.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..', '..');
const made: string[] = [];
// The folders hold installed copies of the package (thousands of files): removing them took
// over vitest's 10 s default for a hook on a loaded machine, and failed a suite whose tests passed.
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
}, 120_000);

describe('the packed package', () => {
  it('declares a prepack build and no dependencies to fetch', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
      dependencies?: object;
      files: string[];
    };
    expect(pkg.scripts.prepack).toContain('build');
    expect(pkg.dependencies ?? {}).toEqual({});
    expect(pkg.files).toEqual(expect.arrayContaining(['dist', 'cases']));
  });

  it('installs from its tarball offline and runs install claude, doctor, status, replay, uninstall all', () => {
    const dir = tempDir();
    // dist/ is built by `npm test` before vitest; --ignore-scripts keeps this test from
    // rebuilding it under the other suites (a plain `npm pack` runs the prepack build).
    const { run, home } = packAndInstall(dir, ROOT, ['--ignore-scripts']);
    expect(run('install', 'claude').code).toBe(0);
    // No Claude Code on this PATH: registered and probed, but "cannot tell", never "protected: yes".
    const doctor = run('doctor');
    expect(doctor.code, doctor.out).toBe(3);
    expect(doctor.out).toContain("remit's own check: registered and the live probe refused a write");
    expect(doctor.out).toContain('No host is protected here: remit is registered for claude, which is not on PATH.');
    expect(run('status').code).toBe(0);
    const replay = run('replay', '--host', 'claude');
    expect(replay.code, replay.err).toBe(0);
    expect(replay.out).toMatch(/\d+ passed, 0 failed/);
    expect(run('uninstall', 'all').code).toBe(0);
    // Nothing is left: doctor's probes and status wrote no state, and uninstall took every file and folder install made.
    expect(readdirSync(home)).toEqual([]);
  }, 300_000);

  it('ships no V8 code cache the packing machine wrote beside the bundle', () => {
    const dir = tempDir();
    // A hook run from this tree writes its caches into dist/, as `npm start` and `npm test` do.
    const hook = spawnSync(process.execPath, [path.join(ROOT, 'dist', 'remit.cjs'), 'hook', 'claude'], {
      cwd: dir,
      env: { PATH: process.env.PATH, HOME: dir },
      input: JSON.stringify({ session_id: 'cache', cwd: dir, hook_event_name: 'UserPromptSubmit', prompt: 'hello' }),
      encoding: 'utf8',
    });
    expect(hook.status, hook.stderr).toBe(0);
    expect(readdirSync(path.join(ROOT, 'dist')).filter((f) => f.endsWith('.v8cache')).length).toBeGreaterThan(0);
    const pack = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: ROOT,
      env: { ...process.env, npm_config_cache: path.join(dir, 'npm-cache'), npm_config_update_notifier: 'false' },
      encoding: 'utf8',
    });
    expect(pack.status, pack.stderr).toBe(0);
    const files = (JSON.parse(pack.stdout) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path);
    expect(files).toContain('dist/remit-hook.cjs');
    expect(files.filter((f) => f.includes('v8cache'))).toEqual([]);
  });

  it('packs from a clean clone (no dist/, or a stale one) through its prepack build, and that package works', () => {
    for (const dist of ['absent', 'stale'] as const) {
      const dir = tempDir();
      // The tracked files as a clone has them (with this tree's edits), the dependencies linked.
      const clone = path.join(dir, 'clone');
      const tracked = spawnSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).stdout.split('\0').filter(Boolean);
      expect(tracked).toContain('package.json');
      for (const f of tracked) {
        if (!existsSync(path.join(ROOT, f))) continue; // deleted in this tree, not yet committed
        mkdirSync(path.dirname(path.join(clone, f)), { recursive: true });
        copyFileSync(path.join(ROOT, f), path.join(clone, f));
      }
      symlinkSync(path.join(ROOT, 'node_modules'), path.join(clone, 'node_modules'));
      expect(existsSync(path.join(clone, 'dist'))).toBe(false);
      if (dist === 'stale') {
        mkdirSync(path.join(clone, 'dist'));
        writeFileSync(path.join(clone, 'dist', 'remit.cjs'), 'process.exit(9);\n');
      }
      const { run } = packAndInstall(dir, clone, []);
      const version = run('--version');
      expect(version, dist).toMatchObject({
        code: 0,
        out: `remit ${(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version}\n`,
      });
      const replay = run('replay', '--host', 'claude');
      expect(replay.code, `${dist}: ${replay.err}`).toBe(0);
      expect(replay.out).toMatch(/\d+ passed, 0 failed/);
    }
  }, 120_000);
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'remit-pack-'));
  made.push(dir);
  return dir;
}

/** `npm pack` in `from`, the tarball installed globally into a prefix in `dir` offline; `run` is its `remit` in an empty HOME. */
function packAndInstall(dir: string, from: string, packFlags: string[]) {
  const npmEnv = { ...process.env, npm_config_cache: process.env.npm_config_cache ?? path.join(dir, 'npm-cache'), npm_config_update_notifier: 'false' };
  const pack = spawnSync('npm', ['pack', ...packFlags, '--pack-destination', dir], { cwd: from, env: npmEnv, encoding: 'utf8' });
  expect(pack.status, pack.stderr).toBe(0);
  const tgz = readdirSync(dir).find((f) => f.endsWith('.tgz'))!;
  const prefix = path.join(dir, 'prefix');
  const inst = spawnSync('npm', ['install', '-g', '--offline', '--no-audit', '--no-fund', '--prefix', prefix, path.join(dir, tgz)], {
    env: npmEnv,
    encoding: 'utf8',
  });
  expect(inst.status, inst.stderr).toBe(0);
  const bin = path.join(prefix, 'bin', 'remit');
  expect(existsSync(bin)).toBe(true);
  const home = path.join(dir, 'home');
  const proj = path.join(dir, 'proj');
  mkdirSync(home);
  mkdirSync(proj);
  const run = (...args: string[]) => {
    const r = spawnSync(bin, args, {
      cwd: proj,
      env: { PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`, HOME: home },
      encoding: 'utf8',
      timeout: 240_000,
    });
    return { code: r.status, out: r.stdout, err: r.stderr };
  };
  return { run, home };
}
