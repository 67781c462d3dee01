// The host list (adapters/hosts.ts) is the one place that names every host: the folders, the
// schema's host enum, the build's plugin entries and what each bundle carries all agree with it.
// The last block adds a throwaway seventh host, here only, and shows what it costs: its folder
// (the module below), one line in the list (`[...HOSTS, seventh]`) and its name in the enum.
// Every table is then derived for it: `remit hook`, the protected host configuration, install,
// uninstall, doctor, check, replay, HOST-ADAPTER-CONTRACT.md and the build's plugin entries.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostModule, HostName, HostSetup, HookRun } from '../adapters/host-module.js';
import { findHost, HOSTS, hostCapabilities, loadAdapters, protectedHostConfig } from '../adapters/hosts.js';
import { pluginEntries } from '../scripts/build/plugins.mjs';
import { hostContractText } from '../scripts/gen/host-contract-text.js';
import { SHARED_ADAPTER_FOLDERS } from './support/adapters-tree.js';
import { run as check } from '../src/cli/commands/check.js';
import { run as doctor } from '../src/cli/commands/doctor.js';
import { run as hook } from '../src/cli/commands/hook.js';
import { run as install } from '../src/cli/commands/install.js';
import { run as uninstall } from '../src/cli/commands/uninstall.js';
import { HELP } from '../src/cli/help.js';
import { replayRuntimeFactory, run as replay } from '../src/cli/commands/replay.js';
import type { CliIO } from '../src/cli/io.js';
import type { HostAdapter } from '../src/core/host/adapter.js';
import type { HostCapability } from '../src/generated/types.js';
import { validateHostCapability } from '../src/generated/validate-host-capability.js';
import { makeRepository } from './support/repository.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const ADAPTERS = path.join(ROOT, 'adapters');
/** Folders under adapters/ that hold what several hosts share, not a host. */
const SHARED = new Set(SHARED_ADAPTER_FOLDERS);
const hostFolders = () =>
  readdirSync(ADAPTERS, { withFileTypes: true })
    // An empty folder is what a move leaves behind in a checkout, not a host.
    .filter((d) => d.isDirectory() && !SHARED.has(d.name) && readdirSync(path.join(ADAPTERS, d.name)).length > 0)
    .map((d) => d.name);
const schemaEnum = (): string[] => JSON.parse(readFileSync(path.join(ROOT, 'schemas/host-capability.schema.json'), 'utf8')).properties.host.enum;

describe('the host list', () => {
  it('names every host folder once, in the order of the schema enum, each as its own capability says', () => {
    expect(HOSTS.map((h) => h.name)).toEqual(schemaEnum());
    expect([...HOSTS.map((h) => h.name)].sort()).toEqual(hostFolders().sort());
    for (const h of HOSTS) {
      expect(h.capability.host).toBe(h.name);
      expect(validateHostCapability(h.capability), h.name).toBe(true);
      expect(existsSync(path.join(ADAPTERS, h.name, 'host.ts')), h.name).toBe(true);
    }
  });

  it('gives every host an adapter and a setup, and a way in: a hook, a plugin, or both', async () => {
    for (const h of HOSTS) {
      expect((await h.adapter()).name).toBe(h.name);
      const setup = await h.setup();
      expect(Object.keys(setup).sort()).toEqual(['doctor', 'install', 'uninstall']);
      expect(h.hook !== undefined || h.plugin !== undefined, h.name).toBe(true);
      if (h.hook) expect(typeof (await h.hook())).toBe('function');
    }
  });

  it('names the hosts in the install help as the list says (every host; who has local scope and --trust)', () => {
    for (const h of HOSTS) expect(HELP.install!.does, h.name).toContain(h.name);
    const option = (name: string) => HELP.install!.options.find(([o]) => o.startsWith(name))![1];
    expect(option('--trust')).toBe(`Codex CLI: record the host's own trust for remit's hooks`);
    expect(option('--scope')).toContain('local (Claude Code only)');
  });

  it('is the only code that names a host: no host name as a string in the CLI, the core, shared adapter folders or the build', () => {
    const names = HOSTS.map((h) => h.name).join('|');
    // A host as a string, a folder, or a list of hosts written out.
    const literal = new RegExp(`['"\`](?:${names})['"\`]|adapters/(?:${names})/|\\b(?:${names}), (?:${names})\\b`, 'g');
    const shared = SHARED_ADAPTER_FOLDERS.filter((f) => f !== 'pi-family'); // the Pi family names its two members
    const files = [
      ...['src', ...shared.map((f) => `adapters/${f}`), 'scripts/build', 'scripts/gen'].flatMap((d) =>
        readdirSync(path.join(ROOT, d), { recursive: true })
          .map(String)
          .map((f) => `${d}/${f}`),
      ),
      ...readdirSync(ADAPTERS).map((f) => `adapters/${f}`),
    ].filter((f) => /\.(ts|mjs|cjs)$/.test(f) && !f.endsWith('.test.ts') && !f.startsWith('src/generated/'));
    expect(files.length).toBeGreaterThan(200);
    const named = files.flatMap((f) =>
      readFileSync(path.join(ROOT, f), 'utf8')
        .split('\n')
        .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
        .flatMap((line) => [...line.matchAll(literal)].map((m) => `${f}: ${m[0]}`)),
    );
    // The one build choice (ARCHITECTURE.md "Adding a host"): the Hermes hook's own chunk.
    expect(named).toEqual(['scripts/build/build.mjs: adapters/hermes/']);
  });

  it("agrees with the build's plugin entries", () => {
    const { modules, folders } = pluginEntries();
    const listed = (kind: 'module' | 'folder') =>
      Object.fromEntries(HOSTS.flatMap((h) => (h.plugin && kind in h.plugin ? [[h.name, (h.plugin as Record<string, string>)[kind]]] : [])));
    const forms = Object.fromEntries(
      HOSTS.flatMap((h) => Object.entries((h.plugin as { forms?: Record<string, string> } | undefined)?.forms ?? {}).map(([f, m]) => [`${h.name}.${f}`, m])),
    );
    expect(modules).toEqual({ ...listed('module'), ...forms });
    expect(folders).toEqual(listed('folder'));
  });
});

describe('what each bundle carries', () => {
  beforeAll(() => {
    if (!existsSync(path.join(ROOT, 'dist', 'remit.cjs'))) execFileSync(process.execPath, [path.join(ROOT, 'scripts/build/build.mjs')]);
  }, 120_000);
  const left = (file: string, host: string, part: string) =>
    readFileSync(path.join(ROOT, 'dist', file), 'utf8').includes(`remit: the ${host} ${part} part is not in this bundle`);
  /** Every part a host module loads, read from its source: `import('./adapter2.js')` is part `adapter2` (a version line's adapter too). */
  const partsOf = (host: string) =>
    [...readFileSync(path.join(ROOT, 'adapters', host, 'host.ts'), 'utf8').matchAll(/import\('\.\/([\w.-]+)\.js'\)/g)].map((m) => m[1]!);

  it('the hook bundle: every host hook, no adapter and no setup', () => {
    for (const h of HOSTS) {
      expect(partsOf(h.name), h.name).toEqual(expect.arrayContaining(['adapter', 'setup']));
      for (const part of partsOf(h.name)) expect(left('remit-hook.cjs', h.name, part), `${h.name} ${part}`).toBe(part !== 'hook');
    }
    // Of the host capability records the hook keeps only what it reads (scripts/build/host-parts.mjs):
    // no host's details or gaps.
    const hookText = readFileSync(path.join(ROOT, 'dist', 'remit-hook.cjs'), 'utf8');
    for (const c of hostCapabilities()) {
      expect(hookText, c.host).toContain(JSON.stringify(c.configPaths?.[0] ?? ''));
      for (const gap of c.gaps ?? []) expect(hookText, c.host).not.toContain(JSON.stringify(gap).slice(0, 60));
    }
    // The installers' own words are nowhere in what a hook parses (the entry, the hook chunk,
    // the Hermes hook chunk).
    for (const f of ['remit-main.cjs', 'remit-hook.cjs', 'remit-hermes.cjs'])
      expect(readFileSync(path.join(ROOT, 'dist', f), 'utf8'), f).not.toContain('remit-bak');
  });

  it('the CLI entry, which reads the host list for its help: no part of any host', () => {
    expect(readFileSync(path.join(ROOT, 'dist', 'remit-main.cjs'), 'utf8')).toContain('remit install <host|all>');
    for (const h of HOSTS)
      for (const part of ['adapter', 'setup', ...(h.hook ? ['hook'] : [])]) expect(left('remit-main.cjs', h.name, part), `${h.name} ${part}`).toBe(true);
  });

  it('an in-process plugin: no part of any host', () => {
    for (const file of Object.keys(pluginEntries().modules).map((h) => `plugins/${h}.js`)) {
      for (const h of HOSTS)
        for (const part of ['adapter', 'setup', ...(h.hook ? ['hook'] : [])]) expect(left(file, h.name, part), `${file} ${h.name} ${part}`).toBe(true);
    }
  });

  it('the command chunk: every part of every host', () => {
    expect(readFileSync(path.join(ROOT, 'dist', 'remit-cli.cjs'), 'utf8')).not.toContain('part is not in this bundle');
  });
});

describe('a seventh host costs its folder, one line in the list and the schema enum', () => {
  // --- its folder: adapters/seventh/host.ts and the parts it names (here, in-test stand-ins) ---
  const calls: string[] = [];
  const capability = {
    host: 'seventh',
    displayName: 'Seventh',
    lifecycleVersion: 2,
    process: 'spawned',
    events: { BeforeTool: 'action.before' },
    denyChannel: 'JSON on stdout',
    ask: 'deny',
    context: 'none',
    promptBlock: false,
    subagentLinkage: 'none',
    verified: { range: '>=1.0.0 <2.0.0', method: 'unverified', versions: ['1.2.3'] },
    configPaths: ['~/.seventh/hooks.json'],
    gaps: ['the seventh host skips hooks in its batch mode'],
  } as unknown as HostCapability;
  const adapter: HostAdapter = {
    name: 'seventh' as HostName,
    capability,
    renderStep: () => ({ calls: [], notApplicable: 'n/a: the seventh host renders no case step' }),
    invoke: async () => ({ stdout: '' }),
    readResponse: () => ({ outcome: 'none', channel: 'none' }),
    toolRequest: (tool, input) =>
      tool === 'Put' ? { type: 'write', tool, path: String((input as { to?: unknown }).to), content: '' } : { type: 'other', tool, input },
  };
  const runSeventhHook: HookRun = async (event, stdin) => ({ stdout: `seventh answered ${event} (${stdin.length} bytes)\n`, exitCode: 0 });
  const setup: HostSetup = {
    async install(ctx) {
      calls.push(`install ${ctx.scope}${ctx.dryRun ? ' dry' : ''}`);
      return { host: 'seventh', scope: ctx.scope, ok: true, dryRun: ctx.dryRun, actions: [], notes: ['seventh installed'] };
    },
    async uninstall(ctx) {
      calls.push(`uninstall ${ctx.scope}`);
      return { host: 'seventh', scope: ctx.scope, ok: true, dryRun: ctx.dryRun, actions: [], notes: [] };
    },
    async doctor() {
      calls.push('doctor');
      return { host: 'seventh', protected: false, applicable: true, lines: ['protected: no — the seventh host is a test'] };
    },
  };
  const seventh: HostModule = {
    name: 'seventh' as HostName, // the one schema edit: "seventh" in host-capability's host enum
    capability,
    configPaths: () => capability.configPaths ?? [],
    install: { scopes: ['user'] },
    adapter: async () => adapter,
    hook: async () => runSeventhHook,
    plugin: { module: 'adapters/seventh/index.ts' },
    setup: async () => setup,
  };
  // --- its line in the list ---
  const hosts = [...HOSTS, seventh];

  let dir: string;
  let io: CliIO & { out: string[]; err: string[] };
  beforeAll(() => {
    dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'remit-seventh-')));
    makeRepository(path.join(dir, 'project'));
    mkdirSync(path.join(dir, 'home'));
    writeFileSync(path.join(dir, 'remit.cjs'), '// stand-in bundle\n');
    const out: string[] = [];
    const err: string[] = [];
    const env = {
      HOME: path.join(dir, 'home'),
      REMIT_HOME: path.join(dir, 'remit-home'),
      XDG_DATA_HOME: path.join(dir, 'data'),
      XDG_CONFIG_HOME: path.join(dir, 'config'),
      PATH: '',
    };
    io = { out, err, env, cwd: path.join(dir, 'project'), stdout: (s) => void out.push(s), stderr: (s) => void err.push(s) };
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const withStdin = (text: string): CliIO => ({ ...io, stdin: async () => text });
  const clear = () => {
    io.out.length = 0;
    io.err.length = 0;
    calls.length = 0;
  };

  it('the schema enum is the one edit outside its folder and the list', () => {
    expect(validateHostCapability(capability)).toBe(false);
    const schema = JSON.parse(readFileSync(path.join(ROOT, 'schemas/host-capability.schema.json'), 'utf8'));
    schema.properties.host.enum.push('seventh');
    expect(new Ajv2020({ strict: false }).compile(schema)(capability)).toBe(true);
  });

  it('HOST-ADAPTER-CONTRACT.md gives it a capability row and its gaps', () => {
    const doc = hostContractText(hostCapabilities(hosts), ROOT);
    expect(doc).toMatch(/^\| Seventh \| spawned \| `BeforeTool` \| JSON on stdout \| deny \|.*\| 1\.2\.3 \(unverified; range `>=1\.0\.0 <2\.0\.0`\) \|$/m);
    expect(doc).toContain('- **Seventh**: the seventh host skips hooks in its batch mode');
    expect(hostContractText(hostCapabilities(), ROOT)).not.toContain('Seventh');
  });

  it('`remit hook seventh` runs its hook', async () => {
    clear();
    expect(await hook(['seventh', 'BeforeTool'], withStdin('{"x":1}'), hosts)).toBe(0);
    expect(io.out.join('')).toBe('seventh answered BeforeTool (7 bytes)\n');
    await expect(hook(['seventh'], withStdin('{}'), HOSTS)).rejects.toThrow(/unknown host 'seventh' \(codex, claude, hermes(?:, [a-z0-9-]+)*;/);
  });

  it("every other host's agent is kept off its configuration (rule `self-protection`)", async () => {
    const target = path.join(dir, 'home', '.seventh', 'hooks.json');
    expect(protectedHostConfig(io.env, hosts)).toContain('~/.seventh/hooks.json');
    const base = { session_id: 'seventh-test', cwd: io.cwd, transcript_path: null, prompt_id: 'p1' };
    const write = JSON.stringify({
      ...base,
      hook_event_name: 'PreToolUse',
      tool_name: 'Write',
      tool_use_id: 'w1',
      tool_input: { file_path: target, content: '{}' },
    });
    clear();
    await hook(
      ['claude', 'UserPromptSubmit'],
      withStdin(JSON.stringify({ ...base, hook_event_name: 'UserPromptSubmit', prompt: '$remit change -- seventh test' })),
      hosts,
    );
    clear();
    await hook(['claude', 'PreToolUse'], withStdin(write), hosts);
    expect(JSON.parse(io.out.join('')).hookSpecificOutput.permissionDecisionReason).toContain('GUARD_SELF_PROTECTION');
    // Without its line, nothing knows the file is a host's configuration.
    clear();
    await hook(['claude', 'PreToolUse'], withStdin(write.replace('"w1"', '"w2"')), HOSTS);
    expect(io.out.join('')).toBe('');
  });

  it('`remit install all`, `install seventh`, `uninstall seventh`, `uninstall all` and `doctor` reach its setup', async () => {
    clear();
    const deps = { bundleSource: path.join(dir, 'remit.cjs'), nodePath: '/usr/bin/node', version: '9.9.9', hosts };
    expect(await install(['seventh', '--dry-run'], io, deps)).toBe(0);
    expect(calls).toEqual(['install user dry']);
    // `all` takes the scopes its host module lists: seventh has no project scope.
    clear();
    await install(['all', '--scope', 'project', '--dry-run'], io, deps);
    expect(calls).toEqual([]);
    expect(io.out.join('')).toContain('Left out: seventh (no project scope).');
    clear();
    await install(['all', '--dry-run', '--json'], io, deps);
    expect(JSON.parse(io.out.join('')).reports.map((r: { host: string }) => r.host)).toEqual(hosts.map((h) => h.name));
    clear();
    expect(await uninstall(['seventh', '--dry-run'], io, hosts)).toBe(0);
    expect(calls).toEqual(['uninstall user']);
    clear();
    await uninstall(['all', '--dry-run', '--json'], io, hosts);
    expect(JSON.parse(io.out.join('')).reports.map((r: { host: string }) => r.host)).toContain('seventh');
    expect(calls).toEqual(['uninstall user']);
    await expect(uninstall(['seventh'], io)).rejects.toThrow(/cannot uninstall from 'seventh'/);
    clear();
    expect(await doctor([], io, hosts)).toBe(3);
    expect(calls).toEqual(['doctor']);
    // The row is the host's; the verified versions and known gaps come from its capability record.
    expect(io.out.join('')).toMatch(
      /^seventh\n {2}protected: no — the seventh host is a test\n {2}verified against Seventh 1\.2\.3 \(range >=1\.0\.0 <2\.0\.0\)\n {2}known host gaps \(not covered by remit\):\n {4}- the seventh host skips hooks in its batch mode$/m,
    );
  });

  it('`remit check --host seventh` decides through its tool table and the rule table', async () => {
    clear();
    const argv = ['--host', 'seventh', '--prompt', '$remit review', '--tool', 'Put', '--input', JSON.stringify({ to: 'a.ts' }), '--json'];
    expect(await check(argv, io, hosts)).toBe(5);
    const out = JSON.parse(io.out.join(''));
    expect(out).toMatchObject({ host: 'seventh', rule: 'mode-forbids-mutation', decision: { outcome: 'deny', reasonCode: 'MODE_FORBIDS_MUTATION' } });
    // Its configuration is protected for a check as for a hook (rule `self-protection`).
    clear();
    const own = [
      '--host',
      'seventh',
      '--prompt',
      '$remit change',
      '--tool',
      'Put',
      '--input',
      JSON.stringify({ to: path.join(dir, 'home', '.seventh', 'hooks.json') }),
      '--json',
    ];
    expect(await check(own, io, hosts)).toBe(5);
    expect(JSON.parse(io.out.join('')).rule).toBe('self-protection');
    clear();
    expect(await check(argv, io)).toBe(1);
    expect(io.err.join('')).toContain("unknown host 'seventh'");
  });

  it('`remit replay` runs the cases through its adapter', async () => {
    const cases = path.join(dir, 'cases', 'I', 'MODE_FORBIDS_MUTATION');
    mkdirSync(cases, { recursive: true });
    const one = readdirSync(path.join(ROOT, 'cases', 'I', 'MODE_FORBIDS_MUTATION')).sort()[0]!;
    cpSync(path.join(ROOT, 'cases', 'I', 'MODE_FORBIDS_MUTATION', one), path.join(cases, one));
    clear();
    expect(
      await replay([path.join(dir, 'cases'), '--host', 'seventh', '--json'], io, {
        adapters: () => loadAdapters(hosts),
        createRuntime: replayRuntimeFactory(hosts),
      }),
    ).toBe(0);
    const out = JSON.parse(io.out.join(''));
    expect(out.targets).toEqual(['seventh']);
    expect(out.notApplicable).toBe(1);
  });

  it('the build finds what it loads by its folder alone', () => {
    const adapters = path.join(dir, 'adapters');
    mkdirSync(path.join(adapters, 'seventh'), { recursive: true });
    for (const f of readdirSync(ADAPTERS, { withFileTypes: true })) if (f.isDirectory()) symlinkSync(path.join(ADAPTERS, f.name), path.join(adapters, f.name));
    writeFileSync(path.join(adapters, 'seventh', 'index.ts'), 'export default function seventhPlugin() {}\n');
    expect(pluginEntries(adapters).modules.seventh).toBe((seventh.plugin as { module: string }).module);
    expect(findHost('SEVENTH', hosts)).toBe(seventh);
  });
});
