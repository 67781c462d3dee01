// `remit install|uninstall|doctor` for a host whose hooks are commands in its own config file
// (Codex, Claude Code): the host brings its install spec and its doctor; this gives them the
// one shape every host's setup has (adapters/host-module.ts).
import type { DoctorSetupContext, HostSetup } from '../host-module.js';
import { absoluteHookCommand } from './command-line.js';
import type { DoctorContext, DoctorRow } from '../host-module.js';
import { installedBundlePath, installHost, uninstallHost, type HostInstallSpec } from './install-run.js';

export type CommandHookDoctor = (ctx: DoctorContext, expect: { commandFor: (event: string) => string }) => DoctorRow;

export function commandHookSetup(spec: HostInstallSpec, doctor: CommandHookDoctor): HostSetup {
  return {
    install: async (ctx) => installHost(spec, ctx),
    uninstall: async (ctx) => uninstallHost(spec, ctx),
    doctor: async (ctx: DoctorSetupContext) => {
      // The command `remit install` would register now, to spot drift in what is registered.
      const bundle = installedBundlePath(ctx.dataDir, ctx.version);
      return doctor(ctx, { commandFor: (event) => absoluteHookCommand(ctx.nodePath, bundle, spec.host, event) });
    },
  };
}
