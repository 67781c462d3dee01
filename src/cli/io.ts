/** The edges of a CLI command: output, environment and working directory, injectable for tests. */
export interface CliIO {
  stdout(s: string): void;
  stderr(s: string): void;
  env: Record<string, string | undefined>;
  cwd: string;
  /** Standard input as text, for `hook`; absent when the command has none. */
  stdin?: () => Promise<string>;
}

export function processIO(): CliIO {
  return {
    stdout: (s) => process.stdout.write(s),
    stderr: (s) => process.stderr.write(s),
    env: process.env,
    cwd: process.cwd(),
  };
}

/** A usage error: one clear line on stderr, exit 1, nothing written. */
export class UsageError extends Error {}
