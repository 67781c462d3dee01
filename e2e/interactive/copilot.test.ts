// GitHub Copilot CLI's terminal UI (1.0.102) in tmux with `remit install copilot` (user scope;
// the folder-trust prompt answered as a person does, in config.json). A typed `$remit review`
// arms (Copilot shows no hook context on screen, so the audit says it), a read goes on and a
// write is refused on screen ("Denied by preToolUse hook: remit refused …"), `$remit status` is
// answered by userPromptSubmitted's `handled` without a model turn, and an `ask` verdict opens
// Copilot's own approval prompt: No leaves the command unrun (Copilot fires no hook for it; the
// turn's agentStop reads it from Copilot's session log), Yes runs it.
import fs from 'node:fs';
import path from 'node:path';
import { TUI_LANES } from '../harness/hosts/index.js';
import { decisions, defineTuiLane, effectOf, interactiveCommand, readAllowed, reviewRefusalAudited, statusWithoutModel, until } from './tui-lane.js';

const driver = TUI_LANES.find((l) => l.host === 'copilot')!;

/** The input box is ready and no turn is running. */
const READY = /^❯\s*$(?![\s\S]*Working ·)/m;

defineTuiLane(driver, {
  prepare(session) {
    // Copilot's folder-trust prompt, accepted once for this project.
    const config = path.join(session.sb.home, '.copilot', 'config.json');
    fs.mkdirSync(path.dirname(config), { recursive: true });
    fs.writeFileSync(config, `${JSON.stringify({ trustedFolders: [session.sb.project] }, null, 2)}\n`);
  },
  command(session) {
    // The headless invocation without -p and its JSON output.
    return interactiveCommand(driver, session, ['--output-format']);
  },
  async walk(w) {
    const { session } = w;
    const sb = session.sb;
    const t = session.tools;
    const screen = w.open();
    w.save('start', await screen.waitFor(/Copilot v[\s\S]*❯/));

    const target = { rel: 'b.txt', abs: path.join(sb.project, 'b.txt') };
    const read = { name: 'view', input: { path: path.join(sb.project, 'a.txt') } };
    session.double.setScript({ main: [{ calls: [read] }, { calls: [t.write(target, 'new\n')] }, { text: 'Understood, I will only look.' }] });
    await screen.submit('$remit review -- look at a.txt');
    await w.cell('tui-directive-arms', async () => {
      const armed = await until(
        () => decisions(session).find((r) => r.state === 'ARMED' && r.contract?.mode === 'review'),
        'no decision under ARMED / review in the audit',
      );
      return `the typed directive armed the session (audit: ${armed.action?.tool} decided under ARMED / review); Copilot shows no hook context on screen`;
    });
    await w.cell('tui-refusal-on-screen', async () => {
      const refused = await screen.waitFor(/Denied by preToolUse hook: remit refused this action: MODE_FORBIDS_MUTATION[\s\S]*Understood, I will only look/, {
        scrollback: true,
      });
      w.save('review-refused', refused);
      await reviewRefusalAudited(session, target);
      readAllowed(session, 'view', 'hello');
      return 'view of a.txt allowed (the model got its text); "Denied by preToolUse hook: remit refused this action: MODE_FORBIDS_MUTATION" on screen, b.txt not written; audit: deny under ARMED / review';
    });
    await screen.waitFor(READY);
    await w.cell('tui-status-on-screen', async () => {
      w.save('status', await statusWithoutModel(session, screen));
      return "remit status shown on screen (userPromptSubmitted's handled answer); 0 model turns";
    });

    await screen.waitFor(READY);
    const sum = path.join(sb.project, 'a.sum');
    session.double.setScript({
      main: [{ calls: [t.shell('sha256sum a.txt > a.sum')] }, { calls: [t.shell('sha256sum a.txt > a.sum')] }, { text: 'Hashed it.' }],
    });
    await screen.submit('$remit change hash=ask -- hash a.txt into a.sum');
    const dialog = /Hook permission request[\s\S]*HASH_NOT_AUTHORIZED[\s\S]*Do you want to allow this tool call\?/;
    w.save('ask-prompt', await screen.waitFor(dialog));
    // No is a text field (what Copilot should do instead): picked, given a word, then Enter.
    await screen.press('Down', /❯ 2\. No/);
    screen.type('skip it');
    await screen.waitFor(/❯ 2\. skip it/);
    await screen.press('Enter', /Denied by user via preToolUse hook prompt/, { scrollback: true });
    await w.cell('tui-ask-declined', async () => {
      // The model is told, and calls again: the dialog returns.
      const again = await screen.waitFor(/Denied by user via preToolUse hook prompt[\s\S]*Do you want to allow this tool call\?/, { scrollback: true });
      w.save('ask-declined', again);
      if (fs.existsSync(sum)) throw new Error('a.sum was written although the answer was No');
      const first = decisions(session).find((r) => r.decision?.reasonCode === 'HASH_NOT_AUTHORIZED');
      if (first?.decision?.outcome !== 'ask') throw new Error('the hash was not asked');
      return "Copilot's approval prompt showed remit's HASH_NOT_AUTHORIZED question; No kept the command from running (a.sum absent)";
    });
    await screen.press('Enter', /Hashed it\./, { scrollback: true });
    await w.cell('tui-ask-approved', async () => {
      w.save('ask-approved', await screen.waitFor(/Hashed it\./, { scrollback: true }));
      await until(() => (fs.existsSync(sum) ? true : undefined), 'a.sum was not written after Yes');
      const asks = decisions(session).filter((r) => r.decision?.reasonCode === 'HASH_NOT_AUTHORIZED');
      const approved = await until(() => effectOf(session, asks[1]?.id), 'no host effect recorded for the approved call');
      if (approved !== 'executed') throw new Error(`the approved call's host effect is ${approved}`);
      // The "No" fires no hook; agentStop reads it from Copilot's session log.
      const declined = await until(() => effectOf(session, asks[0]?.id), 'no host effect recorded for the declined call');
      if (declined !== 'not_executed') throw new Error(`the declined call's host effect is ${declined}`);
      return 'Yes let the command run (a.sum written); audit: the approved call executed, the declined one not_executed (read at agentStop from the session log)';
    });
  },
});
