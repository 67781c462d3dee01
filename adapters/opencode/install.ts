// `remit install opencode`: the plugin file OpenCode 1.18 loads from its plugins folder —
// `$XDG_CONFIG_HOME/opencode/plugins/` (user) or `<project>/.opencode/plugins/` (project, a
// self-contained copy teammates share). No trust step: OpenCode loads it at its next start.
import path from 'node:path';
import { doctorPluginHost, type PluginLocation } from '../plugin-host/doctor-plugin.js';
import {
  defaultDist,
  InstallError,
  placeFile,
  readIfExists,
  removeOwnFile,
  xdgConfigHome,
  type DoctorRow,
  type InstallOptions,
  type InstallReport,
} from '../plugin-host/install-files.js';
import { bundledPlugin, isRemitPlugin } from '../plugin-host/plugin-file.js';

const FILE = 'remit.js';

function opencodePluginPath(opts: InstallOptions): { path: string; root: string } {
  const env = opts.env ?? process.env;
  const scope = opts.scope ?? 'user';
  if (scope === 'local') throw new InstallError('remit install opencode: OpenCode has no local scope; use --scope user or --scope project');
  if (scope === 'project') {
    const root = path.resolve(opts.cwd ?? process.cwd());
    return { path: path.join(root, '.opencode', 'plugins', FILE), root };
  }
  const root = path.join(xdgConfigHome(env), 'opencode');
  return { path: path.join(root, 'plugins', FILE), root };
}

export async function installOpencode(opts: InstallOptions = {}): Promise<InstallReport> {
  const { path: target, root } = opencodePluginPath(opts);
  const dryRun = opts.dryRun === true;
  const change = placeFile(target, bundledPlugin(opts.dist ?? defaultDist(), 'opencode'), { dryRun, stopAt: path.dirname(root) });
  return {
    host: 'opencode',
    scope: opts.scope ?? 'user',
    dryRun,
    changes: [change],
    notes: ['OpenCode loads the plugin when it next starts; nothing to enable or trust.'],
  };
}

export async function uninstallOpencode(opts: InstallOptions = {}): Promise<InstallReport> {
  const { path: target, root } = opencodePluginPath(opts);
  const dryRun = opts.dryRun === true;
  const change = removeOwnFile(target, isRemitPlugin('opencode'), { dryRun, stopAt: path.dirname(root) });
  const notes = change.action === 'kept' ? [`${target} was not written by remit and was left alone.`] : [];
  return { host: 'opencode', scope: opts.scope ?? 'user', dryRun, changes: [change], notes };
}

export async function doctorOpencode(ctx: { env?: NodeJS.ProcessEnv; cwd?: string; dist?: string } = {}): Promise<DoctorRow> {
  const locations: PluginLocation[] = [];
  for (const scope of ['user', 'project'] as const) {
    const p = opencodePluginPath({ ...ctx, scope }).path;
    locations.push({ scope, path: p });
    // OpenCode also reads the older singular folder name.
    locations.push({ scope: `${scope}, plugin/`, path: path.join(path.dirname(path.dirname(p)), 'plugin', FILE) });
  }
  return doctorPluginHost({
    host: 'opencode',
    displayName: 'OpenCode',
    locations,
    shipped: readIfExists(path.join(ctx.dist ?? defaultDist(), 'plugins', 'opencode.js')),
    async probe(mod) {
      if (typeof mod.default !== 'function') throw new Error('the module has no default plugin function');
      const hooks =
        (await (mod.default as (i: unknown, o: unknown) => Promise<Record<string, unknown>>)(
          { directory: ctx.cwd ?? process.cwd() },
          { runtime: { handle: async () => ({ kind: 'none' }), classify: async () => ({}) } },
        )) ?? {};
      if (typeof hooks['tool.execute.before'] !== 'function') throw new Error('the plugin registers no tool.execute.before hook');
      return 'the plugin loads and registers tool.execute.before';
    },
  });
}
