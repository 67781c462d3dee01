import { describe, expect, it } from 'vitest';
import { validateTaskContract } from '../../generated/validate-task-contract.js';
import { controlStateOf, defaultContract } from './defaults.js';

describe('defaultContract', () => {
  it('is the documented default and valid against the schema', () => {
    const c = defaultContract();
    expect(c).toEqual({
      mode: 'unconfirmed',
      level: 'watch',
      files: null,
      deps: 'ask',
      hash: 'deny',
      hostconfig: 'deny',
      agents: null,
      checks: 'allow',
      source: 'default',
    });
    expect(validateTaskContract(c)).toBe(true);
  });

  it('returns a fresh object each time', () => {
    const a = defaultContract();
    a.mode = 'change';
    expect(defaultContract().mode).toBe('unconfirmed');
  });
});

describe('controlStateOf', () => {
  it.each([
    ['off', 'OFF'],
    ['watch', 'OBSERVING'],
    ['guard', 'ARMED'],
    ['lock', 'ARMED'],
  ] as const)('%s → %s', (level, state) => {
    expect(controlStateOf({ ...defaultContract(), mode: 'change', level })).toBe(state);
  });
});
