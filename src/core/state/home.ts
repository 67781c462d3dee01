// Where remit keeps its memory (docs/DESIGN.md#session-state). Raw session ids never become file names:
// a session is known on disk by a hash of `host:sessionId`.
import { lstatSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { sha256 } from '../crypto/sha256.js';
import { hexOf } from '../crypto/bytes.js';
import { errnoWords } from './files.js';

export type Env = Readonly<Record<string, string | undefined>>;

function userHome(env: Env): string {
  return env.HOME && path.isAbsolute(env.HOME) ? env.HOME : homedir();
}

/**
 * REMIT_HOME, else $XDG_STATE_HOME/remit, else ~/.local/state/remit. A relative REMIT_HOME is
 * an error, never ignored: each hook runs in another folder, so it would name a different
 * state folder per project (inside the project, where self-protection does not look), and
 * falling back to the default would arm a session where the user does not look.
 */
export function resolveRemitHome(env: Env): string {
  if (env.REMIT_HOME && !path.isAbsolute(env.REMIT_HOME))
    throw new Error(`REMIT_HOME is '${env.REMIT_HOME}', not an absolute path: set it to an absolute folder, or unset it`);
  if (env.REMIT_HOME) return env.REMIT_HOME;
  if (env.XDG_STATE_HOME && path.isAbsolute(env.XDG_STATE_HOME)) return path.join(env.XDG_STATE_HOME, 'remit');
  return path.join(userHome(env), '.local', 'state', 'remit');
}

/** How a REMIT_HOME that cannot hold sessions is named to the user (`problem` from homeProblem). */
export function homeDamage(home: string, problem: string): string {
  return `remit's state folder ${home} cannot hold sessions (${problem})`;
}

/**
 * Why REMIT_HOME cannot hold sessions (a file, a link to nothing or in a loop), or null: a
 * folder, or none yet (nothing was recorded). The hook then reads every session's state and
 * audit as unreadable and refuses changes (rule `damaged-state`); a read-back must say so, not
 * that nothing was recorded.
 */
export function homeProblem(home: string): string | null {
  let link = false;
  try {
    link = lstatSync(home).isSymbolicLink();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    return code === 'ENOTDIR' ? 'a folder on its way is a file' : `it cannot be read (${errnoWords(code)})`;
  }
  try {
    const st = statSync(home);
    if (st.isDirectory()) return null;
    return st.isFile() ? `it is ${st.size === 0 ? 'an empty ' : 'a '}file, not a folder` : 'it is not a folder';
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') return 'it is a link that loops';
    if (link && code === 'ENOENT') return 'it is a link to nothing';
    return `it cannot be read (${errnoWords(code)})`;
  }
}

/** $XDG_CONFIG_HOME/remit, else ~/.config/remit. */
export function resolveConfigDir(env: Env): string {
  if (env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME)) return path.join(env.XDG_CONFIG_HOME, 'remit');
  return path.join(userHome(env), '.config', 'remit');
}

/** $XDG_DATA_HOME/remit (installed bundles), else ~/.local/share/remit. */
export function resolveDataDir(env: Env): string {
  if (env.XDG_DATA_HOME && path.isAbsolute(env.XDG_DATA_HOME)) return path.join(env.XDG_DATA_HOME, 'remit');
  return path.join(userHome(env), '.local', 'share', 'remit');
}

export function homeDirOf(env: Env): string {
  return userHome(env);
}

/** First 24 hex of sha256(`host:sessionId`). */
export function sessionKey(host: string, sessionId: string): string {
  return hexOf(sha256(`${host}:${sessionId}`)).slice(0, 24);
}

export const SESSION_KEY = /^[0-9a-f]{24}$/;

export function sessionsDir(home: string): string {
  return path.join(home, 'sessions');
}

export function sessionFile(home: string, key: string): string {
  return path.join(home, 'sessions', `${key}.json`);
}

export function auditDir(home: string): string {
  return path.join(home, 'audit');
}

export function auditFile(home: string, key: string): string {
  return path.join(home, 'audit', `${key}.jsonl`);
}

/** Pointer from a project root to the session last used there, so selection needs no scan. */
export function projectPointerFile(home: string, projectRoot: string): string {
  const digest = hexOf(sha256(projectRoot)).slice(0, 24);
  return path.join(home, 'projects', digest);
}
