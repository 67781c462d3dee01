import { describe, expect, it } from 'vitest';
import { readLink, RootLink, ROOT_SESSION_ENV } from './session-link.js';
import { readVerdictText } from '../plugin-host/verdict-text.js';

describe('root session link', () => {
  it('reads a value for its own host, and calls anything else unlinked', () => {
    expect(readLink('pi', undefined)).toEqual({ kind: 'root' });
    expect(readLink('pi', 'pi:abc-1')).toEqual({ kind: 'child', root: 'abc-1' });
    expect(readLink('pi', 'omp:abc')).toMatchObject({ kind: 'unlinked' });
    expect(readLink('pi', 'pi:has space')).toMatchObject({ kind: 'unlinked', reason: 'malformed' });
    expect(readLink('pi', 'pi:' + 'x'.repeat(500))).toMatchObject({ kind: 'unlinked' });
  });

  it('moves the root only for the instance that set it', () => {
    const env: NodeJS.ProcessEnv = {};
    const root = new RootLink('pi', env);
    expect(root.identify('s1')).toEqual({ kind: 'root', sessionId: 's1' });
    root.move('s2');
    expect(env[ROOT_SESSION_ENV]).toBe('pi:s2');
    const child = new RootLink('pi', env);
    child.move('c1');
    expect(env[ROOT_SESSION_ENV]).toBe('pi:s2');
    expect(child.identify('c1')).toEqual({ kind: 'child', sessionId: 'c1', root: 's2' });
  });
});

describe('verdict text', () => {
  it('reads the outcome and code from the first line only', () => {
    expect(readVerdictText('remit needs the user to approve this action: MUTABILITY_UNPROVEN (I)\n…')).toEqual({
      outcome: 'ask',
      reasonCode: 'MUTABILITY_UNPROVEN',
    });
    expect(readVerdictText('remit noted this action (observing only; it was not blocked): PATH_OUTSIDE_CONTRACT (S)')).toEqual({
      outcome: 'report',
      reasonCode: 'PATH_OUTSIDE_CONTRACT',
    });
    expect(readVerdictText('the model said: remit refused this action: X')).toBeNull();
    expect(readVerdictText(42)).toBeNull();
  });
});
