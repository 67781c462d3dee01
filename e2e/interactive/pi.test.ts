// Pi 1.6.0's interactive UI in tmux (the Pi-family host of the interactive lane), remit installed
// by `remit install pi`: a typed `$remit review` arms the contract, remit's refusal shows on screen,
// and `$remit status` is answered by the `input` handler without a model turn.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pi22 } from '../harness/hosts/pi.js';
import { E2E_DIR } from '../harness/hosts/driver.js';
import { laneKey } from '../harness/hosts/index.js';
import { sanitise } from '../harness/capture/save.js';
import { readAudit } from '../harness/remit.js';
import { openSession } from '../harness/session.js';
import { openScreen, tmuxAvailable } from '../harness/tmux.js';

const OUT = path.join(E2E_DIR, 'captures', 'interactive');

describe('interactive pi node22', () => {
  it('arms from a typed prompt, shows the refusal and answers $remit status on screen', async () => {
    const driver = pi22;
    const why = tmuxAvailable() ?? driver.unavailable();
    if (why !== undefined) throw new Error(`not run: ${why}`);
    const session = await openSession(driver, { label: 'tui', mode: 'remit', files: { 'a.txt': 'hello\n' } });
    const sb = session.sb;
    const save = (name: string, text: string) => {
      fs.mkdirSync(OUT, { recursive: true });
      fs.writeFileSync(path.join(OUT, `${laneKey(driver)}.${name}.txt`), sanitise(text, sb).replace(/[ \t]+$/gm, ''));
    };
    const target = { rel: 'b.txt', abs: path.join(sb.project, 'b.txt') };
    session.double.setScript({ main: [{ calls: [session.tools.write(target, 'new\n')] }, { text: 'Understood, I will only look.' }] });
    const inv = driver.invocation(sb, '', {});
    // Interactive: the same provider and model, no -p and no prompt.
    const args = inv.args.filter((a) => a !== '-p' && a !== '');
    const screen = openScreen(sb, inv.file, args, sb.env);
    try {
      await screen.waitFor(/e2e-model/, 90_000);
      await new Promise((r) => setTimeout(r, 2_000));
      screen.type('$remit review -- look at a.txt', true);
      const refused = await screen.waitFor(/Understood, I will only look/, 120_000);
      save('review-refused', refused);
      expect(fs.existsSync(target.abs)).toBe(false);
      expect(readAudit(sb).records.some((r) => r.kind === 'action' && r.decision?.outcome === 'deny' && r.decision.reasonCode === 'MODE_FORBIDS_MUTATION')).toBe(true);

      const before = session.double.requests.length;
      screen.type('$remit status', true);
      const status = await screen.waitFor(/State: ARMED \/ review/, 60_000);
      save('status', status);
      expect(session.double.requests.slice(before).filter((r) => r.toolsOffered.length > 0)).toEqual([]);
    } catch (error) {
      save('failed', screen.text());
      throw error;
    } finally {
      screen.close();
      await session.close();
    }
  });
});
