// How an in-process plugin (OpenCode, Pi, omp) gets its Runtime when a real host loads it: the
// production runtime over REMIT_HOME, created on first use so loading the plugin costs nothing.
// Tests and replay hand the plugin a Runtime of their own instead.
import type { Runtime } from '../../src/core/host/runtime.js';
import { resolveRemitHome } from '../../src/core/state/home.js';

function isRuntime(v: unknown): v is Runtime {
  return v !== null && typeof v === 'object' && typeof (v as Runtime).handle === 'function' && typeof (v as Runtime).classify === 'function';
}

/**
 * Every host's hook and plugin configuration for this environment (rule `self-protection`) and
 * what of it the hosts write themselves (the run-time watch skips it): the plugin entry passes
 * adapters/hosts.ts's `pluginHostConfig`. A bare function gives the paths alone.
 */
export type HostConfigPaths = ((env: NodeJS.ProcessEnv) => string[]) | { paths(env: NodeJS.ProcessEnv): string[]; hostWritten(): string[] };

export interface HostRuntimeProfile {
  /** How verdicts travel on this host, for the audit: 'throw', 'block' … */
  denyChannel: string;
  ask: 'native' | 'deny' | 'none';
}

/**
 * A memoised getter: the given runtime, else the production one built from `env`, protecting
 * what `hostConfig` names. Without either there is nothing safe to build: every event fails.
 */
export function runtimeGetter(
  given: unknown,
  hostConfig: HostConfigPaths | undefined,
  env: NodeJS.ProcessEnv,
  profile: HostRuntimeProfile,
): () => Promise<Runtime> {
  let pending: Promise<Runtime> | undefined;
  return () => {
    if (!pending) {
      pending = isRuntime(given)
        ? Promise.resolve(given)
        : !hostConfig
          ? Promise.reject(new Error('remit: no runtime and no host configuration to protect'))
          : import('../../src/core/host/create-runtime.js').then((m) =>
              m.createRuntime({
                home: resolveRemitHome(env),
                env,
                // Every host's configuration, not only this host's (rule `self-protection`).
                protectedPaths:
                  typeof hostConfig === 'function'
                    ? { hostConfig: hostConfig(env) }
                    : { hostConfig: hostConfig.paths(env), hostWritten: hostConfig.hostWritten() },
                channels: { deny: profile.denyChannel, ask: profile.ask },
                watchHostConfig: true,
              }),
            );
      // A failed start is retried on the next event rather than remembered forever.
      pending.catch(() => (pending = undefined));
    }
    return pending;
  };
}
