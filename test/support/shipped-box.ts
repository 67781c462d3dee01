// A throwaway HOME and project for running the built bundle (dist/remit.cjs) as a person
// does, with no sources on the path; every folder made is removed by cleanBoxes().
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');
export const BIN = path.join(ROOT, 'dist', 'remit.cjs');
const made: string[] = [];

export interface Box {
  home: string;
  proj: string;
  run(...args: string[]): { code: number; out: string; err: string };
  hook(host: string, event: string, payload: object): string;
}

/** Builds the bundle when a suite runs before `npm run build` did. */
export function ensureBuilt(): void {
  if (!existsSync(BIN)) spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'build', 'build.mjs')], { stdio: 'inherit' });
}

export function cleanBoxes(): void {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** `extraEnv` may name folders in the box (`dir` holds home/ and proj/), e.g. XDG folders outside HOME. */
export function box(extraEnv: NodeJS.ProcessEnv | ((dir: string) => NodeJS.ProcessEnv) = {}): Box {
  const dir = mkdtempSync(path.join(tmpdir(), 'remit-shipped-'));
  made.push(dir);
  const home = path.join(dir, 'home');
  const proj = path.join(dir, 'proj');
  mkdirSync(home);
  mkdirSync(proj);
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: home, LANG: 'C', ...(typeof extraEnv === 'function' ? extraEnv(dir) : extraEnv) };
  return {
    home,
    proj,
    run(...args) {
      // Under a test's own timeout: `replay` of every built-in case takes a minute on a loaded 2-core machine.
      const r = spawnSync(process.execPath, [BIN, ...args], { cwd: proj, env, encoding: 'utf8', timeout: 170_000 });
      return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
    },
    hook(host, event, payload) {
      return spawnSync(process.execPath, [BIN, 'hook', host, event], { cwd: proj, env, input: JSON.stringify(payload), encoding: 'utf8' }).stdout;
    },
  };
}

export const put = (file: string, text: string, mode = 0o644) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  chmodSync(file, mode);
};

/** Every path under `dir` (a full walk) with its mode, and every file's bytes. */
export function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const n of readdirSync(d)) {
      const p = path.join(d, n);
      const st = lstatSync(p);
      out.set(path.relative(dir, p), `${(st.mode & 0o7777).toString(8)} ${st.isDirectory() ? 'dir' : readFileSync(p, 'base64')}`);
      if (st.isDirectory()) walk(p);
    }
  };
  walk(dir);
  return out;
}
