// `remit doctor`: per host, "protected: yes/no" and why (docs/DESIGN.md#command-line). It reads the hosts'
// configuration, runs each host's `--version`, and RUNS the registered hook commands once
// with a synthetic probe session. Exit 0 when every applicable host is protected, 3 otherwise.
import path from 'node:path';
import minimist from 'minimist';
import type { DoctorContext, DoctorRow, HostModule } from '../../../adapters/host-module.js';
import { findHost, HOSTS } from '../../../adapters/hosts.js';
import { homeProblem, resolveDataDir, resolveRemitHome } from '../../core/state/home.js';
import { UsageError, type CliIO } from '../io.js';
import { unknownOption } from '../options.js';
import { REMIT_VERSION } from '../version.js';
import { defaultBundleSource } from './install.js';
import { hostVersionFact, shellExec, whichOnPath, withVersionCheck } from '../host-version.js';

function doctorContext(io: CliIO): DoctorContext {
  return { env: io.env, cwd: io.cwd, exec: shellExec, which: whichOnPath(io.env) };
}

/** Every host's row, in the host list's order. */
async function doctorRows(ctx: DoctorContext, hosts: readonly HostModule[] = HOSTS): Promise<DoctorRow[]> {
  const setupCtx = { ...ctx, dist: path.dirname(defaultBundleSource()), nodePath: process.execPath, version: REMIT_VERSION, dataDir: resolveDataDir(ctx.env) };
  const rows: DoctorRow[] = [];
  for (const h of hosts) {
    const fact = ctx.noExec ? undefined : hostVersionFact(h, ctx);
    const row = await (await h.setup()).doctor({ ...setupCtx, hostVersion: fact?.version ?? null });
    rows.push(withVersionCheck(row, h, fact));
  }
  return rows;
}

/**
 * Every row says which host versions remit was verified against (the real-host matrix,
 * docs/hosts/e2e-matrix.md) and the range that covers; host gaps (modes where hooks do not
 * fire, host bugs) are stated, never claimed as covered.
 */
export function withKnownGaps(rows: DoctorRow[], hosts: readonly HostModule[] = HOSTS): DoctorRow[] {
  return rows.map((r) => {
    const capability = findHost(r.host, hosts)?.capability;
    if (!capability) return r;
    const { versions = [], range } = capability.verified;
    const lines = [...r.lines, `verified against ${capability.displayName} ${versions.join(', ')} (range ${range})`];
    const gaps = capability.gaps ?? [];
    if (r.applicable && gaps.length) lines.push('known host gaps (not covered by remit):', ...gaps.map((g) => `  - ${g}`));
    return { ...r, lines };
  });
}

function renderDoctor(rows: DoctorRow[]): string {
  const body = rows.map((r) => `${r.host}${r.applicable ? '' : ' (not on this machine)'}\n${r.lines.map((l) => `  ${l}`).join('\n')}`).join('\n\n');
  const on = rows.filter((r) => r.applicable);
  const bad = on.filter((r) => !r.protected).map((r) => r.host);
  // A host remit is installed for but cannot protect is named first: "not installed" would hide it.
  const verdict = bad.length
    ? `Not protected: ${bad.join(', ')}.`
    : rows.every((r) => !r.protected)
      ? 'No host is protected: remit is not installed (`remit install all`).'
      : `Every host is protected (${on.map((r) => r.host).join(', ')}).`;
  return `${body}\n\n${verdict}\n`;
}

export async function run(argv: string[], io: CliIO, hosts: readonly HostModule[] = HOSTS): Promise<number> {
  const a = minimist(argv, { boolean: ['json'], string: ['home'] });
  for (const k of Object.keys(a)) if (!['json', 'home', '_'].includes(k)) throw unknownOption(k, ['json', 'home', 'help']);
  if (Array.isArray(a.home)) throw new UsageError('--home given twice');
  if (a.home === '' && argv.some((x) => x === '--home' || x.startsWith('--home='))) throw new UsageError('--home needs a value');
  if (a._.length) throw new UsageError(`unexpected argument '${String(a._[0])}'`);
  const env = a.home ? { ...io.env, REMIT_HOME: String(a.home) } : io.env;
  const ctx = doctorContext({ ...io, env });
  const rows = withKnownGaps(await doctorRows(ctx, hosts), hosts);
  // Nothing installed anywhere is not "protected": at least one host must be.
  const ok = rows.some((r) => r.protected) && rows.every((r) => r.protected || !r.applicable);
  // The probes run in a throwaway folder; the real one may be what stops every session's edits.
  const home = resolveRemitHome(env);
  const problem = path.isAbsolute(home) ? homeProblem(home) : null;
  const stateFolder = problem
    ? `remit's state folder ${home} cannot hold sessions (${problem}): every hook refuses changes in every session until it is a folder again.`
    : null;
  io.stdout(
    a.json
      ? `${JSON.stringify({ protected: ok, hosts: rows, ...(stateFolder ? { stateFolderProblem: stateFolder } : {}) }, null, 2)}\n`
      : `${renderDoctor(rows)}${stateFolder ? `${stateFolder}\n` : ''}`,
  );
  return ok ? 0 : 3;
}
