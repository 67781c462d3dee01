// The real-host suite: `npm run e2e` (after `npm run e2e:setup`). Two groups, one after the other:
// `hosts` (each test file is one headless host lane; at most two run at once: 2 cores, each host
// is a heavy process), then `tui` (the terminal UIs in tmux, one file at a time and alone, since
// two UIs side by side starved each other). E2E_INTERACTIVE=1 runs only `tui`; E2E_CAPTURE=1 runs
// only the payload capture that refreshes e2e/captures/.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const dir = path.dirname(fileURLToPath(import.meta.url));
const capture = process.env.E2E_CAPTURE === '1';
const interactive = process.env.E2E_INTERACTIVE === '1';

// Above two host runs at the per-run limit (E2E_RUN_TIMEOUT_MS), so a slow host is reported by
// the harness as a cell, not as a vitest timeout that fails the suite whatever was promised.
const common = { root: dir, exclude: ['node_modules/**', '.work/**'], pool: 'forks' as const, testTimeout: 600_000, hookTimeout: 60_000 };
const hosts = {
  ...common,
  name: 'hosts',
  include: capture ? ['capture/**/*.test.ts'] : ['model-double/**/*.test.ts', 'harness/**/*.test.ts', 'scenarios/**/*.test.ts'],
  maxWorkers: 2,
  fileParallelism: true,
  sequence: { groupOrder: 0 },
};
// One UI walks through several prompts and dialogs; each wait is bounded by E2E_TUI_WAIT_MS.
const tui = {
  ...common,
  name: 'tui',
  include: ['interactive/**/*.test.ts'],
  maxWorkers: 1,
  fileParallelism: false,
  testTimeout: 1_800_000,
  sequence: { groupOrder: 1 },
};

export default defineConfig({
  root: dir,
  test: {
    projects: [...(interactive ? [] : [{ test: hosts }]), ...(capture ? [] : [{ test: tui }])],
    globalSetup: capture ? [] : ['./harness/global-setup.ts'],
    reporters: ['default'],
  },
});
