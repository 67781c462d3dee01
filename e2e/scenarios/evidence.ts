// Reading a host run: did the host refuse or run a call, what did the model get back, what did the
// audit record. Each helper returns a sentence for the failure message: what the host did instead.
import type { RuntimeEvent } from '../../src/generated/types.js';
import type { HostRun } from '../harness/session.js';

/** The tool result the model received for the n-th scripted call of the main agent (0-based), if any. */
export function resultOfCall(run: HostRun, toolName: string, nth = 0): string | undefined {
  return run.toolResults.filter((r) => r.role === 'main' && r.toolName === toolName)[nth]?.text;
}

export const REMIT_REFUSAL = /remit refused|remit needs the user/i;

export function fileState(run: HostRun, rel: string): string {
  const content = run.files[rel];
  return content === undefined ? `${rel} does not exist` : `${rel} = ${JSON.stringify(content.slice(0, 80))}`;
}

export function actionDecisions(run: HostRun): RuntimeEvent[] {
  return run.audit.records.filter((r) => r.kind === 'action' && r.decision !== undefined);
}

export function auditHas(run: HostRun, outcome: string, reasonCode?: string): boolean {
  return actionDecisions(run).some((r) => r.decision?.outcome === outcome && (reasonCode === undefined || r.decision?.reasonCode === reasonCode));
}

export function auditSummary(run: HostRun): string {
  const decisions = actionDecisions(run).map((r) => `${r.action?.tool ?? '?'}:${r.decision?.outcome}/${r.decision?.reasonCode}`);
  const kinds = run.audit.records.map((r) => r.kind);
  if (run.audit.records.length === 0) return 'audit empty';
  return `audit ${kinds.length} records [${[...new Set(kinds)].join(',')}], decisions ${decisions.join(' ') || 'none'}${run.audit.unparseable > 0 ? `, ${run.audit.unparseable} unparseable lines` : ''}`;
}

export function processSummary(run: HostRun): string {
  const end = run.timedOut ? 'timed out' : `exit ${run.exit ?? run.signal ?? '?'}`;
  const stderr = run.stderr
    .trim()
    .split('\n')
    .filter((l) => l.trim().length > 0)
    .slice(-2)
    .join(' | ');
  return `${end} after ${Math.round(run.durationMs / 1000)} s${stderr ? `; stderr: ${stderr.slice(0, 240)}` : ''}`;
}

export interface Check {
  ok: boolean;
  /** What the host did, in one sentence (the failure message uses it). */
  observed: string;
}

/** A scripted call must have been refused by remit: no effect, reason in the result, audited deny. */
export function expectRefused(
  run: HostRun,
  call: { toolName: string; nth?: number },
  effect: { rel: string; before: string | undefined },
  reasonCode: string,
): Check {
  const result = resultOfCall(run, call.toolName, call.nth);
  const after = run.files[effect.rel];
  const problems: string[] = [];
  if (after !== effect.before) problems.push(`the host ran it (${fileState(run, effect.rel)})`);
  if (result === undefined) problems.push(`the model never got a result for ${call.toolName}`);
  else if (!REMIT_REFUSAL.test(result) || !result.includes(reasonCode))
    problems.push(`the model got ${JSON.stringify(result.slice(0, 160))} instead of remit's ${reasonCode}`);
  if (!auditHas(run, 'deny', reasonCode) && !auditHas(run, 'ask', reasonCode)) problems.push(`no audited deny ${reasonCode} (${auditSummary(run)})`);
  return { ok: problems.length === 0, observed: problems.length === 0 ? `refused with ${reasonCode}` : `${problems.join('; ')}; ${processSummary(run)}` };
}

/** A scripted call must have run: the effect is there and no refusal reached the model. */
export function expectAllowed(run: HostRun, call: { toolName: string; nth?: number }, effect: { rel: string; expected: string }): Check {
  const result = resultOfCall(run, call.toolName, call.nth);
  const problems: string[] = [];
  if (run.files[effect.rel] !== effect.expected) problems.push(`the effect is missing (${fileState(run, effect.rel)})`);
  if (result !== undefined && REMIT_REFUSAL.test(result)) problems.push(`remit refused it: ${JSON.stringify(result.slice(0, 160))}`);
  if (result === undefined) problems.push(`the model never got a result for ${call.toolName}`);
  if (!auditHas(run, 'allow')) problems.push(`no audited allow (${auditSummary(run)})`);
  return { ok: problems.length === 0, observed: problems.length === 0 ? 'allowed and applied' : `${problems.join('; ')}; ${processSummary(run)}` };
}

export function both(...checks: Check[]): Check {
  const failed = checks.filter((c) => !c.ok);
  return { ok: failed.length === 0, observed: (failed.length > 0 ? failed : checks).map((c) => c.observed).join(' / ') };
}

/** Requests of the main conversation that offered tools (a model turn of the agent). */
export function agentTurns(run: HostRun, role: 'main' | 'child' = 'main'): number {
  return run.requests.filter((r) => r.role === role).length;
}

/** Every text the model was shown in a run, except the user's own prompt. */
export function injectedTexts(run: HostRun): string[] {
  return run.requests.flatMap((r) => [...r.systemTexts, ...r.userTexts.map((t) => t.split(run.prompt).join(''))]);
}
