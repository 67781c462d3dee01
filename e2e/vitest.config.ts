// The real-host suite: `npm run e2e` (after `npm run e2e:setup`). Each test file is one host lane;
// at most two run at once (2 cores, each host is a heavy process). E2E_CAPTURE=1 runs only the
// payload capture that refreshes e2e/captures/; E2E_INTERACTIVE=1 only the tmux-driven UIs.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const dir = path.dirname(fileURLToPath(import.meta.url));
const capture = process.env.E2E_CAPTURE === '1';
const interactive = process.env.E2E_INTERACTIVE === '1';

export default defineConfig({
  root: dir,
  test: {
    include: capture ? ['capture/**/*.test.ts'] : interactive ? ['interactive/**/*.test.ts'] : ['model-double/**/*.test.ts', 'harness/**/*.test.ts', 'scenarios/**/*.test.ts'],
    exclude: ['node_modules/**', '.work/**'],
    globalSetup: capture || interactive ? [] : ['./harness/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
    // Above two host runs at the per-run limit (E2E_RUN_TIMEOUT_MS), so a slow host is reported by
    // the harness as a cell, not as a vitest timeout that fails the suite whatever was promised.
    testTimeout: 600_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
