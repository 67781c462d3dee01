// One host session in its own sandbox with its own model double: install remit (or the capture
// hook), then run one or more prompts and collect everything a scenario asserts on.
import { startModelDouble } from '../model-double/server.js';
import type { ModelDouble } from '../model-double/server.js';
import type { RecordedRequest, Script, SeenToolResult, RequestRole } from '../model-double/script.js';
import type { HostDriver, ToolVocabulary } from './hosts/driver.js';
import { installRemit, readAudit } from './remit.js';
import type { AuditView, InstallOutcome } from './remit.js';
import { createSandbox, readProjectFiles, removeSandbox } from './sandbox.js';
import type { Sandbox } from './sandbox.js';
import { runProcess } from './spawn.js';
import type { ProcessResult } from './spawn.js';

export interface HostRun extends ProcessResult {
  host: string;
  lane: string;
  prompt: string;
  /** Requests the double received during this run. */
  requests: RecordedRequest[];
  /** Tool results the host sent back for scripted calls during this run. */
  toolResults: Array<SeenToolResult & { toolName: string; role: RequestRole }>;
  /** Project files after the run. */
  files: Record<string, string>;
  /** The whole audit of the sandbox after the run. */
  audit: AuditView;
}

export interface SessionOptions {
  label: string;
  files?: Record<string, string>;
  /** `remit`: install remit; `capture`: register the payload-recording hook in `captureDir`; `bare`: nothing. */
  mode: 'remit' | 'capture' | 'bare';
  captureDir?: string;
  /** Keep the sandbox folder after close (debugging). */
  keep?: boolean;
}

export interface HostSession {
  driver: HostDriver;
  sb: Sandbox;
  double: ModelDouble;
  install: InstallOutcome;
  tools: ToolVocabulary;
  run(prompt: string, script: Script, options?: { resume?: boolean; timeoutMs?: number }): Promise<HostRun>;
  close(): Promise<void>;
}

export const DEFAULT_RUN_TIMEOUT_MS = Number(process.env.E2E_RUN_TIMEOUT_MS ?? 90_000);

export async function openSession(driver: HostDriver, options: SessionOptions): Promise<HostSession> {
  const sb = createSandbox({
    label: `${driver.host}-${driver.lane}-${driver.toolchain.name}-${options.label}`,
    files: options.files,
    node: driver.toolchain.node,
  });
  const double = await startModelDouble();
  driver.configureProvider(sb, double.url);
  let install: InstallOutcome = { via: 'none' };
  if (options.mode === 'remit') install = await installRemit(driver, sb);
  if (options.mode === 'capture') {
    const dir = options.captureDir ?? `${sb.root}/capture`;
    driver.registerCapture(sb, dir);
    Object.assign(sb.env, driver.captureEnv?.(dir) ?? {});
  }
  return {
    driver,
    sb,
    double,
    install,
    tools: driver.tools(),
    async run(prompt, script, runOptions = {}) {
      double.setScript(script);
      const before = double.requests.length;
      const inv = driver.invocation(sb, prompt, { resume: runOptions.resume, script });
      const result = await runProcess({
        file: inv.file,
        args: inv.args,
        cwd: sb.project,
        env: { ...sb.env, ...(inv.env ?? {}) },
        timeoutMs: runOptions.timeoutMs ?? DEFAULT_RUN_TIMEOUT_MS,
      });
      return {
        ...result,
        host: driver.host,
        lane: driver.lane,
        prompt,
        requests: double.requests.slice(before),
        toolResults: double.toolResults(),
        files: readProjectFiles(sb.project),
        audit: readAudit(sb),
      };
    },
    async close() {
      await double.close();
      driver.afterSession?.(sb);
      if (options.keep !== true && process.env.E2E_KEEP !== '1') removeSandbox(sb);
    },
  };
}
