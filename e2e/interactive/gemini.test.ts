// Gemini CLI's terminal UI (0.61.0, Node 22 lane) in tmux with `remit install gemini`: a typed
// `$remit review` arms (BeforeAgent's systemMessage shows the contract line), a read goes on and
// a write is refused — the person sees remit's headline (the UI hides a failed tool call unless
// ui.errorVerbosity is "full", so remit's deny carries a systemMessage too) and the file is not
// written —, and `$remit status` is answered by the BeforeAgent refusal without a model turn.
// Gemini CLI has no ask remit can use (its "ask" forces its own confirmation; remit sends an ask
// as a deny), so the ask cells are not applicable.
import path from 'node:path';
import { TUI_LANES } from '../harness/hosts/index.js';
import { defineTuiLane, interactiveCommand, readAllowed, reviewRefusalAudited, statusWithoutModel, until } from './tui-lane.js';

const driver = TUI_LANES.find((l) => l.host === 'gemini')!;

/** The input box is ready and no turn is running. */
const READY = /Type your message(?![\s\S]*esc to cancel)/;

defineTuiLane(driver, {
  command(session) {
    // The headless invocation without -p and -o json: same model, same approval mode.
    return interactiveCommand(driver, session, ['-o']);
  },
  async walk(w) {
    const { session } = w;
    const sb = session.sb;
    const t = session.tools;
    const screen = w.open();
    w.save('start', await screen.waitFor(READY));

    const target = { rel: 'b.txt', abs: path.join(sb.project, 'b.txt') };
    const read = { name: 'read_file', input: { file_path: path.join(sb.project, 'a.txt') } };
    session.double.setScript({ main: [{ calls: [read] }, { calls: [t.write(target, 'new\n')] }, { text: 'Understood, I will only look.' }] });
    await screen.submit('$remit review -- look at a.txt');
    await w.cell('tui-directive-arms', async () => {
      const armed = await screen.waitFor(/remit ARMED: mode=review/, { scrollback: true });
      w.save('armed', armed);
      return 'BeforeAgent\'s systemMessage "remit ARMED: mode=review …" showed under the typed prompt';
    });
    await w.cell('tui-refusal-on-screen', async () => {
      const refused = await screen.waitFor(/remit refused this action: MODE_FORBIDS_MUTATION[\s\S]*Understood, I will only look/, { scrollback: true });
      w.save('review-refused', refused);
      await reviewRefusalAudited(session, target);
      readAllowed(session, 'read_file', 'hello');
      return 'read_file of a.txt allowed (the model got its text); the write refused: "remit refused this action: MODE_FORBIDS_MUTATION" shown on screen, b.txt not written; audit: deny under ARMED / review';
    });
    await screen.waitFor(READY);
    await w.cell('tui-status-on-screen', async () => {
      w.save('status', await statusWithoutModel(session, screen));
      await until(() => (screen.visible().match(READY) ? true : undefined), 'the UI did not come back to its input box');
      return "remit status shown on screen (BeforeAgent's refusal reason); 0 model turns";
    });
  },
});
