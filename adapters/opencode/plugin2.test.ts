import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestWorld, type TestWorld } from '../../test/support/test-world.js';
import { readVerdictText } from '../plugin-host/verdict-text.js';
import { opencodeV2Plugin, unwrapV2Prompt, type OpencodeV2Context } from './plugin2.js';
import { opencodeV2ToolRequest } from './tools.js';

let world: TestWorld;
beforeEach(async () => {
  world = await createTestWorld();
});
afterEach(() => world.dispose());

type Fn = (e: any) => Promise<void>;

/** Loads the OpenCode 2 definition as 2.1.2 does: `setup(ctx)` registers hooks by name. */
async function load(parents: Record<string, string> = {}) {
  const hooks: Record<string, Fn> = {};
  const ctx: OpencodeV2Context = {
    location: { directory: world.project },
    session: { hook: (n, fn) => (hooks[`session.${n}`] = fn as Fn), get: async ({ sessionID }) => ({ id: sessionID, parentID: parents[sessionID] }) },
    tool: { hook: (n, fn) => (hooks[`tool.${n}`] = fn as Fn) },
  };
  const def = opencodeV2Plugin(undefined, async () => world.runtime);
  expect(def.id).toBe('remit');
  await def.setup(ctx);
  let seq = 0;
  return {
    hooks,
    prompt: (sessionID: string, text: string) =>
      hooks['session.prompt']!({ sessionID, messageID: `msg_${++seq}`, prompt: { text, files: [] }, delivery: 'steer' }),
    async tool(sessionID: string, tool: string, input: unknown, run?: () => void) {
      const id = `call_${++seq}`;
      try {
        await hooks['tool.execute.before']!({ tool, sessionID, agent: 'build', messageID: 'm', id, input });
      } catch (err) {
        return { ran: false, thrown: (err as Error).message };
      }
      run?.();
      await hooks['tool.execute.after']!({ tool, sessionID, id, input, status: 'completed', result: { content: [] } });
      return { ran: true, thrown: undefined };
    },
    async system(sessionID: string) {
      const e = { sessionID, system: [{ type: 'text', text: 'host prompt' }], messages: [] };
      await hooks['session.context']!(e);
      return e.system.map((s) => s.text);
    },
  };
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
