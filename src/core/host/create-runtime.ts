// The production Runtime: one per hook process or plugin instance. It loads the per-install
// digest key and the user's configuration once, and wires the classifier and the controller.
import type { RepoConfig, RuntimeEvent } from '../../generated/types.js';
import { appendRecord, auditKeyOf } from '../audit/chain.js';
import { newEventId, isoTime } from '../audit/event-id.js';
import { randomBytes } from '../crypto/random.js';
import { auditFile, sessionKey } from '../state/home.js';
import { withSessionLock } from '../state/store.js';
import { DEFAULT_LOCK_TIMEOUT_MS } from '../state/lock.js';
import type { ClassifierConfig, FileView } from '../classify/context.js';
import { classifyToolRequest } from '../classify/classify-request.js';
import { diskFileView } from '../classify/file-view.js';
import { createController, type ControllerDeps } from '../controller/controller.js';
import { classifierConfigOf, loadRepoConfig, loadUserConfig, userConfigPath, type Loaded } from '../config/user-config.js';
import { protectedTree } from '../paths/protected.js';
import { canonicalPath } from '../paths/canonical.js';
import { findProjectRoot } from '../paths/project-root.js';
import { homeDirOf, resolveDataDir, type Env } from '../state/home.js';
import { loadSecret } from '../state/secret.js';
import type { Runtime } from './runtime.js';

export interface CreateRuntimeOptions {
  /** REMIT_HOME. */
  home: string;
  env: Env;
  now?: () => Date;
  /**
   * Extra protected globs. `hostConfig`: the adapters' capability `configPaths` (`~` is
   * expanded); `remit`: more of remit's own files. REMIT_HOME, the installed bundles and the
   * user configuration are always protected. `hostWritten`: of `hostConfig`, what the hosts
   * write themselves while a call runs (capability `configWrittenByHost`), which the run-time
   * watch leaves alone.
   */
  protectedPaths?: { hostConfig?: string[]; remit?: string[]; hostWritten?: string[] };
  /** Replaces the classifier configuration the user's config.json would give. */
  classifierConfig?: ClassifierConfig;
  /** Session lock timeout (default 5000 ms). */
  lockTimeoutMs?: number;
  /** How the host delivers verdicts, for the audit's response channel. */
  channels?: ControllerDeps['channels'];
  /** Test-only fault injection for case damage steps (set `internalError` before an action). */
  faults?: { internalError?: boolean };
  /** Watch host configuration around unproven calls (ControllerDeps.watchHostConfig): the hook's and the plugins' runtimes. */
  watchHostConfig?: boolean;
  /** The file view the classifier reads (default: the disk). */
  files?: FileView;
}

export type BadInputProblem = NonNullable<RuntimeEvent['problem']>;

export interface RemitRuntime extends Runtime {
  /** The same object passed as `faults`, for fault injection by the replay runner. */
  faults: { internalError?: boolean };
  /**
   * A hook payload that never became a ControlEvent (no session to file it under): recorded
   * in the host's pseudo-session `sha256(host:<bad-input>)`, metadata only. Never throws.
   */
  recordBadInput(note: { host: string; event?: string; problem: BadInputProblem; bytes: number }): Promise<void>;
}

/** The session id bad hook input is filed under, per host. */
export const BAD_INPUT_SESSION = '<bad-input>';

/** Canonicalises the literal head of a protected glob (`~` expanded, links resolved); the pattern tail stays as written. */
function protectedGlob(p: string, home: string, memo: Map<string, string | null>): string {
  // The segments before the first one with a pattern character, and the rest.
  const first = p.search(/[*?[\]{}]/);
  if (first < 0) return canonicalPath(p, '/', { home, memo });
  const cut = p.lastIndexOf('/', first);
  const head = cut < 0 ? '' : p.slice(0, cut);
  const tail = p.slice(cut + 1);
  const base = head === '' ? '/' : canonicalPath(head, '/', { home, memo });
  return base.endsWith('/') ? `${base}${tail}` : `${base}/${tail}`;
}

/**
 * protectedGlob over a list, once per distinct glob (`~/x` and the home folder's `/x` are one:
 * the adapters name most host paths both ways), sharing one look-up of the folders they have
 * in common.
 */
function protectedGlobs(list: readonly string[], home: string): string[] {
  const memo = new Map<string, string | null>();
  const distinct = new Map<string, string>();
  for (const p of list) {
    const spelled = p.startsWith('~/') ? `${home}${p.slice(1)}` : p;
    if (!distinct.has(spelled)) distinct.set(spelled, p);
  }
  return [...new Set([...distinct.values()].map((p) => protectedGlob(p, home, memo)))];
}

export function createRuntime(options: CreateRuntimeOptions): RemitRuntime {
  const env = options.env;
  const userHome = homeDirOf(env);
  const now = options.now ?? (() => new Date());
  let digestKey: string;
  let auditKey: Buffer | null = null;
  try {
    digestKey = loadSecret(options.home);
    auditKey = auditKeyOf(digestKey);
  } catch {
    // An unreadable key must not stop the guard: digests from this process will not match
    // other processes' (approvals and repeat counts miss), never the other way round. Its
    // audit records are unkeyed, which verify reports rather than trusts.
    digestKey = randomBytes(32).toString('hex');
  }
  const userConfig = loadUserConfig(env);
  const classifierConfig = options.classifierConfig ?? classifierConfigOf(userConfig.config);
  // Resolved on first use: canonicalising a dozen host configuration paths costs a hook a
  // realpath each, and an event that never checks a path (a prompt, a read) never pays it.
  let remit: string[] | undefined;
  let hostConfig: string[] | undefined;
  let hostWritten: string[] | undefined;
  const protectedPaths = {
    get remit(): string[] {
      remit ??= [
        // Both sides resolved: symlinked subfolders (sessions/, audit/) are protected where they point.
        ...protectedTree(options.home, userHome),
        ...protectedTree(resolveDataDir(env), userHome),
        canonicalPath(userConfigPath(env), '/', { home: userHome }),
        ...protectedGlobs(options.protectedPaths?.remit ?? [], userHome),
      ];
      return remit;
    },
    get hostConfig(): string[] {
      hostConfig ??= protectedGlobs(options.protectedPaths?.hostConfig ?? [], userHome);
      return hostConfig;
    },
    get hostWritten(): string[] {
      hostWritten ??= protectedGlobs(options.protectedPaths?.hostWritten ?? [], userHome);
      return hostWritten;
    },
  };
  const repoCache = new Map<string, Loaded<RepoConfig>>();
  const repoConfig = (root: string) => {
    let r = repoCache.get(root);
    if (!r) {
      r = loadRepoConfig(root);
      repoCache.set(root, r);
    }
    return r;
  };
  const faults = options.faults ?? {};
  const controller = createController({
    home: options.home,
    env,
    now,
    protectedPaths,
    userConfig,
    repoConfig,
    ...(options.lockTimeoutMs !== undefined ? { lockTimeoutMs: options.lockTimeoutMs } : {}),
    ...(options.channels ? { channels: options.channels } : {}),
    faults,
    auditKey,
    watchHostConfig: options.watchHostConfig === true,
  });
  const files = options.files ?? diskFileView();
  return {
    home: options.home,
    env,
    now,
    faults,
    classify(request, base) {
      const cwd = canonicalPath(base.cwd || '/', '/', { home: userHome });
      return classifyToolRequest(request, base, {
        cwd,
        projectRoot: findProjectRoot(cwd),
        home: userHome,
        files,
        config: classifierConfig,
        digestKey,
        realpath: true,
        env,
      });
    },
    handle(event) {
      return controller.handle(event);
    },
    failClosed(event, code) {
      return controller.failClosed(event, code);
    },
    failPrompt(event, code) {
      return controller.failPrompt(event, code);
    },
    async recordBadInput(note) {
      const key = sessionKey(note.host, BAD_INPUT_SESSION);
      try {
        await withSessionLock(options.home, key, options.lockTimeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS, () => {
          const at = now();
          appendRecord(
            auditFile(options.home, key),
            {
              id: newEventId(at),
              at: isoTime(at),
              kind: 'bad_input',
              host: { name: note.host },
              problem: note.problem,
              bytes: note.bytes,
              ...(note.event ? { hookEvent: note.event.slice(0, 128) } : {}),
            },
            { key: auditKey },
          );
        });
      } catch {
        // Recording is best effort; the hook's answer does not depend on it.
      }
    },
  };
}
