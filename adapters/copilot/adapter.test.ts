import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRuntime } from '../../src/core/host/create-runtime.js';
import { installHost, uninstallHost } from '../command-hook/install-run.js';
import type { InstallContext } from '../host-module.js';
import { copilotAdapter } from './adapter.js';
import { copilotCallId, declinedInLastInteraction, loggedCallId } from './call-id.js';
import { doctorCopilot } from './doctor.js';
import { normalizeCopilotPayload } from './events.js';
import { runCopilotHook } from './hook.js';
import { copilotInstallSpec } from './install.js';
import { renderCopilot } from './render.js';
import { copilotToolRequest } from './tools.js';
import { tempInstallContext } from '../../test/support/install-context.js';

describe('Copilot CLI tool table', () => {
  it('maps the built-in tools of 1.0.102 and leaves the rest to configuration', () => {
    expect(copilotToolRequest('create', { path: '/p/a', file_text: 'x' })).toEqual({ type: 'write', path: '/p/a', content: 'x', tool: 'create' });
    expect(copilotToolRequest('edit', { path: '/p/a', old_str: 'a', new_str: 'b' })).toMatchObject({ type: 'edit', edits: [{ old: 'a', new: 'b' }] });
    // edit requires only `path` in its schema: without both strings remit cannot say what changes.
    expect(copilotToolRequest('edit', { path: '/p/a' })).toMatchObject({ type: 'other' });
    expect(copilotToolRequest('bash', { command: 'ls', description: 'd', mode: 'async' })).toEqual({
      type: 'shell',
      command: 'ls',
      shell: 'bash',
      tool: 'bash',
    });
    expect(copilotToolRequest('powershell', { command: 'rm x' })).toMatchObject({ type: 'shell', shell: 'powershell' });
    expect(copilotToolRequest('apply_patch', '*** Begin Patch\n*** End Patch\n')).toMatchObject({ type: 'patch', format: 'apply_patch' });
    expect(copilotToolRequest('task', { name: 'n', prompt: 'p', agent_type: 'explore', description: 'd' })).toMatchObject({ type: 'delegate', count: 1 });
    expect(copilotToolRequest('write_agent', { agent_id: 'a', message: 'm' })).toMatchObject({ type: 'delegate', count: 0, resume: true });
    expect(copilotToolRequest('view', { path: '/p/a' })).toEqual({ type: 'read', paths: ['/p/a'], tool: 'view' });
    expect(copilotToolRequest('grep', { pattern: 'x', paths: ['/p/src', 3] })).toEqual({ type: 'read', paths: ['/p/src'], tool: 'grep' });
    expect(copilotToolRequest('str_replace_editor', { command: 'create', path: '/p/a', file_text: 'x' })).toMatchObject({ type: 'write' });
    expect(copilotToolRequest('str_replace_editor', { command: 'insert', path: '/p/a' })).toMatchObject({ type: 'other' });
    expect(copilotToolRequest('sql', { query: 'insert into todos values (1)' })).toMatchObject({ type: 'control' });
    expect(copilotToolRequest('github-mcp-server-create_issue', { t: 1 })).toEqual({ type: 'other', tool: 'github-mcp-server-create_issue', input: { t: 1 } });
    expect(copilotToolRequest('create', 'not an object')).toMatchObject({ type: 'other' });
  });
});

describe('Copilot CLI payloads and answers', () => {
  it('puts a subagent call under its parent session (captured: sessionId = agentId, parentAgentId)', () => {
    expect(normalizeCopilotPayload({ sessionId: 'child', agentId: 'child', parentAgentId: 'root', cwd: '/p', prompt: 'x' })).toEqual({
      session_id: 'root',
      agent_id: 'child',
      cwd: '/p',
      prompt: 'x',
    });
    // subagentStart comes from the parent's side: its own sessionId stays.
    expect(normalizeCopilotPayload({ sessionId: 'root', agentId: 'child', parentAgentId: 'root' })).toMatchObject({ session_id: 'root', agent_id: 'child' });
    expect(normalizeCopilotPayload({ sessionId: 's', toolName: 'bash', toolArgs: { command: 'ls' }, source: 'new' })).toEqual({
      session_id: 's',
      tool_name: 'bash',
      tool_input: { command: 'ls' },
      source: 'startup',
    });
  });

  it('renders deny, ask, a handled prompt and context in the top-level fields Copilot reads', () => {
    const decision = (outcome: 'deny' | 'ask' | 'allow') =>
      renderCopilot('preToolUse', {
        kind: 'decision',
        decision: { outcome, reasonCode: 'MODE_FORBIDS_MUTATION', family: 'I', controlState: 'ARMED', explanation: 'e' },
        message: 'remit: MODE_FORBIDS_MUTATION: no',
        question: 'approve?',
      });
    expect(decision('deny')).toEqual({ permissionDecision: 'deny', permissionDecisionReason: 'remit: MODE_FORBIDS_MUTATION: no' });
    expect(decision('ask')).toEqual({ permissionDecision: 'ask', permissionDecisionReason: 'approve?' });
    expect(decision('allow')).toBeNull();
    expect(renderCopilot('userPromptSubmitted', { kind: 'prompt-block', code: 'X', text: 'answer' })).toEqual({ handled: true, responseContent: 'answer' });
    expect(renderCopilot('sessionStart', { kind: 'context', text: 'c' })).toEqual({ additionalContext: 'c' });
    expect(renderCopilot('agentStop', { kind: 'context', text: 'c' })).toBeNull();
  });
});

describe('Copilot CLI hook, end to end through the runtime', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'remit-copilot-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('arms on the directive, refuses a create under review, answers $remit status without the model, and fails closed on a cut payload', async () => {
    const home = path.join(dir, 'state');
    const runtime = createRuntime({ home, env: { HOME: dir, REMIT_HOME: home }, channels: { deny: 'json-deny', ask: 'native' } });
    const common = { sessionId: 'cs1', timestamp: 1, cwd: dir };
    const hook = (event: string, p: Record<string, unknown>) => runCopilotHook(event, JSON.stringify({ ...common, ...p }), runtime, { cwd: dir });
    const armed = await hook('userPromptSubmitted', { prompt: '$remit review -- look' });
    expect(JSON.parse(armed.stdout ?? '').additionalContext).toMatch(/review/);
    const pre = await hook('preToolUse', { toolName: 'create', toolArgs: { path: path.join(dir, 'n.txt'), file_text: 'x' } });
    expect(JSON.parse(pre.stdout ?? '')).toMatchObject({
      permissionDecision: 'deny',
      permissionDecisionReason: expect.stringMatching(/MODE_FORBIDS_MUTATION/),
    });
    // A subagent's call acts under the parent's contract.
    const child = await runCopilotHook(
      'preToolUse',
      JSON.stringify({ sessionId: 'kid', agentId: 'kid', parentAgentId: 'cs1', cwd: dir, toolName: 'bash', toolArgs: { command: 'echo x > y.txt' } }),
      runtime,
      { cwd: dir },
    );
    expect(JSON.parse(child.stdout ?? '').permissionDecision).toBe('deny');
    const status = await hook('userPromptSubmitted', { prompt: '$remit status' });
    expect(JSON.parse(status.stdout ?? '')).toMatchObject({ handled: true, responseContent: expect.stringMatching(/ARMED/) });
    const cut = await runCopilotHook('preToolUse', '{"sessionId":"cs1","timestamp":1,"toolName":"bash","toolArgs":{"comm', runtime, {
      cwd: dir,
      truncated: true,
    });
    expect(JSON.parse(cut.stdout ?? '').permissionDecision).toBe('deny');
    expect(copilotAdapter.readResponse({ event: 'preToolUse', payload: '' }, pre)).toMatchObject({ outcome: 'deny', reasonCode: 'MODE_FORBIDS_MUTATION' });
    expect(copilotAdapter.readResponse({ event: 'userPromptSubmitted', payload: '' }, status)).toMatchObject({ outcome: 'answer' });
  });
});

describe('remit install copilot', () => {
  let dir: string;
  let ctx: InstallContext;
  beforeEach(() => {
    ({ dir, ctx } = tempInstallContext('remit-copilot-install-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes flat command handlers into settings.json and gives the user file back byte for byte', () => {
    const settings = path.join(dir, 'home', '.copilot', 'settings.json');
    mkdirSync(path.dirname(settings), { recursive: true });
    const original = '{\n    "model": "x",\n    "hooks": {\n        "preToolUse": [ { "type": "command", "bash": "./mine.sh" } ]\n    }\n}\n';
    writeFileSync(settings, original);
    expect(installHost(copilotInstallSpec, ctx)).toMatchObject({ ok: true });
    const doc = JSON.parse(readFileSync(settings, 'utf8'));
    expect(doc.hooks.preToolUse).toHaveLength(2);
    expect(doc.hooks.preToolUse[0]).toEqual({ type: 'command', bash: './mine.sh' });
    expect(doc.hooks.preToolUse[1]).toEqual({ type: 'command', bash: expect.stringMatching(/remit\.cjs'? hook copilot preToolUse$/), timeoutSec: 20 });
    expect(doc.hooks.userPromptSubmitted).toHaveLength(1);
    // Installing again changes nothing.
    const again = installHost(copilotInstallSpec, ctx);
    expect(again.actions.find((a) => a.file === settings)?.action).toBe('unchanged');
    expect(uninstallHost(copilotInstallSpec, ctx)).toMatchObject({ ok: true });
    expect(readFileSync(settings, 'utf8')).toBe(original);
  });

  it('makes .github/hooks/remit.json with version 1 for the project and removes it whole', () => {
    const project = { ...ctx, scope: 'project' };
    expect(installHost(copilotInstallSpec, project)).toMatchObject({ ok: true });
    const file = path.join(dir, 'proj', '.github', 'hooks', 'remit.json');
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    expect(doc.version).toBe(1);
    expect(doc.hooks.preToolUse[0].bash).toBe('node "$COPILOT_PROJECT_DIR/.github/hooks/remit/launch.cjs" hook copilot preToolUse');
    expect(existsSync(path.join(dir, 'proj', '.github', 'hooks', 'remit', 'launch.cjs'))).toBe(true);
    // A second install finds only remit's file: no backup of it.
    installHost(copilotInstallSpec, project);
    expect(existsSync(`${file}.remit-bak`)).toBe(false);
    // Doctor: a project-only install is not protected until Copilot records the folder as trusted.
    const doctorCtx = { env: ctx.env, cwd: project.cwd, exec: () => ({ status: 0, stdout: '', stderr: '' }), which: () => null, noExec: true };
    expect(doctorCopilot(doctorCtx).lines[0]).toMatch(/^protected: no — .* is not recorded as a trusted folder/);
    const config = path.join(dir, 'home', '.copilot', 'config.json');
    mkdirSync(path.dirname(config), { recursive: true });
    writeFileSync(config, `// managed by Copilot\n{ "trustedFolders": [${JSON.stringify(path.join(dir, 'proj'))}] }\n`);
    const trusted = doctorCopilot(doctorCtx);
    expect(trusted.lines[0]).toMatch(/^protected: yes/);
    expect(trusted.lines.join('\n')).toContain('is recorded as trusted');
    expect(uninstallHost(copilotInstallSpec, project)).toMatchObject({ ok: true });
    expect(existsSync(file)).toBe(false);
    expect(existsSync(path.join(dir, 'proj', '.github', 'hooks', 'remit', 'launch.cjs'))).toBe(false);
  });
});

describe('Copilot CLI call ids from its session log', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'remit-copilot-log-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("takes the call the log shows open, never an earlier identical one it closed, and a unique id when the log cannot say (1.0.102's log shape)", async () => {
    const env = { COPILOT_HOME: dir };
    const log = path.join(dir, 'session-state', 's1', 'events.jsonl');
    mkdirSync(path.dirname(log), { recursive: true });
    const ls = { command: 'sha256sum a.txt > a.sum', description: 'run a command' };
    const start = (id: string, toolName: string, args: unknown) =>
      JSON.stringify({ type: 'tool.execution_start', data: { toolCallId: id, toolName, arguments: args } });
    const hook = (inv: string, id: string, args: unknown) =>
      JSON.stringify({
        type: 'hook.start',
        data: { hookInvocationId: inv, hookType: 'preToolUse', input: { sessionId: 's1', toolCalls: [{ id, name: 'bash', args }] } },
      });
    const end = (inv: string) => JSON.stringify({ type: 'hook.end', data: { hookInvocationId: inv, hookType: 'preToolUse', success: true } });
    const done = (id: string) => JSON.stringify({ type: 'tool.execution_complete', data: { toolCallId: id, success: false } });
    // The first of two identical calls was asked about and declined: its hook answered, the call closed.
    const declined = [start('call_3', 'bash', ls), hook('h3', 'call_3', ls), end('h3'), done('call_3')];
    writeFileSync(log, [...declined, start('call_4', 'bash', ls), hook('h4', 'call_4', ls), 'not json', ''].join('\n'));
    expect(loggedCallId(env, 's1', 'pre', 'bash', ls)).toBe('call_4');
    expect(loggedCallId(env, 's1', 'pre', 'bash', { command: 'pwd' })).toBeUndefined();
    expect(loggedCallId(env, '../s1', 'pre', 'bash', ls)).toBeUndefined();
    expect(loggedCallId(env, 'missing', 'pre', 'bash', ls)).toBeUndefined();
    // The second call not logged yet (the host writes it a moment later): the declined one is never taken for it.
    writeFileSync(log, `${declined.join('\n')}\n`);
    expect(loggedCallId(env, 's1', 'pre', 'bash', ls)).toBeUndefined();
    expect(loggedCallId(env, 's1', 'post', 'bash', ls)).toBeUndefined();
    // Before the declined call closed, its answered preToolUse still keeps a later identical call's from taking it.
    writeFileSync(log, `${declined.slice(0, 3).join('\n')}\n`);
    expect(loggedCallId(env, 's1', 'pre', 'bash', ls)).toBeUndefined();
    // A preToolUse waits for its call to be logged; the postToolUse after it finds the same id.
    const waiting = copilotCallId(env, 's1', 'pre', 'bash', ls, 1);
    setTimeout(() => writeFileSync(log, [...declined, start('call_4', 'bash', ls), hook('h4', 'call_4', ls), ''].join('\n')), 60);
    expect(await waiting).toBe('call_4');
    writeFileSync(log, [...declined, start('call_4', 'bash', ls), hook('h4', 'call_4', ls), end('h4'), ''].join('\n'));
    expect(await copilotCallId(env, 's1', 'post', 'bash', ls, 2)).toBe('call_4');
    expect(loggedCallId(env, 's1', 'pre', 'bash', ls)).toBeUndefined();
    // Without the log, two identical calls at different moments get different ids; one hook run twice, the same.
    const a = await copilotCallId(env, 'missing', 'pre', 'bash', ls, 1);
    expect(a).toBe(await copilotCallId(env, 'missing', 'pre', 'bash', ls, 1));
    expect(a).not.toBe(await copilotCallId(env, 'missing', 'pre', 'bash', ls, 2));
  });

  it("finds the calls the person declined at Copilot's approval prompt in the last interaction only (1.0.102's log shape)", () => {
    const env = { COPILOT_HOME: dir };
    const log = path.join(dir, 'session-state', 's2', 'events.jsonl');
    mkdirSync(path.dirname(log), { recursive: true });
    const user = (at: string) => JSON.stringify({ type: 'user.message', data: { content: 'x', interactionId: at } });
    const done = (id: string, at: string, message?: string) =>
      JSON.stringify({
        type: 'tool.execution_complete',
        data: { toolCallId: id, interactionId: at, success: message === undefined, ...(message ? { error: { message } } : {}) },
      });
    const declined = "Denied by user via preToolUse hook prompt: remit needs the user's approval for this action (HASH_NOT_AUTHORIZED)";
    writeFileSync(
      log,
      [
        user('i1'),
        done('call_old', 'i1', declined),
        user('i2'),
        done('call_a', 'i2', declined),
        // remit's own deny is no decline by the person; a call that ran is none either.
        done('call_b', 'i2', 'Denied by preToolUse hook: remit refused this action: MODE_FORBIDS_MUTATION'),
        done('call_c', 'i2'),
        done('call_d', 'i2', declined),
        '{"type":"hook.start","data":{"hookType":"agentStop"}}',
        '',
      ].join('\n'),
    );
    expect(declinedInLastInteraction(env, 's2')).toEqual(['call_a', 'call_d']);
    expect(declinedInLastInteraction(env, '../s2')).toEqual([]);
    expect(declinedInLastInteraction(env, 'missing')).toEqual([]);
  });
});
