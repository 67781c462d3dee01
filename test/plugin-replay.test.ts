// Every case replayed through the five in-process / plugin adapters: each step reaches the
// same {outcome, reasonCode} as the core, or the case carries a stated n/a for the host.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRuntime } from '../src/core/host/create-runtime.js';
import { CLAUDE_CAPABILITY } from '../adapters/claude/capability.js';
import { CODEX_CAPABILITY } from '../adapters/codex/capability.js';
import { loadCases } from '../src/core/replay/load-cases.js';
import { replayAll } from '../src/core/replay/replay-all.js';
import { describeFailure } from '../src/core/replay/replay-case.js';
import type { ReplayTarget } from '../src/core/replay/target.js';
import { hermesAdapter } from '../adapters/hermes/adapter.js';
import { ompAdapter } from '../adapters/omp/adapter.js';
import { opencodeAdapter } from '../adapters/opencode/adapter.js';
import { opencode2Adapter } from '../adapters/opencode/adapter2.js';
import { piAdapter } from '../adapters/pi/adapter.js';

describe('replay through the OpenCode 1.x and 2.x, Pi, omp and Hermes adapters', () => {
  it('agrees with the cases on every host, or says n/a', { timeout: 600_000 }, async () => {
    const loaded = await loadCases(path.resolve(import.meta.dirname, '../cases'));
    const mine = [opencodeAdapter, opencode2Adapter, piAdapter, ompAdapter, hermesAdapter];
    const targets: ReplayTarget[] = mine.map((adapter) => ({ kind: 'adapter', adapter }));
    // As `remit replay` builds it: every host's configuration is protected on every host.
    const hostConfig = [CLAUDE_CAPABILITY, CODEX_CAPABILITY, ...mine.map((a) => a.capability)].flatMap((c) => c.configPaths ?? []);
    const rows = await replayAll(loaded, targets, {
      createRuntime: ({ home, env, lockTimeoutMs }) =>
        createRuntime({ home, env, protectedPaths: { hostConfig }, ...(lockTimeoutMs !== undefined ? { lockTimeoutMs } : {}) }),
    });
    const failures: string[] = [];
    for (const row of rows) {
      for (const r of row.results) {
        if (r.status === 'fail')
          failures.push(
            `${row.file} [${r.target}] ${
              r.reason ??
              r.steps
                .filter((s) => !s.ok)
                .map(describeFailure)
                .join('; ')
            }`,
          );
      }
    }
    if (failures.length) console.log(failures.join('\n'));
    expect(failures).toEqual([]);
  });
});
