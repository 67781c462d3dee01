import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestWorld, type TestWorld } from '../../test/support/test-world.js';
import { readVerdictText } from '../plugin-host/verdict-text.js';
import { FakeOpencode2 } from './fake-host2.js';
import { opencodeV2Plugin, unwrapV2Prompt } from './plugin2.js';
import { opencodeV2ToolRequest } from './tools.js';

let world: TestWorld;
beforeEach(async () => {
  world = await createTestWorld();
});
afterEach(() => world.dispose());

/** Loads the OpenCode 2 definition as 2.1.2 does (the replay stand-in: setup registers hooks by name). */
async function load(parents: Record<string, string> = {}): Promise<FakeOpencode2> {
  expect(opencodeV2Plugin(undefined).id).toBe('remit');
  const host = new FakeOpencode2(world.project, world.runtime);
  for (const [child, parent] of Object.entries(parents)) host.createSession(child, parent);
  await host.load();
  return host;
}

describe('OpenCode 2 plugin loaded as OpenCode 2.1.2 loads it', () => {
  it('registers prompt, context and both tool hooks', async () => {
    const h = await load();
    expect(Object.keys(h.hooks).sort()).toEqual(['session.context', 'session.prompt', 'tool.execute.after', 'tool.execute.before']);
  });

  it('refuses a write in review mode by throwing, before the tool runs; the contract reaches the system prompt', async () => {
    const h = await load();
    await h.prompt('ses_1', '"$remit review -- look"');
    expect((await h.system('ses_1')).join('\n')).toMatch(/mode=review/);
    const target = path.join(world.project, 'a.txt');
    const out = await h.tool('ses_1', 'write', { path: target, content: 'x' }, () => writeFileSync(target, 'x'));
    expect(out.ran).toBe(false);
    expect(readVerdictText(out.thrown)).toEqual({ outcome: 'deny', reasonCode: 'MODE_FORBIDS_MUTATION' });
    expect(existsSync(target)).toBe(false);
    expect((await h.tool('ses_1', 'shell', { command: 'echo hi > c.txt' })).ran).toBe(false);
    expect((await h.tool('ses_1', 'read', { path: path.join(world.project, 'x') })).ran).toBe(true);
  });

  it('refuses code the execute tool would run under review; each tool that code calls is judged on its own', async () => {
    const h = await load();
    await h.prompt('ses_2', '$remit review -- go');
    expect((await h.tool('ses_2', 'execute', { code: 'await tools.opencode.models({})' })).ran).toBe(false);
    // Under change, unknown code goes on as any unlisted tool does (each tool it calls passes execute.before itself) …
    await h.prompt('ses_2', '$remit change -- go');
    expect((await h.tool('ses_2', 'execute', { code: 'await tools.write({})' })).ran).toBe(true);
    // … but not where files= must be proven.
    await h.prompt('ses_2', '$remit change files=src/** -- go');
    expect((await h.tool('ses_2', 'execute', { code: 'await tools.write({})' })).ran).toBe(false);
    expect((await h.tool('ses_2', 'write', { path: path.join(world.project, 'b.txt'), content: 'y' })).ran).toBe(false);
  });

  it("a child session's prompt has no authority; its calls act under the root's contract", async () => {
    const h = await load({ ses_child: 'ses_root' });
    await h.prompt('ses_root', '$remit review');
    await h.prompt('ses_child', '$remit change');
    expect((await h.tool('ses_child', 'write', { path: path.join(world.project, 'c.txt'), content: 'z' })).ran).toBe(false);
  });

  it('removes the one pair of quotes `opencode run` puts around the whole prompt', () => {
    expect(unwrapV2Prompt('"$remit review -- look"')).toBe('$remit review -- look');
    expect(unwrapV2Prompt('"只审查"')).toBe('只审查');
    expect(unwrapV2Prompt('$remit review')).toBe('$remit review');
    expect(unwrapV2Prompt('"')).toBe('"');
  });

  it('a correction sent through `opencode run` (quoted) tightens the contract', async () => {
    const h = await load();
    await h.prompt('ses_3', '"$remit change -- tidy"');
    await h.prompt('ses_3', '"review only"');
    expect((await h.tool('ses_3', 'write', { path: path.join(world.project, 'd.txt'), content: 'z' })).ran).toBe(false);
  });

  it('maps the 2.x tools; execute and unknown tools stay other', () => {
    expect(opencodeV2ToolRequest('shell', { command: 'ls', workdir: '/w' })).toEqual({ type: 'shell', command: 'ls', shell: 'bash', workdir: '/w' });
    expect(opencodeV2ToolRequest('write', { path: '/a', content: 'c' })).toEqual({ type: 'write', path: '/a', content: 'c' });
    expect(opencodeV2ToolRequest('edit', { path: '/a', oldString: 'o', newString: 'n' })).toEqual({
      type: 'edit',
      path: '/a',
      edits: [{ old: 'o', new: 'n' }],
    });
    expect(opencodeV2ToolRequest('execute', { code: 'x' })).toEqual({ type: 'other', tool: 'execute', input: { code: 'x' } });
    expect(opencodeV2ToolRequest('write', { content: 'no path' }).type).toBe('other');
    expect(opencodeV2ToolRequest('toString', {}).type).toBe('other');
  });
});
