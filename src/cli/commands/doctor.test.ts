import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DoctorContext, ExecResult } from '../../../adapters/host-module.js';
import { inRange } from '../../../adapters/command-hook/doctor-common.js';
import type { CliIO } from '../io.js';
import { doctorClaude } from '../../../adapters/claude/doctor.js';
import { doctorCodex } from '../../../adapters/codex/doctor.js';
import { withKnownGaps } from './doctor.js';
import { run as install } from './install.js';
import { makeRepository } from '../../../test/support/repository.js';

let dir: string;
let env: Record<string, string>;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'remit-doctor-'));
  mkdirSync(path.join(dir, 'pkg', 'dist'), { recursive: true });
  writeFileSync(path.join(dir, 'pkg', 'dist', 'remit.cjs'), '// stand-in\n');
  mkdirSync(path.join(dir, 'home'));
  makeRepository(path.join(dir, 'proj'));
  env = { HOME: path.join(dir, 'home'), XDG_DATA_HOME: path.join(dir, 'data'), PATH: '' };
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const io = (): CliIO => ({ env, cwd: path.join(dir, 'proj'), stdout: () => {}, stderr: () => {} });
const deps = () => ({ bundleSource: path.join(dir, 'pkg', 'dist', 'remit.cjs'), nodePath: '/usr/bin/node', version: '9.9.9' });

/** A host whose hook answers as remit does: deny a write after a review directive. */
function ctx(answer: 'deny' | 'allow' | 'crash', calls: string[] = []): DoctorContext {
  return {
    env,
    cwd: path.join(dir, 'proj'),
    which: () => null,
    exec(command, opts): ExecResult {
      calls.push(command);
      if (answer === 'crash') return { status: 1, stdout: '', stderr: 'Error: Cannot find module' };
      const ev = JSON.parse(opts.input ?? '{}').hook_event_name;
      if (ev !== 'PreToolUse' || answer === 'allow') return { status: 0, stdout: '', stderr: '' };
      return {
        status: 0,
        stdout: JSON.stringify({
          hookSpecificOutput: {
            hookEventName: 'PreToolUse',
            permissionDecision: 'deny',
            permissionDecisionReason: 'remit refused this action: MODE_FORBIDS_MUTATION (I)',
          },
        }),
        stderr: '',
      };
    },
  };
}

describe('doctor codex', () => {
  it('says not registered, and not applicable when Codex is absent', () => {
    const row = doctorCodex(ctx('deny'));
    expect(row.protected).toBe(false);
    expect(row.applicable).toBe(false);
    expect(row.lines[0]).toMatch(/^protected: no — remit is not registered/);
  });

  it('reports the trust verdict recomputed from config.toml: not yet trusted, trusted, modified, disabled', async () => {
    await install(['codex'], io(), deps());
    let row = doctorCodex(ctx('deny'));
    expect(row.protected).toBe(false);
    expect(row.lines.join('\n')).toMatch(/trust \(user\): 8 not yet trusted/);
    await install(['codex', '--trust'], io(), deps());
    const calls: string[] = [];
    row = doctorCodex(ctx('deny', calls));
    expect(row.lines[0]).toBe('protected: yes — registered, trusted, and the live probe refused a write');
    expect(calls).toHaveLength(2);
    expect(calls[1]).toContain('hook codex PreToolUse');
    const toml = path.join(dir, 'home', '.codex', 'config.toml');
    const text = readFileSync(toml, 'utf8');
    const preHash = /pre_tool_use:0:0"\]\ntrusted_hash = "sha256:([0-9a-f])/.exec(text)!;
    writeFileSync(
      toml,
      text.replace(`pre_tool_use:0:0"]\ntrusted_hash = "sha256:${preHash[1]}`, `pre_tool_use:0:0"]\ntrusted_hash = "sha256:${preHash[1] === 'a' ? 'b' : 'a'}`),
    );
    row = doctorCodex(ctx('deny'));
    expect(row.protected).toBe(false);
    expect(row.lines.join('\n')).toMatch(/PreToolUse: modified/);
    writeFileSync(toml, text.replace(/(\[hooks\.state\."[^"]*:stop:0:0"\]\n)/, '$1enabled = false\n'));
    expect(doctorCodex(ctx('deny')).lines.join('\n')).toMatch(/Stop: disabled/);
    writeFileSync(toml, 'this is [not toml');
    expect(doctorCodex(ctx('deny')).lines.join('\n')).toMatch(/unknown — config.toml could not be read/);
  });

  it('is unprotected when the probe is not refused or the command fails', async () => {
    await install(['codex', '--trust'], io(), deps());
    expect(doctorCodex(ctx('allow')).lines[0]).toMatch(/does not refuse as it should/);
    const crash = doctorCodex(ctx('crash'));
    expect(crash.protected).toBe(false);
    expect(crash.lines.join('\n')).toMatch(/UserPromptSubmit command failed \(exit 1: Error: Cannot find module\)/);
  });

  it('flags hooks disabled in config.toml', async () => {
    await install(['codex', '--trust'], io(), deps());
    const toml = path.join(dir, 'home', '.codex', 'config.toml');
    writeFileSync(toml, `[features]\nhooks = false\n\n${readFileSync(toml, 'utf8')}`);
    expect(doctorCodex(ctx('deny')).lines[0]).toMatch(/hooks are disabled/);
  });
});

describe('doctor claude', () => {
  it('protected after install; duplicates with the plugin are reported; disableAllHooks is not', async () => {
    await install(['claude'], io(), deps());
    expect(doctorClaude(ctx('deny')).lines[0]).toBe('protected: yes — registered and the live probe refused a write');
    const settings = path.join(dir, 'home', '.claude', 'settings.json');
    const doc = JSON.parse(readFileSync(settings, 'utf8'));
    writeFileSync(settings, JSON.stringify({ ...doc, enabledPlugins: { 'remit@remit': true } }));
    expect(doctorClaude(ctx('deny')).lines.join('\n')).toMatch(/registered more than once/);
    writeFileSync(settings, JSON.stringify({ ...doc, disableAllHooks: true }));
    const row = doctorClaude(ctx('deny'));
    expect(row.protected).toBe(false);
    expect(row.lines[0]).toMatch(/disableAllHooks/);
  });

  it('reports a missing event and drift', async () => {
    await install(['claude'], io(), deps());
    const settings = path.join(dir, 'home', '.claude', 'settings.json');
    const doc = JSON.parse(readFileSync(settings, 'utf8'));
    delete doc.hooks.PreToolUse;
    writeFileSync(settings, JSON.stringify(doc));
    const row = doctorClaude(ctx('deny'), { commandFor: (e) => `other ${e}` });
    expect(row.lines[0]).toMatch(/not registered for PreToolUse/);
    expect(row.lines.join('\n')).toMatch(/drift: 10 handler/);
  });
});

describe('version ranges', () => {
  it('compares >=a <b ranges', () => {
    expect(inRange('0.171.0', '>=0.171.0 <0.172.0')).toBe(true);
    expect(inRange('0.172.1', '>=0.171.0 <0.172.0')).toBe(false);
    expect(inRange('2.1.200', '>=2.1.197 <2.2.0')).toBe(true);
    expect(inRange('2.1.96', '>=2.1.197 <2.2.0')).toBe(false);
  });

  it('takes alternatives joined by ||, and reads nothing it cannot parse as a version as inside', () => {
    const pi = '>=0.74.2 <0.75.0 || >=1.6.0 <1.7.0';
    expect(['0.74.2', '0.74.9', '1.6.0', '1.6.3'].map((v) => inRange(v, pi))).toEqual([true, true, true, true]);
    expect(['0.74.1', '0.75.0', '1.5.9', '1.7.0'].map((v) => inRange(v, pi))).toEqual([false, false, false, false]);
    expect(inRange('1.0.0', '>=1 <2')).toBe(false);
  });
});

describe('doctor rows', () => {
  it('state, for every host, the versions remit was verified against and their range; gaps only where the host applies', () => {
    const rows = withKnownGaps([
      { host: 'codex', protected: true, applicable: true, lines: ['protected: yes'] },
      { host: 'pi', protected: false, applicable: false, lines: ['protected: no'] },
    ]);
    expect(rows[0]!.lines).toContain('verified against Codex CLI 0.171.0 (range >=0.171.0 <0.172.0)');
    expect(rows[0]!.lines).toContain('known host gaps (not covered by remit):');
    expect(rows[1]!.lines).toEqual(['protected: no', 'verified against Pi 0.74.2, 1.6.0 (range >=0.74.2 <0.75.0 || >=1.6.0 <1.7.0)']);
  });
});
