// The built bundle (dist/remit.cjs and its chunks), run as a person runs it: in a throwaway
// HOME with every host's own configuration already there, and no sources on the path.
import { HOSTS as HOST_LIST } from '../../adapters/hosts.js';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { box, cleanBoxes, ensureBuilt, put, snapshot } from '../support/shipped-box.js';
import { HOST_ROWS } from '../support/host-rows.js';
import { makeRepository } from '../support/repository.js';

beforeAll(ensureBuilt, 120_000);
afterAll(cleanBoxes);

/** Foreign configuration for all six hosts, in the forms people write it. */
function foreign(home: string): void {
  put(
    path.join(home, '.claude/settings.json'),
    '{\n    "model": "x",\n    "hooks": {\n        "Stop": [ { "hooks": [ { "type": "command", "command": "echo hi" } ] } ]\n    }\n}\n',
    0o664,
  );
  put(path.join(home, '.codex/hooks.json'), '{\n\t"hooks": {}\n}\n');
  put(path.join(home, '.codex/config.toml'), 'model = "o3"\n# mine\n\n[projects."/x"]\ntrust_level = "trusted"\n', 0o600);
  put(path.join(home, '.codex/skills/mine/SKILL.md'), 'name: mine\n');
  put(path.join(home, '.config/opencode/plugins/other.js'), 'export default 1\n');
  put(path.join(home, '.pi/agent/extensions/other.ts'), 'x\n');
  put(path.join(home, '.omp/agent/config.yml'), 'theme: dark\ntrustedExtensions: [a.js, b.js]\n');
  put(path.join(home, '.hermes/config.yaml'), 'model: x\nplugins:\n  enabled: [foo]\n', 0o640);
  put(path.join(home, '.hermes/plugins/foo/plugin.yaml'), 'name: foo\n');
  put(path.join(home, '.local/share/other/f'), 'x\n');
}

const HOSTS = HOST_LIST.map((h) => h.name);

/** A PATH with no host program on it: doctor's verdicts then do not depend on what this machine has installed. */
const NO_HOSTS = { PATH: '/usr/bin:/bin' };

/**
 * Doctor where remit is registered for `hosts` and none of their programs is on PATH: each is
 * "cannot tell" (never "protected: yes"), remit's own check passed, and the verdict says why; exit 3.
 */
function expectRegisteredOnly(d: { code: number; out: string }, hosts: readonly string[]): void {
  expect(d.code, d.out).toBe(3);
  expect(d.out).toContain(`No host is protected here: remit is registered for ${hosts.join(', ')}, which ${hosts.length === 1 ? 'is' : 'are'} not on PATH.`);
  expect(d.out).not.toContain('protected: yes');
  // No row of a host on this machine (a heading without "(not on this machine)") says "no".
  expect(d.out).not.toMatch(/^\w[^\n]*(?<!\(not on this machine\))\n {2}protected: no/m);
  // Each of them: "cannot tell", then remit's own check of what it registered.
  expect(d.out.match(/^ {2}protected: cannot tell — .*\n {2}remit's own check: /gm)?.length, d.out).toBe(hosts.length);
}

describe('install, doctor, uninstall through the built bundle', () => {
  it('install all --trust then uninstall all leaves a HOME with foreign config byte-identical, modes too, and no new file', () => {
    const b = box(NO_HOSTS);
    foreign(b.home);
    const before = snapshot(b.home);
    const inst = b.run('install', 'all', '--trust');
    expect(inst.code, inst.err).toBe(0);
    // Editing keeps the user's indentation, flow lists and modes; backups only of files that existed, announced.
    // The user's one-line Stop array stays one line, remit's entry appended on it; remit's new events are laid out at the user's indentation.
    const claude = readFileSync(path.join(b.home, '.claude/settings.json'), 'utf8');
    expect(claude).toMatch(
      /^\{\n {4}"model": "x",\n {4}"hooks": \{\n {8}"Stop": \[ \{ "hooks": \[ \{ "type": "command", "command": "echo hi" \} \] \}, \{"hooks":\[/,
    );
    expect(claude).toMatch(/\n {8}"PreToolUse": \[\n {12}\{\n {16}"hooks": \[/);
    expect(lstatSync(path.join(b.home, '.claude/settings.json')).mode & 0o777).toBe(0o664);
    expect(readFileSync(path.join(b.home, '.omp/agent/config.yml'), 'utf8')).toMatch(/^trustedExtensions: \[a\.js, b\.js, \/.*remit\.js\]$/m);
    expect(readFileSync(path.join(b.home, '.hermes/config.yaml'), 'utf8')).toContain('enabled: [foo, remit]');
    expect(lstatSync(path.join(b.home, '.hermes/config.yaml')).mode & 0o777).toBe(0o640);
    expect(lstatSync(path.join(b.home, '.codex/config.toml')).mode & 0o777).toBe(0o600);
    for (const f of ['.claude/settings.json', '.codex/hooks.json', '.codex/config.toml', '.omp/agent/config.yml', '.hermes/config.yaml']) {
      expect(existsSync(path.join(b.home, `${f}.remit-bak`)), f).toBe(true);
      expect(inst.out).toContain(`backup of the original: ${path.join(b.home, f)}.remit-bak`);
    }

    expectRegisteredOnly(b.run('doctor'), HOSTS);
    // The probes ran in a throwaway state folder: no session of theirs in the user's statistics.
    expect(existsSync(path.join(b.home, '.local/state/remit'))).toBe(false);

    const un = b.run('uninstall', 'all');
    expect(un.code, un.err).toBe(0);
    const after = snapshot(b.home);
    expect([...after.keys()].filter((k) => !before.has(k))).toEqual([]);
    expect([...before.keys()].filter((k) => !after.has(k))).toEqual([]);
    for (const [k, v] of before) expect(after.get(k), k).toBe(v);
  }, 180_000);

  it('with XDG folders outside HOME: install all, sessions, doctor, uninstall all leave HOME and every XDG folder as they were, but the audit', () => {
    let xdg = '';
    const b = box((dir) => {
      xdg = path.join(dir, 'xdg');
      return { ...NO_HOSTS, XDG_CONFIG_HOME: path.join(xdg, 'config'), XDG_DATA_HOME: path.join(xdg, 'data'), XDG_STATE_HOME: path.join(xdg, 'state') };
    });
    foreign(b.home);
    put(path.join(xdg, 'config/opencode/opencode.json'), '{"theme": "x"}\n');
    put(path.join(xdg, 'data/other/f'), 'x\n');
    put(path.join(xdg, 'state/other/f'), 'x\n');
    const before = { home: snapshot(b.home), xdg: snapshot(xdg) };
    expect(b.run('install', 'all', '--trust').code).toBe(0);
    expect(existsSync(path.join(xdg, 'config/opencode/plugins/remit.js'))).toBe(true);
    expect(existsSync(path.join(xdg, 'data/remit/current'))).toBe(true);
    const base = { session_id: 'x1', cwd: b.proj, transcript_path: null, prompt_id: 'p' };
    b.hook('claude', 'UserPromptSubmit', { ...base, hook_event_name: 'UserPromptSubmit', prompt: '$remit review -- look' });
    expectRegisteredOnly(b.run('doctor'), HOSTS);
    expect(b.run('uninstall', 'all').code).toBe(0);
    expect(snapshot(b.home)).toEqual(before.home);
    // The audit under $XDG_STATE_HOME/remit is the one thing kept, as uninstall says.
    const after = snapshot(xdg);
    const added = [...after.keys()].filter((k) => !before.xdg.has(k));
    expect(added.length).toBeGreaterThan(0);
    expect(added.filter((k) => !k.startsWith('state/remit'))).toEqual([]);
    for (const [k, v] of before.xdg) expect(after.get(k), k).toBe(v);
  }, 180_000);

  it('install all then uninstall all in an empty HOME leaves it empty: no file, no zero-byte backup, no folder', () => {
    const b = box();
    expect(b.run('install', 'all', '--trust').code).toBe(0);
    expect(b.run('uninstall', 'all').code).toBe(0);
    expect([...snapshot(b.home).keys()]).toEqual([]);
  }, 180_000);

  it('doctor names each host whose registration broke, in turn', () => {
    const b = box(NO_HOSTS);
    expect(b.run('install', 'all', '--trust').code).toBe(0);
    const breakers: Record<string, () => void> = {
      codex: () => writeFileSync(path.join(b.home, '.codex/config.toml'), ''),
      claude: () => {
        const f = path.join(b.home, '.claude/settings.json');
        writeFileSync(f, readFileSync(f, 'utf8').replaceAll(`${process.execPath} `, '/nonexistent/node '));
      },
      opencode: () => writeFileSync(path.join(b.home, '.config/opencode/plugins/remit.js'), '// remit 0.1.0 opencode plugin\nthrow new Error("broken")\n'),
      pi: () => writeFileSync(path.join(b.home, '.pi/agent/extensions/remit.js'), '// remit 0.1.0 pi plugin\nthrow new Error("broken")\n'),
      omp: () => writeFileSync(path.join(b.home, '.omp/agent/extensions/remit.js'), '// remit 0.1.0 omp plugin\nthrow new Error("broken")\n'),
      hermes: () => writeFileSync(path.join(b.home, '.hermes/config.yaml'), 'plugins:\n  enabled: []\n'),
      qwen: () => {
        const f = path.join(b.home, '.qwen/settings.json');
        writeFileSync(f, readFileSync(f, 'utf8').replaceAll(`${process.execPath} `, '/nonexistent/node '));
      },
      gemini: () => {
        const f = path.join(b.home, '.gemini/settings.json');
        writeFileSync(f, readFileSync(f, 'utf8').replaceAll(`${process.execPath} `, '/nonexistent/node '));
      },
      copilot: () => {
        const f = path.join(b.home, '.copilot/settings.json');
        writeFileSync(f, readFileSync(f, 'utf8').replaceAll(`${process.execPath} `, '/nonexistent/node '));
      },
    };
    for (const host of HOSTS) {
      breakers[host]!();
      const d = b.run('doctor');
      expect(d.code, host).toBe(3);
      expect(d.out, host).toMatch(new RegExp(`Not protected: .*\\b${host}\\b`));
      const again = b.run('install', host, ...(host === 'codex' ? ['--trust'] : []));
      expect(again.code, again.out + again.err).toBe(0);
    }
    expectRegisteredOnly(b.run('doctor'), HOSTS);
  }, 300_000);

  it('doctor with a project-only install names the host it cannot protect, not "remit is not installed"', () => {
    const b = box();
    expect(b.run('install', 'hermes', '--scope', 'project').code).toBe(0);
    const d = b.run('doctor');
    expect(d.code).toBe(3);
    expect(d.out).toMatch(/\nNot protected: hermes\.\n$/);
    // The Hermes row leads with why, then what is there: no "not installed" above "installed (project)".
    const row = (JSON.parse(b.run('doctor', '--json').out) as { hosts: { host: string; lines: string[] }[] }).hosts.find((h) => h.host === 'hermes')!;
    expect(row.lines[0]).toMatch(/^protected: no — remit is installed for this project only/);
    expect(row.lines[1]).toMatch(/^installed \(project\): /);
    expect(row.lines.join('\n')).not.toMatch(/not installed/);
    expect(d.out).not.toContain('remit is not installed (`remit install all`)');
  }, 60_000);

  it('doctor after a project install: Gemini CLI\'s untrusted folder is named, not "not registered"; a host not on PATH is "cannot tell", never "protected: yes"', () => {
    const b = box(NO_HOSTS);
    makeRepository(b.proj);
    for (const h of ['gemini', 'qwen']) expect(b.run('install', h, '--scope', 'project').code).toBe(0);
    const rows = (JSON.parse(b.run('doctor', '--json').out) as { hosts: { host: string; protected: boolean; applicable: boolean; lines: string[] }[] }).hosts;
    const gemini = rows.find((h) => h.host === 'gemini')!;
    expect(gemini.lines[0]).toMatch(
      /^protected: no — remit is registered only in project settings this folder does not load until it is trusted \(.*\.gemini\/settings\.json\)$/,
    );
    expect(gemini.lines.join('\n')).not.toContain('not registered');
    expect(gemini.applicable).toBe(true);
    // Qwen Code loads the project's settings (no folder trust by default), but no `qwen` runs here.
    const qwen = rows.find((h) => h.host === 'qwen')!;
    expect(qwen).toMatchObject({ protected: false, applicable: false });
    expect(qwen.lines[0]).toBe("protected: cannot tell — Qwen Code is not installed here (`qwen` is not on PATH); remit's hooks would guard it once it is");
    expect(qwen.lines[1]).toBe("remit's own check: registered and the live probe refused a write");
    // Trusted, Gemini's project settings load and its row is as Qwen's.
    put(path.join(b.home, '.gemini', 'trustedFolders.json'), JSON.stringify({ [b.proj]: 'TRUST_FOLDER' }));
    const after = (JSON.parse(b.run('doctor', '--json').out) as { hosts: { host: string; lines: string[] }[] }).hosts.find((h) => h.host === 'gemini')!;
    expect(after.lines[0]).toMatch(/^protected: cannot tell — Gemini CLI is not installed here/);
    const text = b.run('doctor');
    expect(text.out).toMatch(/\nNo host is protected here: remit is registered for qwen, gemini, which are not on PATH\.\n$/);
  }, 120_000);

  it('doctor reads host config through a link, as the host does, and counts a host whose config it cannot read', () => {
    const b = box(NO_HOSTS);
    expect(b.run('install', 'claude').code).toBe(0);
    expect(b.run('install', 'codex', '--trust').code).toBe(0);
    // Dotfiles kept elsewhere and linked in: the host follows the links, so doctor does too.
    for (const f of ['.claude/settings.json', '.codex/config.toml']) {
      const at = path.join(b.home, f);
      const kept = path.join(b.home, 'dotfiles', path.basename(f));
      put(kept, readFileSync(at, 'utf8'));
      rmSync(at);
      symlinkSync(kept, at);
    }
    expectRegisteredOnly(b.run('doctor'), ['codex', 'claude']);
    writeFileSync(path.join(b.home, 'dotfiles/settings.json'), '{"hooks": ');
    const broken = b.run('doctor');
    expect(broken.code).toBe(3);
    expect(broken.out).toMatch(/\nclaude\n {2}protected: no — user settings unreadable; remit is not registered/);
    expect(broken.out).toContain(`  unreadable: ${path.join(b.home, '.claude/settings.json')} is not valid JSON (`);
    expect(broken.out).not.toContain('Nothing was changed');
    expect(broken.out).toMatch(/\nNot protected: claude\.\n$/);
  }, 120_000);

  it('doctor says a malformed Hermes config.yaml is what to fix', () => {
    const b = box();
    expect(b.run('install', 'hermes').code).toBe(0);
    writeFileSync(path.join(b.home, '.hermes/config.yaml'), 'plugins: [unclosed\n');
    const d = b.run('doctor');
    expect(d.code).toBe(3);
    expect(d.out).toContain(`  not enabled: ${path.join(b.home, '.hermes/config.yaml')} is not valid YAML (`);
    expect(d.out).not.toContain('hermes plugins enable remit');
  }, 60_000);

  it('doctor --json with nothing installed is not protected', () => {
    const b = box();
    const d = b.run('doctor', '--json');
    expect(d.code).toBe(3);
    expect(JSON.parse(d.out).protected).toBe(false);
  }, 60_000);

  it('doctor names the ten host rows HOST-ADAPTER-CONTRACT.md and README name, each with its verified versions', () => {
    const b = box();
    const rows = (JSON.parse(b.run('doctor', '--json').out) as { hosts: { host: string; line?: string; displayName: string; lines: string[] }[] }).hosts;
    const verified = rows.map((r) => `${r.displayName}: ${/^verified against .+? (\d[\d., ]*) \(range /m.exec(r.lines.join('\n'))?.[1]}`);
    expect(verified).toEqual([...HOST_ROWS]);
    expect(rows.filter((r) => r.host === 'opencode').map((r) => r.line)).toEqual(['opencode', 'opencode2']);
    const text = b.run('doctor').out;
    expect(text).toContain('opencode (OpenCode 1.x) (not on this machine)\n');
    expect(text).toContain('opencode (OpenCode 2.x) (not on this machine)\n');
    const contract = readFileSync(path.join(import.meta.dirname, '../../HOST-ADAPTER-CONTRACT.md'), 'utf8');
    for (const v of verified) expect(contract).toContain(`| ${v.split(':')[0]} |`);
  }, 60_000);

  it('a refused install (malformed or symlinked YAML config) changes nothing', () => {
    for (const [host, file, make] of [
      ['omp', '.omp/agent/config.yml', 'bad'],
      ['hermes', '.hermes/config.yaml', 'bad'],
      ['hermes', '.hermes/config.yaml', 'link'],
    ] as const) {
      const b = box();
      const target = path.join(b.home, file);
      if (make === 'bad') put(target, 'a: [unclosed\n');
      else {
        put(path.join(b.home, 'real.yaml'), 'model: x\n');
        mkdirSync(path.dirname(target), { recursive: true });
        symlinkSync(path.join(b.home, 'real.yaml'), target);
      }
      const before = snapshot(b.home);
      const r = b.run('install', host);
      expect(r.code, `${host} ${make}`).toBe(1);
      expect(r.err).toMatch(new RegExp(`^remit install: ${host} \\(user\\): not installed: /`));
      expect(snapshot(b.home)).toEqual(before);
    }
  }, 120_000);
});

describe('a FIFO where a host config file belongs', () => {
  /** Every path under `dir`, by lstat only (reading a FIFO would wait for a writer). */
  const paths = (dir: string): string[] =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .map((p) => `${p} ${lstatSync(path.join(dir, p)).isFIFO() ? 'fifo' : ''}`)
      .sort();

  it('install, uninstall and doctor answer at once, refuse in one line, and write nothing', () => {
    for (const [host, file, extra] of [
      ['claude', '.claude/settings.json', []],
      ['codex', '.codex/config.toml', ['--trust']],
      ['hermes', '.hermes/config.yaml', []],
      ['omp', '.omp/agent/config.yml', []],
    ] as const) {
      const b = box();
      const fifo = path.join(b.home, file);
      mkdirSync(path.dirname(fifo), { recursive: true });
      execFileSync('mkfifo', [fifo]);
      const before = paths(b.home);
      for (const command of ['install', 'uninstall'] as const) {
        const r = b.run(command, host, ...(command === 'install' ? extra : []));
        // Codex's config.toml holds only trust records, read when remit's hooks come out; there are none here.
        if (host === 'codex' && command === 'uninstall') {
          expect(r.code, r.out + r.err).toBe(0);
          expect(paths(b.home)).toEqual(before);
          continue;
        }
        expect(r.code, `${command} ${host}: ${r.err}`).toBe(1);
        expect(r.err, `${command} ${host}`).toMatch(new RegExp(`^remit ${command}: ${host} \\(user\\): not ${command}ed: ${fifo} is not a regular file \\(`));
        expect(paths(b.home), `${command} ${host}`).toEqual(before);
      }
      const doctor = b.run('doctor');
      expect(doctor.code, `doctor ${host}`).toBe(3);
    }
  }, 120_000);
});

describe('a host config file remit cannot read', () => {
  it('is refused in one line and left as it is, never written over with remit entry alone', () => {
    for (const [host, file] of [
      ['hermes', '.hermes/config.yaml'],
      ['omp', '.omp/agent/config.yml'],
    ] as const) {
      const b = box();
      const config = path.join(b.home, file);
      mkdirSync(path.dirname(config), { recursive: true });
      // Over the installers' read cap (a sparse file: nothing is written to disk).
      execFileSync('truncate', ['-s', '300M', config]);
      const r = b.run('install', host);
      expect(r.code, `${host}: ${r.out}${r.err}`).toBe(1);
      expect(r.err).toMatch(new RegExp(`^remit install: ${host} \\(user\\): not installed: ${config} cannot be read \\(it is too large, EFBIG\\)`));
      expect(statSync(config).size).toBe(300 * 1024 * 1024);
      expect(existsSync(`${config}.remit-bak`)).toBe(false);
    }
  }, 60_000);
});

describe('uninstall around host config remit may not edit', () => {
  const link = (target: string, at: string) => {
    mkdirSync(path.dirname(at), { recursive: true });
    symlinkSync(target, at);
  };

  it('a linked or malformed config that names nothing of remit is left as it is, and uninstall all finishes: no file, no folder stays', () => {
    const b = box();
    put(path.join(b.home, 'dotfiles/config.yml'), 'theme: dark\n');
    link(path.join(b.home, 'dotfiles/config.yml'), path.join(b.home, '.omp/agent/config.yml'));
    put(path.join(b.home, 'dotfiles/hooks.json'), '{"hooks": {}}\n');
    link(path.join(b.home, 'dotfiles/hooks.json'), path.join(b.home, '.codex/hooks.json'));
    put(path.join(b.home, '.hermes/config.yaml'), 'a: [unclosed\n');
    const before = snapshot(b.home);
    // Codex, Hermes and omp are refused, so `all` installs nothing; Claude Code (with the bundle), OpenCode and Pi install one by one.
    const inst = b.run('install', 'all', '--trust');
    expect(inst.code).toBe(1);
    expect(inst.err.match(/not installed/g)).toHaveLength(3);
    expect(snapshot(b.home)).toEqual(before);
    for (const host of ['claude', 'opencode', 'pi']) expect(b.run('install', host).code).toBe(0);
    expect(existsSync(path.join(b.home, '.local/share/remit/current'))).toBe(true);
    const un = b.run('uninstall', 'all');
    expect(un.code, un.out + un.err).toBe(0);
    for (const f of ['.omp/agent/config.yml', '.codex/hooks.json', '.hermes/config.yaml'])
      expect(un.out).toContain(`note: ${path.join(b.home, f)} was left as it is: remit does not edit it`);
    expect(snapshot(b.home)).toEqual(before);
  }, 120_000);

  it('a config that names remit and has become a link is refused in uninstall words, and changes nothing', () => {
    const b = box();
    expect(b.run('install', 'omp').code).toBe(0);
    const file = path.join(b.home, '.omp/agent/config.yml');
    put(path.join(b.home, 'dotfiles/config.yml'), readFileSync(file, 'utf8'));
    rmSync(file);
    link(path.join(b.home, 'dotfiles/config.yml'), file);
    const before = snapshot(b.home);
    const un = b.run('uninstall', 'omp');
    expect(un.code).toBe(1);
    expect(un.err).toBe(
      `remit uninstall: omp (user): not uninstalled: ${file} is a symbolic link; remit will not write through it. Replace it with a real file and run uninstall again.\n`,
    );
    expect(snapshot(b.home)).toEqual(before);
  }, 60_000);

  it("a YAML config edited since install loses only remit's entry, and the kept backup is announced", () => {
    const b = box();
    const file = path.join(b.home, '.omp/agent/config.yml');
    put(file, 'theme: dark\n');
    expect(b.run('install', 'omp').code).toBe(0);
    writeFileSync(file, readFileSync(file, 'utf8').replace('dark', 'light'));
    const un = b.run('uninstall', 'omp');
    expect(un.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe('theme: light\n');
    expect(un.out).toContain(`note: ${file} changed since remit installed; remit's entry was removed and the backup ${file}.remit-bak kept`);
    expect(existsSync(`${file}.remit-bak`)).toBe(true);
  }, 60_000);
});

describe('commands people type', () => {
  const COMMANDS = [
    'hook',
    'install',
    'uninstall',
    'doctor',
    'status',
    'runtime',
    'explain',
    'label',
    'check',
    'replay',
    'audit',
    'ledger',
    'state',
    'prune',
    'case',
  ];

  it('every command answers --help and -h with options, exit codes and an example; --version', () => {
    const b = box();
    for (const c of COMMANDS) {
      for (const flag of ['--help', '-h']) {
        const r = b.run(c, flag);
        expect(r.code, `${c} ${flag}: ${r.err}`).toBe(0);
        expect(r.out).toMatch(new RegExp(`^usage: remit ${c}`));
        expect(r.out).toContain('exit codes:');
        expect(r.out).toContain('example:');
      }
    }
    expect(b.run('--version').out).toMatch(/^remit \d+\.\d+\.\d+/);
    const viaHelp = b.run('help', 'prune');
    expect(viaHelp.code).toBe(0);
    expect(viaHelp.out).toBe(b.run('prune', '--help').out);
  }, 180_000);

  it('help says what each command really does: prune names --armed, hook never exits 2; prune states the age as given', () => {
    const b = box();
    expect(b.run('prune', '--help').out).toMatch(/\n {2}--armed +remove live armed sessions too/);
    const hook = b.run('hook', '--help').out;
    expect(hook).toContain('  0  answered: allow or refuse, the answer is on stdout');
    expect(hook).not.toMatch(/^ {2}2 /m);
    expect(b.run('prune', '--older-than', '12h').out).toBe('Removed 0 session state file(s) and 0 audit log(s) untouched for 12h (0 bytes).\n');
  }, 60_000);

  it('an unknown command suggests the nearest', () => {
    const r = box().run('stauts');
    expect(r.code).toBe(1);
    expect(r.err).toContain('did you mean `remit status`?');
  }, 30_000);

  it('argument handling: any-case hosts, uninstall wording, --scope without value, dry-run JSON, runtime all', () => {
    const b = box();
    expect(b.run('install', 'ALL', '--dry-run').code).toBe(0);
    expect(b.run('install', 'Claude', '--dry-run').code).toBe(0);
    const foo = b.run('uninstall', 'foo');
    expect(foo.err).toContain("cannot uninstall from 'foo'");
    expect(b.run('install', 'claude', '--scope').err).toContain('--scope needs a value');
    // Each host names the scopes it has.
    const local = b.run('install', 'codex', '--scope', 'local', '--trust');
    expect(local.code).toBe(1);
    expect(local.err).toBe("remit install: codex (local): not installed: codex has no 'local' scope (scopes: user, project)\n");
    expect(b.run('install', 'omp', '--scope', 'local').err).toBe(
      'remit install: omp (local): not installed: Oh My Pi has no local scope; use --scope user or --scope project\n',
    );
    // `all` in a scope few hosts have names the ones it leaves out.
    expect(b.run('install', 'all', '--scope', 'local', '--dry-run').out).toMatch(
      new RegExp(`^Left out: ${HOSTS.filter((h) => h !== 'claude').join(', ')} \\(no local scope\\)\\.\\nclaude \\(local\\) — dry run`),
    );
    const dry = b.run('install', 'claude', '--json', '--dry-run');
    const actions = JSON.parse(dry.out).reports[0].actions.map((a: { action: string }) => a.action);
    expect(actions).toContain('would be installed');
    expect(actions).not.toContain('installed');
    expect(readdirSync(b.home)).toEqual([]);
    expect(b.run('runtime', 'all').code).toBe(0);
  }, 60_000);

  it('status names an unknown host and the known ones; check names the field of a malformed input, in one line each', () => {
    const b = box();
    for (const args of [
      ['status', '--host', 'nope'],
      ['status', '--host', 'claud', '--session', 'x'],
      ['audit', 'verify', '--host', 'nope', '--session', 'x'],
    ]) {
      const r = b.run(...args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.err).toMatch(
        /^remit \w+: unknown host '(nope|claud)' \(codex, claude, opencode, hermes, pi, omp, copilot, qwen, gemini\)(; did you mean --host claude\?)?\n$/,
      );
    }
    const malformed = b.run('check', '--host', 'claude', '--tool', 'Bash', '--input', '{"command":5,"timeout":5}');
    expect(malformed.code).toBe(1);
    expect(malformed.err).toBe('remit check: --input is malformed for claude\'s Bash: "command" is 5, where the host sends a string\n');
    expect(b.run('check', '--host', 'gemini', '--tool', 'write_file', '--input', '{"file_path":"a","content":[1]}').err).toContain('"content" is an array');
    // A tool no table knows is still that, not a malformed input.
    const unknown = b.run('check', '--host', 'claude', '--tool', 'Nope', '--input', '{"x":1}');
    expect(unknown.out).toContain('unproven: unknown_tool');
  }, 60_000);

  it('status of an unknown session errors; audit verify --all with no audit says so; label takes decisions only; prune keeps a live armed session', () => {
    const b = box();
    const st = b.run('status', '--host', 'claude', '--session', 'nope');
    expect(st.code).toBe(1);
    expect(st.err).toContain("no session 'nope'");
    const av = b.run('audit', 'verify', '--all');
    expect(av.out).toContain('No audit files');
    expect(av.out).not.toContain('intact');

    const base = { session_id: 's1', cwd: b.proj, transcript_path: null, prompt_id: 'p' };
    b.hook('claude', 'UserPromptSubmit', { ...base, hook_event_name: 'UserPromptSubmit', prompt: '$remit review -- look' });
    const pre = b.hook('claude', 'PreToolUse', {
      ...base,
      hook_event_name: 'PreToolUse',
      tool_name: 'Write',
      tool_input: { file_path: path.join(b.proj, 'a.ts'), content: 'x' },
      tool_use_id: 't1',
    });
    expect(pre).toContain('deny');
    const status = JSON.parse(b.run('status', '--json').out) as { recent: { id: string; outcome: string }[]; contractChange: { eventId: string } };
    const decision = status.recent.find((r) => r.outcome === 'deny')!;
    // The directive's record: an event, not a decision.
    expect(b.run('label', status.contractChange.eventId, 'correct').err).toContain('not a decision');
    expect(b.run('label', decision.id, 'correct').code).toBe(0);

    const dry = b.run('prune', '--older-than', '0d', '--dry-run', '--json');
    expect(JSON.parse(dry.out)).toMatchObject({ dryRun: true, sessionFiles: 0 });
    const p = b.run('prune', '--older-than', '0d');
    expect(p.out).toContain('Kept 1 live armed session');
    expect(b.run('status').out).toContain('review');
  }, 120_000);

  it('ledger release, state repair, audit verify and case from, on a real session', () => {
    const b = box({ REMIT_AUDIT: 'detail' });
    const base = { session_id: 's3', cwd: b.proj, transcript_path: null, prompt_id: 'p' };
    const tool = (tool_use_id: string, tool_name: string, tool_input: object) =>
      b.hook('claude', 'PreToolUse', { ...base, hook_event_name: 'PreToolUse', tool_name, tool_input, tool_use_id });
    b.hook('claude', 'UserPromptSubmit', { ...base, hook_event_name: 'UserPromptSubmit', prompt: '$remit change files=src/** agents=1 -- fix' });
    expect(tool('t1', 'Agent', { description: 'd', prompt: 'p', subagent_type: 'general-purpose' })).toBe('');
    expect(tool('t2', 'Agent', { description: 'd', prompt: 'p', subagent_type: 'general-purpose' })).toContain('AGENT_BUDGET_EXHAUSTED');
    expect(b.run('status').out).toContain('agents=1/1 reserved [r1:1]');
    const rel = b.run('ledger', 'release', 'r1');
    expect(rel.code, rel.err).toBe(0);
    expect(rel.out).toBe('Released r1. agents=0/1 reserved.\n');
    expect(b.run('ledger', 'release', '--all').err).toBe('remit ledger: nothing is reserved\n');
    expect(tool('t3', 'Write', { file_path: path.join(b.proj, 'lib/x.ts'), content: 'x' })).toContain('PATH_OUTSIDE_CONTRACT');
    expect(b.run('state', 'repair').out).toContain('is sound; nothing to repair');
    expect(b.run('audit', 'verify').out).toMatch(/: intact \(\d+ records\)\nAudit chain intact\.\n$/);
    const deny = (JSON.parse(b.run('status', '--json').out) as { recent: { id: string; reasonCode: string }[] }).recent.find(
      (r) => r.reasonCode === 'PATH_OUTSIDE_CONTRACT',
    )!;
    mkdirSync(path.join(b.proj, 'cases/S/PATH_OUTSIDE_CONTRACT'), { recursive: true });
    const made = b.run('case', 'from', deny.id, '--out', 'cases/S/PATH_OUTSIDE_CONTRACT/mine.json');
    expect(made.code, made.err).toBe(0);
    expect(made.out).toContain('Give its good arm an expectation; `remit replay <folder>` runs it from <folder>/S/PATH_OUTSIDE_CONTRACT/<name>.json.');
    const draft = JSON.parse(readFileSync(path.join(b.proj, 'cases/S/PATH_OUTSIDE_CONTRACT/mine.json'), 'utf8')) as { bad: { steps: { expect?: object }[] } };
    expect(draft.bad.steps[1]!.expect).toEqual({ outcome: 'deny', reasonCode: 'PATH_OUTSIDE_CONTRACT', family: 'S' });
    // A draft until its good arm expects something: replay says exactly that.
    const replay = b.run('replay', 'cases', '--host', 'claude');
    expect(replay.code).toBe(2);
    expect(replay.out).toContain('S/PATH_OUTSIDE_CONTRACT/mine.json: the good arm expects nothing');
  }, 120_000);

  it('a wrong inspection line answers with its usage and pauses nothing; a typo of a token suggests the nearest', () => {
    const b = box();
    const base = { session_id: 's2', cwd: b.proj, transcript_path: null, prompt_id: 'p' };
    const say = (prompt: string) => b.hook('claude', 'UserPromptSubmit', { ...base, hook_event_name: 'UserPromptSubmit', prompt });
    say('$remit change -- go');
    for (const line of ['$remit allow evt_123', '$remit explain', '$remit status please']) {
      const out = say(line);
      expect(out, line).toContain('usage: $remit');
      expect(out, line).not.toContain('INVALID_DIRECTIVE_TOKEN');
    }
    const st = JSON.parse(b.run('status', '--json').out) as { directiveError: unknown; contract: { mode: string } };
    expect(st.directiveError).toBeNull();
    expect(st.contract.mode).toBe('change');
    expect(say('$remit chnage -- go')).toContain('did you mean `change`?');
  }, 60_000);

  it("check --host opencode2 reads OpenCode 2's tools (shell, write {path}); replay has its column", () => {
    const b = box();
    const check = (tool: string, input: object) =>
      b.run('check', '--host', 'opencode2', '--prompt', '$remit review', '--tool', tool, '--input', JSON.stringify(input), '--json');
    const write = check('write', { path: 'a.ts', content: 'x' });
    expect(write.code).toBe(5);
    expect(JSON.parse(write.out)).toMatchObject({
      host: 'opencode2',
      decision: { reasonCode: 'MODE_FORBIDS_MUTATION' },
      action: { tool: 'write', effects: 1 },
    });
    expect(check('shell', { command: 'ls -la' }).code).toBe(0);
    // 1.x's bash is no tool of OpenCode 2's: unknown, so review asks for proof.
    expect(check('bash', { command: 'ls -la' }).code).toBe(4);
    const replay = b.run('replay', '--host', 'opencode2', '--json');
    expect(replay.code).toBe(0);
    expect(JSON.parse(replay.out)).toMatchObject({ targets: ['opencode2'], failed: 0 });
  }, 240_000);

  it('check prints no event id explain cannot find', () => {
    const r = box().run('check', '--host', 'claude', '--prompt', '$remit review', '--tool', 'Write', '--input', '{"file_path":"a.ts","content":"x"}');
    expect(r.code).toBe(5);
    expect(r.out).not.toMatch(/evt_[0-9a-f]{28}/);
  }, 60_000);

  it('check asks for proof of `git constructor` and `.venv/bin/toString` in review (words a lookup table must not know)', () => {
    const b = box();
    for (const [tool, input] of [
      ['Bash', '{"command":"git constructor"}'],
      ['Bash', '{"command":".venv/bin/toString"}'],
      ['toString', '{"command":"rm -rf src"}'],
    ] as const) {
      const r = b.run('check', '--host', 'claude', '--prompt', '$remit review', '--tool', tool, '--input', input);
      expect({ tool, input, code: r.code, head: r.out.split('\n')[0] }).toMatchObject({ code: 4, head: expect.stringMatching(/^ask MUTABILITY_UNPROVEN/) });
    }
  }, 60_000);
});
