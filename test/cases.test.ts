// The shipped Bad/Good cases (docs/DESIGN.md#cases-and-replay): every file validates, sits where its rule says,
// and replays through the core with the results it expects.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CORE_TARGET } from '../src/core/replay/target.js';
import { describeFailure, replayCase } from '../src/core/replay/replay-case.js';
import { loadCases } from '../src/core/replay/load-cases.js';
import { replayRuntimeFactory } from '../src/cli/commands/replay.js';

const CASES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'cases');
const loaded = loadCases(CASES);
const createRuntime = replayRuntimeFactory();

describe('case files', () => {
  it('there are cases to replay', () => {
    expect(loaded.length).toBeGreaterThanOrEqual(60);
  });

  it.each(loaded.map((l) => [l.file, l] as const))('%s validates and keeps the path convention', (_file, l) => {
    expect(l.error).toBeUndefined();
  });
});

describe('replay through the core', () => {
  it.each(loaded.filter((l) => l.case).map((l) => [l.file, l.case!] as const))('%s', async (_file, c) => {
    const result = await replayCase(c, CORE_TARGET, { createRuntime });
    const failures = result.steps.filter((s) => !s.ok).map(describeFailure);
    expect(failures).toEqual([]);
    expect(result.status).toBe('pass');
  });
});
