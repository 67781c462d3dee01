// The GitHub Copilot CLI half of `remit install` / `uninstall`: paths, handlers, and what to
// tell the user before Copilot will run the hook.
import { newSessionNote, teammateNote, type HostInstallSpec } from '../command-hook/install-run.js';
import { COPILOT_SCOPES, type CopilotScope } from './paths.js';
import {
  COPILOT_HOOK_FILE_SKELETON,
  COPILOT_LAYOUT,
  copilotConfigFile,
  copilotHookEntries,
  copilotLauncherPath,
  copilotProjectCommand,
  isCopilotRemitHandler,
} from './registration.js';

export const copilotInstallSpec: HostInstallSpec = {
  host: 'copilot',
  scopes: COPILOT_SCOPES,
  configPath: (scope, env, root) => copilotConfigFile(scope as CopilotScope, env, root),
  skillPath: () => null,
  launcherPath: copilotLauncherPath,
  entries: copilotHookEntries,
  projectCommand: copilotProjectCommand,
  isOurs: isCopilotRemitHandler,
  layout: COPILOT_LAYOUT,
  // The project file is remit's alone; a new one starts with the `version` Copilot requires.
  skeleton: (scope) => (scope === 'project' ? COPILOT_HOOK_FILE_SKELETON : undefined),
  notes({ ctx, configFile }) {
    const notes = [newSessionNote('Copilot')];
    if (ctx.scope === 'project') {
      notes.push(
        `Copilot loads ${configFile} only in a trusted folder: accept the folder-trust prompt of an interactive session there first (copilot -p loads repository hooks only in a folder already trusted, or with GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS=true).`,
        teammateNote('.github/hooks/remit/launch.cjs', 'copilot'),
      );
    }
    return notes;
  },
};
