// The hosts that load remit as a plugin or extension file (OpenCode, Pi, omp) or a Python
// plugin folder (Hermes): their installers, uninstallers and doctor rows behind one shape,
// so `remit install|uninstall|doctor` treat all six hosts alike.
import { doctorHermes, installHermes, uninstallHermes } from '../../adapters/hermes/install.js';
import { doctorOmp, installOmp, uninstallOmp } from '../../adapters/omp/install.js';
import { doctorOpencode, installOpencode, uninstallOpencode } from '../../adapters/opencode/install.js';
import { doctorPi, installPi, uninstallPi } from '../../adapters/pi/install.js';
import type { DoctorRow as PluginDoctorRow, InstallOptions, InstallReport } from '../../adapters/pi-shared/install-files.js';
import type { FileAction, HostReport } from '../../adapters/command-hook/install-run.js';
import type { DoctorRow } from '../../adapters/command-hook/doctor-common.js';
import { whichOnPath } from '../../adapters/command-hook/doctor-common.js';

interface PluginHost {
  scopes: readonly string[];
  /** The host's own command, to tell "not on this machine" from "unprotected". */
  binary: string;
  install(opts: InstallOptions): Promise<InstallReport>;
  uninstall(opts: InstallOptions): Promise<InstallReport>;
  doctor(ctx: { env?: NodeJS.ProcessEnv; cwd?: string; dist?: string }): Promise<PluginDoctorRow>;
}

export const PLUGIN_HOSTS: Record<string, PluginHost> = {
  opencode: { scopes: ['user', 'project'], binary: 'opencode', install: installOpencode, uninstall: uninstallOpencode, doctor: doctorOpencode },
  pi: { scopes: ['user', 'project'], binary: 'pi', install: installPi, uninstall: uninstallPi, doctor: doctorPi },
  omp: { scopes: ['user', 'project'], binary: 'omp', install: installOmp, uninstall: uninstallOmp, doctor: doctorOmp },
  hermes: { scopes: ['user', 'project'], binary: 'hermes', install: installHermes, uninstall: uninstallHermes, doctor: doctorHermes },
};

const VERB: Record<string, FileAction['action']> = { create: 'installed', update: 'updated', unchanged: 'unchanged', remove: 'removed', absent: 'absent', kept: 'unchanged' };

function toHostReport(r: InstallReport): HostReport {
  return {
    host: r.host,
    scope: r.scope,
    ok: true,
    dryRun: r.dryRun,
    actions: r.changes.map((c) => ({ file: c.path, what: 'plugin', action: VERB[c.action] ?? 'unchanged', ...(c.action === 'kept' ? { detail: 'not written by remit; left alone' } : {}) })),
    notes: r.notes,
  };
}

export async function runPluginInstall(verb: 'install' | 'uninstall', host: string, opts: Omit<InstallOptions, 'scope'> & { scope: string }): Promise<HostReport> {
  const h = PLUGIN_HOSTS[host]!;
  try {
    return toHostReport(await h[verb]({ ...opts, scope: opts.scope as InstallOptions['scope'] }));
  } catch (err) {
    return { host, scope: opts.scope, ok: false, dryRun: opts.dryRun === true, actions: [], notes: [], error: err instanceof Error ? err.message.replace(/^remit (un)?install \w+: /, '') : String(err) };
  }
}

export async function pluginDoctorRows(ctx: { env: NodeJS.ProcessEnv; cwd: string; dist: string }): Promise<DoctorRow[]> {
  const which = whichOnPath(ctx.env);
  const rows: DoctorRow[] = [];
  for (const [host, h] of Object.entries(PLUGIN_HOSTS)) {
    let row: PluginDoctorRow;
    try {
      row = await h.doctor(ctx);
    } catch (err) {
      row = { host, protected: false, lines: [`protected: no — doctor could not inspect ${host} (${err instanceof Error ? err.message : String(err)})`] };
    }
    const installed = row.lines.some((l) => l.startsWith('installed'));
    rows.push({ ...row, applicable: row.protected || installed || which(h.binary) !== null });
  }
  return rows;
}
