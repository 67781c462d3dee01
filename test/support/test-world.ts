// Test support for the in-process adapters: a throwaway project, REMIT_HOME and user home with
// the production Runtime over them, so adapter tests exercise the real decision path.
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Runtime } from '../../src/core/host/runtime.js';
import { createRuntime } from '../../src/core/host/create-runtime.js';
import { makeRepository } from './repository.js';

export interface TestWorld {
  base: string;
  project: string;
  home: string;
  userHome: string;
  env: Record<string, string>;
  runtime: Runtime;
  dispose(): void;
}

/** `channels`: how verdicts travel, as the host's runtime declares them (needed for host effects). */
export async function createTestWorld(options: { channels?: Parameters<typeof createRuntime>[0]['channels'] } = {}): Promise<TestWorld> {
  const base = realpathSync(mkdtempSync(path.join(tmpdir(), 'remit-adapter-')));
  const project = path.join(base, 'project');
  const home = path.join(base, 'remit-home');
  const userHome = path.join(base, 'user');
  makeRepository(project);
  mkdirSync(home, { recursive: true, mode: 0o700 });
  mkdirSync(userHome, { recursive: true });
  const env: Record<string, string> = {
    HOME: userHome,
    REMIT_HOME: home,
    XDG_CONFIG_HOME: path.join(userHome, '.config'),
    XDG_STATE_HOME: path.join(userHome, '.local', 'state'),
    XDG_DATA_HOME: path.join(userHome, '.local', 'share'),
  };
  const runtime = createRuntime({ home, env, ...(options.channels ? { channels: options.channels } : {}) });
  return { base, project, home, userHome, env, runtime, dispose: () => rmSync(base, { recursive: true, force: true }) };
}
