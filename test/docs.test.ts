import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('HOST-ADAPTER-CONTRACT.md', () => {
  it('is what the capability records, host notes and last e2e matrix say (run npm run docs)', () => {
    let err = '';
    try {
      execFileSync(process.execPath, ['scripts/gen-docs.mjs', '--check'], { encoding: 'utf8', stdio: 'pipe' });
    } catch (e) {
      err = String((e as { stderr: string }).stderr) || 'failed';
    }
    expect(err).toBe('');
  });

  it('says Hermes is verified against the real host (never "by stand-in"), and lists every host', () => {
    const text = readFileSync('HOST-ADAPTER-CONTRACT.md', 'utf8');
    expect(text).not.toMatch(/verified by stand-in/i);
    expect(text).toMatch(/\| Hermes Agent \|.*0\.16\.0 \(real-host; range `>=0\.16\.0 <0\.17`\)/);
    for (const h of ['Codex CLI', 'Claude Code', 'OpenCode', 'Hermes Agent', 'Pi', 'Oh My Pi']) expect(text).toContain(`| ${h} |`);
  });
});
