// A host's interactive terminal UI in a detached tmux session: type with send-keys, read the
// screen with capture-pane. One tmux server per sandbox (its own socket), killed at the end.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Sandbox } from './sandbox.js';
import { shellQuote } from './hosts/driver.js';

export interface Screen {
  /** Types text (literally), then presses Enter when `enter` is set. */
  type(text: string, enter?: boolean): void;
  /** Presses named keys (`Enter`, `Escape`, `Down` …). */
  keys(...names: string[]): void;
  /** The visible screen plus scrollback, as text. */
  text(): string;
  /** Waits until the screen matches, returns it; throws with the last screen on timeout. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
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
  const tmux = (...a: string[]) => execFileSync('tmux', ['-S', socket, ...a], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const command = `cd ${shellQuote(sb.project)} && exec env -i ${Object.entries(env)
    .map(([k, v]) => shellQuote(`${k}=${v}`))
    .join(' ')} ${[file, ...args].map(shellQuote).join(' ')}`;
  tmux('new-session', '-d', '-s', 'host', '-x', '160', '-y', '50', command);
  const text = () => {
    try {
      return tmux('capture-pane', '-p', '-J', '-S', '-200', '-t', 'host');
    } catch {
      return '(the host exited: no screen)';
    }
  };
  return {
    type(t, enter = false) {
      tmux('send-keys', '-t', 'host', '-l', t);
      if (enter) tmux('send-keys', '-t', 'host', 'Enter');
    },
    keys(...names) {
      tmux('send-keys', '-t', 'host', ...names);
    },
    text,
    async waitFor(pattern, timeoutMs = 60_000) {
      const until = Date.now() + timeoutMs;
      let last = '';
      while (Date.now() < until) {
        last = text();
        if (pattern.test(last)) return last;
        await new Promise((r) => setTimeout(r, 500));
      }
      throw new Error(`screen never matched ${pattern}; last screen:\n${last}`);
    },
    close() {
      try {
        tmux('kill-server');
      } catch {
        // already gone
      }
    },
  };
}
