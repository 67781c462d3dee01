// Installing remit's extension file for a Pi-family host: `<agent dir>/extensions/remit.js`
// (user) or `<project>/<config dir>/extensions/remit.js` (project, a self-contained copy).
// omp adds its `trustedExtensions` list so restricted task children load remit too.
import path from 'node:path';
import { parseDocument } from 'yaml';
import { doctorPluginHost, type PluginLocation } from '../plugin-host/doctor-plugin.js';
import {
  defaultDist,
  editYamlList,
  homeOf,
  InstallError,
  placeFile,
  readIfExists,
  removeOwnFile,
  type DoctorRow,
  type InstallChange,
  type InstallOptions,
  type InstallReport,
} from '../plugin-host/install-files.js';
import { bundledPlugin, isRemitPlugin } from '../plugin-host/plugin-file.js';
import type { PiFamilyHost } from './flavor.js';

export interface PiFamilyInstallSpec {
  host: PiFamilyHost;
  displayName: string;
  /** The agent folder for user scope, with the host's overrides honoured. */
  agentDir(env: NodeJS.ProcessEnv): string;
  /** The project folder name (`.pi`, `.omp`). */
  projectDir: string;
  /** omp: keep the installed path in `<agent dir>/config.yml` trustedExtensions. */
  trustedExtensions: boolean;
  projectNote: string;
}

const FILE = 'remit.js';

function piFamilyPluginPath(spec: PiFamilyInstallSpec, opts: InstallOptions): { path: string; root: string } {
  const scope = opts.scope ?? 'user';
  if (scope === 'local') throw new InstallError(`remit install ${spec.host}: ${spec.displayName} has no local scope; use --scope user or --scope project`);
  if (scope === 'project') {
    const root = path.resolve(opts.cwd ?? process.cwd());
    return { path: path.join(root, spec.projectDir, 'extensions', FILE), root };
  }
  const agent = spec.agentDir(opts.env ?? process.env);
  return { path: path.join(agent, 'extensions', FILE), root: path.dirname(agent) };
}

function configYml(spec: PiFamilyInstallSpec, env: NodeJS.ProcessEnv): string {
  return path.join(spec.agentDir(env), 'config.yml');
}

/** Adds or removes `entry` in config.yml's trustedExtensions, keeping every other line as it was. */
function editTrusted(file: string, entry: string, add: boolean, dryRun: boolean, stopAt: string): { change: InstallChange; note?: string } {
  return editYamlList({ file, keys: ['trustedExtensions'], entry, add, dryRun, stopAt, label: 'omp', newMode: 0o644 });
}

export async function installPiFamily(spec: PiFamilyInstallSpec, opts: InstallOptions = {}): Promise<InstallReport> {
  const env = opts.env ?? process.env;
  const scope = opts.scope ?? 'user';
  const dryRun = opts.dryRun === true;
  const { path: target, root } = piFamilyPluginPath(spec, opts);
  // A refused install changes nothing: every check runs first, in a dry run, then the writes.
  if (!dryRun) await installPiFamily(spec, { ...opts, dryRun: true });
  const changes = [placeFile(target, bundledPlugin(opts.dist ?? defaultDist(), spec.host), { dryRun, stopAt: root })];
  const notes = [`${spec.displayName} loads the extension when it next starts.`];
  if (scope === 'project') notes.push(spec.projectNote);
  if (spec.trustedExtensions && scope === 'user') {
    // Only the user's config.yml may name trusted extensions (omp ignores a project's list).
    // Never a project copy: omp 18.3 refuses to start when a trusted path fails to load.
    const t = editTrusted(configYml(spec, env), target, true, dryRun, path.dirname(spec.agentDir(env)));
    changes.push(t.change);
    if (t.note) notes.push(t.note);
    notes.push(
      'Restricted task children (a tool allowlist) load only trusted extensions: remit is listed under trustedExtensions in config.yml (read by omp 18.3 and later). ' +
        'On omp 18.2.x start omp with `--trusted-extension ' +
        target +
        '` to cover them; that flag also turns off other extension discovery.',
    );
  }
  return { host: spec.host, scope, dryRun, changes, notes };
}

export async function uninstallPiFamily(spec: PiFamilyInstallSpec, opts: InstallOptions = {}): Promise<InstallReport> {
  const env = opts.env ?? process.env;
  const dryRun = opts.dryRun === true;
  const { path: target, root } = piFamilyPluginPath(spec, opts);
  // A refused uninstall changes nothing either: the dry run meets every refusal first.
  if (!dryRun) await uninstallPiFamily(spec, { ...opts, dryRun: true });
  const change = removeOwnFile(target, isRemitPlugin(spec.host), { dryRun, stopAt: root });
  const changes = [change];
  const notes = change.action === 'kept' ? [`${target} was not written by remit and was left alone.`] : [];
  if (spec.trustedExtensions && (opts.scope ?? 'user') === 'user') {
    const t = editTrusted(configYml(spec, env), target, false, dryRun, path.dirname(spec.agentDir(env)));
    changes.push(t.change);
    if (t.note) notes.push(t.note);
  }
  return { host: spec.host, scope: opts.scope ?? 'user', dryRun, changes, notes };
}

export async function doctorPiFamily(spec: PiFamilyInstallSpec, ctx: { env?: NodeJS.ProcessEnv; cwd?: string; dist?: string } = {}): Promise<DoctorRow> {
  const env = ctx.env ?? process.env;
  const locations: PluginLocation[] = (['user', 'project'] as const).map((scope) => ({ scope, path: piFamilyPluginPath(spec, { ...ctx, scope }).path }));
  return doctorPluginHost({
    host: spec.host,
    displayName: spec.displayName,
    locations,
    shipped: readIfExists(path.join(ctx.dist ?? defaultDist(), 'plugins', `${spec.host}.js`)),
    async probe(mod) {
      if (typeof mod.default !== 'function') throw new Error('the module has no default extension function');
      const events: string[] = [];
      (mod.default as (pi: unknown) => void)({ on: (e: string) => void events.push(e), registerCommand: () => {} });
      if (!events.includes('tool_call')) throw new Error('the extension registers no tool_call handler');
      return `the extension loads and handles ${events.length} events, tool_call among them`;
    },
    extra: spec.trustedExtensions
      ? (found) => {
          const user = found.find((l) => l.scope === 'user');
          if (!user) return [];
          const doc = parseDocument(readIfExists(configYml(spec, env))?.toString('utf8') ?? '');
          const list = doc.errors.length === 0 ? doc.toJS()?.trustedExtensions : undefined;
          const trusted = Array.isArray(list) && list.includes(user.path);
          return [
            {
              ok: true,
              line: trusted
                ? 'trustedExtensions lists remit: restricted task children load it (omp 18.3+; on 18.2.x use --trusted-extension)'
                : 'trustedExtensions does not list remit: restricted task children run without it (`remit install omp` adds it)',
            },
          ];
        }
      : undefined,
  });
}

export function piAgentDir(env: NodeJS.ProcessEnv, configDir: string): string {
  const override = env.PI_CODING_AGENT_DIR;
  if (override && path.isAbsolute(override)) return override;
  return path.join(homeOf(env), configDir, 'agent');
}
