import { describe, expect, it } from 'vitest';
import type { Action, TaskContract } from '../../generated/types.js';
import { decide } from './decide.js';
import type { DecisionInput } from './input.js';
import { REASONS } from './reasons.js';
import { directiveFor } from './directive-text.js';
import { decisionMessage } from './message.js';

const ROOT = '/work/proj';

function contract(over: Partial<TaskContract> = {}): TaskContract {
  return {
    mode: 'change',
    level: 'guard',
    files: null,
    deps: 'ask',
    hash: 'deny',
    hostconfig: 'deny',
    agents: null,
    checks: 'allow',
    source: 'directive',
    projectRoot: ROOT,
    ...over,
  };
}

function action(over: Partial<Action> = {}): Action {
  return {
    id: 'call-1',
    tool: 'Write',
    mutability: 'write',
    effects: [{ kind: 'write', path: `${ROOT}/src/a.ts` }],
    intents: { dependency: false, hash: false },
    inputDigest: 'd1',
    ...over,
  };
}

function input(c: Partial<TaskContract>, a: Partial<Action> = {}, rest: Partial<DecisionInput> = {}): DecisionInput {
  return {
    contract: contract(c),
    action: action(a),
    protectedPaths: { remit: ['/home/u/.local/state/remit/**'], hostConfig: ['/home/u/.claude/settings.json', `${ROOT}/.claude/settings*.json`] },
    ledger: { reserved: 0, unresolved: [], idState: 'new' },
    ...rest,
  };
}

const codeOf = (i: DecisionInput) => {
  const d = decide(i);
  return `${d.outcome}/${d.reasonCode}`;
};

describe('decide: the rule table in order', () => {
  it('damaged-state: damaged state allows reads and denies the rest when the audit says armed', () => {
    expect(codeOf(input({}, { mutability: 'read', effects: [] }, { damaged: { lastArmed: true } }))).toBe('allow/RECOVERY_READ_ONLY');
    expect(codeOf(input({}, {}, { damaged: { lastArmed: true } }))).toBe('deny/STATE_DAMAGED');
    const observed = decide(input({}, {}, { damaged: { lastArmed: false } }));
    expect(observed).toMatchObject({ outcome: 'report', reasonCode: 'STATE_DAMAGED', would: 'deny', controlState: 'OBSERVING' });
  });

  it('guard-error: a guard error denies mutations while ARMED, allows while OBSERVING, allows reads', () => {
    expect(codeOf(input({}, {}, { guardError: true }))).toBe('deny/GUARD_ERROR');
    expect(codeOf(input({}, { mutability: 'delegate', effects: [] }, { guardError: true }))).toBe('deny/GUARD_ERROR');
    expect(codeOf(input({}, { mutability: 'read', effects: [] }, { guardError: true }))).toBe('allow/GUARD_ERROR');
    expect(codeOf(input({ level: 'watch' }, {}, { guardError: true }))).toBe('allow/GUARD_ERROR');
  });

  it('invalid-directive: a pending directive error denies write, unknown and delegate at every level but off, even unarmed', () => {
    const err = { code: 'INVALID_DIRECTIVE_TOKEN' as const, token: 'chnage', message: 'unknown token' };
    expect(codeOf(input({ mode: 'unconfirmed', level: 'watch' }, {}, { directiveError: err }))).toBe('deny/INVALID_DIRECTIVE');
    expect(codeOf(input({}, { mutability: 'unknown', effects: [] }, { directiveError: err }))).toBe('deny/INVALID_DIRECTIVE');
    expect(codeOf(input({}, { mutability: 'delegate', effects: [] }, { directiveError: err }))).toBe('deny/INVALID_DIRECTIVE');
    expect(codeOf(input({}, { mutability: 'read', effects: [] }, { directiveError: err }))).toBe('allow/WITHIN_CONTRACT');
    expect(codeOf(input({ level: 'off' }, {}, { directiveError: err }))).toBe('allow/CONTROL_OFF');
    expect(decide(input({}, {}, { directiveError: err })).explanation).toContain('chnage');
  });

  it('control-inactive: off allows; unconfirmed allows and is recorded as inactive', () => {
    expect(codeOf(input({ level: 'off', mode: 'review' }))).toBe('allow/CONTROL_OFF');
    expect(codeOf(input({ mode: 'unconfirmed', level: 'watch' }))).toBe('allow/CONTROL_INACTIVE');
  });

  it('approved-once: a one-time approval allows the matching action before any other rule', () => {
    expect(codeOf(input({ mode: 'review' }, {}, { approved: true }))).toBe('allow/APPROVED_ONCE');
  });

  it("self-protection: remit's own files are never writable; host config only with hostconfig=allow", () => {
    const own = { effects: [{ kind: 'write' as const, path: '/home/u/.local/state/remit/sessions/x.json' }] };
    expect(codeOf(input({ hostconfig: 'allow' }, own))).toBe('deny/GUARD_SELF_PROTECTION');
    const host = { effects: [{ kind: 'write' as const, path: `${ROOT}/.claude/settings.local.json` }] };
    expect(codeOf(input({}, host))).toBe('deny/GUARD_SELF_PROTECTION');
    expect(codeOf(input({ hostconfig: 'ask' }, host))).toBe('ask/GUARD_SELF_PROTECTION');
    expect(codeOf(input({ hostconfig: 'allow' }, host))).toBe('allow/WITHIN_CONTRACT');
    expect(codeOf(input({}, { mutability: 'unknown', effects: [], mentionedPaths: ['/home/u/.claude/settings.json'] }))).toBe('deny/GUARD_SELF_PROTECTION');
    expect(codeOf(input({}, { mutability: 'read', effects: [{ kind: 'read', path: '/home/u/.claude/settings.json' }] }))).toBe('allow/WITHIN_CONTRACT');
    expect(codeOf(input({ hostconfig: 'allow' }, { mutability: 'unknown', effects: [], remitCommand: true }))).toBe('deny/GUARD_SELF_PROTECTION');
  });

  it('checks-policy, mode-forbids-mutation, mode-requires-proof: non-mutating modes deny writes, ask for unknown, and treat checks as reads when allowed', () => {
    for (const mode of ['answer', 'review', 'monitor'] as const) {
      expect(codeOf(input({ mode }))).toBe('deny/MODE_FORBIDS_MUTATION');
      expect(codeOf(input({ mode }, { mutability: 'unknown', effects: [] }))).toBe('ask/MUTABILITY_UNPROVEN');
      expect(codeOf(input({ mode }, { mutability: 'check', effects: [] }))).toBe('allow/WITHIN_CONTRACT');
      expect(codeOf(input({ mode, checks: 'deny' }, { mutability: 'check', effects: [] }))).toBe('ask/CHECKS_NOT_AUTHORIZED');
      expect(codeOf(input({ mode }, { mutability: 'control', effects: [] }))).toBe('allow/WITHIN_CONTRACT');
    }
    expect(codeOf(input({ mode: 'change' }, { mutability: 'unknown', effects: [] }))).toBe('allow/WITHIN_CONTRACT');
  });

  it('hash-policy: hash intent follows hash=, and the mode rule wins over it', () => {
    const hashing = { mutability: 'read' as const, effects: [], intents: { dependency: false, hash: true }, facts: { hash: 'sha256sum a.zip' } };
    expect(codeOf(input({}, hashing))).toBe('deny/HASH_NOT_AUTHORIZED');
    expect(codeOf(input({ hash: 'ask' }, hashing))).toBe('ask/HASH_NOT_AUTHORIZED');
    expect(codeOf(input({ hash: 'allow' }, hashing))).toBe('allow/WITHIN_CONTRACT');
    expect(decide(input({}, hashing)).explanation).toContain('sha256sum a.zip');
    expect(codeOf(input({ mode: 'review' }, { ...hashing, mutability: 'write', effects: [{ kind: 'write', path: `${ROOT}/x` }] }))).toBe(
      'deny/MODE_FORBIDS_MUTATION',
    );
    // hash before file scope
    expect(
      codeOf(
        input(
          { files: [`${ROOT}/src/**`], filesAsTyped: ['src/**'] },
          { intents: { dependency: false, hash: true }, effects: [{ kind: 'write', path: `${ROOT}/README.md` }] },
        ),
      ),
    ).toBe('deny/HASH_NOT_AUTHORIZED');
  });

  it('hash-policy and dependency-policy: an intent that is only possible (what runs is hidden) asks, never denies', () => {
    const hidden = {
      mutability: 'unknown' as const,
      effects: [],
      analysis: 'dynamic_word' as const,
      intents: { dependency: true, hash: true, dependencyEvidence: 'hidden' as const, hashEvidence: 'hidden' as const },
      facts: { unproven: '$PM install x' },
    };
    expect(codeOf(input({}, hidden))).toBe('ask/HASH_NOT_AUTHORIZED');
    expect(decide(input({}, hidden)).explanation).toBe(
      '`$PM install x` runs something remit cannot see, which may add a dependency or compute a hash; the task did not request that.',
    );
    expect(codeOf(input({ hash: 'allow', deps: 'deny' }, hidden))).toBe('ask/DEPENDENCY_NOT_AUTHORIZED');
    expect(codeOf(input({ hash: 'allow', deps: 'allow' }, hidden))).toBe('allow/WITHIN_CONTRACT');
    // Each intent on its own: a hash the text shows is denied as before, the hidden install asks.
    const shown = {
      ...hidden,
      intents: { dependency: true, hash: true, dependencyEvidence: 'hidden' as const, hashEvidence: 'command' as const },
      facts: { hash: 'sha256sum a' },
    };
    expect(codeOf(input({}, shown))).toBe('deny/HASH_NOT_AUTHORIZED');
    expect(codeOf(input({ hash: 'allow', deps: 'deny' }, shown))).toBe('ask/DEPENDENCY_NOT_AUTHORIZED');
  });

  it('files-scope: files= asks for unprovable writes and denies effects outside the globs', () => {
    const c = { files: [`${ROOT}/src/**`, `${ROOT}/test/a.ts`], filesAsTyped: ['src/**', 'test/a.ts'] };
    expect(codeOf(input(c))).toBe('allow/WITHIN_CONTRACT');
    expect(codeOf(input(c, { effects: [{ kind: 'write', path: `${ROOT}/test/a.ts` }] }))).toBe('allow/WITHIN_CONTRACT');
    const outside = decide(
      input(c, {
        effects: [
          { kind: 'write', path: `${ROOT}/src/a.ts` },
          { kind: 'delete', path: `${ROOT}/README.md` },
        ],
      }),
    );
    expect(outside).toMatchObject({ outcome: 'deny', reasonCode: 'PATH_OUTSIDE_CONTRACT', family: 'S', factIndex: 1 });
    expect(outside.explanation).toContain('README.md');
    expect(outside.nextStep).toContain('files=src/**|test/a.ts|README.md');
    expect(codeOf(input(c, { effects: [] }))).toBe('ask/WRITE_PATH_UNPROVEN');
    expect(codeOf(input(c, { mutability: 'unknown', effects: [] }))).toBe('ask/WRITE_PATH_UNPROVEN');
    // some targets proven inside, one not provable (`rm src/a.ts; rm $F`)
    expect(codeOf(input(c, { effects: [{ kind: 'delete', path: `${ROOT}/src/a.ts` }], analysis: 'dynamic_word' }))).toBe('ask/WRITE_PATH_UNPROVEN');
    expect(codeOf(input(c, { effects: [{ kind: 'delete', path: `${ROOT}/lib/a.ts` }], analysis: 'dynamic_word' }))).toBe('deny/PATH_OUTSIDE_CONTRACT');
    expect(codeOf(input(c, { mutability: 'check', effects: [] }))).toBe('allow/WITHIN_CONTRACT');
    expect(codeOf(input(c, { mutability: 'read', effects: [{ kind: 'read', path: '/etc/hosts' }] }))).toBe('allow/WITHIN_CONTRACT');
    expect(codeOf(input({ files: [], filesAsTyped: [] }))).toBe('deny/PATH_OUTSIDE_CONTRACT');
    // `dir/**` names the folder itself; dotfiles match
    expect(codeOf(input(c, { effects: [{ kind: 'create', path: `${ROOT}/src` }] }))).toBe('allow/WITHIN_CONTRACT');
    expect(codeOf(input(c, { effects: [{ kind: 'write', path: `${ROOT}/src/.env` }] }))).toBe('allow/WITHIN_CONTRACT');
  });

  it('files-scope: Windows-style contracts compare without case', () => {
    const c = { projectRoot: 'C:/Work/proj', caseInsensitivePaths: true, files: ['C:/Work/proj/src/**'], filesAsTyped: ['src/**'] };
    expect(codeOf(input(c, { effects: [{ kind: 'write', path: 'c:/work/PROJ/Src/a.ts' }] }))).toBe('allow/WITHIN_CONTRACT');
    expect(codeOf(input(c, { effects: [{ kind: 'write', path: 'C:/Work/proj/lib/a.ts' }] }))).toBe('deny/PATH_OUTSIDE_CONTRACT');
  });

  it('dependency-policy: dependency intent follows deps= (ask by default)', () => {
    const dep = { mutability: 'write' as const, intents: { dependency: true, hash: false }, facts: { dependency: 'npm install left-pad' } };
    expect(codeOf(input({}, dep))).toBe('ask/DEPENDENCY_NOT_AUTHORIZED');
    expect(codeOf(input({ deps: 'deny' }, dep))).toBe('deny/DEPENDENCY_NOT_AUTHORIZED');
    expect(codeOf(input({ deps: 'allow' }, dep))).toBe('allow/WITHIN_CONTRACT');
    expect(decide(input({}, dep)).nextStep).toContain('$remit change deps=allow');
  });

  it('agent-budget: delegation under a finite budget', () => {
    const launch = (count: number, extra: object = {}) => ({
      tool: 'Agent',
      mutability: 'delegate' as const,
      effects: [],
      delegation: { count, completionScope: 'children' as const, ...extra },
    });
    expect(codeOf(input({ agents: 0 }, launch(1)))).toBe('deny/AGENT_BUDGET_EXHAUSTED');
    expect(codeOf(input({ agents: 1 }, launch(1)))).toBe('allow/WITHIN_CONTRACT');
    expect(codeOf(input({ agents: 3 }, launch(2), { ledger: { reserved: 1, unresolved: [], idState: 'new' } }))).toBe('allow/WITHIN_CONTRACT');
    const over = decide(input({ agents: 2 }, launch(2), { ledger: { reserved: 1, unresolved: [], idState: 'new' } }));
    expect(over).toMatchObject({ outcome: 'deny', reasonCode: 'AGENT_BUDGET_EXHAUSTED' });
    expect(over.explanation).toContain('1 reserved, this call needs 2');
    expect(codeOf(input({ agents: 4 }, launch(1, { unbounded: true })))).toBe('deny/UNBOUNDED_DELEGATION');
    expect(codeOf(input({}, launch(1, { unbounded: true })))).toBe('allow/WITHIN_CONTRACT');
    expect(codeOf(input({ agents: 4 }, launch(1), { ledger: { reserved: 0, unresolved: ['unbounded_execution'], idState: 'new' } }))).toBe(
      'deny/DELEGATION_STATE_UNPROVEN',
    );
    expect(codeOf(input({ agents: 4 }, launch(0, { lifecycleUnproven: true })))).toBe('deny/DELEGATION_LIFECYCLE_UNPROVEN');
    expect(codeOf(input({}, launch(1), { ledger: { reserved: 0, unresolved: [], idState: 'released' } }))).toBe('deny/DUPLICATE_ACTION_ID');
    // a pending directive error blocks before the budget; unbounded beats the count
    expect(codeOf(input({ agents: 0 }, launch(1), { directiveError: { code: 'CONFLICTING_DIRECTIVE', token: 'review', message: 'x' } }))).toBe(
      'deny/INVALID_DIRECTIVE',
    );
    expect(codeOf(input({ agents: 0 }, launch(5, { unbounded: true })))).toBe('deny/UNBOUNDED_DELEGATION');
  });

  it('lock-requires-proof: lock asks for unknown actions even in change mode', () => {
    expect(codeOf(input({ level: 'lock' }, { mutability: 'unknown', effects: [] }))).toBe('ask/LOCK_EFFECT_UNPROVEN');
    // in a non-mutating mode the mode rule comes first
    expect(codeOf(input({ level: 'lock', mode: 'review' }, { mutability: 'unknown', effects: [] }))).toBe('ask/MUTABILITY_UNPROVEN');
    expect(codeOf(input({ level: 'lock' }))).toBe('allow/WITHIN_CONTRACT');
  });

  it('repeated-check: the same check past the threshold is reported, never blocked', () => {
    const check = { mutability: 'check' as const, effects: [] };
    expect(codeOf(input({}, check, { repeatedChecks: 2 }))).toBe('allow/WITHIN_CONTRACT');
    expect(decide(input({}, check, { repeatedChecks: 3 }))).toMatchObject({ outcome: 'report', reasonCode: 'REPEATED_CHECK', family: 'T' });
  });

  it('OBSERVING turns ask and deny into reports that say what an armed session would do', () => {
    expect(decide(input({ mode: 'review', level: 'watch' }))).toMatchObject({
      outcome: 'report',
      would: 'deny',
      reasonCode: 'MODE_FORBIDS_MUTATION',
      controlState: 'OBSERVING',
    });
    expect(decide(input({ mode: 'review', level: 'watch' }, { mutability: 'unknown', effects: [] }))).toMatchObject({ outcome: 'report', would: 'ask' });
  });

  it('is total: a malformed action yields a GUARD_ERROR verdict, not an exception', () => {
    const broken = input({}, {});
    (broken as { action: unknown }).action = { mutability: 'write', effects: null, intents: null };
    expect(decide(broken)).toMatchObject({ reasonCode: 'GUARD_ERROR', outcome: 'deny' });
  });

  it('every reason code has a family entry and every verdict a message naming its code', () => {
    for (const code of Object.keys(REASONS)) expect(REASONS[code as keyof typeof REASONS].meaning.length).toBeGreaterThan(10);
    const d = decide(input({ mode: 'review' }));
    const msg = decisionMessage(d, 'evt_0001', contract({ mode: 'review' }));
    expect(msg.split('\n')[0]).toContain('MODE_FORBIDS_MUTATION');
    expect(msg).toContain('$remit change');
  });

  it('directiveFor restates every chosen field, since a directive replaces the contract', () => {
    expect(directiveFor(contract({ mode: 'review', files: ['/x/src/**'], filesAsTyped: ['src/**'], agents: 2 }), { mode: 'change' })).toBe(
      '$remit change files=src/** agents=2',
    );
    expect(directiveFor(contract({ level: 'lock' }), { deps: 'allow' })).toBe('$remit change lock deps=allow');
  });
});
