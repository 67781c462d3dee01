// Gemini CLI's folder trust (0.61.0): on unless the user settings set
// `security.folderTrust.enabled: false`. In a folder the person has not trusted
// (`~/.gemini/trustedFolders.json`, or GEMINI_CLI_TRUSTED_FOLDERS_PATH) the terminal UI asks
// first and a headless run stops (exit 55) unless GEMINI_CLI_TRUST_WORKSPACE=true or
// --skip-trust; project settings, and so the project's hooks, load only in a trusted folder.
import path from 'node:path';
import { folderTrustSetting, readSettingsObject, trustedFolderProven } from '../command-hook/folder-trust.js';
import type { Env } from '../host-module.js';
import { geminiConfigDir } from './paths.js';

/** Whether Gemini CLI trusts `root` as this environment says, and a line saying so when it may not. */
export function geminiFolderTrust(env: Env, root: string): { loads: boolean; line?: string } {
  const setting = folderTrustSetting(readSettingsObject(path.join(geminiConfigDir(env), 'settings.json')));
  if (setting === false || env.GEMINI_CLI_TRUST_WORKSPACE === 'true') return { loads: true };
  const file =
    env.GEMINI_CLI_TRUSTED_FOLDERS_PATH && path.isAbsolute(env.GEMINI_CLI_TRUSTED_FOLDERS_PATH)
      ? env.GEMINI_CLI_TRUSTED_FOLDERS_PATH
      : path.join(geminiConfigDir(env), 'trustedFolders.json');
  if (trustedFolderProven(file, root)) return { loads: true };
  return {
    loads: false,
    line: `folder trust: ${root} is not recorded as trusted in ${file}; Gemini CLI asks before it runs there (a headless run stops unless GEMINI_CLI_TRUST_WORKSPACE=true) and loads that folder's project settings, and their hooks, only once it is trusted`,
  };
}
