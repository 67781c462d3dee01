import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakePi } from '../pi-family/fake-host.js';
import { createTestWorld, type TestWorld } from '../../test/support/test-world.js';
import { readVerdictText } from '../plugin-host/verdict-text.js';
import { createRemitOmpExtension } from './extension.js';
import remitOmpExtension from './index.js';
import { ompToolRequest } from './tools.js';

let world: TestWorld;
let env: NodeJS.ProcessEnv;
beforeEach(async () => {
  world = await createTestWorld();
  env = {};
});
afterEach(() => world.dispose());

function host(opts: Partial<ConstructorParameters<typeof FakePi>[0]> = {}): FakePi {
  return new FakePi({ host: 'omp', cwd: world.project, sessionId: 'o-root', ...opts }).load(
    createRemitOmpExtension({ runtime: world.runtime, env, stderr: () => {} }),
  );
}

describe('omp extension loaded as omp loads it', () => {
  it('is a default-export factory taking the ExtensionAPI', () => {
    expect(typeof remitOmpExtension).toBe('function');
  });

  it('takes the prompt from before_agent_start in -p (no input event) and blocks a write before it runs', async () => {
    const omp = host({ print: true });
    await omp.startSession();
    await omp.prompt('$remit review -- only look');
    expect(omp.injected.join('\n')).toMatch(/mode=review/);
    const target = path.join(world.project, 'w.txt');
    const out = await omp.tool('write', { path: target, content: 'x' }, () => writeFileSync(target, 'x'));
    expect(out.blocked).toBe(true);
    expect(readVerdictText(out.reason)).toEqual({ outcome: 'deny', reasonCode: 'MODE_FORBIDS_MUTATION' });
    expect(existsSync(target)).toBe(false);
  });

  it("answers an inspection command with omp's {handled: true} on the interactive path", async () => {
    const omp = host();
    await omp.startSession();
    const [input] = omp.handlers.get('input')!;
    expect(await input!({ type: 'input', text: '$remit status', source: 'interactive' }, omp.ctx)).toEqual({ handled: true });
  });

  it('counts a task batch as one reservation of its size, under agents=N', async () => {
    const omp = host({ print: true });
    await omp.startSession();
    await omp.prompt('$remit change agents=2');
    const out = await omp.tool('task', { context: 'c', tasks: [{ task: 'a' }, { task: 'b' }, { task: 'c' }] });
    expect(out.blocked).toBe(true);
    expect(out.reason).toMatch(/AGENT_BUDGET_EXHAUSTED|UNBOUNDED_DELEGATION/);
  });

  it('attaches a report as additionalContext in watch mode', async () => {
    const omp = host({ print: true });
    await omp.startSession();
    await omp.prompt('$remit review watch');
    const out = await omp.tool('write', { path: path.join(world.project, 'r'), content: '' });
    expect(out.ran).toBe(true);
    expect(readVerdictText(out.context)?.outcome).toBe('report');
  });

  it('acts for an in-process task child under the root session', async () => {
    const omp = host({ print: true });
    await omp.startSession();
    await omp.prompt('$remit review');
    omp.sessionId = 'o-child';
    await omp.startSession();
    await omp.prompt('$remit change');
    expect((await omp.tool('write', { path: path.join(world.project, 'k'), content: '' })).reason).toMatch(/MODE_FORBIDS_MUTATION/);
  });

  it('reads every edit mode', () => {
    expect(ompToolRequest('edit', { path: 'a', old_string: 'x', new_string: 'y' })).toMatchObject({ type: 'edit', path: 'a' });
    expect(ompToolRequest('edit', { input: '*** Begin Patch\n*** Add File: a\n+x\n*** End Patch' })).toMatchObject({ type: 'patch', format: 'apply_patch' });
    expect(ompToolRequest('edit', { input: '[a.ts#1a2b]\n...', paths: ['a.ts'] })).toMatchObject({ type: 'edit', path: 'a.ts' });
    expect(ompToolRequest('edit', { input: 'x', paths: ['a', 'b'] })).toMatchObject({ type: 'other' });
    expect(ompToolRequest('edit', { path: 'a', edits: [{ rename: 'b' }] })).toMatchObject({ type: 'other' });
    expect(ompToolRequest('bash', { command: 'ls', env: { GIT_DIR: '/x' } })).toMatchObject({ type: 'other' });
    expect(ompToolRequest('BASH', { command: 'ls' })).toMatchObject({ type: 'shell' });
  });

  it('answers bad input without crashing', async () => {
    const omp = host({ print: true });
    await omp.startSession();
    await omp.prompt('$remit review');
    expect((await omp.tool('edit', null)).blocked).toBe(true);
    expect((await omp.tool('write', { path: 'x'.repeat(100_000), content: '\u0000' })).blocked).toBe(true);
    for (const ev of ['message_start', 'before_agent_start', 'tool_result', 'session_shutdown', 'before_subagent_spawn', 'session_switch']) {
      for (const h of omp.handlers.get(ev) ?? []) await h(undefined, {} as never);
    }
  });
});
