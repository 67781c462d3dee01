// The shape of a host module (adapters/<host>/host.ts): everything the rest of remit knows
// about one host, in one record. adapters/hosts.ts lists them, and every table — the hosts
// `remit hook` answers, the protected host configuration, install/uninstall/doctor, replay's
// adapters, the build's plugin entries — is derived from that list
// (docs/DESIGN.md#adapters-and-installers). The parts that carry code are loaders, so a hook
// for one host evaluates only that host's hook path, and the build keeps in each bundle only
// the parts it serves (scripts/build/host-parts.mjs).
import type { HostCapability } from '../src/generated/types.js';
import type { HostAdapter, NativeResponse } from '../src/core/host/adapter.js';
import type { Runtime } from '../src/core/host/runtime.js';
import type { DoctorContext, DoctorRow } from './command-hook/doctor-common.js';
import type { HostReport, InstallContext } from './command-hook/install-run.js';

/** The host's name: the schema's enum (schemas/host-capability.schema.json), its folder, `remit hook <name>`. */
export type HostName = HostCapability['host'];

export type Env = Readonly<Record<string, string | undefined>>;

export interface HookOptions {
  /** The hook process's cwd, used when the payload has none. */
  cwd?: string;
  /** The stdin read hit the size cap. */
  truncated?: boolean;
}

/** One `remit hook <host> [event]`: the host's payload text → exactly what the host reads back. */
export type HookRun = (eventArg: string | undefined, stdinText: string, runtime: Runtime, opts?: HookOptions) => Promise<NativeResponse>;

export type { HostReport, InstallContext };
export type UninstallContext = Omit<InstallContext, 'trust' | 'bundleSource' | 'nodePath' | 'version'>;

/** What `remit doctor` hands every host: the probes' edges, and where this remit's files are. */
export interface DoctorSetupContext extends DoctorContext {
  /** The folder holding this remit's bundle and its built plugins (dist/). */
  dist: string;
  /** The Node and the version a hook registered now would name (drift check). */
  nodePath: string;
  version: string;
  /** $XDG_DATA_HOME/remit, where installed bundles live. */
  dataDir: string;
}

/** `remit install`, `uninstall` and `doctor` for one host: a report or a row, never a throw. */
export interface HostSetup {
  install(ctx: InstallContext): Promise<HostReport>;
  uninstall(ctx: UninstallContext): Promise<HostReport>;
  doctor(ctx: DoctorSetupContext): Promise<DoctorRow>;
}

/** What the host itself loads, built into dist/plugins/ by scripts/build/plugins.mjs. */
export type PluginEntry =
  /** An ES module (`adapters/<host>/index.ts`) bundled whole to dist/plugins/<host>.js. */
  | { module: string }
  /** A folder copied as it is (`adapters/<host>/plugin/`) to dist/plugins/<host>/. */
  | { folder: string };

export interface HostModule {
  name: HostName;
  capability: HostCapability;
  /** The capability's configPaths as this environment places them (a host whose folder moves with an environment variable). */
  configPaths(env: Env): string[];
  /** The scopes `remit install <name> --scope` accepts; `trust`: whether `--trust` applies. */
  install: { scopes: readonly string[]; trust?: true };
  /** The adapter replay, `check` and the conformance suites drive. */
  adapter(): Promise<HostAdapter>;
  /** `remit hook <name>`: present when the host runs remit as a command (Codex, Claude Code, Hermes' plugin). */
  hook?: () => Promise<HookRun>;
  /** Present when the host loads a file of remit's (OpenCode, Pi, omp, Hermes). */
  plugin?: PluginEntry;
  setup(): Promise<HostSetup>;
}
