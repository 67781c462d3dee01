// Replays one case: each arm in a fresh world, step by step, through the core or through a
// host adapter, comparing what remit answered with what the case expects.
import { randomUUID } from 'node:crypto';
import type { Case, ControlEvent, Expect, Step } from '../../generated/types.js';
import type { ControllerResult } from '../controller/result.js';
import type { HostAdapter, StepRenderContext } from '../host/adapter.js';
import type { Runtime } from '../host/runtime.js';
import { REASONS } from '../decide/reasons.js';
import { applyDamage, type FaultHooks } from './damage.js';
import { defaultToolName } from './default-tool.js';
import { lifecycleEvent, type Envelope } from './lifecycle-event.js';
import { readControllerResult, type StepReading } from './reading.js';
import { targetName, type ReplayTarget, type RuntimeFactory } from './target.js';
import { createWorkspace, type Workspace } from './workspace.js';
import { ownEntry } from '../lookup-table.js';
import { trimEndOf } from '../intents/line-text.js';

export type ArmName = 'bad' | 'good';

export interface StepResult {
  arm: ArmName;
  /** Index of the step in its arm. */
  index: number;
  kind: 'prompt' | 'action' | 'lifecycle' | 'event' | 'damage';
  expect?: Expect;
  got?: StepReading;
  /** False only when an expectation was not met or the step could not run. */
  ok: boolean;
  /** Why the step could not run (a runner or runtime error). */
  error?: string;
  /** A note on how the comparison was made (a host that cannot block prompts …). */
  note?: string;
}

export interface CaseResult {
  target: string;
  status: 'pass' | 'fail' | 'n/a';
  /** The n/a reason, or the first failure in words. */
  reason?: string;
  steps: StepResult[];
}

export interface ReplayOptions {
  createRuntime: RuntimeFactory;
  /** Parent folder for the arms' temporary worlds (default: the OS temp folder). */
  tmpDir?: string;
}

const HOST_FOR_CORE = 'core';

/** See RuntimeOptions.lockTimeoutMs: long enough for any uncontended take, short against a held lock. */
export const REPLAY_LOCK_TIMEOUT_MS = 250;

function stepKind(step: Step): StepResult['kind'] {
  if ('prompt' in step) return 'prompt';
  if ('action' in step) return 'action';
  if ('lifecycle' in step) return 'lifecycle';
  if ('event' in step) return 'event';
  return 'damage';
}

function familyOf(code: string): string | null | undefined {
  return ownEntry(REASONS, code)?.family;
}

interface Comparison {
  ok: boolean;
  note?: string;
}

/** Expect vs reading. Adapters get two documented allowances for what their host cannot do. */
function compare(expect: Expect, got: StepReading, kind: StepResult['kind'], adapter?: HostAdapter): Comparison {
  let outcomeOk = expect.outcome === got.outcome;
  let note: string | undefined;
  if (!outcomeOk && adapter) {
    if (kind === 'prompt' && !adapter.capability.promptBlock && (expect.outcome === 'block' || expect.outcome === 'answer') && got.outcome === 'none') {
      outcomeOk = true;
      note = 'host cannot block a prompt; shown as context';
    } else if (expect.outcome === 'ask' && got.outcome === 'deny' && got.channel === 'deny-for-ask') {
      outcomeOk = true;
      note = 'host has no native ask; denied with the authorising line';
    }
  }
  const codeOk = expect.reasonCode === got.reasonCode;
  const familyOk = expect.family === undefined || familyOf(got.reasonCode) === expect.family;
  return { ok: outcomeOk && codeOk && familyOk, ...(note ? { note } : {}) };
}

/** Keeps the last decided event id even when an adapter, not replay, calls handle(). */
class Recorder {
  last: ControllerResult | undefined;
  lastEventId: string | undefined;
  wrap(runtime: Runtime): Runtime {
    return {
      get home() {
        return runtime.home;
      },
      get env() {
        return runtime.env;
      },
      now: () => runtime.now(),
      classify: (req, base) => runtime.classify(req, base),
      handle: async (event) => {
        const r = await runtime.handle(event);
        this.last = r;
        if (r.kind === 'decision' && r.eventId) this.lastEventId = r.eventId;
        return r;
      },
    };
  }
}

interface ArmRun {
  ws: Workspace;
  runtime: Runtime;
  faults: FaultHooks;
  recorder: Recorder;
  sessionId: string;
  hostName: string;
  callCount: number;
  lastActionId: string | undefined;
  turn: number;
}

/** Fills what the case leaves to the runner: `{{last_event}}`, call ids, the lifecycle subject. */
function resolveStep(step: Step, run: ArmRun): { step: Step; callId?: string } {
  if ('prompt' in step) {
    return { step: { ...step, prompt: step.prompt.split('{{last_event}}').join(run.recorder.lastEventId ?? 'evt_none') } };
  }
  if ('action' in step) {
    run.callCount += 1;
    const callId = step.id ?? `call_${run.callCount}`;
    run.lastActionId = callId;
    return { step: { ...step, id: callId }, callId };
  }
  if ('lifecycle' in step && step.lifecycle.of === undefined && run.lastActionId !== undefined) {
    const needsSubject = ['complete', 'failed', 'not_started', 'running', 'unknown'].includes(step.lifecycle.kind);
    if (needsSubject) return { step: { ...step, lifecycle: { ...step.lifecycle, of: run.lastActionId } } };
  }
  return { step };
}

function envelope(run: ArmRun): Envelope {
  return {
    protocolVersion: 2,
    lifecycleVersion: 2,
    host: { name: run.hostName },
    sessionId: run.sessionId,
    cwd: run.ws.project,
    at: run.runtime.now().toISOString(),
  };
}

async function runCoreStep(step: Step, run: ArmRun, cwd: string): Promise<StepReading | { error: string }> {
  const channel = 'core';
  if ('prompt' in step) {
    const ev: ControlEvent = { ...envelope(run), cwd, kind: 'prompt.submit', prompt: step.prompt, origin: step.origin ?? 'user' };
    return readControllerResult(await run.runtime.handle(ev), channel, step.prompt);
  }
  if ('action' in step) {
    const tool = defaultToolName(step.action);
    const action = await run.runtime.classify(step.action, { id: step.id!, tool, cwd });
    const ev: ControlEvent = { ...envelope(run), cwd, kind: 'action.before', action, ...(step.agent ? { agentId: step.agent } : {}) };
    return readControllerResult(await run.runtime.handle(ev), channel);
  }
  if ('lifecycle' in step) {
    return readControllerResult(await run.runtime.handle(lifecycleEvent(step.lifecycle, { ...envelope(run), cwd })), channel);
  }
  if ('event' in step) {
    const base = envelope(run);
    // The runner fills only the envelope fields the case leaves out (schemas/case.schema.json).
    const ev = {
      protocolVersion: base.protocolVersion,
      host: base.host,
      sessionId: base.sessionId,
      cwd,
      at: base.at,
      ...step.event,
    } as unknown as ControlEvent;
    return readControllerResult(await run.runtime.handle(ev), channel);
  }
  const err = applyDamage(step.damage, run.ws.remitHome, run.hostName, run.sessionId, run.faults);
  return err ? { error: err } : { outcome: 'none', reasonCode: 'DAMAGED', channel };
}

async function runAdapterStep(
  step: Step,
  run: ArmRun,
  cwd: string,
  adapter: HostAdapter,
  callId: string | undefined,
): Promise<StepReading | { error: string } | { na: string }> {
  if ('damage' in step) {
    const err = applyDamage(step.damage, run.ws.remitHome, run.hostName, run.sessionId, run.faults);
    return err ? { error: err } : { outcome: 'none', reasonCode: 'DAMAGED', channel: 'none' };
  }
  run.turn += 'prompt' in step ? 1 : 0;
  const ctx: StepRenderContext = { sessionId: run.sessionId, cwd, callId: callId ?? `call_${run.callCount}`, turn: run.turn };
  if ('action' in step && step.agent) ctx.agentId = step.agent;
  const rendering = adapter.renderStep(step, ctx);
  if (rendering.notApplicable) return { na: rendering.notApplicable };
  if (rendering.calls.length === 0) return { error: `${adapter.name} rendered the step into no call` };
  let reading: StepReading | undefined;
  for (const call of rendering.calls) {
    run.recorder.last = undefined;
    const response = await adapter.invoke(call, run.runtime);
    const r = adapter.readResponse(call, response);
    const core = run.recorder.last ? readControllerResult(run.recorder.last, r.channel, 'prompt' in step ? step.prompt : undefined) : undefined;
    // The adapter's reading decides the outcome; a reading without a code borrows the core's.
    reading = { outcome: r.outcome, reasonCode: r.reasonCode ?? core?.reasonCode ?? 'PASSED', channel: r.channel };
  }
  return reading!;
}

async function runArm(c: Case, armName: ArmName, target: ReplayTarget, options: ReplayOptions): Promise<{ steps: StepResult[]; na?: string }> {
  const arm = c[armName];
  const steps: StepResult[] = [];
  let ws: Workspace;
  try {
    ws = createWorkspace(c.root, arm.env, options.tmpDir, c.user);
  } catch (err) {
    return { steps: [{ arm: armName, index: 0, kind: stepKind(arm.steps[0]), ok: false, error: `cannot build the project tree: ${(err as Error).message}` }] };
  }
  try {
    const recorder = new Recorder();
    const made = await options.createRuntime({
      home: ws.remitHome,
      env: ws.env,
      lockTimeoutMs: REPLAY_LOCK_TIMEOUT_MS,
      ...(target.kind === 'adapter' ? { adapter: target.adapter } : {}),
    });
    const run: ArmRun = {
      ws,
      runtime: recorder.wrap(made),
      faults: made,
      recorder,
      sessionId: `replay-${armName}-${randomUUID()}`,
      hostName: target.kind === 'core' ? HOST_FOR_CORE : target.adapter.name,
      callCount: 0,
      lastActionId: undefined,
      turn: 0,
    };
    const cwd = arm.cwd ? trimEndOf(`${ws.project}/${arm.cwd.replace(/^\.?\/+/, '')}`, '/') : ws.project;
    for (let index = 0; index < arm.steps.length; index++) {
      const original = arm.steps[index]!;
      const kind = stepKind(original);
      const expect = 'expect' in original ? original.expect : undefined;
      const result: StepResult = { arm: armName, index, kind, ok: true };
      if (expect) result.expect = expect;
      try {
        const { step, callId } = resolveStep(original, run);
        const got = target.kind === 'core' ? await runCoreStep(step, run, cwd) : await runAdapterStep(step, run, cwd, target.adapter, callId);
        if ('na' in got) return { steps, na: got.na };
        if ('error' in got) {
          result.ok = false;
          result.error = got.error;
        } else {
          result.got = got;
          if (expect) {
            const cmp = compare(expect, got, kind, target.kind === 'adapter' ? target.adapter : undefined);
            result.ok = cmp.ok;
            if (cmp.note) result.note = cmp.note;
          }
        }
      } catch (err) {
        result.ok = false;
        result.error = `threw: ${(err as Error).message}`;
      }
      steps.push(result);
    }
    return { steps };
  } catch (err) {
    steps.push({ arm: armName, index: steps.length, kind: 'event', ok: false, error: `cannot create the runtime: ${(err as Error).message}` });
    return { steps };
  } finally {
    ws.dispose();
  }
}

export function describeExpect(e: Pick<Expect, 'outcome' | 'reasonCode'>): string {
  return `${e.outcome}/${e.reasonCode}`;
}

export function describeFailure(s: StepResult): string {
  const where = `${s.arm} step ${s.index + 1}`;
  if (s.error) return `${where}: ${s.error}`;
  const exp = s.expect ? describeExpect(s.expect) + (s.expect.family !== undefined ? ` [${s.expect.family ?? 'no family'}]` : '') : '?';
  const got = s.got ? `${describeExpect(s.got)} (${s.got.channel})` : 'nothing';
  return `${where}: expected ${exp}, got ${got}`;
}

/** Replays both arms of one case through one target. */
export async function replayCase(c: Case, target: ReplayTarget, options: ReplayOptions): Promise<CaseResult> {
  const name = targetName(target);
  if (target.kind === 'adapter') {
    const declared = c.hosts?.[name] ?? c.hosts?.[target.adapter.name];
    if (declared) return { target: name, status: 'n/a', reason: declared.replace(/^n\/a:\s*/, ''), steps: [] };
  }
  const steps: StepResult[] = [];
  for (const arm of ['bad', 'good'] as const) {
    const r = await runArm(c, arm, target, options);
    steps.push(...r.steps);
    if (r.na) return { target: name, status: 'n/a', reason: r.na.replace(/^n\/a:\s*/, ''), steps };
  }
  const failed = steps.find((s) => !s.ok);
  return failed ? { target: name, status: 'fail', reason: describeFailure(failed), steps } : { target: name, status: 'pass', steps };
}
