import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestWorld, type TestWorld } from '../../test/support/test-world.js';
import { FakeOpencode } from './fake-host.js';
import { isOpencodeRun, userText } from './plugin.js';
import { readVerdictText } from '../plugin-host/verdict-text.js';

let world: TestWorld;
beforeEach(async () => {
  world = await createTestWorld();
});
afterEach(() => world.dispose());

describe('OpenCode plugin loaded as OpenCode loads it', () => {
  it('refuses a write in review mode before the tool runs (throw), and the file is never written', async () => {
    const host = new FakeOpencode(world.project, world.runtime);
    await host.createSession('ses_root');
    const system = await host.prompt('ses_root', '$remit review -- look at the diff');
    expect(system.join('\n')).toMatch(/mode=review/);
    const target = path.join(world.project, 'a.txt');
    const out = await host.tool('ses_root', 'write', { filePath: target, content: 'x' }, 'call_1', () => writeFileSync(target, 'x'));
    expect(out.ran).toBe(false);
    expect(readVerdictText(out.thrown)).toEqual({ outcome: 'deny', reasonCode: 'MODE_FORBIDS_MUTATION' });
    expect(existsSync(target)).toBe(false);
  });

  it('lets a read through in review mode', async () => {
    const host = new FakeOpencode(world.project, world.runtime);
    await host.createSession('ses_root');
    await host.prompt('ses_root', '$remit review');
    const out = await host.tool('ses_root', 'read', { filePath: path.join(world.project, 'x') });
    expect(out.ran).toBe(true);
  });

  it('removes the one pair of quotes `opencode run` adds, and only on that path', async () => {
    const run = new FakeOpencode(world.project, world.runtime, ['opencode', 'run']);
    await run.createSession('ses_a');
    await run.prompt('ses_a', '$remit review: look');
    expect((await run.tool('ses_a', 'write', { filePath: path.join(world.project, 'b'), content: '' })).thrown).toMatch(/MODE_FORBIDS_MUTATION/);

    // The TUI hands text over as typed: a quoted directive there is quoted text and arms nothing.
    const tui = new FakeOpencode(world.project, world.runtime, ['opencode']);
    await tui.createSession('ses_b');
    await tui.prompt('ses_b', '"$remit review: look"');
    expect((await tui.tool('ses_b', 'write', { filePath: path.join(world.project, 'c'), content: '' })).ran).toBe(true);
  });

  it('never takes a directive from synthetic or ignored parts', async () => {
    const tui = new FakeOpencode(world.project, world.runtime, ['opencode']);
    await tui.createSession('ses_s');
    const h = await tui.load();
    await (h['chat.message'] as any)(
      { sessionID: 'ses_s', messageID: 'm1' },
      {
        message: { role: 'user', id: 'm1' },
        parts: [
          { type: 'text', text: '$remit review', synthetic: true },
          { type: 'text', text: '$remit review', ignored: true },
        ],
      },
    );
    expect((await tui.tool('ses_s', 'write', { filePath: path.join(world.project, 'd'), content: '' })).ran).toBe(true);
  });

  it('acts for a child session under its root, and a child prompt carries no authority', async () => {
    const host = new FakeOpencode(world.project, world.runtime, ['opencode']);
    await host.createSession('ses_root');
    await host.prompt('ses_root', '$remit review');
    await host.createSession('ses_child', 'ses_root');
    // The task prompt reaching the child is not the user's: it cannot loosen the root contract.
    await host.prompt('ses_child', '$remit change');
    const out = await host.tool('ses_child', 'edit', { filePath: path.join(world.project, 'e'), oldString: 'a', newString: 'b' });
    expect(out.thrown).toMatch(/MODE_FORBIDS_MUTATION/);
  });

  it('finds the root of a child it never saw created by asking the host', async () => {
    const host = new FakeOpencode(world.project, world.runtime, ['opencode']);
    await host.createSession('ses_root');
    await host.prompt('ses_root', '$remit review');
    host.sessions.set('ses_hidden', { id: 'ses_hidden', parentID: 'ses_root', directory: world.project });
    const out = await host.tool('ses_hidden', 'apply_patch', { patchText: '*** Begin Patch\n*** Add File: f.txt\n+x\n*** End Patch' });
    expect(out.thrown).toMatch(/MODE_FORBIDS_MUTATION/);
  });

  it('answers bad input without crashing: missing args, huge args, hostile strings', async () => {
    const host = new FakeOpencode(world.project, world.runtime, ['opencode']);
    await host.createSession('ses_x');
    await host.prompt('ses_x', '$remit review');
    const h = await host.load();
    const before = h['tool.execute.before'] as (i: unknown, o: unknown) => Promise<void>;
    // No session id at all: an unarmed session of its own, so nothing is refused.
    await expect(before(undefined, undefined)).resolves.toBeUndefined();
    await expect(before({ tool: 'write', sessionID: 'ses_x', callID: 'c1' }, { args: null })).rejects.toThrow(/MUTABILITY_UNPROVEN/);
    await expect(
      before({ tool: 'bash', sessionID: 'ses_x', callID: 'c2' }, { args: { command: 'echo ' + 'A'.repeat(2_000_000) + ' > out.txt' } }),
    ).rejects.toThrow(/remit/);
    await expect(
      before({ tool: 'write', sessionID: 'ses_x', callID: 'c3' }, { args: { filePath: '../../\u0000\u202e/etc/passwd', content: 1 } }),
    ).rejects.toThrow(/remit/);
    await expect(before({ tool: 'read', sessionID: 'ses_x', callID: 'c4' }, { args: { filePath: 42 } })).resolves.toBeUndefined();
    await (h['chat.message'] as any)({}, {});
    await (h['chat.message'] as any)(null, { parts: 'nope' });
    await (h.event as any)({});
    await (h.event as any)({ event: { type: 'session.created', properties: null } });
  });

  it('only reads user text parts', () => {
    expect(userText([{ type: 'text', text: 'a' }, { type: 'file' }, { type: 'text', text: 'b', synthetic: true }])).toBe('a');
    expect(userText('x')).toBeNull();
    expect(isOpencodeRun(['opencode', 'run', 'x'])).toBe(true);
    expect(isOpencodeRun(['opencode', 'running'])).toBe(false);
  });
});
