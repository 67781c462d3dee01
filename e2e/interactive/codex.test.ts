// Codex's terminal UI (0.171.0, Node 22 lane) in tmux, remit installed by `remit install codex
// --trust` and no bypass flag, as a user runs it: a typed `$remit review` arms, the refusal shows
// on screen, `$remit status` is answered on screen (the UI prints the UserPromptSubmit block
// reason, which `codex exec` does not), and Codex's own /hooks screen says what `remit doctor`
// says about each hook's trust — as installed (all trusted), then with one hook edited, one trust
// record removed and one hook turned off.
import fs from 'node:fs';
import path from 'node:path';
import { binary } from '../harness/hosts/driver.js';
import { TUI_LANES } from '../harness/hosts/index.js';
import { remitBuild } from '../harness/remit.js';
import type { HostSession } from '../harness/session.js';
import { runProcess } from '../harness/spawn.js';
import type { Screen } from '../harness/tmux.js';
import { defineTuiLane, modelTurnsSince, reviewRefusalAudited } from './tui-lane.js';

const driver = TUI_LANES.find((l) => l.host === 'codex')!;

/** The hooks `remit install codex` registers, as Codex's /hooks screen names them. */
const EVENTS = ['PreToolUse', 'PostToolUse', 'SessionStart', 'SessionEnd', 'UserPromptSubmit', 'Stop', 'SubagentStart', 'SubagentStop'];
const PROMPT = /Ask Codex to do anything/;

/** Codex's trust words → remit doctor's verdicts (adapters/codex/trust.ts). */
function verdictOnScreen(details: string): string {
  const box = /› \[(.)\]/.exec(details)?.[1];
  const trust = /Trust\s+(.+)/.exec(details)?.[1]?.trim() ?? '';
  if (/^Modified since last trusted/.test(trust)) return 'modified';
  if (/^New hook/.test(trust)) return 'not yet trusted';
  if (/^Trusted/.test(trust)) return box === ' ' ? 'disabled' : 'trusted';
  return `unknown (${box ?? '?'} ${trust})`;
}

/** `remit doctor`'s trust verdict per Codex event: "trusted" unless a line names another. */
async function doctorVerdicts(session: HostSession): Promise<{ verdicts: Record<string, string>; lines: string[] }> {
  const sb = session.sb;
  const build = remitBuild(driver.toolchain.node);
  // Codex on PATH, so doctor also checks its version against the verified range.
  const env = { ...sb.env, PATH: `${path.dirname(binary('codex', driver.toolchain))}:${sb.env.PATH}` };
  const r = await runProcess({ file: build.node, args: [build.bundle, 'doctor', '--json'], cwd: sb.project, env, timeoutMs: 60_000 });
  const codex = (JSON.parse(r.stdout) as { hosts: Array<{ host: string; lines: string[] }> }).hosts.find((h) => h.host === 'codex');
  if (codex === undefined) throw new Error(`doctor said nothing about codex: ${r.stdout.slice(0, 300)} ${r.stderr.slice(0, 300)}`);
  const verdicts: Record<string, string> = Object.fromEntries(EVENTS.map((e) => [e, 'trusted']));
  for (const line of codex.lines) {
    const m = /^\s+(\w+): (trusted|not yet trusted|modified|disabled|unknown) — /.exec(line);
    if (m) verdicts[m[1]!] = m[2]!;
  }
  return { verdicts, lines: codex.lines };
}

/** Moves the /hooks list's cursor to `event` (one key at a time, each move seen on screen). */
async function select(screen: Screen, event: string): Promise<void> {
  const at = new RegExp(`› ${event}\\s`);
  for (let i = 0; i < 16 && !at.test(screen.visible()); i++) {
    const before = /› (\w+)/.exec(screen.visible())?.[1];
    screen.keys('Down');
    await screen.waitFor(new RegExp(`› (?!${before}\\s)\\w+`));
  }
  await screen.waitFor(at);
}

/** Opens each remit hook's details in /hooks and reads its trust, one event at a time. */
async function trustOnScreen(screen: Screen, save: (name: string, text: string) => void, tag: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const event of EVENTS) {
    await select(screen, event);
    screen.keys('Enter');
    const details = await screen.waitFor(new RegExp(`${event} hooks[\\s\\S]*Trust\\s+\\S`));
    save(`hooks-${tag}-${event}`, details);
    out[event] = verdictOnScreen(details);
    screen.keys('Escape');
    await screen.waitFor(/Lifecycle hooks from config/);
  }
  return out;
}

function same(a: Record<string, string>, b: Record<string, string>): string | undefined {
  const diff = EVENTS.filter((e) => a[e] !== b[e]).map((e) => `${e}: /hooks ${a[e]}, doctor ${b[e]}`);
  return diff.length ? diff.join('; ') : undefined;
}

/** Waits for the end of the next turn ("Worked for …" printed once more). */
async function turnDone(screen: Screen, before: number): Promise<string> {
  return screen.waitFor(new RegExp(`(?:Worked for[\\s\\S]*){${before + 1}}`), { scrollback: true });
}
const turnsShown = (screen: Screen) => (screen.text().match(/Worked for/g) ?? []).length;

defineTuiLane(driver, {
  prepare(session) {
    // What a person answers once on first use, written where Codex itself keeps the answers
    // (seen on 0.171.0): the folder-trust screen, and the "Meet GPT-6 Sol" model screen
    // ("Use existing model" records the offered migration as seen).
    const file = path.join(session.sb.codexHome, 'config.toml');
    fs.appendFileSync(
      file,
      [
        '',
        `[projects.${JSON.stringify(session.sb.project)}]`,
        'trust_level = "trusted"',
        '',
        '[notice.model_migrations]',
        '"gpt-5.5" = "gpt-6-sol"',
        '',
        '[tui.model_availability_nux]',
        '"gpt-6.1-sol" = 1',
        '',
      ].join('\n'),
    );
  },
  command: () => ({ file: binary('codex', driver.toolchain), args: [] }),
  async walk(w) {
    const { session } = w;
    const sb = session.sb;
    let screen = w.open();
    const start = await screen.waitFor(/Ask Codex to do anything|Trust this folder|Try new model|Hooks need review/);
    if (!PROMPT.test(start)) throw new Error(`a first-use screen was not answered by the configuration:\n${start}`);
    w.save('start', start);

    // /hooks as installed: every hook trusted, as doctor says.
    screen.type('/hooks');
    await screen.waitFor(/\/hooks\s+view and manage lifecycle hooks/);
    screen.keys('Enter');
    const listed = await screen.waitFor(/Lifecycle hooks from config[\s\S]*PreToolUse/);
    w.save('hooks-installed', listed);
    const installedScreen = await trustOnScreen(screen, w.save, 'installed');
    const installedDoctor = await doctorVerdicts(session);
    screen.keys('Escape');
    await screen.waitFor(PROMPT);

    const target = { rel: 'b.txt', abs: path.join(sb.project, 'b.txt') };
    session.double.setScript({ main: [{ calls: [session.tools.write(target, 'new\n')] }, { text: 'Understood, I will only look.' }] });
    const turns = turnsShown(screen);
    await screen.submit('$remit review -- look at a.txt');
    await w.cell('tui-directive-arms', async () => {
      const armed = await screen.waitFor(/Hook · remit ARMED: mode=review/, { scrollback: true });
      w.save('armed', armed);
      return 'the UserPromptSubmit line "remit ARMED: mode=review …" showed under the typed prompt';
    });
    await w.cell('tui-refusal-on-screen', async () => {
      const refused = await screen.waitFor(/Blocked by hook[\s\S]*MODE_FORBIDS_MUTATION/, { scrollback: true });
      await turnDone(screen, turns);
      w.save('review-refused', screen.text());
      await reviewRefusalAudited(session, target);
      return `"Blocked by hook … MODE_FORBIDS_MUTATION" on screen${refused.includes('apply_patch') ? ' (apply_patch)' : ''}; b.txt not written; audit: deny under ARMED / review`;
    });
    await w.cell('tui-status-on-screen', async () => {
      const before = session.double.requests.length;
      const shown = turnsShown(screen);
      await screen.submit('$remit status');
      await turnDone(screen, shown);
      const status = await screen.waitFor(/Blocked by hook[\s\S]*remit status[\s\S]*Session: [\s\S]*State: ARMED \/ review/, { scrollback: true });
      w.save('status', status);
      const n = modelTurnsSince(session, before);
      if (n > 0) throw new Error(`$remit status cost ${n} model turn(s)`);
      return 'remit status printed by the UI as the UserPromptSubmit block reason; 0 model turns';
    });

    // Quit, then change what a user might: edit one hook, lose one trust record, turn one off in Codex.
    screen.type('/quit');
    await screen.waitFor(/\/quit/);
    screen.keys('Enter');
    await screen.waitFor(/the host exited/);
    screen.close();
    const hooksFile = path.join(sb.codexHome, 'hooks.json');
    const hooks = JSON.parse(fs.readFileSync(hooksFile, 'utf8')) as { hooks: Record<string, Array<{ hooks: Array<Record<string, unknown>> }>> };
    hooks.hooks.PreToolUse![0]!.hooks[0]!.timeout = 21;
    fs.writeFileSync(hooksFile, `${JSON.stringify(hooks, null, 2)}\n`);
    const configFile = path.join(sb.codexHome, 'config.toml');
    const key = (event: string) => `[hooks.state.${JSON.stringify(`${hooksFile}:${event}:0:0`)}]`;
    const config = fs
      .readFileSync(configFile, 'utf8')
      .split(`${key('post_tool_use')}\n`)
      .map((part, i) => (i === 0 ? part : part.replace(/^trusted_hash = "[^"]*"\n/, '')))
      .join('')
      .replace(`${key('session_end')}\n`, `${key('session_end')}\nenabled = false\n`);
    fs.writeFileSync(configFile, config);
    const changedDoctor = await doctorVerdicts(session);

    screen = w.open();
    const review = await screen.waitFor(/Hooks need review[\s\S]*Review hooks/);
    w.save('hooks-need-review', review);
    screen.keys('Enter');
    const listedChanged = await screen.waitFor(/need review before they can run[\s\S]*PreToolUse/);
    w.save('hooks-changed', listedChanged);
    const changedScreen = await trustOnScreen(screen, w.save, 'changed');

    await w.cell('tui-hooks-trust-agrees', async () => {
      const installed = same(installedScreen, installedDoctor.verdicts);
      if (installed) throw new Error(`as installed: ${installed}`);
      if (Object.values(installedScreen).some((v) => v !== 'trusted'))
        throw new Error(`as installed, not every hook is trusted: ${JSON.stringify(installedScreen)}`);
      const changed = same(changedScreen, changedDoctor.verdicts);
      if (changed) throw new Error(`after the changes: ${changed}`);
      const expected = { PreToolUse: 'modified', PostToolUse: 'not yet trusted', SessionEnd: 'disabled' };
      for (const [e, v] of Object.entries(expected)) if (changedScreen[e] !== v) throw new Error(`${e} shows ${changedScreen[e]}, expected ${v}`);
      const version = (installedDoctor.lines.find((l) => /^Codex \d/.test(l)) ?? 'no version line').replace(/ at \S+:/, ':');
      return `8 hooks: all trusted as installed; after the edits PreToolUse modified, PostToolUse new (not yet trusted), SessionEnd disabled, the other 5 trusted — the same on /hooks and in doctor (${version})`;
    });
  },
});
