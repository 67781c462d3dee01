// Test support for the in-process adapters: the production Runtime (src/core/host/
// create-runtime.ts) when it is present, else a small in-memory runtime over the same core
// pieces (contract parser, classifier, decision table), so adapter tests exercise the real
// decision path either way. Never bundled into a plugin.
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ControlEvent, TaskContract, DirectiveError } from '../../src/generated/types.js';
import type { Runtime } from '../../src/core/host/runtime.js';
import type { ControllerResult } from '../../src/core/controller/result.js';
import { classifyToolRequest } from '../../src/core/classify/classify-request.js';
import { diskFileView } from '../../src/core/classify/file-view.js';
import { EMPTY_CLASSIFIER_CONFIG } from '../../src/core/classify/context.js';
import { parsePrompt, defaultContract, contractLine, controlStateOf } from '../../src/core/contract/index.js';
import { decide } from '../../src/core/decide/decide.js';
import { decisionMessage } from '../../src/core/decide/message.js';

export interface TestWorld {
  base: string;
  project: string;
  home: string;
  userHome: string;
  env: Record<string, string>;
  runtime: Runtime;
  /** 'production' when create-runtime.ts was found. */
  kind: 'production' | 'memory';
  dispose(): void;
}

interface MemorySession {
  contract: TaskContract;
  directiveError: DirectiveError | null;
}

function memoryRuntime(home: string, env: Record<string, string>, projectRoot: string): Runtime {
  const sessions = new Map<string, MemorySession>();
  let seq = 0;
  const session = (id: string) => {
    let s = sessions.get(id);
    if (!s) sessions.set(id, (s = { contract: defaultContract(), directiveError: null }));
    return s;
  };
  return {
    home,
    env,
    now: () => new Date(),
    classify: (request, base) =>
      classifyToolRequest(request, base, {
        cwd: base.cwd, projectRoot, home: env.HOME!, files: diskFileView(), config: EMPTY_CLASSIFIER_CONFIG,
        digestKey: 'test-key', realpath: true,
      }),
    async handle(event: ControlEvent): Promise<ControllerResult> {
      const s = session(event.sessionId);
      if (event.kind === 'prompt.submit') {
        if (event.origin !== 'user') return { kind: 'none' };
        const parsed = parsePrompt(event.prompt, { projectRoot, previous: s.contract });
        switch (parsed.kind) {
          case 'none':
            return { kind: 'none' };
          case 'inspection':
            return { kind: 'prompt-block', text: contractLine(s.contract), inspection: true };
          case 'error':
            s.directiveError = parsed.error;
            return { kind: 'prompt-block', text: parsed.error.message, code: parsed.error.code };
          default:
            s.contract = parsed.contract;
            s.directiveError = null;
            return { kind: 'context', text: contractLine(s.contract), userLine: contractLine(s.contract) };
        }
      }
      if (event.kind === 'session.start') {
        return controlStateOf(s.contract) === 'OFF' || s.contract.mode === 'unconfirmed' ? { kind: 'none' } : { kind: 'context', text: contractLine(s.contract) };
      }
      if (event.kind !== 'action.before') return { kind: 'none' };
      const decision = decide({
        contract: s.contract,
        action: event.action,
        directiveError: s.directiveError,
        protectedPaths: { remit: [home + '/**'], hostConfig: [] },
        ledger: { reserved: 0, unresolved: [], idState: 'new' },
      });
      const eventId = `evt_mem${String(++seq).padStart(8, '0')}`;
      return { kind: 'decision', decision, eventId, message: decisionMessage(decision, eventId, s.contract) };
    },
  };
}

/** A throwaway project, REMIT_HOME and user home, with a Runtime over them. */
export async function createTestWorld(): Promise<TestWorld> {
  const base = realpathSync(mkdtempSync(path.join(tmpdir(), 'remit-adapter-')));
  const project = path.join(base, 'project');
  const home = path.join(base, 'remit-home');
  const userHome = path.join(base, 'user');
  const { mkdirSync } = await import('node:fs');
  mkdirSync(path.join(project, '.git'), { recursive: true });
  mkdirSync(home, { recursive: true, mode: 0o700 });
  mkdirSync(userHome, { recursive: true });
  const env: Record<string, string> = {
    HOME: userHome,
    REMIT_HOME: home,
    XDG_CONFIG_HOME: path.join(userHome, '.config'),
    XDG_STATE_HOME: path.join(userHome, '.local', 'state'),
    XDG_DATA_HOME: path.join(userHome, '.local', 'share'),
  };
  let runtime: Runtime;
  let kind: TestWorld['kind'] = 'memory';
  try {
    const modPath = '../../src/core/host/create-runtime.js';
    const mod = (await import(/* @vite-ignore */ modPath)) as { createRuntime(o: { home: string; env: Record<string, string> }): Runtime | Promise<Runtime> };
    runtime = await mod.createRuntime({ home, env });
    kind = 'production';
  } catch {
    runtime = memoryRuntime(home, env, project);
  }
  return { base, project, home, userHome, env, runtime, kind, dispose: () => rmSync(base, { recursive: true, force: true }) };
}
