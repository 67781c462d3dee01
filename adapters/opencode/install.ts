// `remit install opencode`: the plugin file OpenCode 1.18 and 2.x load from their plugins folder —
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

/** OpenCode 2 loads only `export default { id, setup }`; 1.x only a plugin function. */
function opencodeForm(hostVersion: string | null | undefined): 'v1' | 'v2' {
  return hostVersion && Number(hostVersion.split('.')[0]) >= 2 ? 'v2' : 'v1';
}

export async function installOpencode(opts: InstallOptions = {}): Promise<InstallReport> {
  const { path: target, root } = opencodePluginPath(opts);
  const dryRun = opts.dryRun === true;
  const form = opencodeForm(opts.hostVersion);
  const change = placeFile(target, bundledPlugin(opts.dist ?? defaultDist(), 'opencode', form === 'v2' ? 'v2' : undefined), {
    dryRun,
    stopAt: path.dirname(root),
  });
  const which =
    form === 'v2'
      ? `OpenCode ${opts.hostVersion} runs here: wrote the OpenCode 2 plugin (\`export default { id, setup }\`).`
      : opts.hostVersion
        ? `OpenCode ${opts.hostVersion} runs here: wrote the OpenCode 1.x plugin.`
        : 'No `opencode` on PATH: wrote the OpenCode 1.x plugin, which OpenCode 2 skips; with OpenCode 2, run `remit install opencode` again with it on PATH.';
  return {
    host: 'opencode',
    scope: opts.scope ?? 'user',
    dryRun,
    changes: [change],
    notes: [which, 'OpenCode loads the plugin when it next starts; nothing to enable or trust.'],
  };
}

export async function uninstallOpencode(opts: InstallOptions = {}): Promise<InstallReport> {
  const { path: target, root } = opencodePluginPath(opts);
  const dryRun = opts.dryRun === true;
  const change = removeOwnFile(target, isRemitPlugin('opencode'), { dryRun, stopAt: path.dirname(root) });
  const notes = change.action === 'kept' ? [`${target} was not written by remit and was left alone.`] : [];
  return { host: 'opencode', scope: opts.scope ?? 'user', dryRun, changes: [change], notes };
}

export async function doctorOpencode(ctx: { env?: NodeJS.ProcessEnv; cwd?: string; dist?: string; hostVersion?: string | null } = {}): Promise<DoctorRow> {
  const locations: PluginLocation[] = [];
  for (const scope of ['user', 'project'] as const) {
    const p = opencodePluginPath({ ...ctx, scope }).path;
    locations.push({ scope, path: p });
    // OpenCode also reads the older singular folder name.
    locations.push({ scope: `${scope}, plugin/`, path: path.join(path.dirname(path.dirname(p)), 'plugin', FILE) });
  }
  // The form the installed file has, as the probe found it: the line doctor reports it under.
  let found: 'v1' | 'v2' | undefined;
  const row = await doctorPluginHost({
    host: 'opencode',
    displayName: 'OpenCode',
    locations,
    shipped: readIfExists(path.join(ctx.dist ?? defaultDist(), 'plugins', opencodeForm(ctx.hostVersion) === 'v2' ? 'opencode.v2.js' : 'opencode.js')),
    async probe(mod) {
      const stub = { runtime: { handle: async () => ({ kind: 'none' }), classify: async () => ({}) } };
      const dir = ctx.cwd ?? process.cwd();
      const v2 = mod.default as { id?: unknown; setup?: unknown } | undefined;
      let form: 'v1' | 'v2';
      if (typeof mod.default === 'function') {
        const hooks = (await (mod.default as (i: unknown, o: unknown) => Promise<Record<string, unknown>>)({ directory: dir }, stub)) ?? {};
        if (typeof hooks['tool.execute.before'] !== 'function') throw new Error('the plugin registers no tool.execute.before hook');
        form = 'v1';
      } else if (v2 && typeof v2 === 'object' && typeof v2.id === 'string' && typeof v2.setup === 'function') {
        const registered: string[] = [];
        await (v2.setup as (c: unknown) => Promise<void>)({
          location: { directory: dir },
          options: stub,
          session: { hook: (n: string) => registered.push(`session.${n}`) },
          tool: { hook: (n: string) => registered.push(`tool.${n}`) },
        });
        if (!registered.includes('tool.execute.before')) throw new Error('the OpenCode 2 plugin registers no execute.before hook');
        form = 'v2';
      } else throw new Error('the module has neither plugin form (a 1.x function or 2.x `{ id, setup }`)');
      found = form;
      const name = form === 'v2' ? 'the OpenCode 2 form (`{ id, setup }`, registers execute.before)' : 'the OpenCode 1.x form (registers tool.execute.before)';
      const want = ctx.hostVersion ? opencodeForm(ctx.hostVersion) : undefined;
      if (want && want !== form)
        throw new Error(
          `the installed file is ${name}, but OpenCode ${ctx.hostVersion} runs here and skips that form (${want === 'v2' ? '"Plugin must export a default definition…"' : 'it calls only plugin functions'}); run \`remit install opencode\``,
        );
      return `loads in this process as ${name}${want ? `, the form OpenCode ${ctx.hostVersion} loads` : ''}; whether that OpenCode loaded it, only its own log says`;
    },
  });
  const form = ctx.hostVersion ? opencodeForm(ctx.hostVersion) : found;
  return form ? { ...row, line: form === 'v2' ? 'opencode2' : 'opencode' } : row;
}
