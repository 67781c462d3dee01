import { describe, expect, it } from 'vitest';
import { globsOverlap, segmentsOverlap } from './glob-overlap.js';

describe('segmentsOverlap', () => {
  it.each([
    ['.cl*', '.claude', true],
    ['set*', 'settings.json', true],
    ['*.json', 'settings.local.json', true],
    ['s?ttings.json', 'settings.json', true],
    ['[st]ettings.json', 'settings.json', true],
    ['[!s]ettings.json', 'settings.json', false],
    ['*.txt', 'settings.json', false],
    ['out.txt', 'settings.json', false],
    ['a*b', '*c', false],
    ['a*', '*b', true],
    ['{a,b}', 'c', true],
  ])('%s and %s: %s', (a, b, want) => {
    expect(segmentsOverlap(a, b)).toBe(want);
    expect(segmentsOverlap(b, a)).toBe(want);
  });
});

describe('globsOverlap', () => {
  it.each([
    ['/repo/.cl*/set*', '/**/.claude/settings.json', true],
    ['/repo/.CL*/SET*', '/**/.claude/settings.json', true],
    ['/repo/**/set*', '/**/.claude/settings.json', true],
    ['/repo/.claude/*', '/**/.claude/hooks/**', true],
    ['/repo/**', '/**/.mcp.json', true],
    ['/repo/src/*.txt', '/**/.claude/settings.json', false],
    ['/repo/src/*.json', '/**/.claude/settings.json', false],
    ['/repo/*/set*', '/home/u/.claude/settings.json', false],
    ['/home/u/.claude/*', '/home/u/.claude/settings.json', true],
  ])('%s and %s: %s', (a, b, want) => {
    expect(globsOverlap(a, b, true)).toBe(want);
    expect(globsOverlap(b, a, true)).toBe(want);
  });
  it('case-folds only when asked', () => {
    expect(globsOverlap('/r/.CL*/x', '/r/.claude/x', false)).toBe(false);
  });
  it('stays bounded on long patterns', () => {
    const long = `/${'*a'.repeat(20)}/`.repeat(30);
    const t = process.cpuUsage();
    for (let i = 0; i < 100; i++) globsOverlap(long, '/**/.claude/settings.json', true);
    const used = process.cpuUsage(t);
    expect(used.user + used.system).toBeLessThan(2_000_000);
  });
});
