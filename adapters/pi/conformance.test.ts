// Pi 1.6.0's real event payloads (adapters/pi/conformance/, captured from the host) through the
// real extension, loaded the way Pi loads it, with the production runtime: each entry's events
// go in order; the last handler result and whether the session armed are checked.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakePi } from '../pi-family/fake-host.js';
import { createTestWorld, type TestWorld } from '../../test/support/test-world.js';
import { createRemitPiExtension } from './extension.js';

interface Entry {
  title: string;
  source: string;
  events: Array<Record<string, unknown> & { type: string }>;
  expect: {
    results?: unknown[];
    armed?: boolean;
    lastResult?: null | { customType?: string; display?: boolean; contentMatches?: string; block?: boolean; reasonMatches?: string };
  };
}

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'conformance');
const corpus = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => ({ file: f, ...(JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Entry) }));

let world: TestWorld;
beforeEach(async () => {
  world = await createTestWorld();
});
afterEach(() => world.dispose());

function armed(): boolean {
  const audit = path.join(world.home, 'audit');
  let names: string[] = [];
  try {
    names = readdirSync(audit);
  } catch {
    return false;
  }
  return names.some((n) =>
    readFileSync(path.join(audit, n), 'utf8')
      .split('\n')
      .filter(Boolean)
      .some((l) => (JSON.parse(l) as { state?: string }).state === 'ARMED'),
  );
}

describe('Pi 1.6.0 conformance corpus', () => {
  it('holds the payloads 1.6.0 changed or added', () => {
    const types = new Set(
      corpus.flatMap((e) => e.events.map((ev) => `${ev.type}${ev.type === 'message_start' ? `.${(ev.message as { role: string }).role}` : ''}`)),
    );
    for (const t of ['session_start', 'input', 'before_agent_start', 'message_start.system', 'message_start.user', 'tool_call', 'tool_result'])
      expect(types).toContain(t);
    for (const e of corpus) expect(e.source).toMatch(/^captured: Pi 1\.6\.0/);
  });

  for (const entry of corpus) {
    it(`${entry.file}: ${entry.title}`, async () => {
      // Print mode, as captured (`pi -p`): no UI, so nothing waits for a person.
      const pi = new FakePi({ host: 'pi', cwd: world.project, sessionId: 's-conformance', print: true }).load(
        createRemitPiExtension({ runtime: world.runtime, env: {}, stderr: () => {} }),
      );
      const results: unknown[] = [];
      for (const { type, ...payload } of entry.events) {
        const out = await pi.emit(type, payload);
        results.push(out.find((r) => r !== undefined) ?? null);
      }
      const want = entry.expect;
      if (want.results) expect(results).toEqual(want.results);
      if (want.armed !== undefined) expect(armed()).toBe(want.armed);
      if (want.lastResult !== undefined) {
        const last = results.at(-1) as Record<string, unknown> | null;
        if (want.lastResult === null) expect(last).toBeNull();
        else {
          const l = want.lastResult;
          const message = (last?.message ?? {}) as Record<string, unknown>;
          if (l.customType !== undefined) expect(message.customType).toBe(l.customType);
          if (l.display !== undefined) expect(message.display).toBe(l.display);
          if (l.contentMatches) expect(String(message.content)).toMatch(new RegExp(l.contentMatches));
          if (l.block !== undefined) expect(last?.block).toBe(l.block);
          if (l.reasonMatches) expect(String(last?.reason)).toMatch(new RegExp(l.reasonMatches));
        }
      }
    });
  }
});
