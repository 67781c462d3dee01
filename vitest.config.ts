import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'adapters/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['node_modules', 'dist', 'e2e/**'],
    testTimeout: 30_000,
    pool: 'forks',
    // One summary line over the fault suite's own counts (test/faults/tally.ts).
    globalSetup: ['test/faults/summary-setup.ts'],
  },
});
