// remit as the suite sees it: the built bundle, the real installer, and the audit it leaves behind.
import fs from 'node:fs';
import path from 'node:path';
import { REPO_DIR } from './hosts/driver.js';
import type { RuntimeEvent } from '../../src/generated/types.js';
import type { HostDriver, RemitBuild } from './hosts/driver.js';
import type { Sandbox } from './sandbox.js';
import { runProcess } from './spawn.js';

/** The built remit, run (installed, hooked) under `node` (default: the Node running the suite). */
export function remitBuild(node: string = process.execPath): RemitBuild {
  return { bundle: path.join(REPO_DIR, 'dist', 'remit.cjs'), plugins: path.join(REPO_DIR, 'dist', 'plugins'), node };
}

/** How remit got into the sandbox: the real installer, or by hand while the installer is not ready. */
export interface InstallOutcome {
  via: 'installer' | 'by-hand' | 'none';
  /** Installer exit code and output (also when it failed and the harness fell back). */
  installer?: { exit: number | null; stdout: string; stderr: string };
  /** Why remit is not there at all (bundle missing). */
  problem?: string;
}

export async function installRemit(driver: HostDriver, sb: Sandbox): Promise<InstallOutcome> {
  // The installer runs under the lane's Node, so the hook command it writes points at that Node.
  const build = remitBuild(driver.toolchain.node);
  if (!fs.existsSync(build.bundle)) {
    return { via: 'none', problem: `${build.bundle} does not exist: run \`npm run build\`` };
  }
  const host = driver.host;
  const result = await runProcess({
    file: build.node,
    args: [build.bundle, 'install', host, ...driver.installArgs],
    cwd: sb.project,
    env: sb.env,
    timeoutMs: 30_000,
  });
  const installer = { exit: result.exit, stdout: result.stdout, stderr: result.stderr };
  if (result.exit === 0) return { via: 'installer', installer };
  // TODO(installer): remove this fallback once every `remit install <host>` exits 0 here.
  driver.registerRemitByHand(sb, build);
  return { via: 'by-hand', installer };
}

/** The audit as the suite reads it: every record, and lines that were not JSON (a finding in itself). */
export interface AuditView {
  records: RuntimeEvent[];
  unparseable: number;
}

export function readAudit(sb: Sandbox): AuditView {
  const dir = path.join(sb.remitHome, 'audit');
  const view: AuditView = { records: [], unparseable: 0 };
  if (!fs.existsSync(dir)) return view;
  for (const name of fs.readdirSync(dir).sort()) {
    if (!name.endsWith('.jsonl')) continue;
    for (const line of fs.readFileSync(path.join(dir, name), 'utf8').split('\n')) {
      if (line.trim().length === 0) continue;
      try {
        view.records.push(JSON.parse(line) as RuntimeEvent);
      } catch {
        view.unparseable += 1;
      }
    }
  }
  return view;
}
