// What every part of the controller shares: its dependencies and the few helpers that touch
// the session's files (state, audit) the same way for prompts, actions and lifecycle facts.
import type { ControlEvent, Decision, HostRef, RepoConfig, SessionState, UserConfig } from '../../generated/types.js';
import { defaultContract } from '../contract/defaults.js';
import { appendChained, retractLast, type AuditHead, type RecordBody } from '../audit/chain.js';
import { armedByAudit } from '../audit/last-state.js';
import { findProjectRoot } from '../paths/project-root.js';
import { auditFile, type Env } from '../state/home.js';
import { DEFAULT_LOCK_TIMEOUT_MS } from '../state/lock.js';
import { newSessionState } from '../state/session-state.js';
import { writeSession, type LoadedState, type ReadOptions } from '../state/store.js';
import type { Loaded } from '../config/user-config.js';
import type { RuntimeEvent } from '../../generated/types.js';

export interface ControllerDeps {
  home: string;
  env: Env;
  now(): Date;
  /** Rules `self-protection` and `protected-folder`: canonical globs of remit's own files and of host hook configuration. */
  protectedPaths: { remit: string[]; hostConfig: string[]; hostWritten?: string[] };
  userConfig: Loaded<UserConfig>;
  /** The repository's `.remit.json` for a project root (only ever tightens). */
  repoConfig(projectRoot: string): Loaded<RepoConfig>;
  /** Default 5000 ms (ARCHITECTURE.md, state store). */
  lockTimeoutMs?: number;
  /** How this host delivers verdicts, for the audit's response channel. */
  channels?: { deny?: string; ask?: 'native' | 'deny' | 'none' };
  /** Test-only fault injection (case damage steps): the next action fails inside the lock. */
  faults?: { internalError?: boolean };
  repeatThreshold?: number;
  /**
   * Run the watch on host configuration (src/core/watch) around calls whose effect is unproven.
   * Only the hook's runtime: `check` and `replay` decide, they never run a call.
   */
  watchHostConfig?: boolean;
  /** The audit key (auditKeyOf the install secret); without it records are unkeyed. */
  auditKey?: Buffer | null;
}

export type GuardCode = 'LOCK_TIMEOUT' | 'INTERNAL_ERROR' | 'PAYLOAD_TRUNCATED' | 'EVENT_UNREADABLE';

export interface Ctx {
  deps: ControllerDeps;
  timeout: number;
  /** How this controller reads state: sealed files verify under its audit key (state/decode.ts). */
  sealed: ReadOptions;
  detail(): boolean;
  channelOf(outcome: Decision['outcome']): string | undefined;
  /** Appends to the session's chain; under the session lock the head is kept for `save`. */
  append(key: string, body: RecordBody): RuntimeEvent;
  /** Writes the state with the head of the records appended for it in this process. */
  save(key: string, s: SessionState): void;
  /**
   * Takes back record `id` if it is still the audit's last line (chain.ts retractLast): for a
   * decision whose state and superseding record could both not be written. True when gone.
   */
  retract(key: string, id: string): boolean;
  projectRootOf(cwd: string): string;
  ensureState(loaded: LoadedState, ev: ControlEvent, at: string): SessionState;
  /** Rule `damaged-state`: armed unless the audit shows it was not (an unreadable audit arms). */
  wasArmed(key: string): boolean;
}

export function hostOf(ev: ControlEvent): HostRef {
  const h = ev.host ?? { name: 'unknown' };
  return h.version ? { name: String(h.name), version: String(h.version) } : { name: String(h.name) };
}

export function createContext(deps: ControllerDeps): Ctx {
  const heads = new Map<string, AuditHead>();
  const ctx: Ctx = {
    deps,
    timeout: deps.lockTimeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS,
    sealed: { sealKey: deps.auditKey ?? null },
    detail: () => deps.env.REMIT_AUDIT === 'detail',
    channelOf(outcome) {
      if (!deps.channels) return undefined;
      switch (outcome) {
        case 'deny':
          return deps.channels.deny;
        case 'ask':
          return deps.channels.ask === 'native' ? 'native-ask' : 'deny-for-ask';
        case 'report':
          return 'context';
        case 'allow':
          return 'none';
      }
    },
    append(key, body) {
      const { record, head } = appendChained(auditFile(deps.home, key), body, { key: deps.auditKey ?? null });
      heads.set(key, head);
      return record;
    },
    save(key, s) {
      const head = heads.get(key);
      if (head && (!s.auditHead || s.auditHead.seq <= head.seq)) s.auditHead = head;
      writeSession(deps.home, key, s, deps.auditKey ?? null);
    },
    retract(key, id) {
      if (!retractLast(auditFile(deps.home, key), id)) return false;
      // The head kept for the next save named the record taken back.
      heads.delete(key);
      return true;
    },
    projectRootOf(cwd) {
      try {
        return findProjectRoot(cwd || '/');
      } catch {
        return cwd;
      }
    },
    ensureState(loaded, ev, at) {
      if (loaded.kind === 'ok') {
        const s = loaded.state;
        s.lastUsedAt = at;
        if (ev.host?.version && s.host.version !== ev.host.version) s.host = hostOf(ev);
        // States written before remit kept the host's own id learn it from the next event.
        if (s.sessionId === undefined && typeof ev.sessionId === 'string') s.sessionId = ev.sessionId;
        return s;
      }
      const s = newSessionState(hostOf(ev), defaultContract(), at, ctx.projectRootOf(ev.cwd));
      if (typeof ev.sessionId === 'string') s.sessionId = ev.sessionId;
      return s;
    },
    wasArmed(key) {
      return armedByAudit(auditFile(deps.home, key));
    },
  };
  return ctx;
}
