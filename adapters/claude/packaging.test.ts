// The committed Claude Code plugin (plugins/claude, .claude-plugin/marketplace.json) must stay
// in step with the adapter: same handlers, same launcher, same Skill, same version.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LAUNCHER_SOURCE } from '../command-hook/launcher.js';
import { claudeHookEntries, isClaudeRemitHandler } from './registration.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const read = (p: string) => readFileSync(path.join(repo, p), 'utf8');

describe('Claude Code plugin packaging', () => {
  it('registers every remit handler through the plugin launcher, PreToolUse with onFailure "block"', () => {
    const doc = JSON.parse(read('plugins/claude/hooks/hooks.json'));
    // A plugin is one file for every Claude Code: 2.1.332 blocks the call when the hook dies; 2.1.197 drops the key it does not know.
    expect(doc.hooks.PreToolUse[0].hooks[0].onFailure).toBe('block');
    for (const e of claudeHookEntries((ev) => `node "\${CLAUDE_PLUGIN_ROOT}/launch.cjs" hook claude ${ev}`, { failClosed: true })) {
      const group = doc.hooks[e.event][0];
      expect(group.matcher).toBe(e.matcher);
      expect(group.hooks[0]).toEqual(e.handler);
      expect(isClaudeRemitHandler(group.hooks[0])).toBe(true);
    }
  });

  it('ships the same launcher, Skill and version', () => {
    expect(read('plugins/claude/launch.cjs')).toBe(LAUNCHER_SOURCE);
    expect(read('plugins/claude/skills/remit/SKILL.md')).toBe(read('skills/remit/SKILL.md'));
    const version = JSON.parse(read('package.json')).version;
    expect(JSON.parse(read('plugins/claude/.claude-plugin/plugin.json')).version).toBe(version);
    const market = JSON.parse(read('.claude-plugin/marketplace.json'));
    expect(market.plugins[0]).toMatchObject({ name: 'remit', source: './plugins/claude' });
  });
});
