// The shape of a host module (adapters/<host>/host.ts): everything the rest of remit knows
// about one host, in one record, and the shapes its setup takes and gives back (install,
// uninstall, doctor), the same for every host whichever way it runs remit. adapters/hosts.ts
// lists the modules, and every table — the hosts `remit hook` answers, the protected host
// configuration, install/uninstall/doctor, replay's adapters, the build's plugin entries — is
// derived from that list (docs/DESIGN.md#adapters-and-installers). The parts that carry code
// are loaders, so a hook for one host evaluates only that host's hook path, and the build
// keeps in each bundle only the parts it serves (scripts/build/host-parts.mjs).
import type { HostCapability } from '../src/generated/types.js';
import type { HostAdapter, NativeResponse } from '../src/core/host/adapter.js';
import type { Runtime } from '../src/core/host/runtime.js';

/** The host's name: the schema's enum (schemas/host-capability.schema.json), its folder, `remit hook <name>`. */
export type HostName = HostCapability['host'];

export type Env = Readonly<Record<string, string | undefined>>;

/** What `remit install` hands a host's setup. */
export interface InstallContext {
  env: Env;
  cwd: string;
  scope: string;
  dryRun: boolean;
  trust: boolean;
  /** The bundle to install (dist/remit.cjs or the running copy). */
  bundleSource: string;
  /** process.execPath. */
  nodePath: string;
  version: string;
  /** $XDG_DATA_HOME/remit. */
  dataDir: string;
  /** The version `<binary> --version` of the host on PATH printed; null when none was found (src/cli/host-version.ts). */
  hostVersion?: string | null;
}

export interface FileAction {
  file: string;
  what: 'hooks' | 'bundle' | 'pointer' | 'launcher' | 'skill' | 'trust' | 'plugin' | 'record' | 'folder';
  /** On uninstall `removed` means the file is gone; a file that only lost remit's part is `updated` or `restored`. */
  action:
    | 'installed'
    | 'updated'
    | 'unchanged'
    | 'removed'
    | 'absent'
    | 'restored'
    | 'would be installed'
    | 'would be updated'
    | 'would be removed'
    | 'would be restored';
  detail?: string;
}

export interface HostReport {
  host: string;
  scope: string;
  ok: boolean;
  dryRun: boolean;
  actions: FileAction[];
  notes: string[];
  /** ok is false: nothing was done, and why. */
  error?: string;
  /** ok is true but part of remit stays: what, why, and what the user can do (the command then exits 1). */
  incomplete?: string;
}

/** What a command line doctor ran gave back. */
export interface ExecResult {
  status: number | null;
  stdout: string;
  stderr: string;
  error?: string;
}

/** What a host's doctor may run and look up (injectable for tests). */
export interface DoctorContext {
  env: Env;
  cwd: string;
  /** Runs a command line through /bin/sh (injectable for tests). */
  exec(command: string, opts: { input?: string; cwd: string; env: Env; timeoutMs: number }): ExecResult;
  /** Finds an executable on PATH (injectable for tests). */
  which(name: string): string | null;
  /** Skip running host binaries and probes (for tests of the file checks). */
  noExec?: boolean;
}

export interface DoctorRow {
  host: string;
  /** The version line the row is about (HostLine.name), for a host with lines; the setup's doctor names the one it checked. */
  line?: string;
  /** The host (or its version line) as people call it; doctor adds it from the capability record. */
  displayName?: string;
  protected: boolean;
  /** False when the host is not on this machine and nothing of remit's is registered for it. */
  applicable: boolean;
  lines: string[];
}

export interface HookOptions {
  /** The hook process's cwd, used when the payload has none. */
  cwd?: string;
  /** The stdin read hit the size cap. */
  truncated?: boolean;
}

/** One `remit hook <host> [event]`: the host's payload text → exactly what the host reads back. */
export type HookRun = (eventArg: string | undefined, stdinText: string, runtime: Runtime, opts?: HookOptions) => Promise<NativeResponse>;

export type UninstallContext = Omit<InstallContext, 'trust' | 'bundleSource' | 'nodePath' | 'version' | 'hostVersion'>;

/** What `remit doctor` hands every host: the probes' edges, and where this remit's files are. */
export interface DoctorSetupContext extends DoctorContext {
  /** The folder holding this remit's bundle and its built plugins (dist/). */
  dist: string;
  /** The Node and the version a hook registered now would name (drift check). */
  nodePath: string;
  version: string;
  /** $XDG_DATA_HOME/remit, where installed bundles live. */
  dataDir: string;
  /** The version of this host on PATH, when doctor could ask it (src/cli/host-version.ts); null: not found. */
  hostVersion?: string | null;
}

/** `remit install`, `uninstall` and `doctor` for one host: a report or a row, never a throw. */
export interface HostSetup {
  install(ctx: InstallContext): Promise<HostReport>;
  uninstall(ctx: UninstallContext): Promise<HostReport>;
  doctor(ctx: DoctorSetupContext): Promise<DoctorRow>;
}

/** What the host itself loads, built into dist/plugins/ by scripts/build/plugins.mjs. */
export type PluginEntry =
  /**
   * An ES module (`adapters/<host>/index.ts`) bundled whole to dist/plugins/<host>.js; `forms`
   * names other forms of it for other host versions (`v2` → `adapters/<host>/index.v2.ts` →
   * dist/plugins/<host>.v2.js), which the host's installer picks from.
   */
  | { module: string; forms?: Record<string, string> }
  /** A folder copied as it is (`adapters/<host>/plugin/`) to dist/plugins/<host>/. */
  | { folder: string };

/**
 * A version line of a host with a hook or plugin form of its own (OpenCode 1.x and 2.x): a row
 * of the capability matrix and of `remit doctor`, a column of `remit replay`, a `remit check
 * --host` name. Install, uninstall and the host's other tables stay the host module's.
 */
export interface HostLine {
  /** The replay column and `remit check --host` name (`opencode`, `opencode2`). */
  name: string;
  capability: HostCapability;
  /** The major versions of the host this line serves. */
  majors: readonly number[];
  adapter(): Promise<HostAdapter>;
}

export interface HostModule {
  name: HostName;
  capability: HostCapability;
  /** The capability's configPaths as this environment places them (a host whose folder moves with an environment variable). */
  configPaths(env: Env): string[];
  /** The command on PATH whose `--version` names the installed host's version: doctor and install check it against `capability.verified.range`. */
  binary?: string;
  /** The scopes `remit install <name> --scope` accepts; `trust`: whether `--trust` applies. */
  install: {
    scopes: readonly string[];
    trust?: true;
    /** The major versions remit has a hook or plugin form for, when more than the verified range names (`remit install` refuses any other). */
    majors?: readonly number[];
  };
  /** The adapter replay, `check` and the conformance suites drive (with `lines`: the first line's). */
  adapter(): Promise<HostAdapter>;
  /** Version lines with forms of their own, oldest first; absent: the host is one line (its name, capability and adapter). */
  lines?: readonly HostLine[];
  /** `remit hook <name>`: present when the host runs remit as a command (Codex, Claude Code, Hermes' plugin). */
  hook?: () => Promise<HookRun>;
  /** Present when the host loads a file of remit's (OpenCode, Pi, omp, Hermes). */
  plugin?: PluginEntry;
  setup(): Promise<HostSetup>;
}
