// The four installers in a throwaway HOME: scopes, idempotence, dry-run, overrides, refusal of
// symlinked and malformed files, uninstall taking only remit's own files and entries, doctor.
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { doctorHermes, HERMES_PLUGIN_PROTOCOL, installHermes, pluginProtocolOf, uninstallHermes } from '../adapters/hermes/install.js';
import { doctorOmp, installOmp, uninstallOmp } from '../adapters/omp/install.js';
import { doctorOpencode, installOpencode, uninstallOpencode } from '../adapters/opencode/install.js';
import { doctorPi, installPi, uninstallPi } from '../adapters/pi/install.js';

let base: string;
let home: string;
let dist: string;
let project: string;
let env: NodeJS.ProcessEnv;

function fakeDist(dir: string): void {
  mkdirSync(path.join(dir, 'plugins', 'hermes', 'remit'), { recursive: true });
  for (const host of ['opencode', 'pi', 'omp']) {
    const body =
      host === 'opencode'
        ? `// remit 9.9.9 opencode plugin\nexport default async function remit() { return { 'tool.execute.before': async () => {} }; }\n`
        : `// remit 9.9.9 ${host} plugin\nexport default function remit(pi) { pi.on('session_start', () => {}); pi.on('tool_call', () => {}); }\n`;
    writeFileSync(path.join(dir, 'plugins', `${host}.js`), body.replace(/remit\(/, `remit_${host}(`));
  }
  writeFileSync(
    path.join(dir, 'plugins', 'opencode.v2.js'),
    `// remit 9.9.9 opencode plugin\nexport default { id: 'remit', setup(ctx) { ctx.tool.hook('execute.before', () => {}); } };\n`,
  );
  writeFileSync(path.join(dir, 'plugins', 'hermes', 'remit', 'plugin.yaml'), 'name: remit\nversion: "9.9.9"\n');
  writeFileSync(
    path.join(dir, 'plugins', 'hermes', 'remit', '__init__.py'),
    `"""remit for Hermes Agent"""\nREMIT_PLUGIN_PROTOCOL = ${HERMES_PLUGIN_PROTOCOL}\ndef register(ctx):\n    pass\n`,
  );
  writeFileSync(path.join(dir, 'remit.cjs'), '#!/usr/bin/env node\nprocess.stdin.resume();process.stdin.on("end",()=>process.stdout.write("{}"));\n');
  writeFileSync(path.join(dir, '..', 'package.json'), '{"version": "9.9.9"}');
}

beforeEach(() => {
  base = realpathSync(mkdtempSync(path.join(tmpdir(), 'remit-install-')));
  home = path.join(base, 'home');
  project = path.join(base, 'project');
  dist = path.join(base, 'pkg', 'dist');
  mkdirSync(home, { recursive: true });
  mkdirSync(project, { recursive: true });
  fakeDist(dist);
  env = { HOME: home };
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

const hosts = [
  {
    name: 'opencode',
    install: installOpencode,
    uninstall: uninstallOpencode,
    doctor: doctorOpencode,
    user: () => path.join(home, '.config/opencode/plugins/remit.js'),
    project: () => path.join(project, '.opencode/plugins/remit.js'),
  },
  {
    name: 'pi',
    install: installPi,
    uninstall: uninstallPi,
    doctor: doctorPi,
    user: () => path.join(home, '.pi/agent/extensions/remit.js'),
    project: () => path.join(project, '.pi/extensions/remit.js'),
  },
  {
    name: 'omp',
    install: installOmp,
    uninstall: uninstallOmp,
    doctor: doctorOmp,
    user: () => path.join(home, '.omp/agent/extensions/remit.js'),
    project: () => path.join(project, '.omp/extensions/remit.js'),
  },
] as const;

describe.each(hosts)('$name installer', (h) => {
  it('installs once, changes nothing the second time, and doctor says protected', async () => {
    const first = await h.install({ env, dist });
    expect(first.changes[0]).toEqual({ path: h.user(), action: 'create' });
    const again = await h.install({ env, dist });
    expect(again.changes.every((c) => c.action === 'unchanged')).toBe(true);
    const row = await h.doctor({ env, dist, cwd: project });
    expect(row.lines[0]).toMatch(/^protected: yes/);
  });

  it('dry-run writes nothing', async () => {
    const r = await h.install({ env, dist, dryRun: true });
    expect(r.changes[0]!.action).toBe('create');
    expect(existsSync(h.user())).toBe(false);
    expect((await h.doctor({ env, dist, cwd: project })).lines[0]).toMatch(/^protected: no/);
  });

  it('writes a self-contained copy for a project, and refuses a local scope', async () => {
    await h.install({ env, dist, scope: 'project', cwd: project });
    expect(readFileSync(h.project(), 'utf8')).not.toContain(home);
    await expect(h.install({ env, dist, scope: 'local' })).rejects.toThrow(/no local scope/);
  });

  it('uninstall removes only its own file', async () => {
    await h.install({ env, dist });
    const mine = await h.uninstall({ env, dist });
    expect(mine.changes[0]!.action).toBe('remove');
    mkdirSync(path.dirname(h.user()), { recursive: true });
    writeFileSync(h.user(), 'export default () => {}\n');
    const foreign = await h.uninstall({ env, dist });
    expect(foreign.changes[0]!.action).toBe('kept');
    expect(existsSync(h.user())).toBe(true);
  });

  it('writes through a linked folder (a dotfiles layout) but refuses a linked file', async () => {
    const elsewhere = path.join(base, 'elsewhere');
    mkdirSync(elsewhere);
    mkdirSync(path.dirname(path.dirname(h.user())), { recursive: true });
    symlinkSync(elsewhere, path.dirname(h.user()));
    await h.install({ env, dist });
    expect(existsSync(path.join(elsewhere, path.basename(h.user())))).toBe(true);
    expect(lstatSync(path.dirname(h.user())).isSymbolicLink()).toBe(true);
    await h.uninstall({ env, dist });
    expect(existsSync(path.join(elsewhere, path.basename(h.user())))).toBe(false);
    const real = path.join(base, 'real-plugin.js');
    writeFileSync(real, 'export default () => {}\n');
    symlinkSync(real, h.user());
    await expect(h.install({ env, dist })).rejects.toThrow(/symbolic link/);
  });
});

describe('location overrides', () => {
  it('honours XDG_CONFIG_HOME, PI_CODING_AGENT_DIR, OMP_PROFILE and HERMES_HOME', async () => {
    const xdg = path.join(base, 'xdg');
    expect((await installOpencode({ env: { ...env, XDG_CONFIG_HOME: xdg }, dist })).changes[0]!.path).toBe(path.join(xdg, 'opencode/plugins/remit.js'));
    const agent = path.join(base, 'agent');
    expect((await installPi({ env: { ...env, PI_CODING_AGENT_DIR: agent }, dist })).changes[0]!.path).toBe(path.join(agent, 'extensions/remit.js'));
    expect((await installOmp({ env: { ...env, OMP_PROFILE: 'work' }, dist })).changes[0]!.path).toBe(
      path.join(home, '.omp/profiles/work/agent/extensions/remit.js'),
    );
    const hh = path.join(base, 'hermes-home');
    expect((await installHermes({ env: { ...env, HERMES_HOME: hh }, dist })).changes[0]!.path).toBe(path.join(hh, 'plugins/remit/plugin.yaml'));
  });
});

describe('omp trustedExtensions', () => {
  it('adds remit to the user config.yml list, keeps other entries and comments, and takes only its own entry back', async () => {
    const cfg = path.join(home, '.omp/agent/config.yml');
    mkdirSync(path.dirname(cfg), { recursive: true });
    writeFileSync(cfg, '# mine\nmodel: fake/x\ntrustedExtensions:\n  - /opt/other.ts\n');
    await installOmp({ env, dist });
    const after = readFileSync(cfg, 'utf8');
    expect(after).toContain('# mine');
    expect(after).toContain('/opt/other.ts');
    expect(after).toContain(path.join(home, '.omp/agent/extensions/remit.js'));
    expect((await installOmp({ env, dist })).changes.every((c) => c.action === 'unchanged')).toBe(true);
    await uninstallOmp({ env, dist });
    const back = readFileSync(cfg, 'utf8');
    expect(back).toContain('/opt/other.ts');
    expect(back).not.toContain('remit.js');
  });

  it('keeps a flow list on its line and a long line unfolded, however long the entry remit adds', async () => {
    const deep = path.join(base, 'a-folder-name-long-enough-to-push-the-list-past-eighty-columns', 'agent');
    const cfg = path.join(deep, 'config.yml');
    const mine = `note: ${'a long plain scalar '.repeat(6)}end\ntrustedExtensions: [a.js, b.js]\n`;
    mkdirSync(deep, { recursive: true });
    writeFileSync(cfg, mine);
    await installOmp({ env: { ...env, PI_CODING_AGENT_DIR: deep }, dist });
    expect(readFileSync(cfg, 'utf8')).toBe(`${mine.slice(0, -2)}, ${path.join(deep, 'extensions', 'remit.js')}]\n`);
    await uninstallOmp({ env: { ...env, PI_CODING_AGENT_DIR: deep }, dist });
    expect(readFileSync(cfg, 'utf8')).toBe(mine);
  });

  it('refuses a malformed config.yml untouched', async () => {
    const cfg = path.join(home, '.omp/agent/config.yml');
    mkdirSync(path.dirname(cfg), { recursive: true });
    writeFileSync(cfg, 'trustedExtensions: [unclosed\n');
    await expect(installOmp({ env, dist })).rejects.toThrow(/not valid YAML/);
    expect(readFileSync(cfg, 'utf8')).toBe('trustedExtensions: [unclosed\n');
  });
});

describe('Hermes installer', () => {
  it('installs the plugin folder, a stable bundle copy, the launcher and the enabled entry; idempotent; uninstall restores', async () => {
    const cfg = path.join(home, '.hermes/config.yaml');
    mkdirSync(path.dirname(cfg), { recursive: true });
    writeFileSync(cfg, 'model: x\nplugins:\n  enabled:\n    - other\n');
    const r = await installHermes({ env, dist });
    expect(r.changes.map((c) => c.action)).toEqual(['create', 'create', 'create', 'create', 'update']);
    const launcher = JSON.parse(readFileSync(path.join(home, '.hermes/plugins/remit/launcher.json'), 'utf8'));
    expect(launcher.bundle).toBe(path.join(home, '.local/share/remit/9.9.9/remit.cjs'));
    expect(readFileSync(cfg, 'utf8')).toMatch(/- other\n\s+- remit/);
    expect((await installHermes({ env, dist })).changes.every((c) => c.action === 'unchanged')).toBe(true);
    const row = await doctorHermes({ env, cwd: project });
    expect(row.lines[0]).toMatch(/^protected: yes/);
    await uninstallHermes({ env, dist });
    expect(readFileSync(cfg, 'utf8')).toBe('model: x\nplugins:\n  enabled:\n    - other\n');
    // The plugin's files go; its folder is `remit uninstall`'s to remove, by the install record.
    expect(readdirSync(path.join(home, '.hermes/plugins/remit'))).toEqual([]);
  });

  it('doctor says an installed plugin older than the bundle needs `remit install hermes`, and the install brings it up to date', async () => {
    // The plugin this repository ships declares the protocol this bundle speaks.
    const shipped = readFileSync(path.join(__dirname, '..', 'adapters', 'hermes', 'plugin', 'remit', '__init__.py'), 'utf8');
    expect(pluginProtocolOf(shipped)).toBe(HERMES_PLUGIN_PROTOCOL);
    await installHermes({ env, dist });
    expect((await doctorHermes({ env, cwd: project })).lines[0]).toMatch(/^protected: yes/);
    // An install from before the protocol line: its payloads carry the tool input before the session.
    const installed = path.join(home, '.hermes/plugins/remit/__init__.py');
    writeFileSync(installed, '"""remit for Hermes Agent: a thin in-process plugin"""\ndef register(ctx):\n    pass\n');
    const row = await doctorHermes({ env, cwd: project });
    expect(row.protected).toBe(false);
    expect(row.lines[0]).toBe('protected: no — the installed plugin is older than this remit and needs `remit install hermes`');
    expect(row.lines.join('\n')).toMatch(/older than this remit \(payload protocol 1, this remit's is 2\).*run `remit install hermes`/);
    expect((await installHermes({ env, dist })).changes.find((c) => c.path === installed)?.action).toBe('update');
    expect((await doctorHermes({ env, cwd: project })).lines[0]).toMatch(/^protected: yes/);
  });

  it('project scope carries no machine path and says how to enable it', async () => {
    const r = await installHermes({ env, dist, scope: 'project', cwd: project });
    expect(existsSync(path.join(project, '.hermes/plugins/remit/launcher.json'))).toBe(false);
    expect(r.notes.join(' ')).toMatch(/HERMES_ENABLE_PROJECT_PLUGINS/);
  });
});

describe('OpenCode 1.x and 2.x', () => {
  it('install writes the form the installed major version loads, doctor checks it against that version, uninstall removes either', async () => {
    const file = path.join(home, '.config/opencode/plugins/remit.js');
    const v2 = await installOpencode({ env, dist, hostVersion: '2.1.2' });
    expect(v2.notes[0]).toMatch(/OpenCode 2\.1\.2 runs here: wrote the OpenCode 2 plugin/);
    expect(readFileSync(file, 'utf8')).toBe(readFileSync(path.join(dist, 'plugins', 'opencode.v2.js'), 'utf8'));
    const ok = await doctorOpencode({ env, dist, hostVersion: '2.1.2' });
    expect(ok.protected).toBe(true);
    expect(ok.lines.join('\n')).toMatch(/as the OpenCode 2 form .*, the form OpenCode 2\.1\.2 loads/);
    // The same file under OpenCode 1.x is not loaded by it.
    expect((await doctorOpencode({ env, dist, hostVersion: '1.18.33' })).protected).toBe(false);
    expect((await uninstallOpencode({ env })).changes[0]!.action).toBe('remove');
    expect(existsSync(file)).toBe(false);

    // Another folder: the doctor's import of the same path would be the module already loaded.
    const env1 = { ...env, XDG_CONFIG_HOME: path.join(base, 'xdg1') };
    const file1 = path.join(base, 'xdg1/opencode/plugins/remit.js');
    await installOpencode({ env: env1, dist, hostVersion: '1.18.33' });
    expect(readFileSync(file1, 'utf8')).toBe(readFileSync(path.join(dist, 'plugins', 'opencode.js'), 'utf8'));
    const stale = await doctorOpencode({ env: env1, dist, hostVersion: '2.1.2' });
    expect(stale.protected).toBe(false);
    expect(stale.lines.join('\n')).toMatch(/OpenCode 2\.1\.2 runs here and skips that form/);
    const unknown = await installOpencode({ env: env1, dist, hostVersion: null });
    expect(unknown.notes[0]).toMatch(/No `opencode` on PATH: wrote the OpenCode 1\.x plugin/);
    await uninstallOpencode({ env: env1 });
    expect(existsSync(file1)).toBe(false);
  });
});
