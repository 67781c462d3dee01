import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadCorpus, outputValidator, runEntry } from '../command-hook/conformance-runner.js';
import { claudeAdapter } from './index.js';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'conformance');
const corpus = loadCorpus(dir);
const check = outputValidator(path.join(dir, 'output.schema.json'));

describe('Claude Code conformance corpus', () => {
  it('covers every event remit maps, and the bad inputs', () => {
    const events = new Set(corpus.map((e) => e.event));
    for (const e of Object.keys(claudeAdapter.capability.events).filter((k) => !claudeAdapter.capability.events[k]!.startsWith('ignored'))) expect(events).toContain(e);
    expect(corpus.length).toBeGreaterThanOrEqual(30);
  });

  for (const entry of corpus) {
    it(`${entry.file}: ${entry.title}`, async () => {
      const run = await runEntry(claudeAdapter, entry);
      expect(run.response.exitCode).toBe(0);
      const stdout = run.response.stdout ?? '';
      // Nothing but one JSON object (or nothing) on stdout, never a stack trace anywhere.
      if (stdout !== '') expect(stdout).toMatch(/^\{.*\}\n$/s);
      expect(`${stdout}${run.response.stderr ?? ''}`).not.toMatch(/\n\s+at .+:\d+:\d+/);
      expect(check(entry.event, run.output)).toBeNull();
      const hso = run.output?.hookSpecificOutput as Record<string, unknown> | undefined;
      if (hso) expect(hso.hookEventName).toBe(entry.event);
      if (entry.expect) {
        expect(run.reading.outcome).toBe(entry.expect.outcome);
        if (entry.expect.channel) expect(run.reading.channel).toBe(entry.expect.channel);
        if (entry.expect.reasonCode) expect(run.reading.reasonCode).toBe(entry.expect.reasonCode);
      }
    });
  }
});
