// A throwaway installer context for an adapter's install tests: a folder with a stand-in bundle,
// a git project `proj` and an empty HOME, user scope.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InstallContext } from '../../adapters/host-module.js';

export function tempInstallContext(prefix: string): { dir: string; ctx: InstallContext } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const bundle = path.join(dir, 'dist', 'remit.cjs');
  mkdirSync(path.dirname(bundle), { recursive: true });
  writeFileSync(bundle, '// bundle\n');
  mkdirSync(path.join(dir, 'proj', '.git'), { recursive: true });
  const ctx: InstallContext = {
    env: { HOME: path.join(dir, 'home') },
    cwd: path.join(dir, 'proj'),
    scope: 'user',
    dryRun: false,
    trust: false,
    bundleSource: bundle,
    nodePath: '/usr/bin/node',
    version: '9.9.9',
    dataDir: path.join(dir, 'data'),
  };
  return { dir, ctx };
}
