import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRuntime } from '../../src/core/host/create-runtime.js';
import { geminiAdapter } from './adapter.js';
import { runGeminiHook } from './hook.js';
import { geminiToolRequest } from './tools.js';
import { migrateGeminiSettings } from './settings-migration.js';
import { geminiInstallSpec } from './install.js';
import { installHost, readOurHooks, uninstallHost } from '../command-hook/install-run.js';
import { parseConfigJson } from '../command-hook/config-file.js';
import type { InstallContext } from '../host-module.js';
import { tempInstallContext } from '../../test/support/install-context.js';

describe('Gemini CLI tool table', () => {
  it('maps the tools 0.61.0 offers and leaves the rest to configuration', () => {
    expect(geminiToolRequest('write_file', { file_path: '/p/a', content: 'x' })).toEqual({ type: 'write', path: '/p/a', content: 'x', tool: 'write_file' });
    expect(geminiToolRequest('replace', { file_path: '/p/a', instruction: 'i', old_string: 'a', new_string: 'b' })).toMatchObject({
      type: 'edit',
      path: '/p/a',
    });
    expect(geminiToolRequest('run_shell_command', { command: 'ls', dir_path: '/p/src' })).toMatchObject({ type: 'shell', command: 'ls', workdir: '/p/src' });
    expect(geminiToolRequest('invoke_agent', { agent_name: 'generalist', prompt: 'p' })).toMatchObject({ type: 'delegate', count: 1 });
    expect(geminiToolRequest('list_directory', { dir_path: '/p' })).toEqual({ type: 'read', paths: ['/p'], tool: 'list_directory' });
    for (const t of ['save_memory', 'take_snapshot', 'mcp_github_create_issue']) expect(geminiToolRequest(t, {}), t).toMatchObject({ type: 'other' });
  });
});

describe('Gemini CLI hook', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'remit-gemini-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const setup = () => {
    const home = path.join(dir, 'home');
    const runtime = createRuntime({ home, env: { HOME: dir, REMIT_HOME: home }, channels: { deny: 'json-deny', ask: 'deny' } });
    const p = (extra: Record<string, unknown>) => JSON.stringify({ session_id: 'g1', transcript_path: '/t', cwd: dir, timestamp: 't', ...extra });
    const prompt = (text: string) => runGeminiHook('BeforeAgent', p({ hook_event_name: 'BeforeAgent', prompt: text }), runtime);
    const tool = (name: string, input: Record<string, unknown>) =>
      runGeminiHook('BeforeTool', p({ hook_event_name: 'BeforeTool', tool_name: name, tool_input: input }), runtime);
    return { runtime, p, prompt, tool };
  };

  it('gives no context at SessionStart, where a headless run would put it before the `$remit` line', async () => {
    const { runtime, p } = setup();
    expect((await runGeminiHook('SessionStart', p({ hook_event_name: 'SessionStart', source: 'startup' }), runtime)).stdout).toBe('');
  });

  it('refuses with a top-level decision deny, and judges the same call afresh once the contract allows it', async () => {
    const { prompt, tool } = setup();
    expect(JSON.parse((await prompt('$remit review -- look')).stdout ?? '').hookSpecificOutput.additionalContext).toContain('remit ARMED');
    const write = { file_path: path.join(dir, 'a.txt'), content: 'x' };
    const refused = JSON.parse((await tool('write_file', write)).stdout ?? '');
    expect(refused).toMatchObject({ decision: 'deny' });
    expect(refused.reason).toContain('MODE_FORBIDS_MUTATION');
    // The payload carries no call id: the same call gets the same derived id, and must not be answered with the stored refusal.
    await prompt('$remit change -- write it');
    expect((await tool('write_file', write)).stdout).toBe('');
  });

  it('blocks a malformed directive and answers `$remit status` at BeforeAgent with decision deny', async () => {
    const { prompt } = setup();
    expect(JSON.parse((await prompt('$remit status')).stdout ?? '')).toMatchObject({ decision: 'deny' });
    const bad = JSON.parse((await prompt('$remit chnage -- x')).stdout ?? '');
    expect(bad.decision).toBe('deny');
  });

  it('reads its own answers the way Gemini CLI does (replay)', () => {
    const call = { event: 'BeforeTool', payload: '{}' };
    expect(geminiAdapter.readResponse(call, { stdout: '{"decision":"deny","reason":"remit refused this action: MODE_FORBIDS_MUTATION (I)"}' })).toMatchObject({
      outcome: 'deny',
      reasonCode: 'MODE_FORBIDS_MUTATION',
    });
    expect(geminiAdapter.readResponse(call, { stdout: '' })).toMatchObject({ outcome: 'allow' });
  });
});

describe("Gemini CLI's own settings migration, as uninstall applies it to the backup", () => {
  it('renames the deprecated booleans to their opposites and moves tools.approvalMode, keeping a new key already set', () => {
    expect(
      migrateGeminiSettings({
        general: { disableAutoUpdate: true, disableUpdateNag: false, other: 1 },
        ui: { accessibility: { disableLoadingPhrases: true } },
        context: { fileFiltering: { disableFuzzySearch: false } },
        tools: { approvalMode: 'yolo', sandbox: false },
      }),
    ).toEqual({
      general: { enableAutoUpdate: false, enableAutoUpdateNotification: true, other: 1, defaultApprovalMode: 'yolo' },
      ui: { accessibility: { enableLoadingPhrases: false }, loadingPhrases: 'off' },
      context: { fileFiltering: { enableFuzzySearch: true } },
      tools: { sandbox: false },
    });
    expect(migrateGeminiSettings({ general: { disableAutoUpdate: true, enableAutoUpdate: true } })).toEqual({ general: { enableAutoUpdate: true } });
    // Nothing deprecated: nothing changes (a string is not a boolean to rename).
    expect(migrateGeminiSettings({ general: { disableAutoUpdate: 'yes' }, hooks: {} })).toEqual({ general: { disableAutoUpdate: 'yes' }, hooks: {} });
  });
});

describe('Gemini CLI install into settings.json with comments', () => {
  let dir: string;
  let ctx: InstallContext;
  beforeEach(() => {
    ({ dir, ctx } = tempInstallContext('remit-gemini-install-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  // Gemini CLI 0.61.0 reads its settings through strip-json-comments: line and block comments, no trailing comma.
  const original = [
    '// my Gemini settings',
    '{',
    '  /* which model */',
    '  "model": { "name": "gemini-2.5-flash" }, // fast one',
    '  "hooks": {',
    '    "BeforeTool": [ { "matcher": "run_shell_command", "hooks": [ { "type": "command", "command": "./mine.sh" } ] } ]',
    '  }',
    '}',
    '',
  ].join('\n');

  it("adds remit's handlers keeping every comment and line of the user's, and uninstall gives the file back byte for byte", () => {
    const settings = path.join(dir, 'home', '.gemini', 'settings.json');
    mkdirSync(path.dirname(settings), { recursive: true });
    writeFileSync(settings, original);
    expect(installHost(geminiInstallSpec, ctx)).toMatchObject({ ok: true });
    const text = readFileSync(settings, 'utf8');
    for (const line of original.split('\n').filter((l) => !l.includes('"BeforeTool"') && l.trim() !== '}' && l !== '')) expect(text).toContain(line);
    expect(text).toContain('"BeforeTool": [ { "matcher": "run_shell_command", "hooks": [ { "type": "command", "command": "./mine.sh" } ] }, ');
    const doc = parseConfigJson(text, true) as { hooks: Record<string, { hooks: { command: string }[] }[]> };
    expect(doc.hooks.BeforeTool).toHaveLength(2);
    expect(doc.hooks.BeforeTool![1]!.hooks[0]!.command).toMatch(/hook gemini BeforeTool$/);
    expect(doc.hooks.BeforeAgent).toHaveLength(1);
    // doctor reads the same file as the host does: remit's handlers are found.
    expect(readOurHooks(geminiInstallSpec, settings)).toMatchObject({
      ok: true,
      locations: expect.arrayContaining([expect.objectContaining({ event: 'BeforeTool' })]),
    });
    expect(installHost(geminiInstallSpec, ctx).actions.find((a) => a.file === settings)?.action).toBe('unchanged');
    expect(uninstallHost(geminiInstallSpec, ctx)).toMatchObject({ ok: true });
    expect(readFileSync(settings, 'utf8')).toBe(original);
  });

  it('refuses what Gemini CLI itself refuses (a trailing comma), naming the line, and changes nothing', () => {
    const settings = path.join(dir, 'home', '.gemini', 'settings.json');
    mkdirSync(path.dirname(settings), { recursive: true });
    const broken = '{\n  // mine\n  "model": { "name": "x" },\n}\n';
    writeFileSync(settings, broken);
    const r = installHost(geminiInstallSpec, ctx);
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(/is not valid JSON \(\w+ at line 4 column 1\)/);
    expect(readFileSync(settings, 'utf8')).toBe(broken);
  });
});
