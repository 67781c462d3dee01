// `remit install pi`: `$PI_CODING_AGENT_DIR` (default ~/.pi/agent) `/extensions/remit.js`, or
// `<project>/.pi/extensions/remit.js` for a project.
import type { DoctorRow, InstallOptions, InstallReport } from '../plugin-host/install-files.js';
import { doctorPiFamily, installPiFamily, piAgentDir, uninstallPiFamily, type PiFamilyInstallSpec } from '../pi-family/install.js';

const PI_INSTALL: PiFamilyInstallSpec = {
  host: 'pi',
  displayName: 'Pi',
  agentDir: (env) => piAgentDir(env, '.pi'),
  projectDir: '.pi',
  trustedExtensions: false,
  projectNote: 'Pi 0.79 and later load project extensions only once the project is trusted (`/trust`).',
};

export const installPi = (opts?: InstallOptions): Promise<InstallReport> => installPiFamily(PI_INSTALL, opts);
export const uninstallPi = (opts?: InstallOptions): Promise<InstallReport> => uninstallPiFamily(PI_INSTALL, opts);
export const doctorPi = (ctx?: { env?: NodeJS.ProcessEnv; cwd?: string; dist?: string }): Promise<DoctorRow> => doctorPiFamily(PI_INSTALL, ctx);
