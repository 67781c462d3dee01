// `remit install <host|all> [--scope user|project|local] [--dry-run] [--trust] [--json]`:
// registers remit's hooks in a host's own configuration (docs/DESIGN.md#adapters-and-installers). Exit 0 done, 1 error.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import minimist from 'minimist';
import type { FileAction, HostReport, InstallContext } from '../../../adapters/host-module.js';
import type { HostModule } from '../../../adapters/host-module.js';
import { findHost, HOSTS } from '../../../adapters/hosts.js';
import { nearest } from '../../core/contract/nearest.js';
import { canonicalPath } from '../../core/paths/canonical.js';
import { findProjectRoot } from '../../core/paths/project-root.js';
import { resolveDataDir } from '../../core/state/home.js';
import { beforeInstall, recordInstall, recordPath, reportFiles } from '../install-record.js';
import { UsageError, type CliIO } from '../io.js';
import { unknownOption } from '../options.js';
import { REMIT_VERSION } from '../version.js';
import { hostVersionFact, shellExec, supportedMajor, whichOnPath } from '../host-version.js';
import { inRange } from '../../../adapters/command-hook/doctor-common.js';

export interface InstallArgs {
  hosts: string[];
  scope: string;
  dryRun: boolean;
  trust: boolean;
  json: boolean;
  /** `all` was named: uninstall also removes bundles that no install record lists. */
  all: boolean;
  /** With `all`: the hosts that have no such scope, so were left out. */
  skipped: string[];
}

/** A relative HOME would put every host's configuration under the folder remit runs in. */
export function requireAbsoluteHome(env: CliIO['env'], command: 'install' | 'uninstall'): void {
  if (env.HOME !== undefined && env.HOME !== '' && !path.isAbsolute(env.HOME))
    throw new UsageError(`HOME is '${env.HOME}', not an absolute path; set it to your home folder and run ${command} again`);
}

/**
 * The folder every host's project (and local) scope writes into, one rule for all of them: the
 * git top of the current folder, else the current folder itself. `/` and the home folder are
 * refused: a project scope there would write into every project's parent, or into the user's
 * own configuration, which is the user scope's.
 */
function projectFolder(io: Pick<CliIO, 'cwd' | 'env'>, scope: string, command: 'install' | 'uninstall'): string {
  if (scope === 'user') return io.cwd;
  const root = findProjectRoot(io.cwd);
  const home = io.env.HOME && path.isAbsolute(io.env.HOME) ? canonicalPath(io.env.HOME, '/') : undefined;
  if (root === '/' || root === home)
    throw new UsageError(
      `--scope ${scope} writes into the project (the git top of this folder, else this folder), and that is ${root === '/' ? 'the file system root' : 'your home folder'}; run ${command} inside the project`,
    );
  return root;
}

/** `hosts`: every host remit installs into, in the order `all` handles them. */
export function parseInstallArgs(argv: string[], command: 'install' | 'uninstall', hosts: readonly HostModule[] = HOSTS): InstallArgs {
  const names = hosts.map((h) => h.name);
  const known = new Set(['scope', 'dry-run', 'trust', 'json', '_']);
  const a = minimist(argv, { string: ['scope'], boolean: ['dry-run', 'trust', 'json'] });
  for (const k of Object.keys(a)) if (!known.has(k)) throw unknownOption(k, [...known, 'help']);
  if (command === 'uninstall' && a.trust) throw new UsageError('--trust applies to install only');
  const [given, ...extra] = a._.map(String);
  if (!given) throw new UsageError(`a host is needed: remit ${command} <${names.join('|')}|all>`);
  if (extra.length) throw new UsageError(`unexpected argument '${extra[0]}'`);
  if (Array.isArray(a.scope)) throw new UsageError('--scope given twice');
  if (a.scope === '' || (a.scope === undefined && argv.includes('--scope'))) throw new UsageError('--scope needs a value: user, project or local');
  const scope = String(a.scope ?? 'user').toLowerCase();
  if (!['user', 'project', 'local'].includes(scope)) throw new UsageError(`unknown scope '${scope}' (user, project or local)`);
  const target = given.toLowerCase();
  const chosen = target === 'all' ? hosts.filter((h) => h.install.scopes.includes(scope)) : hosts.filter((h) => h.name === target);
  const into = command === 'install' ? 'install into' : 'uninstall from';
  if (chosen.length === 0 && target !== 'all') {
    const near = nearest(target, [...names, 'all']);
    throw new UsageError(`remit cannot ${into} '${given}' (${names.join(', ')}, all)${near ? `; did you mean \`remit ${command} ${near}\`?` : ''}`);
  }
  const trusting = hosts.filter((h) => h.install.trust);
  if (a.trust && !chosen.some((h) => h.install.trust))
    throw new UsageError(`--trust applies to ${trusting.map((h) => h.capability.displayName).join(', ')} only`);
  const skipped = target === 'all' ? names.filter((n) => !chosen.some((h) => h.name === n)) : [];
  return { hosts: chosen.map((h) => h.name), scope, dryRun: !!a['dry-run'], trust: !!a.trust, json: !!a.json, all: target === 'all', skipped };
}

/** The bundle to copy: the running one when remit runs from its bundle, else the repo's build. */
export function defaultBundleSource(): string {
  const self = fileURLToPath(import.meta.url);
  // Built, this code runs from a chunk (dist/remit-cli.cjs) beside the bundle it installs.
  if (self.endsWith('.cjs')) return path.join(path.dirname(self), 'remit.cjs');
  return path.resolve(path.dirname(self), '..', '..', '..', 'dist', 'remit.cjs');
}

function renderReports(reports: HostReport[], verb: string, args?: Pick<InstallArgs, 'skipped' | 'scope'>): string {
  const out: string[] = [];
  // `all` takes the hosts that have the scope; the others are named, not silently passed over.
  if (args?.skipped.length) out.push(`Left out: ${args.skipped.join(', ')} (no ${args.scope} scope).`);
  for (const r of reports) {
    const head = `${r.host} (${r.scope})${r.dryRun ? ' — dry run, nothing written' : ''}`;
    if (!r.ok) {
      out.push(`${head}: not ${verb}: ${r.error ?? 'failed'}`);
      continue;
    }
    out.push(`${head}:`);
    const shown = new Set<string>();
    for (const a of r.actions) {
      const act = a.action.startsWith('would ') || a.action === 'unchanged' || a.action === 'absent' ? a.action : r.dryRun ? `would be ${a.action}` : a.action;
      // The bundle's chunks are one line per folder and action (--json lists each file).
      const same =
        a.what === 'bundle' ? r.actions.filter((b) => b.what === 'bundle' && b.action === a.action && path.dirname(b.file) === path.dirname(a.file)) : [a];
      const key = `${a.what} ${a.action} ${path.dirname(a.file)}`;
      if (same.length > 1 && shown.has(key)) continue;
      shown.add(key);
      // What the bundle wrote beside itself when it ran (hidden `.remit…` files: its code caches) is named apart.
      const caches = same.filter((b) => path.basename(b.file).startsWith('.remit')).length;
      const parts = caches > 0 ? `remit.cjs, its chunks and ${caches} code cache file${caches === 1 ? '' : 's'}` : 'remit.cjs and its chunks';
      const file = same.length > 1 ? `${path.dirname(a.file)}/ (${same.length} files: ${parts})` : a.file;
      out.push(`  ${a.what.padEnd(8)} ${act.padEnd(18)} ${file}${a.detail ? ` (${a.detail})` : ''}`);
    }
    for (const n of r.notes) out.push(`  note: ${n}`);
    if (r.incomplete) out.push(`  not done: ${r.incomplete}`);
  }
  return `${out.join('\n')}\n`;
}

/**
 * The reports: JSON on stdout, or text with each refused host's one line on stderr (install
 * --help: "one line on stderr, nothing changed") and what was done on stdout.
 */
export function printReports(io: CliIO, args: InstallArgs, command: 'install' | 'uninstall', reports: HostReport[]): void {
  if (args.json) {
    io.stdout(`${JSON.stringify({ command, dryRun: args.dryRun, reports: reports.map(asPlanned) }, null, 2)}\n`);
    return;
  }
  const verb = command === 'install' ? 'installed' : 'uninstalled';
  const done = reports.filter((r) => r.ok);
  if (done.length > 0 || args.skipped.length > 0) io.stdout(renderReports(done, verb, args));
  for (const r of reports.filter((x) => !x.ok)) io.stderr(`remit ${command}: ${renderReports([r], verb)}`);
}

/** A dry run's actions say what WOULD happen, in JSON as in text. */
function asPlanned(r: HostReport): HostReport {
  if (!r.dryRun) return r;
  return {
    ...r,
    actions: r.actions.map((a) =>
      a.action === 'unchanged' || a.action === 'absent'
        ? a
        : { ...a, action: (a.action.startsWith('would ') ? a.action : `would be ${a.action}`) as FileAction['action'] },
    ),
  };
}

/** A host whose major version remit has no hook or plugin form for gets nothing: installing would only say "protected" falsely. */
function versionRefusal(host: HostModule, version: string | null): string | null {
  const { displayName, verified } = host.capability;
  if (version === null || supportedMajor(version, verified.range, host.install.majors)) return null;
  return `${displayName} ${version} runs here, a major version remit has no ${host.plugin ? 'plugin' : 'hook'} form for (verified: ${verified.range}); nothing was installed`;
}

function unverifiedNote(host: HostModule, version: string | null): string | null {
  const { displayName, verified } = host.capability;
  if (version === null || inRange(version, verified.range)) return null;
  return `${displayName} ${version} is outside the range remit was verified against (${verified.range}): \`remit doctor\` reports it as not verified.`;
}

export interface InstallDeps {
  bundleSource?: string;
  nodePath?: string;
  version?: string;
  hosts?: readonly HostModule[];
}

/**
 * Each host's install, and its line in the install record: the host's own dry run says which
 * files it will write, so the folders missing on the way to them are known before it writes;
 * what it then made is recorded for uninstall (src/cli/install-record.ts).
 */
async function installReports(args: InstallArgs, io: CliIO, deps: InstallDeps = {}): Promise<HostReport[]> {
  const out: HostReport[] = [];
  const dataDir = resolveDataDir(io.env);
  for (const name of args.hosts) {
    const host = findHost(name, deps.hosts)!;
    const setup = await host.setup();
    const fact = hostVersionFact(host, { which: whichOnPath(io.env), exec: shellExec, env: io.env, cwd: io.cwd });
    const unsupported = versionRefusal(host, fact?.version ?? null);
    if (unsupported) {
      out.push({ host: host.name, scope: args.scope, ok: false, dryRun: args.dryRun, actions: [], notes: [], error: unsupported });
      continue;
    }
    const ctx: InstallContext = {
      env: io.env,
      cwd: projectFolder(io, args.scope, 'install'),
      scope: args.scope,
      dryRun: args.dryRun,
      trust: args.trust && host.install.trust === true,
      bundleSource: deps.bundleSource ?? defaultBundleSource(),
      nodePath: deps.nodePath ?? process.execPath,
      version: deps.version ?? REMIT_VERSION,
      dataDir,
      hostVersion: fact?.version ?? null,
    };
    const versionNote = unverifiedNote(host, fact?.version ?? null);
    if (args.dryRun) {
      const report = await setup.install(ctx);
      if (versionNote) report.notes.push(versionNote);
      out.push(report);
      continue;
    }
    const planned = await setup.install({ ...ctx, dryRun: true });
    const before = beforeInstall([...(planned.ok ? reportFiles(planned) : []), recordPath(dataDir)]);
    const report = await setup.install(ctx);
    report.notes.push(...recordInstall(dataDir, report, before));
    if (versionNote) report.notes.push(versionNote);
    out.push(report);
  }
  return out;
}

export async function uninstallReports(args: InstallArgs, io: CliIO, hosts?: readonly HostModule[]): Promise<HostReport[]> {
  const out: HostReport[] = [];
  for (const name of args.hosts) {
    const setup = await findHost(name, hosts)!.setup();
    out.push(
      await setup.uninstall({
        env: io.env,
        cwd: projectFolder(io, args.scope, 'uninstall'),
        scope: args.scope,
        dryRun: args.dryRun,
        dataDir: resolveDataDir(io.env),
      }),
    );
  }
  return out;
}

export async function run(argv: string[], io: CliIO, deps: InstallDeps = {}): Promise<number> {
  const args = parseInstallArgs(argv, 'install', deps.hosts);
  requireAbsoluteHome(io.env, 'install');
  const bundleSource = deps.bundleSource ?? defaultBundleSource();
  if (!existsSync(bundleSource)) {
    io.stderr(`remit install: the remit bundle was not found at ${bundleSource} (run npm run build)\n`);
    return 1;
  }
  // Several hosts (`all`) install all or none: each host's own dry run first, so one host's
  // refusal (a malformed config) leaves every host as it was, as install --help promises.
  if (!args.dryRun && args.hosts.length > 1) {
    const refused = (await installReports({ ...args, dryRun: true }, io, { ...deps, bundleSource })).filter((r) => !r.ok);
    if (refused.length > 0) {
      printReports(
        io,
        { ...args, skipped: [] },
        'install',
        refused.map((r) => ({ ...r, dryRun: false })),
      );
      io.stderr(
        `remit install: nothing was installed for any host; fix ${refused.length === 1 ? 'that' : 'those'}, or install the other hosts one at a time\n`,
      );
      return 1;
    }
  }
  const reports = await installReports(args, io, { ...deps, bundleSource });
  printReports(io, args, 'install', reports);
  return reports.every((r) => r.ok) ? 0 : 1;
}
