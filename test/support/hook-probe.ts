// A minimal hook process for the concurrency test and the bench: one delegate launch through
// the real controller, state store and audit, the verdict on stdout.
import { createController } from '../../src/core/controller/controller.js';
import { events, delegateAction } from './events.js';

export async function probeLaunch(args: string[]): Promise<void> {
  const [home, sessionId, cwd, actionId, timeout] = args;
  if (!home || !sessionId || !cwd || !actionId) {
    process.stderr.write('usage: hook-probe HOME SESSION CWD ACTION_ID [LOCK_TIMEOUT_MS]\n');
    process.exit(1);
  }
  const controller = createController({
    ...(timeout ? { lockTimeoutMs: Number(timeout) } : {}),
    home,
    env: {},
    now: () => new Date(),
    protectedPaths: { remit: [`${home}/**`], hostConfig: [] },
    userConfig: { status: 'absent', config: null, path: '' },
    repoConfig: () => ({ status: 'absent', config: null, path: '' }),
  });
  const r = await controller.handle(events.before({ sessionId, cwd }, delegateAction(actionId)));
  process.stdout.write(JSON.stringify(r.kind === 'decision' ? { outcome: r.decision.outcome, reasonCode: r.decision.reasonCode } : { kind: r.kind }) + '\n');
}
