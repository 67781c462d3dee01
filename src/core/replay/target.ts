// What a case is replayed through: the core directly, or one host adapter's real hook path.
import type { HostAdapter } from '../host/adapter.js';
import type { Runtime } from '../host/runtime.js';
import type { FaultHooks } from './damage.js';

export type ReplayTarget = { kind: 'core' } | { kind: 'adapter'; adapter: HostAdapter };

export const CORE_TARGET: ReplayTarget = { kind: 'core' };

export function targetName(t: ReplayTarget): string {
  return t.kind === 'core' ? 'core' : (t.adapter.column ?? t.adapter.name);
}

export interface RuntimeOptions {
  home: string;
  env: Record<string, string | undefined>;
  /** The adapter the arm runs through; absent for the core target. */
  adapter?: HostAdapter;
  /**
   * The session lock timeout for this arm. An arm is the only writer of its own REMIT_HOME, so
   * the lock is contended only by a `lock-held` damage step, which should cost the replay this
   * long, not the production timeout.
   */
  lockTimeoutMs?: number;
}

/** Builds the Runtime an arm runs against (src/core/host/create-runtime.ts in production). A `faults` hook on it enables the internal-error damage. */
export type RuntimeFactory = (options: RuntimeOptions) => (Runtime & FaultHooks) | Promise<Runtime & FaultHooks>;
