// A host's interactive terminal UI in a detached tmux session: type with send-keys, read the
// screen with capture-pane. One tmux server per sandbox (its own socket, no user tmux config),
// killed at the end together with every process the sandbox started (Codex's UI leaves a
// background app-server behind that outlives the tmux session).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Sandbox } from './sandbox.js';
import { killSandboxProcesses } from './sandbox.js';
import { shellQuote } from './hosts/driver.js';

/** How long one wait for screen content may take: the real hosts are slow on shared cores. */
export const TUI_WAIT_MS = Number(process.env.E2E_TUI_WAIT_MS ?? 180_000);

export interface Screen {
  /** Types text (literally). */
  type(text: string): void;
  /**
   * Types text, waits until the input box shows it, then presses Enter: a UI that reads fast
   * input as a paste (Codex 0.171.0) would otherwise take the Enter as a newline in the paste.
   */
  submit(text: string): Promise<void>;
  /** Presses named keys (`Enter`, `Escape`, `Down` …). */
  keys(...names: string[]): void;
  /** The visible screen plus scrollback, as text. */
  text(): string;
  /** The visible screen only (what a person sees now). */
  visible(): string;
  /**
   * Waits until the screen (visible part, or with `scrollback` the whole history) matches, and
   * returns it; throws with the last screen on timeout. Never a fixed sleep.
   */
  waitFor(pattern: RegExp, options?: { timeoutMs?: number; scrollback?: boolean }): Promise<string>;
  /**
   * Presses a key and waits until the visible screen matches `after`; presses it again when the
   * screen did not change in `retryMs` (a dialog may drop a key that arrives while it redraws —
   * seen with Claude Code 2.1.332's permission prompt on loaded cores). For keys whose repeat
   * is harmless once the screen moved on (Enter on a dialog that closes).
   */
  press(key: string, after: RegExp, options?: { retryMs?: number; timeoutMs?: number; scrollback?: boolean }): Promise<string>;
  /** Waits until the screen no longer matches (a dialog closed, a spinner stopped). */
  waitForGone(pattern: RegExp, options?: { timeoutMs?: number }): Promise<string>;
  close(): void;
}

export function tmuxAvailable(): string | undefined {
  try {
    execFileSync('tmux', ['-V'], { stdio: 'pipe' });
    return undefined;
  } catch {
    return 'tmux is not installed (apt-get install tmux)';
  }
}

export function openScreen(sb: Sandbox, file: string, args: string[], env: Record<string, string>): Screen {
  const socket = path.join(sb.root, 'tmux.sock');
  const tmux = (...a: string[]) => execFileSync('tmux', ['-S', socket, '-f', '/dev/null', ...a], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  // The pane is a real terminal whatever the suite runs under: CI often has TERM=dumb or none,
  // and Codex's UI then stops at "TERM is set to dumb … Continue anyway?" before it draws.
  const command = `cd ${shellQuote(sb.project)} && exec env -i ${Object.entries({ ...env, TERM: 'xterm-256color' })
    .map(([k, v]) => shellQuote(`${k}=${v}`))
    .join(' ')} ${[file, ...args].map(shellQuote).join(' ')}`;
  tmux('new-session', '-d', '-s', 'host', '-x', '160', '-y', '50', command);
  const capture = (scrollback: boolean) => {
    try {
      return tmux('capture-pane', '-p', '-J', ...(scrollback ? ['-S', '-400'] : []), '-t', 'host');
    } catch {
      return '(the host exited: no screen)';
    }
  };
  const poll = async (done: (screen: string) => boolean, scrollback: boolean, timeoutMs: number, what: string) => {
    const until = Date.now() + timeoutMs;
    let last = '';
    while (Date.now() < until) {
      last = capture(scrollback);
      if (done(last)) return last;
      await new Promise((r) => setTimeout(r, 400));
    }
    throw new Error(`${what} within ${Math.round(timeoutMs / 1000)} s; last screen:\n${last}`);
  };
  return {
    type(t) {
      tmux('send-keys', '-t', 'host', '-l', t);
    },
    async submit(t) {
      // The text may already be on screen (an earlier prompt): wait for one more occurrence.
      const count = (screen: string) => screen.split(t).length - 1;
      const before = count(capture(false));
      tmux('send-keys', '-t', 'host', '-l', t);
      await poll((s) => count(s) > before, false, TUI_WAIT_MS, `the input box never showed "${t}"`);
      tmux('send-keys', '-t', 'host', 'Enter');
    },
    keys(...names) {
      tmux('send-keys', '-t', 'host', ...names);
    },
    text: () => capture(true),
    visible: () => capture(false),
    waitFor(pattern, options = {}) {
      return poll((s) => pattern.test(s), options.scrollback === true, options.timeoutMs ?? TUI_WAIT_MS, `the screen never matched ${pattern}`);
    },
    async press(key, after, options = {}) {
      const until = Date.now() + (options.timeoutMs ?? TUI_WAIT_MS);
      const retry = options.retryMs ?? 5_000;
      for (;;) {
        tmux('send-keys', '-t', 'host', key);
        try {
          return await poll(
            (s) => after.test(s),
            options.scrollback === true,
            Math.min(retry, Math.max(0, until - Date.now())),
            `the screen never matched ${after} after ${key}`,
          );
        } catch (error) {
          if (Date.now() >= until) throw error;
        }
      }
    },
    waitForGone(pattern, options = {}) {
      return poll((s) => !pattern.test(s), false, options.timeoutMs ?? TUI_WAIT_MS, `the screen still matched ${pattern}`);
    },
    close() {
      try {
        tmux('kill-server');
      } catch {
        // already gone
      }
      killSandboxProcesses(sb);
    },
  };
}
