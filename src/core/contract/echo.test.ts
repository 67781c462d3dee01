import { describe, expect, it } from 'vitest';
import type { TaskContract } from '../../generated/types.js';
import { defaultContract } from './defaults.js';
import { contractLine, helpText } from './echo.js';
import { parsePrompt } from './parse-prompt.js';

function directive(text: string): TaskContract {
  const r = parsePrompt(text, { projectRoot: '/p', previous: defaultContract() });
  if (r.kind !== 'directive') throw new Error(r.kind);
  return r.contract;
}

describe('contractLine', () => {
  it('shows the effective contract with the globs as typed', () => {
    expect(contractLine(directive('$remit review files=src/**|test/** agents=2 -- x'))).toBe(
      'remit ARMED: mode=review level=guard files=src/**|test/** deps=ask hash=deny hostconfig=deny agents=2 checks=allow',
    );
  });

  it('shows the defaults without any sentinel', () => {
    const line = contractLine(defaultContract());
    expect(line).toBe('remit OBSERVING: mode=unconfirmed level=watch files=unbounded deps=ask hash=deny hostconfig=deny agents=unlimited checks=allow');
    expect(line).not.toContain(String(Number.MAX_SAFE_INTEGER));
  });

  it('shows no writes, OFF and the reservation count', () => {
    expect(contractLine(directive('$remit change files= agents=0'))).toContain('files=none');
    expect(contractLine(directive('$remit off'))).toMatch(/^remit OFF: mode=unconfirmed level=off /);
    expect(contractLine(directive('$remit change agents=4'), 3)).toContain(' agents=3/4 reserved ');
    expect(contractLine(directive('$remit change'), 3)).toContain(' agents=unlimited ');
  });

  it('falls back to the canonical globs and escapes control characters', () => {
    const c: TaskContract = { ...defaultContract(), files: ['/p/a\nb'], level: 'lock', mode: 'change' };
    const line = contractLine(c);
    expect(line).toContain('files=/p/a\\u000ab');
    expect(line).not.toContain('\n');
  });
});

describe('helpText', () => {
  it('names every token and command', () => {
    const text = helpText();
    for (const word of [
      'answer',
      'review',
      'monitor',
      'change',
      'watch',
      'guard',
      'lock',
      'off',
      'files=',
      'deps=',
      'hash=',
      'hostconfig=',
      'agents=',
      'checks=',
      '$remit status',
      '$remit runtime',
      '$remit explain',
      '$remit label',
      '$remit allow',
      '$remit help',
    ]) {
      expect(text).toContain(word);
    }
  });

  it('its examples are valid directives', () => {
    const examples = helpText()
      .split('\n')
      .filter((l) => l.startsWith('  $remit '))
      .map((l) => l.trim());
    expect(examples).toHaveLength(2);
    for (const line of examples) {
      expect(parsePrompt(line, { projectRoot: '/p', previous: defaultContract() }).kind).toBe('directive');
    }
  });
});
