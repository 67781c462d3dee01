// Which version of a host runs here, and whether remit was verified against it
// (docs/DESIGN.md#fail-modes). `remit doctor` and `remit install` ask the host's own command
// (`<binary> --version`, the binary the host module names) instead of trusting that the host
// is one remit knows: a host outside the verified range is "not verified", never "protected:
// yes", and install refuses a major version it has no plugin or hook form for.
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { inRange } from '../../adapters/command-hook/doctor-common.js';
import type { DoctorContext, DoctorRow, Env, ExecResult, HostModule } from '../../adapters/host-module.js';

/** Runs a command line through /bin/sh: doctor's `exec` for every host's version check and probe. */
export function shellExec(command: string, opts: { input?: string; cwd: string; env: Env; timeoutMs: number }): ExecResult {
  const r = spawnSync('/bin/sh', ['-c', command], {
    input: opts.input ?? '',
    cwd: opts.cwd,
    env: opts.env as NodeJS.ProcessEnv,
    timeout: opts.timeoutMs,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  return { status: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '', ...(r.error ? { error: r.error.message } : {}) };
}

/** Finds an executable on PATH: doctor's `which`. */
export function whichOnPath(env: Env): (name: string) => string | null {
  return (name) => {
    for (const dir of (env.PATH ?? '').split(path.delimiter)) {
      if (!dir) continue;
      const p = path.join(dir, name);
      try {
        accessSync(p, constants.X_OK);
        return p;
      } catch {
        // next
      }
    }
    return null;
  };
}

export interface HostVersionFact {
  binary: string;
  /** Where the binary is on PATH, or null when it is not there. */
  path: string | null;
  /** The first `x.y.z` its `--version` printed, or null. */
  version: string | null;
}

/** Asks the host's binary for its version; undefined for a host module that names no binary. */
export function hostVersionFact(host: HostModule, ctx: Pick<DoctorContext, 'which' | 'exec' | 'env' | 'cwd'>): HostVersionFact | undefined {
  if (!host.binary) return undefined;
  const where = ctx.which(host.binary);
  if (!where) return { binary: host.binary, path: null, version: null };
  const r = ctx.exec(`${JSON.stringify(where)} --version`, { cwd: ctx.cwd, env: ctx.env, timeoutMs: 15_000 });
  return { binary: host.binary, path: where, version: /(\d+\.\d+\.\d+)/.exec(r.stdout)?.[1] ?? null };
}

/** The major versions a range names (`>=1.18.33 <1.19.0 || >=2.1.2 <2.2.0` → 1, 2). */
export function rangeMajors(range: string): Set<number> {
  return new Set([...range.matchAll(/>=?\s*(\d+)\./g)].map((m) => Number(m[1])));
}

/** Whether remit has a plugin or hook form for this version at all: its major is one the verified range names, or one the host module lists. */
export function supportedMajor(version: string, range: string, majors: readonly number[] = []): boolean {
  const major = Number(version.split('.')[0]);
  return rangeMajors(range).has(major) || majors.includes(major);
}

/**
 * The doctor row with the host's version checked against the verified range: a version
 * outside it turns the row into "protected: not verified"; a host doctor cannot ask says so.
 */
export function withVersionCheck(row: DoctorRow, host: HostModule, fact: HostVersionFact | undefined): DoctorRow {
  if (!fact) return row;
  const { displayName, verified } = host.capability;
  const range = verified.range;
  if (!fact.path) {
    if (!row.applicable) return row;
    const what = host.plugin ? 'plugin' : 'hooks';
    const line = `${displayName}: \`${fact.binary}\` is not on PATH, so remit cannot tell which version runs remit's ${what} or whether it was verified against it`;
    if (!row.protected) return { ...row, lines: [...row.lines, line] };
    // Registered and answering the probe proves remit's half only: no host here runs it.
    const [head, ...rest] = row.lines;
    const was = head?.replace(/^protected: yes — /, '') ?? '';
    return {
      ...row,
      protected: false,
      applicable: false,
      lines: [
        `protected: cannot tell — ${displayName} is not installed here (\`${fact.binary}\` is not on PATH); remit's ${what} would guard it once it is`,
        ...(was ? [`remit's own check: ${was}`] : []),
        ...rest,
      ],
    };
  }
  if (!fact.version)
    return {
      ...row,
      lines: [...row.lines, `${displayName} at ${fact.path}: its --version names no version; remit cannot tell whether it was verified against it`],
    };
  if (inRange(fact.version, range))
    return { ...row, lines: [...row.lines, `${displayName} ${fact.version} at ${fact.path}: within the verified range ${range}`] };
  const why = supportedMajor(fact.version, range, host.install.majors)
    ? `${displayName} ${fact.version} (${fact.path}) is outside the range remit was verified against (${range}); it may run remit's ${host.plugin ? 'plugin' : 'hooks'} or not`
    : `${displayName} ${fact.version} (${fact.path}) is a major version remit has no ${host.plugin ? 'plugin' : 'hook'} form for (verified: ${range}); it may skip remit entirely`;
  const [head, ...rest] = row.lines;
  const was = head?.replace(/^protected: (yes|no) — /, '') ?? '';
  return { ...row, protected: false, applicable: true, lines: [`protected: not verified — ${why}`, ...(was ? [`remit's own check: ${was}`] : []), ...rest] };
}
