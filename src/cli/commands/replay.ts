// `remit replay [dir] [--host H|core|all] [--json]` (docs/DESIGN.md#cases-and-replay): every case through the
// core and every registered adapter; a table or JSON; exit 0 when all agree, 2 otherwise.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import minimist from 'minimist';
import type { CliReplay } from '../../generated/types.js';
import type { HostModule } from '../../../adapters/host-module.js';
import { HOSTS, loadAdapters, protectedHostConfig } from '../../../adapters/hosts.js';
import type { HostAdapter } from '../../core/host/adapter.js';
import { CORE_TARGET, targetName, type ReplayTarget, type RuntimeFactory } from '../../core/replay/target.js';
import { loadCases } from '../../core/replay/load-cases.js';
import { replayAll, totals, type ReplayRow } from '../../core/replay/replay-all.js';
import { createRuntime } from '../../core/host/create-runtime.js';
import { UsageError, type CliIO } from '../io.js';
import { unknownOption } from '../options.js';
import { renderTable } from './replay-table.js';

export interface ReplayDeps {
  adapters: () => Promise<HostAdapter[]>;
  createRuntime: RuntimeFactory;
}

/**
 * The production Runtime for replay: the configuration of every host in `hosts` is protected
 * (rule `self-protection`), and an adapter target's audit records its own response channels.
 */
export function replayRuntimeFactory(hosts: readonly HostModule[] = HOSTS): RuntimeFactory {
  return (o) =>
    createRuntime({
      home: o.home,
      env: o.env,
      protectedPaths: { hostConfig: protectedHostConfig(o.env, hosts) },
      ...(o.lockTimeoutMs !== undefined ? { lockTimeoutMs: o.lockTimeoutMs } : {}),
      ...(o.adapter ? { channels: { deny: o.adapter.capability.denyChannel, ask: o.adapter.capability.ask } } : {}),
    });
}

const DEFAULT_DEPS: ReplayDeps = { adapters: () => loadAdapters(), createRuntime: replayRuntimeFactory() };

/** The shipped cases: `cases/` beside the package that holds this code (dist/remit.cjs → ../cases). */
export function shippedCasesDir(from: string = fileURLToPath(import.meta.url)): string | null {
  let dir = path.dirname(from);
  for (let i = 0; i < 8; i++) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg) && existsSync(path.join(dir, 'cases'))) {
      try {
        if ((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: unknown }).name === 'remit') return path.join(dir, 'cases');
      } catch {
        // An unreadable package.json is not remit's; keep walking.
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return null;
}

function selectTargets(host: string | undefined, adapters: HostAdapter[]): ReplayTarget[] {
  const all: ReplayTarget[] = [CORE_TARGET, ...adapters.map((adapter): ReplayTarget => ({ kind: 'adapter', adapter }))];
  if (host === undefined || host === 'all') return all;
  const wanted = host.toLowerCase();
  const found = all.find((t) => targetName(t) === wanted);
  if (!found) throw new UsageError(`unknown host '${host}' (known: ${all.map(targetName).join(', ')}, all)`);
  return [found];
}

function toJson(dir: string, rows: ReplayRow[], targets: string[]): CliReplay {
  const t = totals(rows);
  return {
    dir,
    targets,
    cases: rows.map((r) => ({
      file: r.file,
      ...(r.title !== undefined ? { title: r.title } : {}),
      results: r.results.map((res) => ({
        target: res.target,
        status: res.status,
        ...(res.reason !== undefined ? { reason: res.reason } : {}),
        steps: res.steps,
      })),
    })),
    passed: t.passed,
    failed: t.failed,
    notApplicable: t.notApplicable,
  };
}

export async function run(argv: string[], io: CliIO, deps: ReplayDeps = DEFAULT_DEPS): Promise<number> {
  const args = minimist(argv, {
    string: ['host', 'home'],
    boolean: ['json'],
    unknown: (a) => {
      if (a.startsWith('-')) throw unknownOption(a, ['host', 'home', 'json', 'help']);
      return true;
    },
  });
  if (args._.length > 1) throw new UsageError('at most one cases folder');
  if (Array.isArray(args.host)) throw new UsageError('--host takes one host (or all)');
  const given = args._[0] !== undefined ? String(args._[0]) : undefined;
  const dir = given !== undefined ? path.resolve(io.cwd, given) : shippedCasesDir();
  if (dir === null) throw new UsageError('no cases folder given and none shipped beside remit');
  if (!existsSync(dir)) throw new UsageError(`no such folder or case file: ${dir}`);
  // What cannot hold a case is a wrong argument, not a table of failures.
  if (!(dir.endsWith('.json') ? statSync(dir).isFile() : statSync(dir).isDirectory())) throw new UsageError(`${dir} is not a folder or a case file`);
  const targets = selectTargets(args.host === '' ? undefined : args.host, await deps.adapters());
  const names = targets.map(targetName);
  const cases = loadCases(dir);
  if (cases.length === 0) throw new UsageError(`no cases in ${dir} (a case is a .json file in it or below it)`);
  const unreadable = cases.length === 1 && cases[0]!.file === dir ? cases[0]!.error : undefined;
  if (unreadable) throw new UsageError(`cannot read the cases in ${unreadable}`);
  // One case file named on the command line that does not load is one line, not a failure per target.
  const broken = dir.endsWith('.json') && cases.length === 1 ? cases[0]!.error : undefined;
  if (broken) throw new UsageError(`the case ${given} does not load: ${broken}`);
  // Each arm gets its own REMIT_HOME; --home is accepted for symmetry and never written to.
  const rows = await replayAll(cases, targets, { createRuntime: deps.createRuntime });
  if (args.json) io.stdout(JSON.stringify(toJson(dir, rows, names), null, 2) + '\n');
  else io.stdout(renderTable(rows, names));
  return totals(rows).failed === 0 ? 0 : 2;
}
