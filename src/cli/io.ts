// The edges of a CLI command: output, environment and working directory, injectable for tests.
import { writeSync } from 'node:fs';
import { errnoWords, sleepSync } from '../core/state/files.js';

/** What a command reads and writes besides files. */
export interface CliIO {
  stdout(s: string): void;
  stderr(s: string): void;
  env: Record<string, string | undefined>;
  cwd: string;
  /** Standard input as text, for `hook`; absent when the command has none. */
  stdin?: () => Promise<string>;
  /** `--json` was given: an error is one JSON object on stderr, `{"error": …}`, not a text line. */
  jsonErrors?: boolean;
}

/** A command's one error line: text, or under `--json` one JSON object (stderr either way; stdout stays empty). */
export function printError(io: CliIO, command: string | undefined, message: string): void {
  io.stderr(io.jsonErrors ? `${JSON.stringify({ error: message, ...(command ? { command } : {}) })}\n` : `remit${command ? ` ${command}` : ''}: ${message}\n`);
}

/**
 * The working folder, read when a command first needs it: one that was removed or moved away
 * fails that command in one line, and `--version`, help and a hook's payload (which names its
 * own cwd) do not need it at all.
 */
function workingFolder(): () => string {
  let cwd: string | undefined;
  return () => {
    if (cwd === undefined) {
      try {
        cwd = process.cwd();
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        const why = code === 'ENOENT' || code === undefined ? 'it was removed or moved away' : errnoWords(code);
        throw new UsageError(`the current folder cannot be read (${why}); cd to an existing folder and run again`);
      }
    }
    return cwd;
  };
}

export function processIO(): CliIO {
  const cwd = workingFolder();
  return {
    stdout: (s) => process.stdout.write(s),
    stderr: (s) => process.stderr.write(s),
    env: process.env,
    get cwd() {
      return cwd();
    },
  };
}

/**
 * The same edges written straight to file descriptors 1 and 2: what a spawned hook uses, so
 * it never builds process.stdout (a socket or pipe stream costs a hook the socket layer).
 */
export function fdIO(): CliIO {
  const cwd = workingFolder();
  return {
    stdout: (s) => writeAll(1, s),
    stderr: (s) => {
      try {
        writeAll(2, s);
      } catch {
        // A closed stderr changes no answer.
      }
    },
    env: process.env,
    get cwd() {
      return cwd();
    },
  };
}

function writeAll(fd: number, s: string): void {
  const buf = Buffer.from(s, 'utf8');
  let off = 0;
  while (off < buf.length) {
    try {
      off += writeSync(fd, buf, off, buf.length - off);
    } catch (err) {
      // A descriptor another process left non-blocking: wait for room instead of losing the answer.
      if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
      sleepSync(1);
    }
  }
}

/** A usage error: one clear line on stderr, exit 1 (or the command's own code for it), nothing written. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    // A word the user gave is quoted back; a huge one is cut so the line stays one a person reads.
    super(message.replace(/'([^'\n]{60})[^'\n]{20,}'/g, "'$1…'"));
  }
}
