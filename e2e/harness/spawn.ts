// Runs one host process with a hard timeout; the whole process group dies with it so no host
// helper (a language server, a subagent, a hook) outlives the run.
import { spawn } from 'node:child_process';

export interface ProcessResult {
  exit: number | null;
  signal: string | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  durationMs: number;
}

export interface SpawnSpec {
  file: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  stdin?: string;
}

const MAX_OUTPUT = 2 * 1024 * 1024;

export function runProcess(spec: SpawnSpec): Promise<ProcessResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(spec.file, spec.args, {
      cwd: spec.cwd,
      env: spec.env,
      detached: true,
      stdio: [spec.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout?.on('data', (d: Buffer) => {
      if (stdout.length < MAX_OUTPUT) stdout += d.toString('utf8');
    });
    child.stderr?.on('data', (d: Buffer) => {
      if (stderr.length < MAX_OUTPUT) stderr += d.toString('utf8');
    });
    if (spec.stdin !== undefined) child.stdin?.end(spec.stdin);
    const killGroup = (signal: NodeJS.Signals) => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup('SIGTERM');
      setTimeout(() => killGroup('SIGKILL'), 3_000).unref();
    }, spec.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ exit: null, signal: null, timedOut, stdout, stderr: `${stderr}\nspawn error: ${error.message}`, durationMs: Date.now() - started });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      // Leftover grandchildren (background shells, servers) must not survive the run.
      killGroup('SIGKILL');
      resolve({ exit: code, signal, timedOut, stdout, stderr, durationMs: Date.now() - started });
    });
  });
}
