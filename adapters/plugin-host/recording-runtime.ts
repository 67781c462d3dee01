// For replay only: a Runtime that remembers the last action.before answer, so an adapter can
// read a verdict the host delivers later (a report note appended to the tool result after the
// tool ran) at the moment of the call it was made for. The host path is unchanged.
import type { ControlEvent } from '../../src/generated/types.js';
import type { ControllerResult } from '../../src/core/controller/result.js';
import type { Runtime } from '../../src/core/host/runtime.js';

export class RecordingRuntime implements Runtime {
  lastAction: ControllerResult | undefined;
  lastPrompt: ControllerResult | undefined;

  constructor(private readonly inner: Runtime) {}

  get home() {
    return this.inner.home;
  }
  get env() {
    return this.inner.env;
  }
  now(): Date {
    return this.inner.now();
  }
  classify(...args: Parameters<Runtime['classify']>) {
    return this.inner.classify(...args);
  }
  async handle(event: ControlEvent): Promise<ControllerResult> {
    const r = await this.inner.handle(event);
    if (event.kind === 'action.before') this.lastAction = r;
    if (event.kind === 'prompt.submit') this.lastPrompt = r;
    return r;
  }

  /** The outcome of the last action.before since `reset`, when it was a report. */
  takeReport(): { reasonCode: string } | undefined {
    const r = this.lastAction;
    this.lastAction = undefined;
    return r?.kind === 'decision' && r.decision.outcome === 'report' ? { reasonCode: r.decision.reasonCode } : undefined;
  }
}
