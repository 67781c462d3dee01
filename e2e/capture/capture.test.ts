// Records what each real host hands a hook / plugin / extension, into e2e/captures/<host>/.
// Run: E2E_CAPTURE=1 npx vitest run --config e2e/vitest.config.ts
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Script, ScriptedTurn } from '../model-double/script.js';
import { claude, claude22 } from '../harness/hosts/claude.js';
import { codexBypass } from '../harness/hosts/codex.js';
import type { HostDriver } from '../harness/hosts/driver.js';
import { opencode } from '../harness/hosts/opencode.js';
import { omp, pi, pi22 } from '../harness/hosts/pi.js';
import { laneKey } from '../harness/hosts/index.js';
import { saveCaptures } from '../harness/capture/save.js';
import { openSession } from '../harness/session.js';

const CHILD = 'E2E-CHILD';

async function capture(driver: HostDriver): Promise<string[]> {
  const session = await openSession(driver, { label: 'capture', mode: 'capture', files: { 'a.txt': 'hello\n' } });
  const rawDir = path.join(session.sb.root, 'capture');
  try {
    const t = session.tools;
    const file = (rel: string) => ({ rel, abs: path.join(session.sb.project, rel) });
    const actions: ScriptedTurn[] = [
      { calls: [t.write(file('b.txt'), 'new\n')] },
      { calls: [t.shell('echo hi > c.txt')] },
      ...(t.patch?.(file('a.txt'), 'hello', 'HELLO') ?? []).map((call) => ({ calls: [call] })),
    ];
    const script: Script = { main: [...actions, { text: 'All done.' }] };
    const runs = [await session.run('$remit review -- look at a.txt', script)];
    if (t.delegate !== undefined) {
      const delegateScript: Script = {
        main: [{ calls: [t.delegate(`${CHILD}: run echo child`)] }, ...(t.joinDelegate ? [{ calls: [t.joinDelegate] }] : []), { text: 'Delegated.' }],
        child: [{ calls: [t.shell('echo child')] }, { text: 'child ok' }],
        childMarker: CHILD,
      };
      runs.push(await session.run('delegate one child', delegateScript, { resume: true }));
    }
    // Claude Code 2.1.332 offers tools the pinned release did not: look up a deferred tool, list
    // agents, report review findings (inputs valid against the schemas it sends the model).
    const extra = driver.host === 'claude' && driver.toolchain.name === 'node22';
    if (extra) {
      const newer: Script = {
        main: [
          { calls: [{ name: 'ToolSearch', input: { query: 'select:Write', max_results: 1 } }] },
          { calls: [{ name: 'ListAgents', input: {} }] },
          {
            calls: [
              {
                name: 'ReportFindings',
                input: {
                  level: 'low',
                  findings: [{ file: 'a.txt', line: 1, summary: 'the greeting is lowercase', failure_scenario: 'reading a.txt shows "hello"' }],
                },
              },
            ],
          },
          { text: 'Reported.' },
        ],
      };
      runs.push(await session.run('$remit review -- report what you find in a.txt', newer, { resume: true }));
    }
    for (const run of runs) expect(run.exit, `${driver.host}: ${run.stderr.slice(-500)}`).toBe(0);
    return saveCaptures(
      driver.host,
      rawDir,
      session.sb,
      {
        host: driver.host,
        version: driver.version(),
        capturedAt: new Date().toISOString().slice(0, 10),
        how: `e2e/capture/capture.test.ts: write b.txt, shell redirect into c.txt, patch a.txt, then (resumed session) one subagent${extra ? ', then (resumed) ToolSearch, ListAgents and ReportFindings' : ''}`,
      },
      laneKey(driver),
    );
  } finally {
    await session.close();
  }
}

describe.each([claude, codexBypass, opencode, pi, omp, claude22, pi22])('capture $host $toolchain.name', (driver) => {
  it('records real payloads', async () => {
    const written = await capture(driver);
    expect(written.length).toBeGreaterThan(0);
    fs.writeSync(1, `${driver.host}: ${written.join(' ')}\n`);
  });
});
