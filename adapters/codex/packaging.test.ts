// The committed Codex plugin (plugins/codex, .agents/plugins/marketplace.json) must stay
// in step with the adapter: same handlers, same launcher, same Skill, same version.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LAUNCHER_SOURCE } from '../command-hook/launcher.js';
import { codexHookEntries, isCodexRemitHandler } from './registration.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const read = (p: string) => readFileSync(path.join(repo, p), 'utf8');

describe('Codex plugin packaging', () => {
  it('registers every remit handler through the plugin launcher', () => {
    const doc = JSON.parse(read('plugins/codex/hooks/hooks.json'));
    for (const e of codexHookEntries((ev) => `node "$PLUGIN_ROOT/launch.cjs" hook codex ${ev}`)) {
      const group = doc.hooks[e.event][0];
      expect(group.matcher).toBe(e.matcher);
      expect(group.hooks[0]).toEqual(e.handler);
      expect(isCodexRemitHandler(group.hooks[0])).toBe(true);
    }
  });

  it('ships the same launcher, Skill and version', () => {
    expect(read('plugins/codex/launch.cjs')).toBe(LAUNCHER_SOURCE);
    expect(read('plugins/codex/skills/remit/SKILL.md')).toBe(read('skills/remit/SKILL.md'));
    const version = JSON.parse(read('package.json')).version;
    expect(JSON.parse(read('plugins/codex/.codex-plugin/plugin.json')).version).toBe(version);
    const market = JSON.parse(read('.agents/plugins/marketplace.json'));
    expect(market.plugins[0]).toMatchObject({ name: 'remit', source: { source: 'local', path: './plugins/codex' } });
  });
});
