// `remit install omp`: `<agent dir>/extensions/remit.js` — the agent dir is
// `$PI_CODING_AGENT_DIR`, else `~/.omp/profiles/<OMP_PROFILE>/agent`, else `~/.omp/agent` —
// or `<project>/.omp/extensions/remit.js`; plus `trustedExtensions` in the user's config.yml.
import path from 'node:path';
import { homeOf, type DoctorRow, type InstallOptions, type InstallReport } from '../plugin-host/install-files.js';
import { doctorPiFamily, installPiFamily, uninstallPiFamily, type PiFamilyInstallSpec } from '../pi-family/install.js';

const PROFILE = /^[A-Za-z0-9_-]{1,64}$/;

export function ompAgentDir(env: NodeJS.ProcessEnv): string {
  const override = env.PI_CODING_AGENT_DIR;
  if (override && path.isAbsolute(override)) return override;
  // omp 18.x: OMP_PROFILE wins over PI_PROFILE; an empty value selects the default profile.
  const profile = env.OMP_PROFILE !== undefined ? env.OMP_PROFILE : env.PI_PROFILE;
  if (profile && PROFILE.test(profile)) return path.join(homeOf(env), '.omp', 'profiles', profile, 'agent');
  return path.join(homeOf(env), '.omp', 'agent');
}

const OMP_INSTALL: PiFamilyInstallSpec = {
  host: 'omp',
  displayName: 'Oh My Pi',
  agentDir: ompAgentDir,
  projectDir: '.omp',
  trustedExtensions: true,
  projectNote: 'omp loads <project>/.omp/extensions from the folder it starts in (no parent folders).',
};

export const installOmp = (opts?: InstallOptions): Promise<InstallReport> => installPiFamily(OMP_INSTALL, opts);
export const uninstallOmp = (opts?: InstallOptions): Promise<InstallReport> => uninstallPiFamily(OMP_INSTALL, opts);
export const doctorOmp = (ctx?: { env?: NodeJS.ProcessEnv; cwd?: string; dist?: string }): Promise<DoctorRow> => doctorPiFamily(OMP_INSTALL, ctx);
