// The user's configuration (docs/DESIGN.md#session-state) and a repository's `.remit.json`. A file that
// fails its schema is reported and ignored as a whole: a half-read configuration could
// loosen something the user never meant to.
import { describeSchemaError, type SchemaError } from './schema-error.js';
import path from 'node:path';
import type { RepoConfig, UserConfig } from '../../generated/types.js';
import { validateRepoConfig } from '../../generated/validate-repo-config.js';
import { validateUserConfig } from '../../generated/validate-user-config.js';
import type { ClassifierConfig } from '../classify/context.js';
import { canonicalPath } from '../paths/canonical.js';
import { DEFAULT_RETENTION_DAYS } from '../audit/prune.js';
import { errnoWords, readRegularFileSync } from '../state/files.js';
import { homeDirOf, resolveConfigDir, type Env } from '../state/home.js';
import { utf8Of } from '../crypto/bytes.js';

export type ConfigStatus = 'absent' | 'ok' | 'invalid';

export interface Loaded<T> {
  status: ConfigStatus;
  config: T | null;
  path: string;
  /** One line naming what is wrong, when invalid. */
  problem?: string;
}

export function userConfigPath(env: Env): string {
  return path.join(resolveConfigDir(env), 'config.json');
}

const REPO_CONFIG_NAME = '.remit.json';

/** Far above any real configuration; a larger file is reported and ignored, unread. */
const MAX_CONFIG_BYTES = 4 * 1024 * 1024;

function load<T>(file: string, validate: { (d: unknown): d is T; errors?: SchemaError[] | null }, what: string): Loaded<T> {
  let text: string;
  try {
    // A regular file only: a FIFO or device at `.remit.json` (the project is the agent's to
    // write) must not hang every hook until the host times it out and runs the tool.
    text = utf8Of(readRegularFileSync(file, MAX_CONFIG_BYTES));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { status: 'absent', config: null, path: file };
    return { status: 'invalid', config: null, path: file, problem: `${what} ${file} cannot be read (${errnoWords(code)}); it is ignored` };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    // JSON.parse names the offset where it stopped: the user's fix starts at that line and column.
    const at = err instanceof Error ? /\bat position (\d+)/.exec(err.message) : null;
    const before = at ? text.slice(0, Number(at[1])) : '';
    const token = err instanceof Error ? /^Unexpected token '(.+?)'/.exec(err.message)?.[1] : undefined;
    const where = at
      ? ` (line ${before.split('\n').length}, column ${before.length - before.lastIndexOf('\n')})`
      : text.trim() === ''
        ? ' (it is empty)'
        : token
          ? ` (unexpected ${JSON.stringify(token)})`
          : err instanceof Error && /end of JSON/.test(err.message)
            ? ' (it ends before its last bracket)'
            : '';
    return { status: 'invalid', config: null, path: file, problem: `${what} ${file} is not valid JSON${where}; it is ignored` };
  }
  if (!validate(data)) {
    return {
      status: 'invalid',
      config: null,
      path: file,
      problem: `${what} ${file} fails its schema (${describeSchemaError(validate.errors?.[0])}); it is ignored`,
    };
  }
  return { status: 'ok', config: data, path: file };
}

export function loadUserConfig(env: Env): Loaded<UserConfig> {
  return load(userConfigPath(env), validateUserConfig, 'user configuration');
}

export function loadRepoConfig(projectRoot: string): Loaded<RepoConfig> {
  return load(path.join(projectRoot, REPO_CONFIG_NAME), validateRepoConfig, 'repository configuration');
}

export function classifierConfigOf(user: UserConfig | null): ClassifierConfig {
  const tools: ClassifierConfig['toolClassifications'] = {};
  for (const [name, m] of Object.entries(user?.tools ?? {})) if (m) tools[name.toLowerCase()] = m;
  return {
    toolClassifications: tools,
    checkCommands: [...(user?.checks?.commands ?? [])],
    checkScripts: [...(user?.checks?.scripts ?? [])],
    taughtReads: [...(user?.reads ?? [])],
  };
}

export function retentionDaysOf(user: UserConfig | null): number {
  return user?.retentionDays ?? DEFAULT_RETENTION_DAYS;
}

/** The user's default directive for a project root (keys may start with ~/). */
export function userProjectDefault(user: UserConfig | null, projectRoot: string, env: Env): string | null {
  for (const [key, text] of Object.entries(user?.projects ?? {})) {
    if (!text) continue;
    const canonical = canonicalPath(key, '/', { home: homeDirOf(env) });
    if (canonical === projectRoot) return text;
  }
  return null;
}
