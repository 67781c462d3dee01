// The conformance suite both command-hook hosts run over their corpus: every golden payload
// through the real hook path, every response checked against what the host accepts.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HostAdapter } from '../../src/core/host/adapter.js';
import { loadCorpus, outputValidator, runEntry } from './conformance-runner.js';

export function describeConformance(adapter: HostAdapter, dir: string, opts: { nativeAsk: boolean }): void {
  const corpus = loadCorpus(dir);
  const check = outputValidator(path.join(dir, 'output.schema.json'));
  const events = adapter.capability.events;

  describe(`${adapter.capability.displayName} conformance corpus`, () => {
    it('covers every event remit maps, and the bad inputs', () => {
      const seen = new Set(corpus.map((e) => e.event));
      for (const e of Object.keys(events).filter((k) => !events[k]!.startsWith('ignored'))) expect(seen).toContain(e);
      expect(corpus.length).toBeGreaterThanOrEqual(30);
    });

    for (const entry of corpus) {
      it(`${entry.file}: ${entry.title}`, async () => {
        const run = await runEntry(adapter, entry);
        expect(run.response.exitCode).toBe(0);
        const stdout = run.response.stdout ?? '';
        // Nothing but one JSON object (or nothing) on stdout, never a stack trace anywhere.
        if (stdout !== '') expect(stdout).toMatch(/^\{.*\}\n$/s);
        expect(`${stdout}${run.response.stderr ?? ''}`).not.toMatch(/\n\s+at .+:\d+:\d+/);
        expect(check(entry.event, run.output)).toBeNull();
        const hso = run.output?.hookSpecificOutput as Record<string, unknown> | undefined;
        if (hso) expect(hso.hookEventName).toBe(entry.event);
        // A host with no native ask must never be sent one (Codex runs the tool on it).
        if (!opts.nativeAsk) expect((hso?.permissionDecision as string | undefined) ?? 'none').not.toBe('ask');
        if (entry.expect) {
          expect(run.reading.outcome).toBe(entry.expect.outcome);
          if (entry.expect.channel) expect(run.reading.channel).toBe(entry.expect.channel);
          if (entry.expect.reasonCode) expect(run.reading.reasonCode).toBe(entry.expect.reasonCode);
        }
      });
    }
  });
}
