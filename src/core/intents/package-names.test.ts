import { describe, expect, it } from 'vitest';
import { normalizePythonName, pep508Name } from './package-names.js';

/** What pep508Name gave when it was the expression its scanner replaces (kept here as the oracle). */
function byExpression(spec: string, requireVersion = false): string | undefined {
  const m = /^\s*([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)\s*(\[[^\]]*\])?\s*(.*)$/.exec(spec);
  if (!m) return undefined;
  const rest = m[3]!.trim();
  if (rest !== '' && !/^(?:[<>=!~]|@|;|\()/.test(rest)) return undefined;
  if (requireVersion && !/^\(?\s*(?:===?|>=?|<=?|!=|~=)/.test(rest)) return undefined;
  return m[1]!.toLowerCase().replace(/[-_.]+/g, '-');
}

describe('pep508Name', () => {
  it('reads names as PEP 508 spells them', () => {
    expect(pep508Name('requests[socks]>=2; python_version>"3"')).toBe('requests');
    expect(pep508Name('  Foo_Bar.baz  ==1 ')).toBe('foo-bar-baz');
    // A line break after the name's start is no requirement (callers trim a line's CR first).
    expect(pep508Name('a==1\r')).toBeUndefined();
    expect(pep508Name('a-')).toBeUndefined();
    expect(pep508Name('-r other.txt')).toBeUndefined();
    expect(pep508Name('a', true)).toBeUndefined();
    expect(pep508Name('a ( >=1 )', true)).toBe('a');
    expect(normalizePythonName('Zope.Interface')).toBe('zope-interface');
  });

  it('gives what the expression gave, for every string of a small alphabet with line breaks, blanks, brackets and specifiers', () => {
    const alphabet = ['a', 'Z', '9', '.', '_', '-', ' ', '\t', '\n', '\r', '\u2028', '\u00a0', '[', ']', '=', '>', '@', ';', '(', '<', '!', '~', 'x'];
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed;
    };
    for (let t = 0; t < 20000; t++) {
      let s = '';
      const len = next() % 12;
      for (let i = 0; i < len; i++) s += alphabet[next() % alphabet.length];
      for (const rv of [false, true]) expect(pep508Name(s, rv), JSON.stringify([s, rv])).toBe(byExpression(s, rv));
    }
  });
});
