// `remit install hermes`: the Python plugin folder `$HERMES_HOME/plugins/remit/` (default
// ~/.hermes) with a launcher.json naming this Node and a stable copy of the bundle under
// `$XDG_DATA_HOME/remit/<version>/` (so an upgrade or a moved checkout leaves no dangling
// path), and `remit` added to `plugins.enabled` in `$HERMES_HOME/config.yaml` — Hermes runs
// no plugin that is not enabled. Project scope writes `<project>/.hermes/plugins/remit/`
// without machine paths (the plugin then runs the `remit` on PATH).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseDocument } from 'yaml';
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

const PLUGIN = 'remit';
const FILES = ['plugin.yaml', '__init__.py'] as const;

/**
 * The payload protocol of the plugin this bundle installs (`REMIT_PLUGIN_PROTOCOL` in its
 * __init__.py). 2: `session_id` and `hook_event_name` lead every payload, so a call over the
 * stdin cap still names its session and is refused (docs/DESIGN.md#fail-modes). A plugin with
 * no such line is 1: it sends the tool input first.
 */
export const HERMES_PLUGIN_PROTOCOL = 2;

/** The protocol an installed plugin's __init__.py declares (1 when it declares none). */
export function pluginProtocolOf(source: Buffer | string): number {
  const m = /^REMIT_PLUGIN_PROTOCOL\s*=\s*(\d+)\s*$/m.exec(source.toString());
  return m ? Number(m[1]) : 1;
}

export function hermesHome(env: NodeJS.ProcessEnv): string {
  return env.HERMES_HOME && path.isAbsolute(env.HERMES_HOME) ? env.HERMES_HOME : path.join(homeOf(env), '.hermes');
}

function dataDir(env: NodeJS.ProcessEnv): string {
  return env.XDG_DATA_HOME && path.isAbsolute(env.XDG_DATA_HOME) ? path.join(env.XDG_DATA_HOME, 'remit') : path.join(homeOf(env), '.local', 'share', 'remit');
}

function versionOf(dist: string): string {
  try {
    const v = (JSON.parse(readFileSync(path.join(dist, '..', 'package.json'), 'utf8')) as { version?: unknown }).version;
    if (typeof v === 'string' && /^[0-9A-Za-z.+-]{1,40}$/.test(v)) return v;
  } catch {
    // A bundle run from elsewhere still installs, under a dev version folder.
  }
  return '0.0.0-dev';
}

function hermesPluginDir(opts: InstallOptions): { dir: string; stopAt: string } {
  const scope = opts.scope ?? 'user';
  if (scope === 'local') throw new InstallError('remit install hermes: Hermes has no local scope; use --scope user or --scope project');
  if (scope === 'project') {
    const root = path.resolve(opts.cwd ?? process.cwd());
    return { dir: path.join(root, '.hermes', 'plugins', PLUGIN), stopAt: root };
  }
  const home = hermesHome(opts.env ?? process.env);
  return { dir: path.join(home, 'plugins', PLUGIN), stopAt: path.dirname(home) };
}

function isOurPluginFile(content: Buffer): boolean {
  const head = content.subarray(0, 400).toString('utf8');
  return head.startsWith('name: remit\n') || head.startsWith('"""remit for Hermes Agent') || head.startsWith('{"remit":');
}

/** Adds or removes `remit` in plugins.enabled of config.yaml, every other line kept. */
function editEnabled(file: string, add: boolean, dryRun: boolean, stopAt: string): { change: InstallChange; note?: string } {
  return editYamlList({ file, keys: ['plugins', 'enabled'], entry: PLUGIN, add, dryRun, stopAt, label: 'hermes', newMode: 0o600 });
}

export async function installHermes(opts: InstallOptions = {}): Promise<InstallReport> {
  const env = opts.env ?? process.env;
  const scope = opts.scope ?? 'user';
  const dryRun = opts.dryRun === true;
  const dist = opts.dist ?? defaultDist();
  const { dir, stopAt } = hermesPluginDir(opts);
  // A refused install changes nothing: every check runs first, in a dry run, then the writes.
  if (!dryRun) await installHermes({ ...opts, dryRun: true });
  const changes: InstallChange[] = [];
  for (const f of FILES) {
    const body = readIfExists(path.join(dist, 'plugins', 'hermes', PLUGIN, f));
    if (!body)
      throw new InstallError(
        `remit install hermes: ${path.join(dist, 'plugins', 'hermes', PLUGIN, f)} is missing; run \`npm run build\` (or reinstall remit) first`,
      );
    changes.push(placeFile(path.join(dir, f), body, { dryRun, stopAt }));
  }
  const notes: string[] = [];
  if (scope === 'user') {
    const cli = readIfExists(path.join(dist, 'remit.cjs'));
    if (!cli) throw new InstallError(`remit install hermes: ${path.join(dist, 'remit.cjs')} is missing; run \`npm run build\` first`);
    const stable = path.join(dataDir(env), versionOf(dist), 'remit.cjs');
    changes.push(placeFile(stable, cli, { dryRun, stopAt: path.dirname(dataDir(env)), mode: 0o755 }));
    // The bundle loads its chunks from beside itself.
    for (const chunk of readdirSync(dist)
      .filter((f) => /^remit-[a-z-]+\.cjs$/.test(f))
      .sort()) {
      changes.push(
        placeFile(path.join(path.dirname(stable), chunk), readFileSync(path.join(dist, chunk)), { dryRun, stopAt: path.dirname(dataDir(env)), mode: 0o644 }),
      );
    }
    changes.push(
      placeFile(path.join(dir, 'launcher.json'), `{"remit": 1, "node": ${JSON.stringify(process.execPath)}, "bundle": ${JSON.stringify(stable)}}\n`, {
        dryRun,
        stopAt,
      }),
    );
    const en = editEnabled(path.join(hermesHome(env), 'config.yaml'), true, dryRun, stopAt);
    changes.push(en.change);
    if (en.note) notes.push(en.note);
    notes.push('Start a new Hermes process (and `hermes gateway restart` for the gateway) to load the plugin.');
  } else {
    notes.push(
      "Hermes loads project plugins only with HERMES_ENABLE_PROJECT_PLUGINS=1, and only when enabled: run `hermes plugins enable remit`. The project copy runs the `remit` on each teammate's PATH.",
    );
  }
  return { host: 'hermes', scope, dryRun, changes, notes };
}

export async function uninstallHermes(opts: InstallOptions = {}): Promise<InstallReport> {
  const env = opts.env ?? process.env;
  const scope = opts.scope ?? 'user';
  const dryRun = opts.dryRun === true;
  const { dir, stopAt } = hermesPluginDir(opts);
  // A refused uninstall changes nothing either: the dry run meets every refusal first.
  if (!dryRun) await uninstallHermes({ ...opts, dryRun: true });
  const changes = [...FILES, 'launcher.json'].map((f) => removeOwnFile(path.join(dir, f), isOurPluginFile, { dryRun, stopAt }));
  // Python compiles the plugin into __pycache__ when Hermes loads it; it goes with the plugin's own files.
  const cache = path.join(dir, '__pycache__');
  if (changes.some((c) => c.action === 'remove') && existsSync(cache)) {
    if (!dryRun) rmSync(cache, { recursive: true, force: true });
    changes.push({ path: cache, action: 'remove' });
  }
  const notes: string[] = [];
  if (scope === 'user') {
    const en = editEnabled(path.join(hermesHome(env), 'config.yaml'), false, dryRun, stopAt);
    changes.push(en.change);
    if (en.note) notes.push(en.note);
  }
  const kept = changes.filter((c) => c.action === 'kept').map((c) => c.path);
  if (kept.length) notes.push(`Left alone (not written by remit): ${kept.join(', ')}`);
  return { host: 'hermes', scope, dryRun, changes, notes };
}

export async function doctorHermes(ctx: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): Promise<DoctorRow> {
  const env = ctx.env ?? process.env;
  const lines: string[] = [];
  const { dir } = hermesPluginDir({ ...ctx, scope: 'user' });
  const project = hermesPluginDir({ ...ctx, scope: 'project' }).dir;
  const installed = FILES.every((f) => {
    const b = readIfExists(path.join(dir, f));
    return b !== undefined && isOurPluginFile(b);
  });
  const inProject = existsSync(path.join(project, '__init__.py'));
  // An older plugin still runs, but sends the tool input before the session: a call over the
  // stdin cap cannot be refused in its session, so it is not protected until reinstalled.
  const older = (where: string): boolean => {
    const protocol = pluginProtocolOf(readIfExists(path.join(where, '__init__.py')) ?? '');
    if (protocol >= HERMES_PLUGIN_PROTOCOL) return false;
    lines.push(
      `the plugin in ${where} is older than this remit (payload protocol ${protocol}, this remit's is ${HERMES_PLUGIN_PROTOCOL}): a tool call over the stdin cap is not refused; run \`remit install hermes\`${where === project ? ' --scope project' : ''}`,
    );
    return true;
  };
  if (installed) lines.push(`installed (user): ${dir}`);
  const outdated = installed && older(dir);
  if (inProject)
    lines.push(`installed (project): ${project}${env.HERMES_ENABLE_PROJECT_PLUGINS ? '' : ' — not loaded: HERMES_ENABLE_PROJECT_PLUGINS is not set'}`);
  if (inProject) older(project);
  const config = path.join(hermesHome(env), 'config.yaml');
  const doc = parseDocument(readIfExists(config)?.toString('utf8') ?? '');
  const enabled =
    doc.errors.length === 0 &&
    Array.isArray((doc.toJS() as { plugins?: { enabled?: unknown } } | null)?.plugins?.enabled) &&
    (doc.toJS() as { plugins: { enabled: unknown[] } }).plugins.enabled.includes(PLUGIN);
  // A config.yaml that is not YAML is what to fix, not the plugin list it cannot show.
  if (doc.errors.length > 0)
    lines.push(`not enabled: ${config} is not valid YAML (${doc.errors[0]!.message.split('\n')[0]}), so no plugin list can be read from it`);
  else
    lines.push(
      enabled
        ? 'enabled in config.yaml (plugins.enabled)'
        : 'not enabled: Hermes skips the plugin until `hermes plugins enable remit` (or `remit install hermes`)',
    );
  let probe = false;
  if (installed) {
    let launcher: { node?: string; bundle?: string } = {};
    try {
      launcher = JSON.parse(readFileSync(path.join(dir, 'launcher.json'), 'utf8')) as typeof launcher;
    } catch {
      lines.push('launcher.json is missing or unreadable: the plugin falls back to `remit` on PATH');
    }
    if (launcher.node && launcher.bundle) {
      // A live probe in a throwaway REMIT_HOME: the registered command answers a session start.
      const scratch = mkdtempSync(path.join(tmpdir(), 'remit-doctor-'));
      try {
        const r = spawnSync(launcher.node, [launcher.bundle, 'hook', 'hermes', 'on_session_start'], {
          input: JSON.stringify({ hook_event_name: 'on_session_start', session_id: 'remit-doctor-probe', cwd: scratch, extra: {} }),
          env: { ...env, REMIT_HOME: scratch },
          timeout: 10_000,
          encoding: 'utf8',
        });
        JSON.parse(r.stdout || 'x');
        probe = r.status === 0;
        lines.push(probe ? `live probe: ${launcher.node} ${launcher.bundle} answered` : `live probe failed: exit ${r.status ?? r.signal}`);
      } catch (err) {
        lines.push(`live probe failed: ${(err as Error)?.message ?? 'no answer'}`);
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    }
  }
  const ok = installed && enabled && probe && !outdated;
  const why =
    !installed && inProject
      ? `remit is installed for this project only; Hermes loads a project plugin only with HERMES_ENABLE_PROJECT_PLUGINS=1 after \`hermes plugins enable remit\` (\`remit install hermes\` covers every project)`
      : !installed
        ? 'the remit plugin is not installed (`remit install hermes`)'
        : !enabled
          ? 'the plugin is installed but not enabled'
          : !probe
            ? 'the plugin cannot reach remit (launcher broken)'
            : outdated
              ? 'the installed plugin is older than this remit and needs `remit install hermes`'
              : 'Hermes loads the remit plugin and it answers';
  return { host: 'hermes', protected: ok, lines: [`protected: ${ok ? 'yes' : 'no'} — ${why}`, ...lines] };
}
