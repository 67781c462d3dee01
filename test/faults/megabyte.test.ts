// A megabyte on every text path of the built bundle's hook: a directive, a prompt in an armed
// session, an apply_patch heredoc and a long command through the shell classifier, and
// manifests whose lines once sent the readers' expressions quadratic. Each must be answered
// with a well-formed verdict, recorded, before the hook's own timeout (20 s in the hook
// command install writes); a run still going then is killed and counted as a crash. How long
// each takes is the bench's to say (npm run bench -- --only hostile-input), not this file's:
// the limit here is the host's, which a linear parser clears by two orders of magnitude.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushTally } from './tally.js';
import { armReview, countArmed, ensureBundle, payloads, scenario, World, type Run } from './world.js';

const MB = 1024 * 1024;
const HOOK_TIMEOUT_MS = 20_000;
const worlds: World[] = [];

beforeAll(() => ensureBundle(), 120_000);
afterAll(() => {
  for (const w of worlds) w.dispose();
  flushTally('megabyte');
});

/** `unit` repeated to `size` characters after `head`. */
const fill = (head: string, unit: string, size = MB): string => head + unit.repeat(Math.ceil((size - head.length) / unit.length)).slice(0, size - head.length);

const write = (w: World, id: string, file: string, content: string) => ({
  ...payloads.write('s', w.project, id, path.join(w.project, file)),
  tool_input: { file_path: path.join(w.project, file), content },
});

describe.sequential('a megabyte through the hook', () => {
  it('a directive of a megabyte is answered in a fresh session', () => {
    scenario();
    const w = new World('mb-directive');
    worlds.push(w);
    for (const text of [fill('$remit ', ':'), fill('$remit change files=', 'a/'), fill('', ' \n') + '$remit review']) {
      const r = w.hook(payloads.prompt('fresh', w.project, text), { timeoutMs: HOOK_TIMEOUT_MS });
      expect(r.signal).toBeNull();
      expect(['block', 'context', 'none']).toContain(r.verdict);
    }
  });

  it('an armed session refuses a megabyte of patch, shell and manifest, and reads a megabyte of prompt', () => {
    scenario();
    const w = new World('mb-armed');
    worlds.push(w);
    const runs: Run[] = armReview(w);
    const armed = (payload: object) => countArmed(w.hook(payload, { timeoutMs: HOOK_TIMEOUT_MS }));
    const cases: Record<string, object> = {
      'apply_patch heredoc, one file': payloads.bash(
        's',
        w.project,
        'b1',
        fill("apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: a.ts\n", '+x\n') + '\n*** End Patch\nEOF\n',
      ),
      'apply_patch heredoc, many files': payloads.bash(
        's',
        w.project,
        'b2',
        fill("apply_patch <<'EOF'\n*** Begin Patch\n", '*** Add File: a.ts\n+x\n') + '\n*** End Patch\nEOF\n',
      ),
      'a command of many words': payloads.bash('s', w.project, 'b3', fill('touch ', 'ab ', 200 * 1024)),
      'package.json of many dependencies': write(w, 'w1', 'package.json', fill('{"dependencies":{', '"a":"1",') + '"z":"1"}}'),
      'environment.yml, blanks before a line separator': write(w, 'w2', 'environment.yml', `dependencies:\n  - ${' '.repeat(MB)}\u2028x\n`),
      'requirements.txt, blanks before an option': write(w, 'w3', 'requirements.txt', `a${'\t'.repeat(MB)}x\n`),
      'Gemfile of blank lines': write(w, 'w4', 'Gemfile', fill('', '\n')),
    };
    for (const [name, payload] of Object.entries(cases)) {
      const r = armed(payload);
      expect(r.signal, name).toBeNull();
      expect(['deny', 'ask'], name).toContain(r.verdict);
      runs.push(r);
    }
    // A megabyte of prompt in the armed session goes through the correction scan.
    for (const text of [fill('', '```\n'), fill('', '"'), fill('', ' \n') + 'now stop editing']) {
      const r = w.hook(payloads.prompt('s', w.project, text), { timeoutMs: HOOK_TIMEOUT_MS });
      expect(r.signal).toBeNull();
      expect(['block', 'context', 'none']).toContain(r.verdict);
      runs.push(r);
    }
    expect(w.lostRecords(runs)).toEqual([]);
    expect(w.verify()).toBe(0);
  });
});
