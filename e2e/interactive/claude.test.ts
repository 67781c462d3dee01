// Claude Code's interactive UI in tmux, remit installed by `remit install claude`: the contract
// arms from a typed prompt, remit's refusal shows on screen, `$remit status` is answered on screen.
// Screens go to e2e/captures/interactive/. Run: E2E_INTERACTIVE=1 npx vitest run --config e2e/vitest.config.ts
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { claude22 } from '../harness/hosts/claude.js';
import { E2E_DIR, mergeJson } from '../harness/hosts/driver.js';
import type { HostDriver } from '../harness/hosts/driver.js';
import { laneKey } from '../harness/hosts/index.js';
import { sanitise } from '../harness/capture/save.js';
import { readAudit } from '../harness/remit.js';
import { openSession } from '../harness/session.js';
import { openScreen, tmuxAvailable } from '../harness/tmux.js';

const OUT = path.join(E2E_DIR, 'captures', 'interactive');

function save(driver: HostDriver, name: string, text: string, sb: Parameters<typeof sanitise>[1]): void {
  fs.mkdirSync(OUT, { recursive: true });
  fs.writeFileSync(path.join(OUT, `${laneKey(driver)}.${name}.txt`), sanitise(text, sb).replace(/[ \t]+$/gm, ''));
}

describe.each([claude22])('interactive $host $toolchain.name', (driver) => {
  it('arms from a typed prompt, shows the refusal and answers $remit status on screen', async () => {
    const why = tmuxAvailable() ?? driver.unavailable();
    if (why !== undefined) throw new Error(`not run: ${why}`);
    const session = await openSession(driver, { label: 'tui', mode: 'remit', files: { 'a.txt': 'hello\n' } });
    const sb = session.sb;
    // The interactive UI asks for workspace trust and a theme first; a user has answered both once.
    mergeJson(path.join(sb.home, '.claude.json'), {
      hasCompletedOnboarding: true,
      bypassPermissionsModeAccepted: true,
      theme: 'dark',
      // The key check keeps the last 20 characters of each key the user approved.
      customApiKeyResponses: { approved: [String(sb.env.ANTHROPIC_API_KEY).slice(-20)], rejected: [] },
      projects: { [sb.project]: { hasTrustDialogAccepted: true, hasCompletedProjectOnboarding: true, allowedTools: [] } },
    });
    const target = { rel: 'b.txt', abs: path.join(sb.project, 'b.txt') };
    session.double.setScript({ main: [{ calls: [session.tools.write(target, 'new\n')] }, { text: 'Understood, I will only look.' }] });
    const inv = driver.invocation(sb, '', {});
    const args = inv.args.filter((a, i, all) => a !== '-p' && all[i - 1] !== '-p' && a !== '--output-format' && all[i - 1] !== '--output-format');
    const screen = openScreen(sb, inv.file, args, sb.env);
    try {
      const first = await screen.waitFor(/for shortcuts|accept edits on|Do you want to use this API key/, 90_000);
      if (/Do you want to use this API key/.test(first)) {
        screen.keys('Up', 'Enter');
        await screen.waitFor(/for shortcuts|accept edits on/, 60_000);
      }
      screen.type('$remit review -- look at a.txt', true);
      const refused = await screen.waitFor(/MODE_FORBIDS_MUTATION|remit refused/, 120_000);
      save(driver, 'review-refused', refused, sb);
      expect(fs.existsSync(target.abs)).toBe(false);
      const audit = readAudit(sb);
      expect(audit.records.some((r) => r.kind === 'action' && r.decision?.outcome === 'deny')).toBe(true);

      await screen.waitFor(/Understood, I will only look/, 60_000);
      // The turn is over when the footer no longer offers to interrupt it.
      await screen.waitFor(/Understood, I will only look(?![\s\S]*esc to interrupt)/, 60_000);
      const before = session.double.requests.length;
      screen.type('$remit status', true);
      // Claude Code shows the block reason (remit's answer) and puts the prompt back in the input box.
      const status = await screen.waitFor(/blocked by hook:\s*\n\s*remit status[\s\S]*State: ARMED \/ review/, 60_000);
      save(driver, 'status', status, sb);
      // Answered by remit's UserPromptSubmit block: no model turn for it.
      expect(session.double.requests.slice(before).filter((r) => r.toolsOffered.length > 0)).toEqual([]);
    } catch (error) {
      save(driver, 'failed', screen.text(), sb);
      throw error;
    } finally {
      screen.close();
      await session.close();
    }
  });
});
