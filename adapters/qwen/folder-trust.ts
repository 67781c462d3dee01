// Qwen Code's folder trust (0.24.4, docs/configuration/trusted-folders.md): off unless the user
// settings set `security.folderTrust.enabled`; when on, a folder the person has not trusted
// (`~/.qwen/trustedFolders.json`, or QWEN_CODE_TRUSTED_FOLDERS_PATH) loads no project
// settings, and so none of the project's hooks.
import path from 'node:path';
import { folderTrustSetting, readSettingsObject, trustedFolderProven } from '../command-hook/folder-trust.js';
import type { Env } from '../host-module.js';
import { qwenConfigDir } from './paths.js';

/** Whether Qwen Code loads `root`'s project settings, and a line saying so when it may not. */
export function qwenFolderTrust(env: Env, root: string): { loads: boolean; line?: string } {
  if (folderTrustSetting(readSettingsObject(path.join(qwenConfigDir(env), 'settings.json'))) !== true) return { loads: true };
  const file =
    env.QWEN_CODE_TRUSTED_FOLDERS_PATH && path.isAbsolute(env.QWEN_CODE_TRUSTED_FOLDERS_PATH)
      ? env.QWEN_CODE_TRUSTED_FOLDERS_PATH
      : path.join(qwenConfigDir(env), 'trustedFolders.json');
  if (trustedFolderProven(file, root)) return { loads: true };
  return {
    loads: false,
    line: `folder trust: Qwen Code's folder trust is on and ${root} is not recorded as trusted in ${file}; it loads no project settings there, so no project hooks, until the folder is trusted (its trust dialog, or /permissions)`,
  };
}
