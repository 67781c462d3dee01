// A throwaway world for one arm of a case: a project folder materialised from the case's
// `root`, a fresh REMIT_HOME and a fresh user home, so no arm sees another arm's state and
// nothing on the machine running the replay (its ~/.codex, its XDG config) leaks in.
import { accessSync, constants, mkdirSync, mkdtempSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface Workspace {
  /** Canonical project root (holds an empty `.git` folder so it is found as the root). */
  project: string;
  /** REMIT_HOME for this arm. */
  remitHome: string;
  /** The user's home folder as the hosts and the classifier see it (`~`). */
  userHome: string;
  /** The environment the runtime is created with. */
  env: Record<string, string>;
  dispose(): void;
}

class CaseTreeError extends Error {}

let fastParent: string | undefined;

/**
 * Where arms' worlds go by default: a memory-backed folder when the machine has one (Linux's
 * /dev/shm), else the OS temp folder. Every state write and audit line is fsynced; on a disk
 * that is most of a replay's time, and a throwaway world needs none of that durability.
 */
function defaultWorkspaceParent(): string {
  if (fastParent === undefined) {
    fastParent = tmpdir();
    try {
      if (statSync('/dev/shm').isDirectory()) {
        accessSync('/dev/shm', constants.W_OK | constants.X_OK);
        fastParent = '/dev/shm';
      }
    } catch {
      // No memory-backed folder: the temp folder it is.
    }
  }
  return fastParent;
}

/** Rejects tree paths that would land outside their folder (the project, or the user's home). */
function treeTarget(folder: string, rel: string, what = 'root'): string {
  if (rel === '' || path.isAbsolute(rel) || rel.split(/[\\/]/).includes('..')) {
    throw new CaseTreeError(`${what} path ${JSON.stringify(rel)} must be relative and stay inside ${what === 'root' ? 'the project' : "the user's home"}`);
  }
  return path.join(folder, rel);
}

export function createWorkspace(
  root: Record<string, string | undefined> | undefined,
  armEnv: Record<string, string | undefined> | undefined,
  parent?: string,
  user?: Record<string, string | undefined>,
): Workspace {
  // realpath: macOS puts tmpdir behind a /var → /private/var symlink, and the core canonicalises.
  const base = realpathSync(mkdtempSync(path.join(parent ?? defaultWorkspaceParent(), 'remit-replay-')));
  const project = path.join(base, 'project');
  const userHome = path.join(base, 'user');
  // REMIT_HOME at its default place, so a case can name remit's own state as `~/.local/state/remit`.
  const remitHome = path.join(userHome, '.local', 'state', 'remit');
  const dispose = () => rmSync(base, { recursive: true, force: true });
  try {
    mkdirSync(path.join(project, '.git'), { recursive: true });
    // A repository as git (and findProjectRoot) tells one: its .git holds HEAD.
    writeFileSync(path.join(project, '.git', 'HEAD'), 'ref: refs/heads/main\n');
    mkdirSync(remitHome, { recursive: true, mode: 0o700 });
    for (const [rel, content] of Object.entries(root ?? {})) {
      if (content === undefined) continue;
      const target = treeTarget(project, rel);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, content);
    }
    // The user's own files (`.config/remit/config.json`: taught reads, checks), never the project's.
    for (const [rel, content] of Object.entries(user ?? {})) {
      if (content === undefined) continue;
      const target = treeTarget(userHome, rel, 'user');
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, content);
    }
  } catch (err) {
    dispose();
    throw err;
  }
  const env: Record<string, string> = {
    HOME: userHome,
    USERPROFILE: userHome,
    REMIT_HOME: remitHome,
    XDG_CONFIG_HOME: path.join(userHome, '.config'),
    XDG_STATE_HOME: path.join(userHome, '.local', 'state'),
    XDG_DATA_HOME: path.join(userHome, '.local', 'share'),
  };
  for (const [k, v] of Object.entries(armEnv ?? {})) if (v !== undefined) env[k] = v;
  return { project, remitHome, userHome, env, dispose };
}
