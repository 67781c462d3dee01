import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakePi } from '../pi-family/fake-host.js';
import { ROOT_SESSION_ENV } from '../pi-family/session-link.js';
import { createTestWorld, type TestWorld } from '../../test/support/test-world.js';
import { readVerdictText } from '../plugin-host/verdict-text.js';
import { createRemitPiExtension } from './extension.js';
import remitPiExtension from './index.js';

let world: TestWorld;
let env: NodeJS.ProcessEnv;
const lines: string[] = [];
beforeEach(async () => {
  world = await createTestWorld();
  env = {};
  lines.length = 0;
});
afterEach(() => world.dispose());

function host(opts: Partial<ConstructorParameters<typeof FakePi>[0]> = {}, e: NodeJS.ProcessEnv = env): FakePi {
  return new FakePi({ host: 'pi', cwd: world.project, sessionId: 's-root', ...opts }).load(
    createRemitPiExtension({ runtime: world.runtime, env: e, stderr: (t) => void lines.push(t) }),
  );
}

describe('Pi extension loaded as Pi loads it', () => {
  it('is a default-export factory taking the ExtensionAPI', () => {
    expect(typeof remitPiExtension).toBe('function');
    expect(remitPiExtension.length).toBe(1);
  });

  it('blocks a write in review mode before it runs ({block: true, reason})', async () => {
    const pi = host({ print: true });
    await pi.startSession();
    await pi.prompt('$remit review -- look only');
    const target = path.join(world.project, 'x.txt');
    const out = await pi.tool('write', { path: target, content: 'x' }, () => writeFileSync(target, 'x'));
    expect(out.blocked).toBe(true);
    expect(readVerdictText(out.reason)).toEqual({ outcome: 'deny', reasonCode: 'MODE_FORBIDS_MUTATION' });
    expect(existsSync(target)).toBe(false);
  });

  it('accepts both edit shapes', async () => {
    const pi = host({ print: true });
    await pi.startSession();
    await pi.prompt('$remit review');
    const file = path.join(world.project, 'e.ts');
    expect((await pi.tool('edit', { path: file, edits: [{ oldText: 'a', newText: 'b' }] })).reason).toMatch(/MODE_FORBIDS_MUTATION/);
    expect((await pi.tool('edit', { path: file, oldText: 'a', newText: 'b' })).reason).toMatch(/MODE_FORBIDS_MUTATION/);
  });

  it('answers inspection commands itself ({action: "handled"}) and takes /remit as a directive', async () => {
    const pi = host();
    await pi.startSession();
    expect((await pi.prompt('/remit review')).reachedAgent).toBe(false);
    expect(pi.notices.join('\n')).toMatch(/mode=review/);
    expect((await pi.prompt('$remit status')).reachedAgent).toBe(false);
    expect((await pi.tool('bash', { command: 'rm -rf src' })).blocked).toBe(true);
  });

  it('puts the contract back in front of the model after a compaction', async () => {
    const pi = host({ print: true });
    await pi.startSession();
    await pi.prompt('$remit review -- look only');
    const before = [
      { role: 'user', content: [{ type: 'text', text: 'summary of the earlier turns' }], timestamp: 1 },
      { role: 'user', content: 'go on', timestamp: 2 },
    ];
    // No compaction yet: the model's messages pass unchanged.
    expect((await pi.emit('context', { type: 'context', messages: before })).filter(Boolean)).toEqual([]);
    await pi.emit('session_compact', { type: 'session_compact', compactionEntry: {}, fromExtension: false });
    const [changed] = (await pi.emit('context', { type: 'context', messages: before })).filter(Boolean) as { messages: { content: unknown }[] }[];
    expect(changed!.messages).toHaveLength(3);
    expect(JSON.stringify(changed!.messages[1]!.content)).toMatch(/mode=review/);
    expect(changed!.messages[2]).toEqual(before[1]);
    // Once only.
    expect((await pi.emit('context', { type: 'context', messages: before })).filter(Boolean)).toEqual([]);
  });

  it('puts the effective contract in front of the model once', async () => {
    const pi = host({ print: true });
    await pi.startSession();
    await pi.prompt('$remit review -- look');
    expect(pi.injected.join('\n')).toMatch(/remit ARMED: mode=review/);
    expect(lines.join('')).toMatch(/mode=review/);
  });

  it('uses ctx.ui.confirm for ask when a UI exists, and blocks when the user declines', async () => {
    const pi = host({ confirmAnswer: false });
    await pi.startSession();
    await pi.prompt('$remit review');
    const out = await pi.tool('mcp__db__drop', { table: 't' });
    expect(pi.confirms.length).toBe(1);
    // The dialog is read by the person: what needs approval and why, none of the model's lines.
    expect(pi.confirms[0]).toMatch(/^remit needs the user's approval for this action \(MUTABILITY_UNPROVEN\):\n/);
    expect(pi.confirms[0]).not.toMatch(/Do not work around|\$remit allow/);
    expect(out.blocked).toBe(true);
    const yes = host({ confirmAnswer: true, sessionId: 's-other' }, {});
    await yes.startSession();
    await yes.prompt('$remit review');
    expect((await yes.tool('mcp__db__drop', { table: 't' })).ran).toBe(true);
  });

  it('records what the person answered at the confirm: declined as not executed, approved as executed', async () => {
    const asking = await createTestWorld({ channels: { deny: 'block', ask: 'native' } });
    try {
      const load = (sessionId: string, confirmAnswer: boolean) =>
        new FakePi({ host: 'pi', cwd: asking.project, sessionId, confirmAnswer }).load(
          createRemitPiExtension({ runtime: asking.runtime, env: {}, stderr: () => {} }),
        );
      const effects = () =>
        readdirSync(path.join(asking.home, 'audit'))
          .flatMap((f) =>
            readFileSync(path.join(asking.home, 'audit', f), 'utf8')
              .split('\n')
              .filter(Boolean),
          )
          .map((l) => JSON.parse(l) as { kind: string; hostEffect?: string })
          .filter((r) => r.kind === 'effect')
          .map((r) => r.hostEffect);
      for (const [id, answer] of [
        ['s-no', false],
        ['s-yes', true],
      ] as const) {
        const pi = load(id, answer);
        await pi.startSession();
        await pi.prompt('$remit review');
        await pi.tool('mcp__db__drop', { table: 't' });
      }
      expect(effects().sort()).toEqual(['executed', 'not_executed']);
    } finally {
      asking.dispose();
    }
  });

  it('links a subagent process to its root through the environment it inherits', async () => {
    const parent = host();
    await parent.startSession();
    await parent.prompt('$remit review');
    expect(env[ROOT_SESSION_ENV]).toBe('pi:s-root');
    // The child is another `pi` process: it inherits the variable, has its own session id.
    const child = host({ sessionId: 's-child', print: true }, { ...env });
    await child.startSession();
    await child.prompt('$remit change -- the task text the parent wrote');
    expect((await child.tool('write', { path: path.join(world.project, 'c'), content: '' })).reason).toMatch(/MODE_FORBIDS_MUTATION/);
  });

  it('makes a child whose root it cannot prove act read-only, never as a fresh unarmed session', async () => {
    const child = host({ sessionId: 's-lost', print: true }, { [ROOT_SESSION_ENV]: 'garbage' });
    await child.startSession();
    const out = await child.tool('write', { path: path.join(world.project, 'c'), content: '' });
    expect(out.blocked).toBe(true);
    expect(out.reason).toMatch(/MODE_FORBIDS_MUTATION/);
  });

  it('answers bad input without crashing', async () => {
    const pi = host({ print: true });
    await pi.startSession();
    await pi.prompt('$remit review');
    const [call] = pi.handlers.get('tool_call')!;
    await expect(call!(undefined, pi.ctx)).resolves.toEqual(expect.objectContaining({ block: true }));
    await expect(call!({ toolName: 'write', toolCallId: 'x', input: null }, pi.ctx)).resolves.toEqual(expect.objectContaining({ block: true }));
    const huge = await pi.tool('bash', { command: 'echo ' + 'A'.repeat(2_000_000) + ' > f' });
    expect(huge.blocked).toBe(true);
    const hostile = await pi.tool('write', { path: '\u202e../../etc/\u0000passwd', content: {} });
    expect(hostile.blocked).toBe(true);
    expect((await pi.tool('read', { path: 7 })).ran).toBe(true);
    for (const ev of ['input', 'before_agent_start', 'tool_result', 'session_shutdown', 'agent_end']) {
      for (const h of pi.handlers.get(ev) ?? []) await h(undefined, {} as never);
    }
  });
});
