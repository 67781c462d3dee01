// `remit doctor`: per host, "protected: yes/no" and why (docs/DESIGN.md#command-line). It reads the hosts'
// configuration, runs each host's `--version`, and RUNS the registered hook commands once
// with a synthetic probe session. Exit 0 when every applicable host is protected, 3 otherwise.
import path from 'node:path';
import minimist from 'minimist';
import type { DoctorContext, DoctorRow, HostLine, HostModule } from '../../../adapters/host-module.js';
import { findHost, hostLines, HOSTS } from '../../../adapters/hosts.js';
import { homeProblem, resolveDataDir, resolveRemitHome } from '../../core/state/home.js';
import { UsageError, type CliIO } from '../io.js';
import { unknownOption } from '../options.js';
import { REMIT_VERSION } from '../version.js';
import { defaultBundleSource } from './install.js';
import { hostVersionFact, shellExec, whichOnPath, withVersionCheck, type HostVersionFact } from '../host-version.js';

function doctorContext(io: CliIO): DoctorContext {
  return { env: io.env, cwd: io.cwd, exec: shellExec, which: whichOnPath(io.env) };
}

/**
 * A host with version lines (OpenCode 1.x and 2.x) gets a row per line. The checked row is the
 * line of the version on PATH, else the one the setup's doctor found installed; every other
 * line's row says why it is not this machine's.
 */
function lineRows(row: DoctorRow, h: HostModule, fact: HostVersionFact | undefined): DoctorRow[] {
  const lines = hostLines(h);
  if (!h.lines) return [withVersionCheck(row, h, fact)];
  const major = fact?.version ? Number(fact.version.split('.')[0]) : undefined;
  const byMajor = lines.find((l) => major !== undefined && l.majors.includes(major));
  const checked = byMajor ?? lines.find((l) => l.name === row.line) ?? (row.applicable ? lines[0] : undefined);
  // The range the version is judged against is its line's; a major no line serves is judged against them all.
  const judged = withVersionCheck(row, byMajor ? { ...h, capability: { ...byMajor.capability, displayName: h.capability.displayName } } : h, fact);
  return lines.map((l): DoctorRow => {
    if (l === checked || !checked) return { ...judged, line: l.name };
    const why = fact?.version
      ? `${h.capability.displayName} ${fact.version} runs here (${fact.path}), which is ${checked.capability.displayName}`
      : `remit's ${checked.capability.displayName} form is what is installed`;
    return {
      host: h.name,
      line: l.name,
      protected: false,
      applicable: false,
      lines: [`protected: no — not this machine's ${l.capability.displayName}: ${why}`],
    };
  });
}

/** Every host's row (a row per version line), in the host list's order. */
async function doctorRows(ctx: DoctorContext, hosts: readonly HostModule[] = HOSTS): Promise<DoctorRow[]> {
  const setupCtx = { ...ctx, dist: path.dirname(defaultBundleSource()), nodePath: process.execPath, version: REMIT_VERSION, dataDir: resolveDataDir(ctx.env) };
  const rows: DoctorRow[] = [];
  for (const h of hosts) {
    const fact = ctx.noExec ? undefined : hostVersionFact(h, ctx);
    const row = await (await h.setup()).doctor({ ...setupCtx, hostVersion: fact?.version ?? null });
    rows.push(...lineRows(row, h, fact));
  }
  return rows;
}

/** The capability a row speaks for: its version line's, else its host's. */
function rowCapability(r: DoctorRow, hosts: readonly HostModule[]): HostLine['capability'] | undefined {
  const h = findHost(r.host, hosts);
  return (r.line && h?.lines?.find((l) => l.name === r.line)?.capability) || h?.capability;
}

/**
 * Every row says which host versions remit was verified against (the real-host matrix,
 * docs/hosts/e2e-matrix.md) and the range that covers; host gaps (modes where hooks do not
 * fire, host bugs) are stated, never claimed as covered.
 */
export function withKnownGaps(rows: DoctorRow[], hosts: readonly HostModule[] = HOSTS): DoctorRow[] {
  return rows.map((r) => {
    const capability = rowCapability(r, hosts);
    if (!capability) return r;
    const { versions = [], range } = capability.verified;
    const lines = [...r.lines, `verified against ${capability.displayName} ${versions.join(', ')} (range ${range})`];
    const gaps = capability.gaps ?? [];
    if (r.applicable && gaps.length) lines.push('known host gaps (not covered by remit):', ...gaps.map((g) => `  - ${g}`));
    return { ...r, displayName: capability.displayName, lines };
  });
}

function renderDoctor(rows: DoctorRow[]): string {
  // A version line's row names its line (`opencode (OpenCode 2.x)`); `remit install` takes the host.
  const name = (r: DoctorRow) => (r.line ? `${r.host} (${r.displayName ?? r.line})` : r.host);
  const body = rows.map((r) => `${name(r)}${r.applicable ? '' : ' (not on this machine)'}\n${r.lines.map((l) => `  ${l}`).join('\n')}`).join('\n\n');
  const on = rows.filter((r) => r.applicable);
  // The verdict names a line as check and replay do (opencode2).
  const short = (r: DoctorRow) => r.line ?? r.host;
  const bad = on.filter((r) => !r.protected).map(short);
  // A host remit is installed for but cannot protect is named first: "not installed" would hide it.
  // Registered for a host that is not on PATH: remit cannot tell, and says so rather than "not installed".
  const absent = rows.filter((r) => r.lines[0]?.startsWith('protected: cannot tell')).map(short);
  const verdict = bad.length
    ? `Not protected: ${bad.join(', ')}.`
    : rows.every((r) => !r.protected)
      ? absent.length
        ? `No host is protected here: remit is registered for ${absent.join(', ')}, which ${absent.length === 1 ? 'is' : 'are'} not on PATH.`
        : 'No host is protected: remit is not installed (`remit install all`).'
      : `Every host is protected (${on.map(short).join(', ')}).`;
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
