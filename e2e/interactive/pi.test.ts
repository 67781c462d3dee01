// Pi's terminal UI (1.6.0, Node 22 lane; the Pi-family host of the interactive lane) in tmux with
// `remit install pi`: a typed `$remit review` arms, remit's refusal shows on screen, `$remit
// status` is answered by the `input` handler without a model turn, and an `ask` verdict opens
// remit's confirm dialog in Pi's UI (ctx.ui.confirm): No blocks the call, Yes lets it run.
import fs from 'node:fs';
import path from 'node:path';
import { TUI_LANES } from '../harness/hosts/index.js';
import { decisions, defineTuiLane, reviewRefusalAudited, effectOf, modelTurnsSince, until } from './tui-lane.js';

const driver = TUI_LANES.find((l) => l.host === 'pi')!;

defineTuiLane(driver, {
  command(session) {
    // The same provider and model as print mode, with no -p and no prompt.
    const inv = driver.invocation(session.sb, '', {});
    return { file: inv.file, args: inv.args.filter((a) => a !== '-p' && a !== '') };
  },
  async walk(w) {
    const { session } = w;
    const sb = session.sb;
    const t = session.tools;
    const screen = w.open();
    const ready = await screen.waitFor(/e2e-model/);
    w.save('start', ready);

    const target = { rel: 'b.txt', abs: path.join(sb.project, 'b.txt') };
    session.double.setScript({ main: [{ calls: [t.write(target, 'new\n')] }, { text: 'Understood, I will only look.' }] });
    await screen.submit('$remit review -- look at a.txt');
    await w.cell('tui-directive-arms', async () => {
      const armed = await screen.waitFor(/remit ARMED: mode=review/, { scrollback: true });
      w.save('armed', armed);
      return 'remit\'s "remit ARMED: mode=review …" line showed after the typed prompt';
    });
    await w.cell('tui-refusal-on-screen', async () => {
      const refused = await screen.waitFor(/MODE_FORBIDS_MUTATION[\s\S]*Understood, I will only look/, { scrollback: true });
      w.save('review-refused', refused);
      await reviewRefusalAudited(session, target);
      return 'MODE_FORBIDS_MUTATION shown in the tool result on screen; b.txt not written; audit: deny under ARMED / review';
    });
    await w.cell('tui-status-on-screen', async () => {
      const before = session.double.requests.length;
      await screen.submit('$remit status');
      const status = await screen.waitFor(/remit status\s*\n\s*Session: [\s\S]*State: ARMED \/ review/, { scrollback: true });
      w.save('status', status);
      const n = modelTurnsSince(session, before);
      if (n > 0) throw new Error(`$remit status cost ${n} model turn(s)`);
      return 'remit status shown by the input handler (ctx.ui.notify); 0 model turns';
    });

    const sum = path.join(sb.project, 'a.sum');
    session.double.setScript({
      main: [{ calls: [t.shell('sha256sum a.txt > a.sum')] }, { calls: [t.shell('sha256sum a.txt > a.sum')] }, { text: 'Hashed it.' }],
    });
    await screen.submit('$remit change hash=ask -- hash a.txt into a.sum');
    const dialog = /remit: approve this action\?[\s\S]*HASH_NOT_AUTHORIZED[\s\S]*enter select/;
    const asked = await screen.waitFor(dialog);
    w.save('ask-prompt', asked);
    // No: one key at a time, each seen on screen.
    await screen.press('Down', /→ No/);
    // A second Enter would answer the next dialog: wait long before pressing again.
    await screen.press('Enter', /The user declined it/, { scrollback: true, retryMs: 20_000 });
    await w.cell('tui-ask-declined', async () => {
      // The model is told, and calls again: the dialog returns.
      const again = await screen.waitFor(/The user declined it[\s\S]*remit: approve this action\?[\s\S]*enter select/, { scrollback: true });
      w.save('ask-declined', again);
      if (fs.existsSync(sum)) throw new Error('a.sum was written although the answer was No');
      const first = decisions(session).find((r) => r.decision?.reasonCode === 'HASH_NOT_AUTHORIZED');
      if (first?.decision?.outcome !== 'ask') throw new Error('the hash was not asked');
      const effect = await until(() => effectOf(session, first.id), 'no host effect recorded for the declined call');
      if (effect !== 'not_executed') throw new Error(`the declined call's host effect is ${effect}`);
      return "remit's confirm dialog showed HASH_NOT_AUTHORIZED; No blocked the command (a.sum absent); audit: host effect not_executed";
    });
    await screen.waitFor(/→ Yes/);
    await screen.press('Enter', /Hashed it\./, { scrollback: true });
    await w.cell('tui-ask-approved', async () => {
      const done = await screen.waitFor(/Hashed it\./, { scrollback: true });
      w.save('ask-approved', done);
      await until(() => (fs.existsSync(sum) ? true : undefined), 'a.sum was not written after Yes');
      const asks = decisions(session).filter((r) => r.decision?.reasonCode === 'HASH_NOT_AUTHORIZED');
      const effect = await until(() => effectOf(session, asks[1]?.id), 'no host effect recorded for the approved call');
      if (effect !== 'executed') throw new Error(`the approved call's host effect is ${effect}`);
      return 'Yes let the command run (a.sum written); audit: host effect executed';
    });
  },
});
