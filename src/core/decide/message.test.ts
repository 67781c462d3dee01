import { describe, expect, it } from 'vitest';
import type { Action, TaskContract } from '../../generated/types.js';
import { decide } from './decide.js';
import { approvalQuestion, decisionMessage } from './message.js';

const ROOT = '/work/proj';
const contract = (over: Partial<TaskContract>): TaskContract => ({
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
});
const shell: Action = {
  id: 'c1',
  tool: 'Bash',
  mutability: 'unknown',
  effects: [],
  intents: { dependency: false, hash: false },
  inputDigest: 'd',
  analysis: 'script_unread',
  facts: { unproven: 'npm run build' },
};
const decideFor = (c: Partial<TaskContract>, a: Action = shell) =>
  decide({ contract: contract(c), action: a, protectedPaths: { remit: [], hostConfig: [] }, ledger: { reserved: 0, unresolved: [], idState: 'new' } });

describe('the question at a host approval prompt', () => {
  it('says what needs approval and why, for a person: no model-directed line, no $remit allow, the code on the first line', () => {
    const d = decideFor({ mode: 'review' });
    expect(d.outcome).toBe('ask');
    const q = approvalQuestion(d);
    expect(q.split('\n')[0]).toBe("remit needs the user's approval for this action (MUTABILITY_UNPROVEN):");
    expect(q).toContain('`npm run build` may change files (script_unread: it runs a script remit could not read), and the task mode is review.');
    expect(q).toContain('Approving lets this one call run');
    expect(q).toContain('start your next prompt with `$remit change`');
    expect(q).not.toMatch(/Do not work around|\$remit allow|State: /);
    // The model's text keeps its guidance and the one-time line.
    const m = decisionMessage(d, 'evt_1', contract({ mode: 'review' }));
    expect(m).toContain('Do not work around this refusal');
    expect(m).toContain('`$remit allow evt_1`');
  });

  it('offers no lasting directive when the rule names none', () => {
    const q = approvalQuestion(decideFor({ files: [`${ROOT}/src/**`], filesAsTyped: ['src/**'] }));
    expect(q).toContain('WRITE_PATH_UNPROVEN');
    expect(q).not.toContain('rest of the task');
  });

  it('names the setting a policy ask would change', () => {
    const check: Action = { ...shell, mutability: 'check', analysis: undefined, facts: { check: 'npm test' } };
    const q = approvalQuestion(decideFor({ checks: 'deny' }, check));
    expect(q).toContain("runs the project's checks, and the contract says checks=deny.");
    // checks=allow is the default, so restating the contract without checks=deny allows them.
    expect(q).toContain('start your next prompt with `$remit change`.');
  });
});
