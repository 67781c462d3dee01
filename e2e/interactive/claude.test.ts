// Claude Code's terminal UI (the newest release, Node 22 lane) in tmux with `remit install claude`:
// a typed `$remit review` arms, remit's refusal shows on screen, `$remit status` is answered by the
// UserPromptSubmit block without a model turn, and an `ask` verdict shows Claude Code's own
// permission prompt: No leaves the command unrun (remit reads the "No" from the transcript at the
// next prompt), Yes runs it; `$remit explain` then says what the host did with each.
import fs from 'node:fs';
import path from 'node:path';
import { mergeJson } from '../harness/hosts/driver.js';
import { TUI_LANES } from '../harness/hosts/index.js';
import type { Screen } from '../harness/tmux.js';
import { decisions, defineTuiLane, reviewRefusalAudited, effectOf, interactiveCommand, modelTurnsSince, until } from './tui-lane.js';

const driver = TUI_LANES.find((l) => l.host === 'claude')!;

/** The input box is ready for a prompt and no turn is running. */
const READY = /accept edits on(?![\s\S]*esc to interrupt)/;
const PERMISSION = /Do you want to proceed\?[\s\S]*1\. Yes[\s\S]*2\. No/;

async function idle(screen: Screen): Promise<string> {
  return screen.waitFor(READY);
}

/** Claude Code puts a blocked prompt back in the input box; a person clears it before typing on. */
async function clearInput(screen: Screen): Promise<void> {
  screen.keys('C-u');
  await screen.waitFor(/❯[ \u00a0]*\n/);
}

defineTuiLane(driver, {
  prepare(session) {
    const sb = session.sb;
    // What a person has answered once: onboarding, theme, this API key, workspace trust.
    mergeJson(path.join(sb.home, '.claude.json'), {
      hasCompletedOnboarding: true,
      bypassPermissionsModeAccepted: true,
      theme: 'dark',
      // The key check keeps the last 20 characters of each key the user approved.
      customApiKeyResponses: { approved: [String(sb.env.ANTHROPIC_API_KEY).slice(-20)], rejected: [] },
      projects: { [sb.project]: { hasTrustDialogAccepted: true, hasCompletedProjectOnboarding: true, allowedTools: [] } },
    });
  },
  command(session) {
    return interactiveCommand(driver, session, ['--output-format']);
  },
  async walk(w) {
    const { session } = w;
    const sb = session.sb;
    const t = session.tools;
    const screen = w.open();
    await idle(screen);

    const target = { rel: 'b.txt', abs: path.join(sb.project, 'b.txt') };
    session.double.setScript({ main: [{ calls: [t.write(target, 'new\n')] }, { text: 'Understood, I will only look.' }] });
    await screen.submit('$remit review -- look at a.txt');
    await w.cell('tui-directive-arms', async () => {
      const shown = await screen.waitFor(/remit ARMED: mode=review/);
      w.save('armed', shown);
      await until(() => session.double.requests.find((r) => r.toolsOffered.length > 0), 'the typed prompt never reached the model');
      return 'the UserPromptSubmit line "remit ARMED: mode=review …" showed under the typed prompt';
    });
    await w.cell('tui-refusal-on-screen', async () => {
      const refused = await screen.waitFor(/MODE_FORBIDS_MUTATION[\s\S]*Understood, I will only look/);
      w.save('review-refused', refused);
      await reviewRefusalAudited(session, target);
      return 'MODE_FORBIDS_MUTATION shown on screen; b.txt not written; audit: deny under ARMED / review';
    });

    await w.cell('tui-status-on-screen', async () => {
      await idle(screen);
      const before = session.double.requests.length;
      await screen.submit('$remit status');
      const status = await screen.waitFor(/blocked by hook:\s*\n\s*remit status[\s\S]*Session: [\s\S]*State: ARMED \/ review/);
      w.save('status', status);
      const turns = modelTurnsSince(session, before);
      if (turns > 0) throw new Error(`$remit status cost ${turns} model turn(s)`);
      return 'remit status shown as the UserPromptSubmit block reason; 0 model turns';
    });
    await clearInput(screen);

    // An ask: a hash under hash=ask, with a visible effect so "did not run" is a fact.
    const sum = path.join(sb.project, 'a.sum');
    const hashScript = (done: string) => ({ main: [{ calls: [t.shell('sha256sum a.txt > a.sum')] }, { text: done }] });
    session.double.setScript(hashScript('Hashed.'));
    await screen.submit('$remit change hash=ask -- hash a.txt into a.sum');
    const askedFirst = await screen.waitFor(PERMISSION);
    w.save('ask-prompt', askedFirst);
    // No (the second option); one key at a time, each seen on screen, as a person presses them.
    await screen.press('Down', /❯ 2\. No/);
    const declinedScreen = await screen.press('Enter', /Did not run[\s\S]*Interrupted/);
    w.save('ask-declined', declinedScreen);
    await idle(screen);
    const sumAfterNo = fs.existsSync(sum);
    const firstAsk = decisions(session).find((r) => r.decision?.reasonCode === 'HASH_NOT_AUTHORIZED');

    // The next prompt is where remit reads the "No"; it asks again, and this time the answer is Yes.
    session.double.setScript(hashScript('Hashed it.'));
    await screen.submit('please hash it now');
    const askedAgain = await screen.waitFor(PERMISSION);
    w.save('ask-prompt-again', askedAgain);
    await screen.press('Enter', /Ran \d+ shell command|Hashed it\./);
    await w.cell('tui-ask-approved', async () => {
      const done = await screen.waitFor(/Hashed it\./);
      w.save('ask-approved', done);
      const asks = decisions(session).filter((r) => r.decision?.reasonCode === 'HASH_NOT_AUTHORIZED');
      if (asks.length !== 2 || asks.some((a) => a.decision?.outcome !== 'ask'))
        throw new Error(`expected two asks in the audit, found ${asks.map((a) => a.decision?.outcome).join(', ')}`);
      await until(() => (fs.existsSync(sum) ? true : undefined), 'a.sum was not written after Yes');
      const effect = await until(() => effectOf(session, asks[1]!.id), 'no host effect recorded for the approved call');
      if (effect !== 'executed') throw new Error(`the approved call's host effect is ${effect}`);
      return "Claude Code's permission prompt showed remit's HASH_NOT_AUTHORIZED; Yes ran the command (a.sum written); audit: host effect executed";
    });

    await w.cell('tui-ask-declined', async () => {
      if (firstAsk?.decision?.outcome !== 'ask') throw new Error('the first hash was not asked');
      if (sumAfterNo) throw new Error('a.sum was written although the answer was No');
      const effect = await until(() => effectOf(session, firstAsk.id), 'no host effect recorded for the declined call (read at the next prompt)');
      if (effect !== 'not_executed') throw new Error(`the declined call's host effect is ${effect}`);
      await idle(screen);
      await screen.submit(`$remit explain ${firstAsk.id}`);
      const explained = await screen.waitFor(/Host effect: the person declined it/);
      w.save('ask-declined-explain', explained);
      await clearInput(screen);
      return 'No left the command unrun (a.sum absent until the Yes); audit: host effect not_executed, read from the transcript at the next prompt; `$remit explain` shows it';
    });
  },
});
