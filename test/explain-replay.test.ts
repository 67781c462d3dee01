// `remit explain` is a replay (docs/DESIGN.md#audit): every decision the shipped cases make
// through the core is read back from its audit record and the rule table run again over the
// facts the record kept. The replay must give the verdict the hook gave, for every rule that
// records a decision, with the audit in its default metadata-only form and under
// REMIT_AUDIT=detail; an authorising line the replay calls exact must be the hook's own line.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ControllerResult } from '../src/core/controller/result.js';
import { explainView } from '../src/core/controller/explain-view.js';
import { RULE_IDS } from '../src/core/decide/rule-ids.js';
import { CORE_TARGET } from '../src/core/replay/target.js';
import { loadCases } from '../src/core/replay/load-cases.js';
import { replayCase } from '../src/core/replay/replay-case.js';
import type { RuntimeFactory } from '../src/core/replay/target.js';
import { sessionKey } from '../src/core/state/home.js';
import { replayRuntimeFactory } from '../src/cli/commands/replay.js';

const CASES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'cases');
const loaded = loadCases(CASES).filter((l) => l.case);

interface Checked {
  file: string;
  rule: string | undefined;
  code: string;
  /** Subagents the ledger held when the decision was made. */
  reserved: number;
  problem?: string;
}

const LINE = /`(\$remit [^`]*)`/g;

/** A runtime that explains every decision right after the hook made it, while its audit exists. */
function explaining(file: string, detail: boolean, seen: Checked[]): RuntimeFactory {
  const base = replayRuntimeFactory();
  return async (o) => {
    const rt = await base(detail ? { ...o, env: { ...o.env, REMIT_AUDIT: 'detail' } } : o);
    const handle = rt.handle.bind(rt);
    rt.handle = async (ev): Promise<ControllerResult> => {
      const r = await handle(ev);
      if (ev.kind !== 'action.before' || r.kind !== 'decision' || !r.eventId) return r;
      const v = explainView(o.home, r.eventId, sessionKey(ev.host.name, ev.sessionId), true);
      const live = r.decision;
      const check: Checked = { file, rule: v?.rule, code: live.reasonCode, reserved: v?.record.input?.reserved ?? 0 };
      if (!v) check.problem = 'explain found no record';
      else if (v.replay !== 'same') check.problem = `replay ${v.replay}: ${JSON.stringify(v.replayed)} for ${live.outcome}/${live.reasonCode}`;
      else if (v.record.decision?.reasonCode !== live.reasonCode || v.record.decision.outcome !== live.outcome) check.problem = 'record differs from the hook';
      else if (v.authorise?.exact) {
        const hookLines = [...(live.nextStep ?? '').matchAll(LINE)].map((m) => m[1]!.replace('<event id>', r.eventId!));
        if (JSON.stringify(hookLines) !== JSON.stringify(v.authorise.lines))
          check.problem = `exact lines ${JSON.stringify(v.authorise.lines)} are not the hook's ${JSON.stringify(hookLines)}`;
      }
      seen.push(check);
      return r;
    };
    return rt;
  };
}

describe.each([
  ['metadata only', false],
  ['REMIT_AUDIT=detail', true],
] as const)('explain replays every recorded decision of the shipped cases (%s)', (_name, detail) => {
  const seen: Checked[] = [];

  it.each(loaded.map((l) => [l.file, l.case!] as const))('%s', async (file, c) => {
    await replayCase(c, CORE_TARGET, { createRuntime: explaining(file, detail, seen) });
    expect(seen.filter((s) => s.file === file && s.problem)).toEqual([]);
  });

  it('covers every rule that records a decision', () => {
    const rules = new Set(seen.map((s) => s.rule));
    // control-inactive records CONTROL_INACTIVE; CONTROL_OFF is never recorded, the rule is still covered.
    expect(RULE_IDS.filter((id) => !rules.has(id))).toEqual([]);
    expect(seen.length).toBeGreaterThan(200);
    // The ledger's count is part of what is replayed: a refusal for the budget made while subagents were reserved.
    expect(seen.some((s) => s.code === 'AGENT_BUDGET_EXHAUSTED' && s.reserved > 0)).toBe(true);
  });
});
