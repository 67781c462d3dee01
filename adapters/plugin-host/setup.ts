// `remit install|uninstall|doctor` for a host that loads a file of remit's (OpenCode, Pi, omp,
// Hermes): the host's own installer and doctor behind the one shape every host's setup has
// (adapters/host-module.ts), so `remit install|uninstall|doctor` treat all hosts alike.
import path from 'node:path';
import type { FileAction, HostReport } from '../host-module.js';
import type { HostSetup, InstallContext, UninstallContext } from '../host-module.js';
import type { DoctorRow as PluginDoctorRow, InstallOptions, InstallReport } from './install-files.js';
import { lookupTable } from '../../src/core/lookup-table.js';

export interface PluginInstaller {
  host: string;
  install(opts: InstallOptions): Promise<InstallReport>;
  uninstall(opts: InstallOptions): Promise<InstallReport>;
  doctor(ctx: { env?: NodeJS.ProcessEnv; cwd?: string; dist?: string; hostVersion?: string | null }): Promise<PluginDoctorRow>;
}

const VERB = lookupTable<FileAction['action']>({
  __proto__: null,
  create: 'installed',
  update: 'updated',
  unchanged: 'unchanged',
  remove: 'removed',
  absent: 'absent',
  kept: 'unchanged',
});

function toHostReport(r: InstallReport): HostReport {
  return {
    host: r.host,
    scope: r.scope,
    ok: true,
    dryRun: r.dryRun,
    // Hermes runs a copy of remit's bundle: named so, as the command-hook hosts name theirs.
    actions: r.changes.map((c) => ({
      file: c.path,
      what: c.path.endsWith('.cjs') ? 'bundle' : 'plugin',
      action: VERB[c.action] ?? 'unchanged',
      ...(c.action === 'kept' ? { detail: 'not written by remit; left alone' } : {}),
    })),
    notes: r.notes,
  };
}

async function reported(host: string, ctx: UninstallContext, run: () => Promise<InstallReport>): Promise<HostReport> {
  try {
    return toHostReport(await run());
  } catch (err) {
    return {
      host,
      scope: ctx.scope,
      ok: false,
      dryRun: ctx.dryRun,
      actions: [],
      notes: [],
      error: err instanceof Error ? err.message.replace(/^remit (un)?install( \w+)?: /, '') : String(err),
    };
  }
}

const optionsOf = (ctx: UninstallContext): InstallOptions => ({ scope: ctx.scope as InstallOptions['scope'], dryRun: ctx.dryRun, env: ctx.env, cwd: ctx.cwd });

export function pluginSetup(p: PluginInstaller): HostSetup {
  return {
    install: (ctx: InstallContext) =>
      reported(p.host, ctx, () => p.install({ ...optionsOf(ctx), dist: path.dirname(ctx.bundleSource), hostVersion: ctx.hostVersion })),
    uninstall: (ctx) => reported(p.host, ctx, () => p.uninstall(optionsOf(ctx))),
    async doctor(ctx) {
      let row: PluginDoctorRow;
      try {
        row = await p.doctor({ env: ctx.env, cwd: ctx.cwd, dist: ctx.dist, hostVersion: ctx.hostVersion });
      } catch (err) {
        row = {
          host: p.host,
          protected: false,
          lines: [`protected: no — doctor could not inspect ${p.host} (${err instanceof Error ? err.message : String(err)})`],
        };
      }
      // "Not on this machine" (no binary, nothing of remit's) is told apart from "unprotected".
      const installed = row.lines.some((l) => l.startsWith('installed'));
      return { ...row, applicable: row.protected || installed || ctx.which(p.host) !== null };
    },
  };
}
