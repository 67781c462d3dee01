import { describe, expect, it } from 'vitest';
import type { Action, RuntimeEvent, TaskContract } from '../../generated/types.js';
import { actionSummary, decisionSummary } from '../audit/summaries.js';
import { decideWithFacts } from '../decide/decide.js';
import type { DecisionInput } from '../decide/input.js';
import { contractThen, hostEffectOf, readDecision } from './decision-readback.js';

const ROOT = '/w/p';
const contract: TaskContract = {
  mode: 'change',
  level: 'guard',
  files: [`${ROOT}/src/**`],
  filesAsTyped: ['src/**'],
  deps: 'ask',
  hash: 'deny',
  hostconfig: 'deny',
  agents: 2,
  checks: 'allow',
  source: 'directive',
  projectRoot: ROOT,
};
const write = (p: string): Action => ({
  id: 'c1',
  tool: 'Write',
  mutability: 'write',
  effects: [{ kind: 'write', path: p }],
  intents: { dependency: false, hash: false },
  inputDigest: 'd1',
});
const launch: Action = {
  id: 'c2',
  tool: 'Agent',
  mutability: 'delegate',
  effects: [],
  intents: { dependency: false, hash: false },
  inputDigest: 'd2',
  delegation: { count: 1, completionScope: 'children' },
};

/** The record the controller writes for a decision on `input` (src/core/controller/action.ts). */
function recordOf(input: DecisionInput, id = 'evt_00000000000000000000000000a1'): RuntimeEvent {
  const { decision, facts } = decideWithFacts(input);
  return {
    v: 1,
    seq: 2,
    prev: null,
    id,
    at: '2026-01-01T00:00:00.000Z',
    kind: 'action',
    state: decision.controlState,
    contract: facts!.contract,
    action: actionSummary(input.action),
    decision: decisionSummary(decision, 'json-deny', input.action.effects),
    input: facts!.input,
    hostEffect: 'unobserved',
  };
}
const input = (action: Action, ledger: DecisionInput['ledger'] = { reserved: 0, unresolved: [], idState: 'new' }): DecisionInput => ({
  contract,
  action,
  protectedPaths: { remit: [], hostConfig: [] },
  ledger,
});

describe('a decision read back from its record', () => {
  it('replays the verdict and gives the exact line when the contract in force is known', () => {
    const r = recordOf(input(launch, { reserved: 2, unresolved: [], idState: 'new' }));
    expect(r.input).toEqual({ reserved: 2 });
    const read = readDecision(r, contract)!;
    expect(read).toMatchObject({
      rule: 'agent-budget',
      replay: 'same',
      fact: { kind: 'delegation' },
      authorise: { lines: ['$remit change files=src/** agents=3'], exact: true },
    });
    expect(read.explanation).toBe('The contract allows 2 concurrent subagents; 2 reserved, this call needs 1.');
  });

  it('names the decisive effect by index and kind, and says where it holds a placeholder', () => {
    const r = recordOf(input(write(`${ROOT}/lib/x.ts`)));
    expect(r.input).toEqual({ mutating: 1, first: 0, outside: 0 });
    const read = readDecision(r, null)!;
    expect(read.fact).toEqual({ kind: 'effect', reason: 'it changes a file outside the files= globs', effect: { index: 0, kind: 'write' } });
    expect(read.explanation).toBe("the file the hook's message named (effect #0) is outside files=<1 glob>.");
    expect(read.authorise).toEqual({ lines: ['$remit change files=<1 glob>|<that file> agents=2'], exact: false });
  });

  it('says when the rules today decide otherwise, and when the record predates kept inputs', () => {
    const r = recordOf(input(write(`${ROOT}/lib/x.ts`)));
    const edited = { ...r, input: { mutating: 1, first: 0 } };
    expect(readDecision(edited, contract)).toMatchObject({ replay: 'differs', replayed: { outcome: 'allow', reasonCode: 'WITHIN_CONTRACT' } });
    expect(readDecision(edited, contract)!.authorise).toBeUndefined();
    const { input: _gone, ...old } = r;
    expect(readDecision(old, contract)).toEqual({ rule: 'files-scope', replay: 'not-recorded' });
  });

  it('takes the current contract only when no change was recorded since and it summarises the same', () => {
    const r = recordOf(input(write(`${ROOT}/lib/x.ts`)));
    expect(contractThen(r, contract, false)).toBe(contract);
    expect(contractThen(r, contract, true)).toBeNull();
    expect(contractThen(r, { ...contract, agents: 3 }, false)).toBeNull();
  });
});

describe('what the host did with a call', () => {
  const r = recordOf(input(write(`${ROOT}/src/a.ts`)));
  const after = (lifecycle: 'joined' | 'failed' | 'not_started', about = r.id): RuntimeEvent => ({
    v: 1,
    seq: 3,
    prev: null,
    id: 'evt_00000000000000000000000000b1',
    at: '',
    kind: 'lifecycle',
    about,
    lifecycle: { event: 'action.after', applied: false, lifecycle },
  });
  it('is unobserved only when no later fact names the call', () => {
    expect(hostEffectOf(r, [])).toBe('unobserved');
    expect(hostEffectOf(r, [after('joined', 'evt_00000000000000000000000000ff')])).toBe('unobserved');
    expect(hostEffectOf(r, [after('joined')])).toBe('ran');
    expect(hostEffectOf(r, [after('failed')])).toBe('failed');
    expect(hostEffectOf(r, [after('not_started')])).toBe('not_started');
    const effect: RuntimeEvent = {
      v: 1,
      seq: 4,
      prev: null,
      id: 'evt_00000000000000000000000000c1',
      at: '',
      kind: 'effect',
      about: r.id,
      hostEffect: 'executed_despite_deny',
    };
    expect(hostEffectOf(r, [after('joined'), effect])).toBe('executed_despite_deny');
  });
});
