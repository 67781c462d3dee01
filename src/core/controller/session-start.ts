// session.start: the standing contract for the model, a project default applied to a fresh
// session, configuration problems recorded once, and the opportunistic retention prune.
import { performance } from 'node:perf_hooks';
import type { RuntimeEvent, SessionStartEvent } from '../../generated/types.js';
import { controlStateOf, defaultContract } from '../contract/defaults.js';
import { parsePrompt } from '../contract/parse-prompt.js';
import { newEventId, isoTime } from '../audit/event-id.js';
import { contractSummary } from '../audit/summaries.js';
import { pruneOpportunistically } from '../audit/prune.js';
import { ledgerSummary } from '../ledger/summary.js';
import { sessionKey } from '../state/home.js';
import { newSessionState } from '../state/session-state.js';
import { readSession, withSessionLock } from '../state/store.js';
import { tightenContract } from '../config/tighten.js';
import { retentionDaysOf, userProjectDefault } from '../config/user-config.js';
import { contractContext, recoveryContext } from './context-text.js';
import type { ControllerResult } from './result.js';
import { hostOf, type Ctx } from './context.js';

function projectDefaultText(ctx: Ctx, projectRoot: string): string | null {
  const fromUser = userProjectDefault(ctx.deps.userConfig.config, projectRoot, ctx.deps.env);
  if (fromUser) return fromUser;
  const repo = ctx.deps.repoConfig(projectRoot);
  return repo.config?.default ?? null;
}

export async function onSessionStart(ctx: Ctx, ev: SessionStartEvent): Promise<ControllerResult> {
  const t0 = performance.now();
  const key = sessionKey(hostOf(ev).name, ev.sessionId);
  const root = ctx.projectRootOf(ev.cwd);
  const now = ctx.deps.now();
  pruneOpportunistically(ctx.deps.home, retentionDaysOf(ctx.deps.userConfig.config), now);
  let text: string;
  try {
    text = await withSessionLock(
      ctx.deps.home,
      key,
      ctx.timeout,
      (loaded) => {
        const at = isoTime(now);
        const lifecycle: NonNullable<RuntimeEvent['lifecycle']> = {
          event: 'session.start',
          source: ev.source,
          applied: false,
          declared: ev.lifecycleVersion === 2,
        };
        if (loaded.kind === 'damaged') {
          const lastArmed = ctx.wasArmed(key);
          ctx.append(key, {
            id: newEventId(now),
            at,
            kind: 'lifecycle',
            host: hostOf(ev),
            recovery: true,
            state: lastArmed ? 'ARMED' : 'OBSERVING',
            lifecycle,
          });
          return recoveryContext(loaded, lastArmed);
        }
        const s = ctx.ensureState(loaded, ev, at);
        if (!s.projectRoot) s.projectRoot = root;
        const repo = ctx.deps.repoConfig(root);
        if (!s.flags.configAudited && (ctx.deps.userConfig.status === 'invalid' || repo.status === 'invalid')) {
          ctx.append(key, {
            id: newEventId(now),
            at,
            kind: 'config',
            host: hostOf(ev),
            error: ctx.deps.userConfig.status === 'invalid' ? 'USER_CONFIG_INVALID' : 'REPO_CONFIG_INVALID',
          });
          s.flags.configAudited = true;
        }
        if (s.contract.source === 'default' && !s.directiveError) {
          const text = projectDefaultText(ctx, root);
          const parsed = text ? parsePrompt(text, { projectRoot: root, previous: s.contract }) : null;
          if (parsed?.kind === 'directive') {
            s.contract = { ...tightenContract(parsed.contract, repo.config), source: 'project-default' };
            ctx.append(key, {
              id: newEventId(now),
              at,
              kind: 'directive',
              host: hostOf(ev),
              state: controlStateOf(s.contract),
              contract: contractSummary(s.contract),
            });
          }
        }
        if (s.contract.level !== 'off') {
          ctx.append(key, {
            id: newEventId(now),
            at,
            kind: 'lifecycle',
            host: hostOf(ev),
            state: controlStateOf(s.contract),
            lifecycle,
            ledger: ledgerSummary(s),
            durationMs: performance.now() - t0,
          });
        }
        ctx.save(key, s);
        return contractContext(s);
      },
      ctx.sealed,
    );
  } catch {
    const loaded = readSession(ctx.deps.home, key, ctx.sealed);
    text =
      loaded.kind === 'ok'
        ? contractContext(loaded.state)
        : loaded.kind === 'damaged'
          ? recoveryContext(loaded, ctx.wasArmed(key))
          : contractContext(newSessionState(hostOf(ev), defaultContract(), isoTime(now)));
  }
  return text ? { kind: 'context', text } : { kind: 'none' };
}
