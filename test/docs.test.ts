import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULE_IDS } from '../src/core/decide/rule-ids.js';
import { HOST_ROWS } from './support/host-rows.js';

describe('HOST-ADAPTER-CONTRACT.md', () => {
  it('is what the capability records, host notes and last e2e matrix say (run npm run docs)', () => {
    let err = '';
    try {
      execFileSync(process.execPath, ['scripts/gen/docs.mjs', '--check'], { encoding: 'utf8', stdio: 'pipe' });
    } catch (e) {
      err = String((e as { stderr: string }).stderr) || 'failed';
    }
    expect(err).toBe('');
  });

  it('says Hermes is verified against the real host (never "by stand-in"), and has the ten host rows README names', () => {
    const text = readFileSync('HOST-ADAPTER-CONTRACT.md', 'utf8');
    expect(text).not.toMatch(/verified by stand-in/i);
    expect(text).toMatch(/\| Hermes Agent \|.*0\.16\.0 \(real-host; range `>=0\.16\.0 <0\.17\.0`\)/);
    const matrix = text.slice(text.indexOf('## Capability matrix'), text.indexOf('### Known host gaps'));
    const rows = [...matrix.matchAll(/^\| ([^|]+?) \| (?:spawned|in-process) \|.*\| ([\d., ]+) \(real-host; range `[^`]+`\) \|$/gm)].map(
      (m) => `${m[1]}: ${m[2]}`,
    );
    expect(rows).toEqual([...HOST_ROWS]);
    // README's host table says the same.
    const readme = readFileSync('README.md', 'utf8');
    for (const r of rows) expect(readme, r).toContain(`| ${r.replace(': ', ' | ')} |`);
  });
});

describe('docs/DESIGN.md', () => {
  const tracked = execFileSync('git', ['ls-files', 'src', 'adapters', 'schemas', 'cases', 'scripts', 'test', 'e2e', '*.md', 'docs'], { encoding: 'utf8' })
    .split('\n')
    .filter((f) => /\.(ts|mjs|cjs|js|json|md)$/.test(f) && !f.includes('/captures/') && !f.includes('/conformance/'));
  const anchors = new Set([...readFileSync('docs/DESIGN.md', 'utf8').matchAll(/\{#([a-z0-9-]+)\}/g)].map((m) => m[1]));

  it('has every section that code, schemas, cases and docs cite', () => {
    const missing: string[] = [];
    for (const f of tracked) {
      for (const m of readFileSync(f, 'utf8').matchAll(/docs\/DESIGN\.md#([a-z0-9-]+)/g)) {
        if (!anchors.has(m[1]!)) missing.push(`${f}: #${m[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('is the only design document cited: nothing names a specification outside the repository', () => {
    const outside = tracked.filter((f) => /\bSPEC(?:\.md| section)\b|shared\/SPEC/.test(readFileSync(f, 'utf8')));
    expect(outside).toEqual([]);
  });

  it('cites rules by id, never by number, and every cited id is in the rule table', () => {
    const numbered: string[] = [];
    const unknown: string[] = [];
    const ids: readonly string[] = RULE_IDS;
    for (const f of tracked) {
      const text = readFileSync(f, 'utf8');
      for (const m of text.matchAll(/\b[Rr]ules? #?\d+\b/g)) numbered.push(`${f}: ${m[0]}`);
      for (const m of text.matchAll(/\b[Rr]ules? `([a-z-]+)`(?: (?:and|or) `([a-z-]+)`)?/g))
        for (const id of [m[1], m[2]]) if (id && !ids.includes(id)) unknown.push(`${f}: ${id}`);
    }
    expect(numbered).toEqual([]);
    expect(unknown).toEqual([]);
  });
});
