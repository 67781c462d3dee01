// The runner against the production Runtime; the adapter target is driven by a small adapter
// written here (adapters belong to their hosts; this one only exercises the runner's side).
import { describe, expect, it } from 'vitest';
import type { Case, HostCapability, Step } from '../../generated/types.js';
import type { HostAdapter, NativeCall } from '../host/adapter.js';
import { createRuntime } from '../host/create-runtime.js';
import type { ControllerResult } from '../controller/result.js';
import { CORE_TARGET, type RuntimeFactory } from './target.js';
import { describeFailure, replayCase } from './replay-case.js';
import { REPLAY_LOCK_TIMEOUT_MS } from './replay-case.js';
import { DEFAULT_LOCK_TIMEOUT_MS } from '../state/lock.js';

const factory: RuntimeFactory = (o) =>
  createRuntime({ home: o.home, env: o.env, ...(o.lockTimeoutMs !== undefined ? { lockTimeoutMs: o.lockTimeoutMs } : {}) });
const opts = { createRuntime: factory };

const write = (path: string) => ({ type: 'write' as const, path, content: 'x\n' });

describe('replayCase through the core', () => {
  it('{{last_event}} names the last decided event, so a one-time approval replays', async () => {
    const c: Case = {
      title: 'approve once',
      root: { 'a.txt': 'old\n' },
      bad: {
        steps: [
          { prompt: '$remit review -- look', expect: { outcome: 'none', reasonCode: 'DIRECTIVE_ACCEPTED' } },
          { action: write('a.txt'), expect: { outcome: 'deny', reasonCode: 'MODE_FORBIDS_MUTATION', family: 'I' } },
          { prompt: '$remit allow {{last_event}}', expect: { outcome: 'answer', reasonCode: 'INSPECTION' } },
          { action: write('a.txt'), expect: { outcome: 'allow', reasonCode: 'APPROVED_ONCE', family: null } },
        ],
      },
      good: { steps: [{ action: { type: 'read', paths: ['a.txt'] }, expect: { outcome: 'allow', reasonCode: 'CONTROL_INACTIVE' } }] },
    };
    const r = await replayCase(c, CORE_TARGET, opts);
    expect(r.steps.filter((s) => !s.ok).map(describeFailure)).toEqual([]);
    expect(r.status).toBe('pass');
    expect(r.steps.map((s) => s.got?.channel)).toEqual(['core', 'core', 'core', 'core', 'core']);
  });

  it('each arm starts from a fresh REMIT_HOME and session', async () => {
    const c: Case = {
      title: 'fresh arms',
      bad: { steps: [{ prompt: '$remit review' }, { action: write('a.txt'), expect: { outcome: 'deny', reasonCode: 'MODE_FORBIDS_MUTATION' } }] },
      good: { steps: [{ action: write('a.txt'), expect: { outcome: 'allow', reasonCode: 'CONTROL_INACTIVE' } }] },
    };
    expect((await replayCase(c, CORE_TARGET, opts)).status).toBe('pass');
  });

  it('a held lock costs an arm the replay lock timeout, not the production one, and still fails closed', async () => {
    const seen: (number | undefined)[] = [];
    const timed: RuntimeFactory = (o) => {
      seen.push(o.lockTimeoutMs);
      return factory(o);
    };
    const c: Case = {
      title: 'held lock',
      bad: {
        steps: [{ prompt: '$remit review' }, { damage: 'lock-held' }, { action: write('a.txt'), expect: { outcome: 'deny', reasonCode: 'GUARD_ERROR' } }],
      },
      good: { steps: [{ action: { type: 'read', paths: ['a.txt'] }, expect: { outcome: 'allow', reasonCode: 'CONTROL_INACTIVE' } }] },
    };
    const t0 = Date.now();
    const r = await replayCase(c, CORE_TARGET, { createRuntime: timed });
    expect(r.steps.filter((s) => !s.ok).map(describeFailure)).toEqual([]);
    expect(seen).toEqual([REPLAY_LOCK_TIMEOUT_MS, REPLAY_LOCK_TIMEOUT_MS]);
    expect(REPLAY_LOCK_TIMEOUT_MS).toBeLessThan(DEFAULT_LOCK_TIMEOUT_MS / 10);
    expect(Date.now() - t0).toBeLessThan(DEFAULT_LOCK_TIMEOUT_MS);
  });

  it('a wrong expectation fails with expected and got in words', async () => {
    const c: Case = {
      title: 'wrong',
      bad: { steps: [{ prompt: '$remit change' }, { action: write('a.txt'), expect: { outcome: 'deny', reasonCode: 'MODE_FORBIDS_MUTATION' } }] },
      good: { steps: [{ action: write('a.txt'), expect: { outcome: 'allow', reasonCode: 'CONTROL_INACTIVE', family: 'I' } }] },
    };
    const r = await replayCase(c, CORE_TARGET, opts);
    expect(r.status).toBe('fail');
    expect(r.reason).toBe('bad step 2: expected deny/MODE_FORBIDS_MUTATION, got allow/WITHIN_CONTRACT (core)');
    // A family given in the expectation is compared too: CONTROL_INACTIVE has none.
    expect(r.steps.find((s) => s.arm === 'good')!.ok).toBe(false);
  });

  it('damage: unreadable state denies writes in an armed session and still lets reads through', async () => {
    const c: Case = {
      title: 'damaged',
      bad: {
        steps: [
          { prompt: '$remit change' },
          { action: write('a.txt'), expect: { outcome: 'allow', reasonCode: 'WITHIN_CONTRACT' } },
          { damage: 'state-json', expect: { outcome: 'none', reasonCode: 'DAMAGED' } },
          { action: write('a.txt'), expect: { outcome: 'deny', reasonCode: 'STATE_DAMAGED' } },
        ],
      },
      good: {
        steps: [
          { prompt: '$remit change' },
          { damage: 'state-schema' },
          { action: { type: 'read', paths: ['a.txt'] }, expect: { outcome: 'allow', reasonCode: 'RECOVERY_READ_ONLY' } },
        ],
      },
    };
    const r = await replayCase(c, CORE_TARGET, opts);
    expect(r.steps.filter((s) => !s.ok).map(describeFailure)).toEqual([]);
  });

  it('damage: internal-error uses the runtime fault hook; a runtime without one fails the step', async () => {
    const c: Case = {
      title: 'guard error',
      bad: {
        steps: [{ prompt: '$remit change' }, { damage: 'internal-error' }, { action: write('a.txt'), expect: { outcome: 'deny', reasonCode: 'GUARD_ERROR' } }],
      },
      good: { steps: [{ prompt: '$remit change' }, { action: write('a.txt'), expect: { outcome: 'allow', reasonCode: 'WITHIN_CONTRACT' } }] },
    };
    expect((await replayCase(c, CORE_TARGET, opts)).status).toBe('pass');
    const bare: RuntimeFactory = (o) => {
      const { faults: _faults, ...rest } = createRuntime({ home: o.home, env: o.env });
      return rest;
    };
    const r = await replayCase(c, CORE_TARGET, { createRuntime: bare });
    expect(r.status).toBe('fail');
    expect(r.reason).toMatch(/bad step 2: damage 'internal-error' needs a runtime with a `faults` hook/);
  });

  it('a project tree that escapes its folder is a failed case, not a crash', async () => {
    const c: Case = {
      title: 'escape',
      root: { '../outside.txt': 'x' },
      bad: { steps: [{ action: write('a.txt'), expect: { outcome: 'allow', reasonCode: 'CONTROL_INACTIVE' } }] },
      good: { steps: [{ action: write('a.txt'), expect: { outcome: 'allow', reasonCode: 'CONTROL_INACTIVE' } }] },
    };
    const r = await replayCase(c, CORE_TARGET, opts);
    expect(r.status).toBe('fail');
    expect(r.reason).toMatch(/must be relative and stay inside the project/);
  });

  it('files= globs resolve against the materialised project root', async () => {
    const c: Case = {
      title: 'scope',
      root: { 'src/a.ts': 'export {};\n' },
      bad: {
        steps: [{ prompt: '$remit change files=src/**' }, { action: write('README.md'), expect: { outcome: 'deny', reasonCode: 'PATH_OUTSIDE_CONTRACT' } }],
      },
      good: {
        cwd: 'src',
        steps: [{ prompt: '$remit change files=src/**' }, { action: write('a.ts'), expect: { outcome: 'allow', reasonCode: 'WITHIN_CONTRACT' } }],
      },
    };
    const r = await replayCase(c, CORE_TARGET, opts);
    expect(r.steps.filter((s) => !s.ok).map(describeFailure)).toEqual([]);
  });
});

// ------------------------------------------------------------------------------ adapter target

const capability: HostCapability = {
  host: 'pi',
  displayName: 'Test host',
  lifecycleVersion: 2,
  process: 'in-process',
  events: {},
  denyChannel: 'throw',
  ask: 'deny',
  context: 'none',
  promptBlock: false,
  subagentLinkage: 'none',
  verified: { range: '*', method: 'unverified' },
};

/** A host that cannot block prompts, has no native ask and names no reason codes. */
function testAdapter(overrides: Partial<HostAdapter> = {}): HostAdapter {
  return {
    name: 'pi',
    capability,
    renderStep(step: Step, ctx) {
      if ('lifecycle' in step) return { calls: [], notApplicable: 'this host reports no lifecycle' };
      return { calls: [{ event: 'step', payload: { step, ctx } }] };
    },
    async invoke(call: NativeCall, runtime) {
      const { step, ctx } = call.payload as { step: Step; ctx: { sessionId: string; cwd: string; callId: string } };
      const env = {
        protocolVersion: 2 as const,
        lifecycleVersion: 2,
        host: { name: 'pi' },
        sessionId: ctx.sessionId,
        cwd: ctx.cwd,
        at: new Date().toISOString(),
      };
      let r: ControllerResult = { kind: 'none' };
      if ('prompt' in step) r = await runtime.handle({ ...env, kind: 'prompt.submit', prompt: step.prompt, origin: 'user' });
      if ('action' in step) {
        const action = await runtime.classify(step.action, { id: ctx.callId, tool: 'test_tool', cwd: ctx.cwd });
        r = await runtime.handle({ ...env, kind: 'action.before', action });
      }
      return { returned: r };
    },
    readResponse(_call, response) {
      const r = response.returned as ControllerResult;
      if (r.kind === 'decision') {
        const o = r.decision.outcome;
        if (o === 'ask') return { outcome: 'deny', channel: 'deny-for-ask' };
        if (o === 'deny') return { outcome: 'deny', channel: 'throw' };
        return { outcome: o, channel: 'none' };
      }
      return { outcome: 'none', channel: r.kind === 'none' ? 'none' : 'context' };
    },
    toolRequest: () => ({ type: 'other', tool: 'x' }),
    ...overrides,
  };
}

describe('replayCase through an adapter', () => {
  const c: Case = {
    title: 'adapter',
    bad: {
      steps: [
        { prompt: '$remit chnage', expect: { outcome: 'block', reasonCode: 'INVALID_DIRECTIVE_TOKEN' } },
        { prompt: '$remit review hash=ask', expect: { outcome: 'none', reasonCode: 'DIRECTIVE_ACCEPTED' } },
        { action: { type: 'other', tool: 'mystery' }, expect: { outcome: 'ask', reasonCode: 'MUTABILITY_UNPROVEN' } },
        { action: write('a.txt'), expect: { outcome: 'deny', reasonCode: 'MODE_FORBIDS_MUTATION' } },
      ],
    },
    good: { steps: [{ action: write('a.txt'), expect: { outcome: 'allow', reasonCode: 'CONTROL_INACTIVE' } }] },
  };

  it("reads the adapter's outcome, borrows the core's code, and accepts the host's documented limits", async () => {
    const r = await replayCase(c, { kind: 'adapter', adapter: testAdapter() }, opts);
    expect(r.steps.filter((s) => !s.ok).map(describeFailure)).toEqual([]);
    expect(r.target).toBe('pi');
    const [block, , ask, deny] = r.steps;
    expect(block!.got).toEqual({ outcome: 'none', reasonCode: 'INVALID_DIRECTIVE_TOKEN', channel: 'context' });
    expect(block!.note).toMatch(/cannot block a prompt/);
    expect(ask!.got).toEqual({ outcome: 'deny', reasonCode: 'MUTABILITY_UNPROVEN', channel: 'deny-for-ask' });
    expect(ask!.note).toMatch(/no native ask/);
    expect(deny!.got!.channel).toBe('throw');
  });

  it('a host that can block prompts must block them', async () => {
    const r = await replayCase(c, { kind: 'adapter', adapter: testAdapter({ capability: { ...capability, promptBlock: true } }) }, opts);
    expect(r.status).toBe('fail');
    expect(r.reason).toMatch(/bad step 1: expected block\/INVALID_DIRECTIVE_TOKEN, got none\/INVALID_DIRECTIVE_TOKEN \(context\)/);
  });

  it('n/a from the case or from the rendering', async () => {
    const declared = await replayCase({ ...c, hosts: { pi: 'n/a: no tools here' } }, { kind: 'adapter', adapter: testAdapter() }, opts);
    expect(declared).toMatchObject({ status: 'n/a', reason: 'no tools here' });
    const withLifecycle: Case = {
      ...c,
      good: { steps: [{ lifecycle: { kind: 'turn_end' } }, { action: write('a'), expect: { outcome: 'allow', reasonCode: 'CONTROL_INACTIVE' } }] },
    };
    const rendered = await replayCase(withLifecycle, { kind: 'adapter', adapter: testAdapter() }, opts);
    expect(rendered).toMatchObject({ status: 'n/a', reason: 'this host reports no lifecycle' });
  });
});
