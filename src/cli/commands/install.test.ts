import { HOSTS } from '../../../adapters/hosts.js';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CliIO } from '../io.js';
import { UsageError } from '../io.js';
import { run as install, parseInstallArgs } from './install.js';
import { run as uninstall } from './uninstall.js';
import { makeRepository } from '../../../test/support/repository.js';

let dir: string;
let io: CliIO & { out: string[]; err: string[] };
let bundle: string;

function makeIO(env: Record<string, string>, cwd: string): CliIO & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, env, cwd, stdout: (s) => out.push(s), stderr: (s) => err.push(s) };
}

function listAll(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true }).map(String).sort();
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'remit-install-'));
  mkdirSync(path.join(dir, 'pkg', 'dist'), { recursive: true });
  mkdirSync(path.join(dir, 'pkg', 'skills', 'remit'), { recursive: true });
  bundle = path.join(dir, 'pkg', 'dist', 'remit.cjs');
  // A stand-in bundle that echoes its arguments, so the launcher test can see it ran.
  writeFileSync(bundle, 'process.stdout.write("bundle:" + process.argv.slice(2).join(" "));\n');
  writeFileSync(path.join(dir, 'pkg', 'skills', 'remit', 'SKILL.md'), '---\nname: remit\ndescription: test\n---\nbody\n');
  // Stand-in plugin builds, so `install all` reaches the plugin hosts too.
  mkdirSync(path.join(dir, 'pkg', 'dist', 'plugins', 'hermes', 'remit'), { recursive: true });
  for (const h of ['opencode', 'pi', 'omp'])
    writeFileSync(path.join(dir, 'pkg', 'dist', 'plugins', `${h}.js`), `// remit 9.9.9 ${h} plugin\nexport default function () {}\n`);
  for (const f of ['plugin.yaml', '__init__.py']) writeFileSync(path.join(dir, 'pkg', 'dist', 'plugins', 'hermes', 'remit', f), '# remit\n');
  mkdirSync(path.join(dir, 'home'));
  makeRepository(path.join(dir, 'proj'));
  io = makeIO({ HOME: path.join(dir, 'home'), XDG_DATA_HOME: path.join(dir, 'data') }, path.join(dir, 'proj'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const deps = () => ({ bundleSource: bundle, nodePath: '/usr/bin/node', version: '9.9.9' });
const settings = () => path.join(dir, 'home', '.claude', 'settings.json');
const userDoc = {
  permissions: { allow: ['Bash(ls:*)'] },
  hooks: { PreToolUse: [{ matcher: '^Bash$', hooks: [{ type: 'command', command: 'node /opt/my-guard.js', timeout: 5 }] }] },
};

describe('remit install claude', () => {
  it('installs once, then changes nothing the second time', async () => {
    mkdirSync(path.dirname(settings()), { recursive: true });
    writeFileSync(settings(), JSON.stringify(userDoc, null, 4));
    expect(await install(['claude'], io, deps())).toBe(0);
    const after = readFileSync(settings(), 'utf8');
    const doc = JSON.parse(after);
    expect(doc.permissions).toEqual(userDoc.permissions);
    expect(doc.hooks.PreToolUse[0]).toEqual(userDoc.hooks.PreToolUse[0]);
    const ours = doc.hooks.PreToolUse[1].hooks[0];
    expect(ours.command).toBe(`/usr/bin/node --preserve-symlinks-main ${path.join(dir, 'data', 'remit', '9.9.9', 'remit.cjs')} hook claude PreToolUse`);
    expect(ours.timeout).toBe(20);
    expect(typeof ours.statusMessage).toBe('string');
    expect(readFileSync(`${settings()}.remit-bak`, 'utf8')).toBe(JSON.stringify(userDoc, null, 4));
    expect(existsSync(path.join(dir, 'home', '.claude', 'skills', 'remit', 'SKILL.md'))).toBe(true);
    expect(readFileSync(path.join(dir, 'data', 'remit', 'current'), 'utf8').trim()).toBe(path.join(dir, 'data', 'remit', '9.9.9', 'remit.cjs'));

    io.out.length = 0;
    expect(await install(['claude', '--json'], io, deps())).toBe(0);
    const report = JSON.parse(io.out.join(''));
    expect(report.reports[0].actions.every((a: { action: string }) => a.action === 'unchanged')).toBe(true);
    expect(readFileSync(settings(), 'utf8')).toBe(after);
  });

  it("uninstall restores the user's other hooks exactly", async () => {
    mkdirSync(path.dirname(settings()), { recursive: true });
    writeFileSync(settings(), JSON.stringify(userDoc));
    await install(['claude'], io, deps());
    expect(await uninstall(['claude'], io)).toBe(0);
    expect(JSON.parse(readFileSync(settings(), 'utf8'))).toEqual(userDoc);
    expect(existsSync(path.join(dir, 'home', '.claude', 'skills', 'remit', 'SKILL.md'))).toBe(false);
    io.out.length = 0;
    await uninstall(['claude', '--json'], io);
    expect(JSON.parse(io.out.join('')).reports[0].actions[0].action).toBe('absent');
  });

  it('uninstall names the code caches a run left beside the bundle apart from its chunks', async () => {
    expect(await install(['claude'], io, deps())).toBe(0);
    writeFileSync(path.join(dir, 'data', 'remit', '9.9.9', '.remit-hook.v8cache'), 'cache');
    io.out.length = 0;
    expect(await uninstall(['claude'], io)).toBe(0);
    expect(io.out.join('')).toMatch(/bundle +removed +\S+ \(2 files: remit\.cjs, its chunks and 1 code cache file\)/);
    expect(existsSync(path.join(dir, 'data', 'remit'))).toBe(false);
  });
  it('refuses a malformed settings file and leaves it untouched', async () => {
    mkdirSync(path.dirname(settings()), { recursive: true });
    writeFileSync(settings(), '{ "hooks": { ');
    expect(await install(['claude'], io, deps())).toBe(1);
    expect(readFileSync(settings(), 'utf8')).toBe('{ "hooks": { ');
    expect(io.err.join('')).toMatch(/not valid JSON/);
    expect(existsSync(`${settings()}.remit-bak`)).toBe(false);
    expect(existsSync(path.join(dir, 'data'))).toBe(false);
    writeFileSync(settings(), '{"hooks": []}');
    expect(await install(['claude'], io, deps())).toBe(1);
    expect(readFileSync(settings(), 'utf8')).toBe('{"hooks": []}');
  });

  it('refuses to write through a symlink', async () => {
    mkdirSync(path.dirname(settings()), { recursive: true });
    const real = path.join(dir, 'elsewhere.json');
    writeFileSync(real, '{}');
    symlinkSync(real, settings());
    expect(await install(['claude'], io, deps())).toBe(1);
    expect(io.err.join('')).toMatch(/symbolic link/);
    expect(readFileSync(real, 'utf8')).toBe('{}');
  });

  it('--dry-run writes nothing, for every host', async () => {
    expect(await install(['all', '--dry-run'], io, deps())).toBe(0);
    expect(listAll(path.join(dir, 'home'))).toEqual([]);
    for (const h of ['codex', 'claude', 'opencode', 'pi', 'omp', 'hermes', 'qwen', 'gemini'])
      expect(io.out.join('')).toContain(`${h} (user) — dry run, nothing written`);
    expect(existsSync(path.join(dir, 'data'))).toBe(false);
    expect(io.out.join('')).toMatch(/would be installed/);
  });

  it('honours CLAUDE_CONFIG_DIR', async () => {
    io.env.CLAUDE_CONFIG_DIR = path.join(dir, 'cc');
    await install(['claude'], io, deps());
    expect(existsSync(path.join(dir, 'cc', 'settings.json'))).toBe(true);
    expect(existsSync(settings())).toBe(false);
  });

  it("project scope commits a portable entry and a launcher that finds this machine's bundle", async () => {
    expect(await install(['claude', '--scope', 'project'], io, deps())).toBe(0);
    const committed = readFileSync(path.join(dir, 'proj', '.claude', 'settings.json'), 'utf8');
    expect(committed).not.toContain(dir);
    expect(committed).toContain('$CLAUDE_PROJECT_DIR/.claude/remit/launch.cjs');
    const launcher = path.join(dir, 'proj', '.claude', 'remit', 'launch.cjs');
    const out = execFileSync(process.execPath, [launcher, 'hook', 'claude', 'Stop'], {
      env: { HOME: io.env.HOME!, XDG_DATA_HOME: io.env.XDG_DATA_HOME! },
      encoding: 'utf8',
    });
    expect(out).toBe('bundle:hook claude Stop');
    const none = execFileSync(process.execPath, [launcher, 'hook', 'claude', 'Stop'], {
      env: { HOME: io.env.HOME!, XDG_DATA_HOME: path.join(dir, 'nothing') },
      encoding: 'utf8',
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    expect(none).toBe('');
    expect(await uninstall(['claude', '--scope', 'project'], io)).toBe(0);
    expect(existsSync(launcher)).toBe(false);
  });

  it('local scope writes settings.local.json with the absolute command', async () => {
    await install(['claude', '--scope', 'local'], io, deps());
    const doc = JSON.parse(readFileSync(path.join(dir, 'proj', '.claude', 'settings.local.json'), 'utf8'));
    expect(doc.hooks.Stop[0].hooks[0].command).toContain('/usr/bin/node');
  });
});

describe('remit install codex', () => {
  const hooks = () => path.join(dir, 'home', '.codex', 'hooks.json');
  const toml = () => path.join(dir, 'home', '.codex', 'config.toml');

  it('installs, is idempotent, records trust only with --trust, and uninstalls cleanly', async () => {
    mkdirSync(path.dirname(hooks()), { recursive: true });
    const foreign = { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'other-tool stop' }] }] } };
    writeFileSync(hooks(), JSON.stringify(foreign));
    writeFileSync(toml(), 'model = "m"\n');
    expect(await install(['codex'], io, deps())).toBe(0);
    expect(readFileSync(toml(), 'utf8')).toBe('model = "m"\n');
    expect(io.out.join('')).toMatch(/Codex will not run 8 of remit's 8 hooks yet \(not yet trusted\)/);
    const doc = JSON.parse(readFileSync(hooks(), 'utf8'));
    expect(doc.hooks.Stop[0]).toEqual(foreign.hooks.Stop[0]);
    expect(doc.hooks.SessionStart[0].matcher).toBe('^(startup|resume|clear|compact)$');
    expect(doc.hooks.PreToolUse[0].matcher).toBeUndefined();

    io.out.length = 0;
    expect(await install(['codex', '--trust'], io, deps())).toBe(0);
    const t = readFileSync(toml(), 'utf8');
    expect(t.startsWith('model = "m"\n')).toBe(true);
    expect(t).toContain(`[hooks.state."${hooks()}:stop:1:0"]`);
    expect(t).toContain(`[hooks.state."${hooks()}:pre_tool_use:0:0"]`);
    expect(io.out.join('')).toMatch(/Codex trusts all 8 of remit's hooks/);
    io.out.length = 0;
    await install(['codex', '--trust', '--json'], io, deps());
    expect(JSON.parse(io.out.join('')).reports[0].actions.every((a: { action: string }) => a.action === 'unchanged')).toBe(true);

    expect(await uninstall(['codex'], io)).toBe(0);
    expect(JSON.parse(readFileSync(hooks(), 'utf8'))).toEqual(foreign);
  });

  it('says Codex may review again the hooks that removing remit moved, and only for Codex', async () => {
    const userGroup = { hooks: [{ type: 'command', command: 'other-tool pre' }] };
    for (const [host, file, told] of [
      ['codex', hooks(), true],
      ['claude', settings(), false],
    ] as const) {
      expect(await install([host], io, deps())).toBe(0);
      const doc = JSON.parse(readFileSync(file, 'utf8'));
      doc.hooks.PreToolUse.push(userGroup);
      writeFileSync(file, JSON.stringify(doc));
      io.out.length = 0;
      expect(await uninstall([host], io)).toBe(0);
      expect(JSON.parse(readFileSync(file, 'utf8')).hooks.PreToolUse, host).toEqual([userGroup]);
      expect(io.out.join('').includes('Codex may ask to review them again'), host).toBe(told);
    }
  });

  it('refuses malformed hooks.json or config.toml untouched', async () => {
    mkdirSync(path.dirname(hooks()), { recursive: true });
    writeFileSync(hooks(), '[1,2]');
    expect(await install(['codex'], io, deps())).toBe(1);
    expect(readFileSync(hooks(), 'utf8')).toBe('[1,2]');
    writeFileSync(hooks(), '{}');
    writeFileSync(toml(), 'model = = "m"');
    expect(await install(['codex', '--trust'], io, deps())).toBe(1);
    expect(readFileSync(hooks(), 'utf8')).toBe('{}');
    expect(readFileSync(toml(), 'utf8')).toBe('model = = "m"');
  });

  it('honours CODEX_HOME and writes a portable project entry', async () => {
    io.env.CODEX_HOME = path.join(dir, 'cx');
    await install(['codex'], io, deps());
    expect(existsSync(path.join(dir, 'cx', 'hooks.json'))).toBe(true);
    await install(['codex', '--scope', 'project'], io, deps());
    const committed = readFileSync(path.join(dir, 'proj', '.codex', 'hooks.json'), 'utf8');
    expect(committed).not.toContain(dir);
    expect(io.out.join('')).toMatch(/loads project hooks only when the project is trusted/);
    const cmd = JSON.parse(committed).hooks.PreToolUse[0].hooks[0].command as string;
    // The walk-up finds the launcher from a subfolder of the project.
    mkdirSync(path.join(dir, 'proj', 'src', 'deep'), { recursive: true });
    const out = execFileSync('/bin/sh', ['-c', cmd], {
      cwd: path.join(dir, 'proj', 'src', 'deep'),
      env: { HOME: io.env.HOME!, XDG_DATA_HOME: io.env.XDG_DATA_HOME!, PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin` },
      encoding: 'utf8',
    });
    expect(out).toBe('bundle:hook codex PreToolUse');
  });
});

describe('reinstalling at a new version', () => {
  it("backs up no file that only remit made, so uninstall removes it instead of restoring remit's old hooks", async () => {
    const at = (v: string) => ({ ...deps(), version: v });
    expect(await install(['claude'], io, at('9.9.9'))).toBe(0);
    expect(await install(['codex', '--trust'], io, at('9.9.9'))).toBe(0);
    io.out.length = 0;
    expect(await install(['claude'], io, at('9.9.10'))).toBe(0);
    expect(await install(['codex', '--trust'], io, at('9.9.10'))).toBe(0);
    expect(io.out.join('')).not.toContain('backup of the original');
    const home = path.join(dir, 'home');
    expect(listAll(home).filter((f) => f.endsWith('.remit-bak'))).toEqual([]);
    expect(await uninstall(['claude'], io)).toBe(0);
    expect(await uninstall(['codex'], io)).toBe(0);
    for (const f of ['.claude/settings.json', '.codex/hooks.json', '.codex/config.toml']) expect(existsSync(path.join(home, f)), f).toBe(false);
  });
});

describe('the install record across versions', () => {
  const data = () => path.join(dir, 'data', 'remit');
  const at = (v: string) => ({ ...deps(), version: v });

  it('is private, and an upgrade leaves the old bundle until no install runs it', async () => {
    expect(await install(['claude'], io, at('9.9.9'))).toBe(0);
    expect(statSync(path.join(data(), 'installs.json')).mode & 0o777).toBe(0o600);
    expect(await install(['codex'], io, at('9.9.9'))).toBe(0);
    expect(await install(['claude'], io, at('9.9.10'))).toBe(0);
    expect(await uninstall(['claude'], io)).toBe(0);
    // Codex's hooks still name 9.9.9, and `current` (9.9.10) stays while an install placed it.
    expect(JSON.parse(readFileSync(path.join(dir, 'home', '.codex', 'hooks.json'), 'utf8')).hooks.Stop[0].hooks[0].command).toContain(
      path.join(data(), '9.9.9', 'remit.cjs'),
    );
    expect(existsSync(path.join(data(), '9.9.9', 'remit.cjs'))).toBe(true);
    expect(existsSync(path.join(data(), '9.9.10', 'remit.cjs'))).toBe(true);
    expect(await uninstall(['codex'], io)).toBe(0);
    expect(existsSync(path.join(dir, 'data'))).toBe(false);
    expect(listAll(path.join(dir, 'home'))).toEqual([]);
  });

  it('a reinstall at a new version takes the old bundle with it on uninstall', async () => {
    expect(await install(['claude'], io, at('9.9.9'))).toBe(0);
    expect(await install(['claude'], io, at('9.9.10'))).toBe(0);
    expect(await uninstall(['claude'], io)).toBe(0);
    expect(existsSync(path.join(dir, 'data'))).toBe(false);
    expect(listAll(path.join(dir, 'home'))).toEqual([]);
  });
});

describe('usage', () => {
  it('rejects bad arguments with a usage error', () => {
    expect(() => parseInstallArgs([], 'install')).toThrow(UsageError);
    expect(() => parseInstallArgs(['codex', '--scope', 'local'], 'install')).not.toThrow();
    expect(() => parseInstallArgs(['claude', '--scope', 'team'], 'install')).toThrow(UsageError);
    expect(() => parseInstallArgs(['claude', '--trust'], 'install')).toThrow(UsageError);
    expect(() => parseInstallArgs(['nosuchhost'], 'install')).toThrow(UsageError);
    expect(parseInstallArgs(['all'], 'install').hosts).toEqual(HOSTS.map((h) => h.name));
    expect(() => parseInstallArgs(['codex', '--bogus'], 'install')).toThrow(UsageError);
    expect(parseInstallArgs(['all', '--scope', 'local'], 'install').hosts).toEqual(['claude']);
  });
});
