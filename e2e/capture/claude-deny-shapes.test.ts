// Which PreToolUse answer shape reaches Claude Code's model as a policy refusal and which as a
// "hook error": a throwaway hook answers a Write with one shape per run, and the tool result text
// the model received is recorded in e2e/captures/claude@node22/deny-shapes.json (and for the pinned
// release in e2e/captures/claude/deny-shapes.json).
// Run: E2E_CAPTURE=1 npx vitest run --config e2e/vitest.config.ts capture/claude-deny-shapes
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { claude, claude22 } from '../harness/hosts/claude.js';
import { E2E_DIR, commandHooks, mergeJson, shellQuote } from '../harness/hosts/driver.js';
import type { HostDriver } from '../harness/hosts/driver.js';
import { laneKey } from '../harness/hosts/index.js';
import { openSession } from '../harness/session.js';

const REASON = 'remit refused this action: MODE_FORBIDS_MUTATION (probe)';

/** What the hook does, as a shell command body after reading stdin. */
const SHAPES: Record<string, string> = {
  'exit-2-stderr': `echo ${shellQuote(REASON)} >&2; exit 2`,
  'json-permission-deny': `printf '%s' ${shellQuote(JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: REASON } }))}`,
  'json-decision-block': `printf '%s' ${shellQuote(JSON.stringify({ decision: 'block', reason: REASON }))}`,
  'json-continue-false': `printf '%s' ${shellQuote(JSON.stringify({ continue: false, stopReason: REASON }))}`,
};

async function probe(
  driver: HostDriver,
  shape: string,
): Promise<{ shape: string; toolResult: string; isError: boolean; written: boolean; exit: number | null }> {
  const session = await openSession(driver, { label: `deny-${shape}`, mode: 'bare' });
  try {
    const script = path.join(session.sb.root, 'hook.sh');
    fs.writeFileSync(script, `#!/bin/sh\ncat >/dev/null\n${SHAPES[shape]}\n`, { mode: 0o755 });
    mergeJson(path.join(session.sb.home, '.claude', 'settings.json'), commandHooks(['PreToolUse'], script, ['PreToolUse']));
    const t = session.tools;
    const target = { rel: 'probe.txt', abs: path.join(session.sb.project, 'probe.txt') };
    const run = await session.run('write probe.txt', { main: [{ calls: [t.write(target, 'x\n')] }, { text: 'done' }] });
    const result = run.toolResults[0];
    return {
      shape,
      toolResult: result?.text ?? '(no tool result reached the model)',
      isError: result?.isError ?? false,
      written: 'probe.txt' in run.files,
      exit: run.exit,
    };
  } finally {
    await session.close();
  }
}

describe.each([claude22, claude])('Claude Code deny shapes $toolchain.name', (driver) => {
  it('records what the model reads for each PreToolUse refusal shape', async () => {
    if (driver.unavailable() !== undefined) return;
    const results = [];
    for (const shape of Object.keys(SHAPES)) results.push(await probe(driver, shape));
    // continue:false is recorded, not required to refuse: it stops the session, not the call.
    for (const r of results.filter((x) => x.shape !== 'json-continue-false')) expect(r.written, `${r.shape} let the write through`).toBe(false);
    const dir = path.join(E2E_DIR, 'captures', laneKey(driver));
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'deny-shapes.json'),
      `${JSON.stringify({ host: 'claude', version: driver.version(), reason: REASON, results }, null, 2)}\n`,
    );
  });
});
