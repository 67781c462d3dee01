// `remit install` then `remit uninstall` through the built bundle leaves a HOME and a project
// as they were: every file's bytes and mode, no new file, no new folder, and no folder that was
// there before taken away — for every host, in user and project scope, whatever was there
// first. Each uninstall's --dry-run is checked to name exactly what the uninstall then does.
import { HOSTS as HOST_LIST } from '../../adapters/hosts.js';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { box, cleanBoxes, ensureBuilt, put, snapshot, type Box } from '../support/shipped-box.js';
import { makeRepository } from '../support/repository.js';

beforeAll(ensureBuilt, 120_000);
afterAll(cleanBoxes);

const HOSTS = HOST_LIST.map((h) => h.name);
const SCOPES = ['user', 'project'] as const;
type Scope = (typeof SCOPES)[number];
/** The hosts whose registration runs the bundle under ~/.local/share/remit (the others carry their own copy). */
const BUNDLE_USERS: Record<Scope, string[]> = {
  user: ['codex', 'claude', 'hermes', 'copilot', 'qwen', 'gemini'],
  project: ['codex', 'claude', 'copilot', 'qwen', 'gemini'],
};

interface Trees {
  home: Map<string, string>;
  proj: Map<string, string>;
}

const trees = (b: Box): Trees => ({ home: snapshot(b.home), proj: snapshot(b.proj) });

function changes(before: Map<string, string>, after: Map<string, string>) {
  return {
    added: [...after.keys()].filter((k) => !before.has(k)),
    gone: [...before.keys()].filter((k) => !after.has(k)),
    changed: [...before.keys()].filter((k) => after.has(k) && after.get(k) !== before.get(k)),
  };
}

const NONE = { added: [], gone: [], changed: [] };

function expectAsBefore(b: Box, before: Trees, what: string): void {
  const now = trees(b);
  expect(changes(before.home, now.home), `${what}: HOME`).toEqual(NONE);
  expect(changes(before.proj, now.proj), `${what}: project`).toEqual(NONE);
}

interface Output {
  reports: { host: string; actions: { file: string; what: string; action: string }[]; notes: string[] }[];
}

function json(r: { code: number; out: string; err: string }): Output {
  expect(r.code, r.err + r.out).toBe(0);
  return JSON.parse(r.out) as Output;
}

const installArgs = (scope: Scope) => ['--scope', scope, '--trust'];

function install(b: Box, scope: Scope, host = 'all'): void {
  const r = b.run('install', host, ...(host === 'all' || host === 'codex' ? installArgs(scope) : ['--scope', scope]));
  expect(r.code, r.err + r.out).toBe(0);
}

/** A project as a person has one: a repository with content of its own. */
function project(b: Box): void {
  makeRepository(b.proj);
  put(path.join(b.proj, 'README.md'), 'mine\n');
}

/** The files `install all` would write in this scope, from its own dry run. */
function planned(b: Box, scope: Scope): string[] {
  return json(b.run('install', 'all', ...installArgs(scope), '--dry-run', '--json')).reports.flatMap((r) => r.actions.map((a) => a.file));
}

/** Makes, empty, the folder `up` levels above every file the install will write. */
function foldersFirst(b: Box, scope: Scope, up: number): void {
  for (const f of planned(b, scope)) {
    let d = f;
    for (let i = 0; i < up; i++) d = path.dirname(d);
    mkdirSync(d, { recursive: true });
  }
}

/** A box with a project, the folders `up` levels above the install's files made first (0: none), installed in `scope`; and the trees before the install. */
function installed(scope: Scope, up: number): { b: Box; before: Trees } {
  const b = box();
  project(b);
  if (up) foldersFirst(b, scope, up);
  const before = trees(b);
  install(b, scope);
  return { b, before };
}

/** Runs the uninstall's dry run (which must change nothing), then the uninstall; both name the same actions. */
function uninstall(b: Box, ...args: string[]): Output {
  const before = trees(b);
  const dry = json(b.run('uninstall', ...args, '--dry-run', '--json'));
  expectAsBefore(b, before, `uninstall ${args.join(' ')} --dry-run`);
  const real = json(b.run('uninstall', ...args, '--json'));
  const plan = (o: Output) =>
    o.reports.map((r) => ({ host: r.host, actions: r.actions.map((a) => `${a.what} ${a.action.replace(/^would be /, '')} ${a.file}`) }));
  expect(plan(real)).toEqual(plan(dry));
  return real;
}

const bundle = (b: Box) => path.join(b.home, '.local/share/remit/0.1.0/remit.cjs');
const record = (b: Box) => path.join(b.home, '.local/share/remit/installs.json');

describe.each(SCOPES)('install all then uninstall, %s scope, leaves everything as it was', (scope) => {
  it('with the host folders already there, empty (the folder of each file, or the one above it)', () => {
    for (const up of [1, 2]) {
      const { b, before } = installed(scope, up);
      uninstall(b, 'all', '--scope', scope);
      expectAsBefore(b, before, `folders ${up} up`);
    }
  }, 180_000);

  it('with no ~/.local at all', () => {
    const { b, before } = installed(scope, 0);
    expect(before.home.has('.local')).toBe(false);
    expect(readFileSync(record(b), 'utf8')).toContain('"installs"');
    uninstall(b, 'all', '--scope', scope);
    expectAsBefore(b, before, 'no ~/.local');
  }, 120_000);

  it('uninstalling one host at a time; the bundle goes with the last host that runs it', () => {
    const { b, before } = installed(scope, 0);
    const left = new Set<string>(HOSTS);
    for (const host of HOSTS) {
      uninstall(b, host, '--scope', scope);
      left.delete(host);
      expect(existsSync(bundle(b)), `after ${host}`).toBe(BUNDLE_USERS[scope].some((h) => left.has(h)));
    }
    expectAsBefore(b, before, 'one by one');
  }, 180_000);

  it('installing twice (the second claims no folder the first made or found), then uninstalling', () => {
    for (const up of [0, 1]) {
      const { b, before } = installed(scope, up);
      const once = readFileSync(record(b), 'utf8');
      install(b, scope);
      expect(readFileSync(record(b), 'utf8')).toBe(once);
      uninstall(b, 'all', '--scope', scope);
      expectAsBefore(b, before, `twice, folders ${up} up`);
    }
  }, 180_000);

  it('with a damaged install record: only remit files go, every folder stays, and uninstall says so in one line', () => {
    for (const up of [1, 0]) {
      const { b, before } = installed(scope, up);
      writeFileSync(record(b), '{"version": 1, "installs": [');
      const out = uninstall(b, 'all', '--scope', scope);
      const notes = out.reports.flatMap((r) => r.notes).filter((n) => n.includes('install record'));
      expect(notes).toEqual([`The install record ${record(b)} is unusable (it is not valid JSON): remit's own files were removed and every folder was kept.`]);
      // Project scope leaves the bundle to `uninstall all` in user scope: other installs may still run it.
      if (scope === 'project') uninstall(b, 'all');
      const now = trees(b);
      if (up) expectAsBefore(b, before, 'damaged record, folders there before');
      else {
        for (const [which, was, is] of [
          ['HOME', before.home, now.home],
          ['project', before.proj, now.proj],
        ] as const) {
          const d = changes(was, is);
          expect({ gone: d.gone, changed: d.changed }, which).toEqual({ gone: [], changed: [] });
          // What is left is the folders remit made, kept because no record says so; never a file.
          expect(
            d.added.filter((k) => !is.get(k)!.endsWith(' dir')),
            which,
          ).toEqual([]);
        }
      }
    }
  }, 180_000);
});

describe('Claude Code local scope', () => {
  it('install then uninstall leaves the project and HOME as they were, with .claude there before or not', () => {
    for (const first of [false, true]) {
      const b = box();
      project(b);
      if (first) mkdirSync(path.join(b.proj, '.claude'));
      const before = trees(b);
      expect(b.run('install', 'claude', '--scope', 'local').code).toBe(0);
      expect(existsSync(path.join(b.proj, '.claude/settings.local.json'))).toBe(true);
      uninstall(b, 'claude', '--scope', 'local');
      expectAsBefore(b, before, `local, .claude there before: ${first}`);
    }
  }, 120_000);
});

describe('without an install record', () => {
  it('(an install by an older remit) uninstall removes remit files only, keeps every folder, and says so once', () => {
    const b = box();
    const before = snapshot(b.home);
    install(b, 'user');
    rmSync(record(b));
    const out = uninstall(b, 'all');
    expect(out.reports.flatMap((r) => r.notes).filter((n) => n.includes('install record'))).toEqual([
      `There is no install record (${record(b)}): remit's own files were removed and every folder was kept.`,
    ]);
    const now = snapshot(b.home);
    const d = changes(before, now);
    expect(d.added.filter((k) => !now.get(k)!.endsWith(' dir'))).toEqual([]);
    expect(d.added).toContain('.claude/skills');
  }, 120_000);
});

describe('an install record that is no file', () => {
  it("a folder or a FIFO in its place: install and uninstall all answer at once, remit's files go, and the note says why folders stay", () => {
    for (const shape of ['folder', 'fifo'] as const) {
      const b = box();
      mkdirSync(path.dirname(record(b)), { recursive: true });
      if (shape === 'folder') mkdirSync(record(b));
      else execFileSync('mkfifo', [record(b)]);
      install(b, 'user', 'claude');
      const r = b.run('uninstall', 'all', '--json');
      expect(r.code, `${shape}: ${r.err}${r.out}`).toBe(0);
      const notes = (JSON.parse(r.out) as Output).reports.flatMap((x) => x.notes).filter((n) => n.includes('install record'));
      // The FIFO was replaced by a record at install; a folder stays, unusable.
      expect(notes, shape).toEqual(
        shape === 'folder'
          ? [`The install record ${record(b)} is unusable (it is not a regular file): remit's own files were removed and every folder was kept.`]
          : [],
      );
      expect(existsSync(bundle(b)), shape).toBe(false);
      expect(existsSync(path.join(b.home, '.claude/settings.json')), shape).toBe(false);
    }
  }, 120_000);
});

describe('installs that share the bundle', () => {
  it('uninstall all keeps the bundle a project install still runs, and says so; the project uninstall then takes it', () => {
    const b = box();
    project(b);
    const before = trees(b);
    install(b, 'user', 'claude');
    install(b, 'project', 'claude');
    const out = uninstall(b, 'all');
    expect(existsSync(bundle(b))).toBe(true);
    expect(readFileSync(path.join(b.home, '.local/share/remit/current'), 'utf8').trim()).toBe(bundle(b));
    expect(out.reports.flatMap((r) => r.notes).join('\n')).toContain('stays: claude (project) still uses it');
    uninstall(b, 'claude', '--scope', 'project');
    expectAsBefore(b, before, 'user and project');
  }, 120_000);

  it('an install whose project was deleted holds nothing back', () => {
    const b = box();
    project(b);
    const before = snapshot(b.home);
    install(b, 'user', 'claude');
    install(b, 'project', 'claude');
    rmSync(path.join(b.proj, '.claude'), { recursive: true });
    uninstall(b, 'all');
    expect(changes(before, snapshot(b.home))).toEqual(NONE);
  }, 120_000);

  it('an install over a damaged record says so and starts a new one; what it makes then is removed', () => {
    const b = box();
    const before = snapshot(b.home);
    install(b, 'user', 'opencode');
    writeFileSync(record(b), 'not json');
    const again = json(b.run('install', 'pi', '--json'));
    expect(again.reports[0]!.notes.join('\n')).toContain(`The install record ${record(b)} was unusable (it is not valid JSON) and was started anew`);
    uninstall(b, 'all');
    // The folders the first install made are unknown to the new record and stay; pi's go.
    const d = changes(before, snapshot(b.home));
    expect(d.added.sort()).toEqual(['.config', '.config/opencode', '.config/opencode/plugins', '.local', '.local/share', '.local/share/remit']);
  }, 120_000);
});

describe('a host file remit cannot edit', () => {
  it("a Codex config.toml that is no longer TOML keeps remit's trust records and its bytes; the rest of remit goes, one line says what stayed, exit 1", () => {
    const b = box();
    const toml = path.join(b.home, '.codex/config.toml');
    put(toml, 'model = "o3"\n', 0o600);
    const before = snapshot(b.home);
    install(b, 'user', 'codex');
    expect(readFileSync(toml, 'utf8')).toContain('[hooks.state.');
    writeFileSync(toml, `${readFileSync(toml, 'utf8')}this is [[not toml\n`);
    const broken = readFileSync(toml, 'base64');
    for (const dry of [true, false]) {
      const r = b.run('uninstall', 'codex', ...(dry ? ['--dry-run'] : []));
      expect(r.code, r.out + r.err).toBe(1);
      expect(r.err).toBe('');
      const notDone = r.out.split('\n').filter((l) => l.includes('not done:'));
      expect(notDone).toEqual([
        `  not done: ${toml} was left as it is (it is not valid TOML (Invalid TOML document: illegal character in key)). Remove the [hooks.state."${path.join(b.home, '.codex/hooks.json')}:…"] tables remit added there by hand (${toml}.remit-bak is the file as it was before remit's install).`,
      ]);
      expect(r.out).not.toMatch(/not uninstalled|\n\s+at /);
      expect(readFileSync(toml, 'base64')).toBe(broken);
    }
    // Everything else remit placed is gone: hooks.json, the Skill, the bundle, the record, the folders it made.
    const d = changes(before, snapshot(b.home));
    expect(d).toEqual({ added: ['.codex/config.toml.remit-bak'], gone: [], changed: ['.codex/config.toml'] });
    const json = JSON.parse(b.run('uninstall', 'codex', '--json').out) as { reports: { host: string; ok: boolean; incomplete?: string }[] };
    // Run again, nothing of remit's is left to find: a clean exit.
    expect(json.reports.map((r) => [r.host, r.ok, r.incomplete])).toEqual([['codex', true, undefined]]);
  }, 120_000);

  it('a refused uninstall (a hooks file naming remit that is not JSON) removes nothing, not even the folders around its Skill', () => {
    const b = box();
    install(b, 'user', 'claude');
    const settings = path.join(b.home, '.claude/settings.json');
    writeFileSync(settings, `${readFileSync(settings, 'utf8')},`);
    const before = snapshot(b.home);
    const r = b.run('uninstall', 'claude');
    expect(r.code).toBe(1);
    expect(r.err.split('\n')[0]).toMatch(/^remit uninstall: claude \(user\): not uninstalled: .*settings\.json is not valid JSON/);
    expect(r.out).not.toContain('folder   removed');
    expect(snapshot(b.home)).toEqual(before);
  }, 120_000);
});

describe('a Gemini CLI settings.json with comments', () => {
  it('install writes remit into it keeping every comment and line (Gemini reads comments), and uninstall gives it back byte for byte', () => {
    const b = box();
    project(b);
    const settings = path.join(b.home, '.gemini', 'settings.json');
    const lines = ['// mine', '{', '  /* model */ "model": { "name": "gemini-2.5-flash" }, // fast', '  "hooks": { "BeforeTool": [] }', '}', ''];
    put(settings, lines.join('\n'));
    const before = trees(b);
    install(b, 'user', 'gemini');
    const text = readFileSync(settings, 'utf8');
    for (const line of lines.slice(0, 3)) expect(text).toContain(line);
    expect(text).toMatch(/"BeforeTool": \[\s*\{[^\n]*\n?[\s\S]*hook gemini BeforeTool/);
    uninstall(b, 'gemini', '--scope', 'user');
    expectAsBefore(b, before, 'gemini with comments');
  });
});
