// prompt.submit: the user's own words become a contract, a directive error, or an inspection
// answer (help, status, runtime, explain, label, allow). Only `origin: user` carries authority.
import { performance } from 'node:perf_hooks';
import type { PromptSubmitEvent } from '../../generated/types.js';
import { contractLine, helpText } from '../contract/echo.js';
import { controlStateOf, defaultContract } from '../contract/defaults.js';
import { parsePrompt, type InspectionCommand } from '../contract/parse-prompt.js';
import { newEventId, isoTime } from '../audit/event-id.js';
import { contractSummary } from '../audit/summaries.js';
import { reservedUnits } from '../ledger/ledger.js';
import { ledgerSummary } from '../ledger/summary.js';
import { homeDamage, homeProblem, sessionKey } from '../state/home.js';
import { errnoWords } from '../state/files.js';
import { LockTimeoutError } from '../state/lock.js';
import { readSession, withSessionLock } from '../state/store.js';
import { tightenContract } from '../config/tighten.js';
import { contractContext, recoveryContext } from './context-text.js';
import { HOME_FIX } from '../decide/decide.js';
import { approveEvent, labelEvent } from './operations.js';
import { explainView, locateEvent, renderExplain } from './explain-view.js';
import { configReport, renderRuntime, renderStatus, runtimeView, statusView } from './readback.js';
import type { ControllerResult } from './result.js';
import { hostOf, type Ctx } from './context.js';

async function inspect(ctx: Ctx, ev: PromptSubmitEvent, key: string, command: InspectionCommand): Promise<ControllerResult> {
  const block = (text: string): ControllerResult => ({ kind: 'prompt-block', text, inspection: true });
  const now = ctx.deps.now();
  switch (command.name) {
    case 'usage':
      return block(command.text);
    case 'help':
      return block(helpText());
    case 'status': {
      const root = ctx.projectRootOf(ev.cwd);
      return block(renderStatus(statusView(ctx.deps.home, key, configReport(ctx.deps.userConfig, ctx.deps.repoConfig(root)))));
    }
    case 'runtime':
      return block(renderRuntime(runtimeView(ctx.deps.home, command.all ? 'all' : [key])));
    case 'explain': {
      const v = explainView(ctx.deps.home, command.eventId, key, true);
      return block(v ? renderExplain(v) : `remit: no event ${command.eventId} in this session's audit.`);
    }
    case 'label': {
      const found = locateEvent(ctx.deps.home, command.eventId, key, true);
      if (!found) return block(`remit: no event ${command.eventId} in this session's audit; nothing labelled.`);
      try {
        const r = await labelEvent(ctx.deps.home, key, command.eventId, command.label, 'prompt', now, ctx.timeout, ctx.deps.auditKey ?? null);
        return block(r.ok ? `remit: labelled ${command.eventId} ${command.label}.` : `remit: could not label ${command.eventId} (${r.error}).`);
      } catch {
        return block(`remit: could not label ${command.eventId} (the session is busy); try again.`);
      }
    }
    case 'allow': {
      const loaded = readSession(ctx.deps.home, key, ctx.sealed);
      let digest: string | undefined;
      if (loaded.kind === 'ok') digest = loaded.state.recentDenials.find((x) => x.eventId === command.eventId)?.inputDigest;
      if (!digest) {
        const found = locateEvent(ctx.deps.home, command.eventId, key, true);
        const r = found?.record;
        if (r?.kind === 'action' && r.decision && (r.decision.outcome === 'deny' || r.decision.outcome === 'ask' || r.decision.would))
          digest = r.action?.inputDigest;
      }
      if (!digest) return block(`remit: ${command.eventId} is not a refused action of this session; nothing was approved.`);
      try {
        const r = await approveEvent(ctx.deps.home, key, command.eventId, digest, 'prompt', now, ctx.timeout, ctx.deps.auditKey ?? null);
        return block(
          r.ok
            ? `remit: approved once. The next action in this session with exactly the same input as ${command.eventId} will be allowed (APPROVED_ONCE); ask the agent to retry it.`
            : `remit: could not record the approval (${r.error}).`,
        );
      } catch {
        return block('remit: could not record the approval (the session is busy); try again.');
      }
    }
  }
}

/** The control state the session's state file gives, without reading the audit for a missing one. */
function stateOnDisk(ctx: Ctx, key: string): 'ARMED' | 'OBSERVING' | 'OFF' {
  const loaded = readSession(ctx.deps.home, key, { ...ctx.sealed, consultAudit: false });
  if (loaded.kind === 'ok') return controlStateOf(loaded.state.contract);
  if (loaded.kind === 'damaged') return ctx.wasArmed(key) ? 'ARMED' : 'OBSERVING';
  return 'OBSERVING';
}

export async function onPrompt(ctx: Ctx, ev: PromptSubmitEvent): Promise<ControllerResult> {
  // Only the user's own words carry authority: hook-injected, synthetic and subagent text is never parsed.
  if (ev.origin !== 'user') return { kind: 'none' };
  const key = sessionKey(hostOf(ev).name, ev.sessionId);
  const root = ctx.projectRootOf(ev.cwd);
  const before = readSession(ctx.deps.home, key, ctx.sealed);
  const previous = before.kind === 'ok' ? before.state.contract : defaultContract();
  const parsed = parsePrompt(ev.prompt, { projectRoot: root, previous });
  if (parsed.kind === 'none') return { kind: 'none' };
  if (parsed.kind === 'inspection') return inspect(ctx, ev, key, parsed.command);
  const t0 = performance.now();
  // The directive's record, once appended: if the state after it cannot be written, the error record supersedes it.
  let recorded: string | undefined;
  try {
    return await withSessionLock(
      ctx.deps.home,
      key,
      ctx.timeout,
      (loaded): ControllerResult => {
        const now = ctx.deps.now();
        const at = isoTime(now);
        if (loaded.kind === 'damaged') {
          const lastArmed = ctx.wasArmed(key);
          ctx.append(key, {
            id: newEventId(now),
            at,
            kind: parsed.kind === 'error' ? 'directive_error' : parsed.kind,
            host: hostOf(ev),
            recovery: true,
            state: lastArmed ? 'ARMED' : 'OBSERVING',
            error: 'STATE_DAMAGED',
          });
          // The user meant to change the contract and it cannot be stored: say so rather than run the task unguarded.
          return { kind: 'prompt-block', code: 'STATE_DAMAGED', text: `remit could not apply this: ${recoveryContext(loaded, lastArmed)}` };
        }
        const s = ctx.ensureState(loaded, ev, at);
        if (!s.projectRoot) s.projectRoot = root;
        if (parsed.kind === 'error') {
          s.directiveError = parsed.error;
          recorded = newEventId(now);
          ctx.append(key, {
            id: recorded,
            at,
            kind: 'directive_error',
            host: hostOf(ev),
            state: controlStateOf(s.contract),
            directiveCode: parsed.error.code,
            durationMs: performance.now() - t0,
          });
          ctx.save(key, s);
          return {
            kind: 'prompt-block',
            code: parsed.error.code,
            text:
              `remit: directive not applied (${parsed.error.code}): ${parsed.error.message}\n` +
              'Nothing changed. Until a valid `$remit` directive arrives, edits, unproven commands and subagents are refused. See `$remit help`.',
          };
        }
        const repo = ctx.deps.repoConfig(root);
        s.contract = tightenContract(parsed.contract, repo.config);
        s.directiveError = null;
        s.projectRoot = root;
        recorded = newEventId(now);
        ctx.append(key, {
          id: recorded,
          at,
          kind: parsed.kind,
          host: hostOf(ev),
          state: controlStateOf(s.contract),
          contract: contractSummary(s.contract),
          ledger: ledgerSummary(s),
          durationMs: performance.now() - t0,
        });
        ctx.save(key, s);
        return { kind: 'context', text: contractContext(s), userLine: contractLine(s.contract, reservedUnits(s.ledger)) };
      },
      ctx.sealed,
    );
  } catch (err) {
    const code = err instanceof LockTimeoutError ? 'LOCK_TIMEOUT' : 'INTERNAL_ERROR';
    try {
      const now = ctx.deps.now();
      // The directive's own record may be written already (the state write after it failed, a
      // full disk). The audit's last word must be what the user is told, that nothing changed:
      // this record states the control state still on disk, so a missing state file is not
      // later taken for the armed one the directive asked for.
      ctx.append(key, {
        id: newEventId(now),
        at: isoTime(now),
        kind: parsed.kind === 'error' ? 'directive_error' : parsed.kind,
        host: hostOf(ev),
        error: code,
        state: stateOnDisk(ctx, key),
        ...(recorded ? { supersedes: recorded } : {}),
      });
    } catch {
      // The block below still tells the user.
    }
    return {
      kind: 'prompt-block',
      code: 'GUARD_ERROR',
      text: (() => {
        const what = `remit could not record this ${parsed.kind === 'error' ? 'directive error' : 'directive'}`;
        // Looked at only on this fault path: the one cause a retry cannot mend.
        const folder = code === 'LOCK_TIMEOUT' ? null : homeProblem(ctx.deps.home);
        if (folder) return `${what}: ${homeDamage(ctx.deps.home, folder)}; nothing changed. ${HOME_FIX}`;
        // A file the state could not be written to is named, in words, with what to do.
        const sys = (err as NodeJS.ErrnoException | undefined)?.code;
        if (code !== 'LOCK_TIMEOUT' && typeof sys === 'string' && /^E[A-Z]+$/.test(sys)) {
          const where = (err as NodeJS.ErrnoException).path;
          const why = /^cannot take the session lock /.test((err as Error).message)
            ? (err as Error).message
            : `cannot write ${where ?? 'its state'} (${errnoWords(sys)}); make that folder one you can write to, or point REMIT_HOME at one`;
          return `${what}: ${why}. Nothing changed.`;
        }
        return `${what} (${code === 'LOCK_TIMEOUT' ? 'the session is busy' : 'internal error'}); nothing changed. Send it again.`;
      })(),
    };
  }
}
